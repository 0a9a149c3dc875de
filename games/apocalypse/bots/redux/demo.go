package redux

import "arena.dev/games/apocalypse/sdk"

// Demo plays as Redux's original Demo (its kit's AIDemo.cc), draw for
// draw: one parachuter from a random helicopter onto a random cell below
// it; a helicopter with at least three enemies below it throws napalm when
// ready, else goes forward two (a counter-clockwise turn one time in five);
// a soldier attacks an adjacent enemy, else steps: at random if it is
// chaotic, on a cycle of the round if it is cyclic (four soldiers in ten,
// drawn when it is first seen).
type Demo struct {
	cyclic map[int]bool // each soldier seen so far: cyclic, or chaotic
}

// Play implements sdk.Bot.
func (d *Demo) Play(g *sdk.Game) {
	if d.cyclic == nil {
		d.cyclic = map[int]bool{}
	}
	me := g.Me()
	hs := g.Helicopters(me)
	if len(hs) > 0 {
		h := g.Data(hs[g.Random(0, len(hs)-1)])
		if len(h.Parachuters) > 0 {
			i, j := h.Pos.I+g.Random(-2, 2), h.Pos.J+g.Random(-2, 2)
			if g.PosOk(i, j) {
				g.CommandParachuter(i, j)
			}
		}
	}
	for _, id := range hs {
		d.helicopter(g, g.Data(id))
	}
	for _, id := range g.Soldiers(me) {
		d.soldier(g, g.Data(id))
	}
}

// helicopter throws napalm on three enemies or more, else flies on.
func (d *Demo) helicopter(g *sdk.Game, h sdk.Data) {
	enemies := 0
	for i := h.Pos.I - g.Reach(); i <= h.Pos.I+g.Reach(); i++ {
		for j := h.Pos.J - g.Reach(); j <= h.Pos.J+g.Reach(); j++ {
			if g.PosOk(i, j) {
				if id := g.WhichSoldier(i, j); id > 0 && g.Data(id).Player != h.Player {
					enemies++
				}
			}
		}
	}
	switch {
	case enemies >= 3 && h.Napalm == 0:
		g.CommandHelicopter(h.ID, sdk.Napalm)
	case g.Random(1, 5) == 1:
		g.CommandHelicopter(h.ID, sdk.CounterClockwise)
	default:
		g.CommandHelicopter(h.ID, sdk.Forward2)
	}
}

// soldier attacks the first adjacent enemy (south first, then round
// counter-clockwise), else steps.
func (d *Demo) soldier(g *sdk.Game, u sdk.Data) {
	cyclic, seen := d.cyclic[u.ID]
	if !seen {
		cyclic = g.Random(1, 10) <= 4 // one draw, as the original's probability 0.4
		d.cyclic[u.ID] = cyclic
	}
	for _, s := range sdk.SoldierDirs {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		if g.PosOk(i, j) {
			if id := g.WhichSoldier(i, j); id > 0 && g.Data(id).Player != u.Player {
				g.CommandSoldier(u.ID, i, j)
				return
			}
		}
	}
	var di, dj int
	if cyclic {
		// North, east, south, west, five rounds each.
		p := g.Round() / 5
		di, dj = cycleStep(p%4), cycleStep((p+1)%4)
	} else {
		di, dj = g.Random(-1, 1), g.Random(-1, 1)
	}
	if i, j := u.Pos.I+di, u.Pos.J+dj; g.PosOk(i, j) {
		g.CommandSoldier(u.ID, i, j)
	}
}

// cycleStep is one coordinate of a cyclic soldier's step in phase k of
// four: -1, 0, 1, 0.
func cycleStep(k int) int {
	if k == 3 {
		return 0
	}
	return k - 1
}
