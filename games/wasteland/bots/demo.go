package bots

import "arena.dev/games/wasteland/sdk"

// Demo illustrates the API; it behaves as the original's Demo, so results
// compare with the original's (games/wasteland.md). Each living car:
// shoots a car of another player right ahead (and does nothing about one
// of its own); else moves onto a bonus next to it if one is in reach;
// else, off the top and bottom rows, tries a random direction.
type Demo struct{}

// Play implements sdk.Bot.
func (*Demo) Play(g *sdk.Game) {
	me, next := g.Me(), g.Round()+1
	for id := g.Begin(me); id < g.End(me); id++ {
		c := g.Car(id)
		if !c.Alive {
			continue
		}
		if ahead := g.Cell(c.Pos.Add(sdk.Default)); c.Missiles > 0 && ahead.Type == sdk.CarCell {
			if g.PlayerOf(ahead.Car) != me {
				g.Shoot(id)
			}
			continue
		}
		if d, ok := bonusNextTo(g, c.Pos, next); ok {
			g.Move(id, d)
			continue
		}
		if c.Pos.I != 0 && c.Pos.I != g.NumberRows()-1 {
			if d := sdk.Dirs[g.Random(0, 8)]; g.WithinWindow(c.Pos.Add(d), next) {
				g.Move(id, d)
			}
		}
	}
}

// bonusNextTo returns the first direction (in the statement's order) whose
// target, within the window of round next, holds a bonus.
func bonusNextTo(g *sdk.Game, p sdk.Pos, next int) (sdk.Dir, bool) {
	for _, d := range sdk.Dirs {
		if t := p.Add(d); g.WithinWindow(t, next) && g.Cell(t).Type.IsBonus() {
			return d, true
		}
	}
	return sdk.Dir{}, false
}
