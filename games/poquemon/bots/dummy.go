package bots

import "arena.dev/games/poquemon/sdk"

// Dummy is the opponent a submission must beat to qualify: a short-sighted
// collector, calibrated so that bots of the strength of real students'
// (15–20k against three Demos) beat it, and Demo-level ones do not
// (calibration_test.go). Each living Poquémon of its own:
//   - goes for the nearest point bag at most dummySight steps away, by a
//     shortest way around walls, Poquémon and ghost walls that would
//     appear on it;
//   - with none that near, walks straight on, and turns to a random free
//     direction when it cannot, or once in six rounds;
//   - never attacks.
type Dummy struct {
	dir   []sdk.Dir // per own Poquémon: the way it walks when there is no bag near
	dist  []int
	first []sdk.Dir
	queue []int
}

// dummySight is how many steps away the Dummy looks for bags.
const dummySight = 5

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	n := g.Rows() * g.Cols()
	if len(d.dist) != n {
		d.dist = make([]int, n)
		d.first = make([]sdk.Dir, n)
		d.dir = make([]sdk.Dir, g.NbPokemon())
	}
	for k, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		if !p.Alive {
			continue
		}
		if dir, ok := d.nearBag(g, p); ok {
			g.Move(id, dir)
			continue
		}
		if !dummyFree(g, p.Pos.Move(d.dir[k]), 1) || g.Random(0, 5) == 0 {
			var free []sdk.Dir
			for _, dir := range sdk.Dirs {
				if dummyFree(g, p.Pos.Move(dir), 1) {
					free = append(free, dir)
				}
			}
			if len(free) == 0 {
				continue
			}
			d.dir[k] = free[g.Random(0, len(free)-1)]
		}
		g.Move(id, d.dir[k])
	}
}

// nearBag returns the first step of a shortest way to the nearest bag at
// most dummySight steps from p (breadth-first search).
func (d *Dummy) nearBag(g *sdk.Game, p sdk.Poquemon) (sdk.Dir, bool) {
	cols := g.Cols()
	for i := range d.dist {
		d.dist[i] = -1
	}
	start := p.Pos.I*cols + p.Pos.J
	d.dist[start] = 0
	d.queue = append(d.queue[:0], start)
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		at := sdk.Pos{I: c / cols, J: c % cols}
		if c != start && g.CellType(at) == sdk.Point {
			return d.first[c], true
		}
		if d.dist[c] == dummySight {
			continue
		}
		for _, dir := range sdk.Dirs {
			q := at.Move(dir)
			k := q.I*cols + q.J
			if d.dist[k] >= 0 || !dummyFree(g, q, d.dist[c]+1) {
				continue
			}
			d.dist[k] = d.dist[c] + 1
			if c == start {
				d.first[k] = dir
			} else {
				d.first[k] = d.first[c]
			}
			d.queue = append(d.queue, k)
		}
	}
	return sdk.None, false
}

// dummyFree reports whether a Poquémon may be at q after `steps` rounds:
// not a wall, no Poquémon in sight there, and no ghost wall that appears
// by then.
func dummyFree(g *sdk.Game, q sdk.Pos, steps int) bool {
	if g.CellType(q) == sdk.Wall || g.CellID(q) >= 0 {
		return false
	}
	t := g.GhostWall(q)
	return t < 0 || t > steps
}
