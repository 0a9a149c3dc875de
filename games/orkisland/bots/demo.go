package bots

import "arena.dev/games/orkisland/sdk"

// Demo illustrates the API; its behaviour is the original's so results stay
// comparable (games/ork-island.md).
type Demo struct{}

// Play implements sdk.Bot.
func (*Demo) Play(g *sdk.Game) {
	me := g.Me()
	// Idle after half the match, when ahead, or short of CPU time.
	if g.Round() > g.NbRounds()/2 || g.Status(me) >= 0.9 || ahead(g, me) {
		return
	}
	if g.Random(0, 3) == 0 { // act with probability 3/4
		return
	}
	orks := g.Orks(me)
	for _, i := range g.RandomPermutation(len(orks)) {
		u := g.Unit(orks[i])
		for _, d := range sdk.Dirs {
			if g.PosOk(u.Pos.Move(d)) {
				g.Move(u.ID, d)
				break
			}
		}
	}
}

// ahead reports whether player me's score is strictly above every other's.
func ahead(g *sdk.Game, me int) bool {
	for p := range g.NbPlayers() {
		if p != me && g.Score(p) >= g.Score(me) {
			return false
		}
	}
	return true
}
