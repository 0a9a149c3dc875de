package bots

import "arena.dev/games/apocalypse/sdk"

// Demo illustrates the API; it plays exactly as the original's Demo, so
// results stay comparable (games/apocalypse-now.md): one parachuter from a
// random helicopter onto a random cell below it, napalm whenever ready,
// otherwise forward two (a counter-clockwise turn one time in five);
// soldiers attack an adjacent enemy, else step at random.
type Demo struct{}

// Play implements sdk.Bot.
func (*Demo) Play(g *sdk.Game) {
	me := g.Me()
	hs := g.Helicopters(me)
	ss := g.Soldiers(me)
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
		if g.Data(id).Napalm == 0 {
			g.CommandHelicopter(id, sdk.Napalm)
		} else if g.Random(1, 5) == 1 {
			g.CommandHelicopter(id, sdk.CounterClockwise)
		} else {
			g.CommandHelicopter(id, sdk.Forward2)
		}
	}
	for _, id := range ss {
		demoSoldier(g, g.Data(id))
	}
}

// demoSoldier attacks the first adjacent enemy (south first, then round
// counter-clockwise) or takes a random step (possibly none).
func demoSoldier(g *sdk.Game, u sdk.Data) {
	for _, d := range sdk.SoldierDirs {
		i, j := u.Pos.I+d.I, u.Pos.J+d.J
		if g.PosOk(i, j) {
			if id := g.WhichSoldier(i, j); id > 0 && g.Data(id).Player != u.Player {
				g.CommandSoldier(u.ID, i, j)
				return
			}
		}
	}
	i, j := u.Pos.I+g.Random(-1, 1), u.Pos.J+g.Random(-1, 1)
	if g.PosOk(i, j) {
		g.CommandSoldier(u.ID, i, j)
	}
}
