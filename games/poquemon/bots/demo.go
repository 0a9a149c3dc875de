package bots

import "arena.dev/games/poquemon/sdk"

// Demo illustrates the API; it behaves as the original's (games/poquemon.md)
// so that results stay comparable: each living Poquémon picks a random
// direction and attacks that way if an opponent it can kill (defense at
// most its attack) is within its scope there, else moves that way.
type Demo struct{}

// Play implements sdk.Bot.
func (*Demo) Play(g *sdk.Game) {
	for _, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		if !p.Alive {
			continue
		}
		d := sdk.Dirs[g.Random(0, 3)]
		if killable(g, p, d) {
			g.Attack(id, d)
		} else {
			g.Move(id, d)
		}
	}
}

// killable reports whether, within p's scope in direction d and before a
// wall, there is an opponent whose defense is at most p's attack.
func killable(g *sdk.Game, p sdk.Poquemon, d sdk.Dir) bool {
	at := p.Pos
	for range p.Scope {
		at = at.Move(d)
		if g.CellType(at) == sdk.Wall {
			return false
		}
		if id := g.CellID(at); id >= 0 {
			if q := g.Poquemon(id); q.Player != p.Player && q.Defense <= p.Attack {
				return true
			}
		}
	}
	return false
}
