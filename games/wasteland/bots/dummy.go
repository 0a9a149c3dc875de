package bots

import "arena.dev/games/wasteland/sdk"

// Dummy is the opponent a submission must beat to qualify. It behaves as
// the original's Dummy (games/wasteland.md). Each living car, in id order:
// one time in five it shoots (or, without missiles, moves Default); else
// one time in five it does nothing; else it drives towards the nearest
// bonus (breadth-first over the cells, avoiding tyres, cars and missiles
// and staying in the window); with no bonus in reach it shoots a tyre
// right ahead if it can.
type Dummy struct {
	seen  []int // search stamp per cell
	dist  []int // moves from the car, per cell
	first []sdk.Dir
	stamp int
	queue []sdk.Pos
}

// dummyDirs is the order the search tries directions in.
var dummyDirs = [9]sdk.Dir{
	sdk.Default, sdk.Slow, sdk.Fast,
	sdk.Up, sdk.SlowUp, sdk.FastUp,
	sdk.Down, sdk.SlowDown, sdk.FastDown,
}

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	if n := g.NumberRows() * g.NumberUniverseColumns(); len(d.seen) != n {
		d.seen, d.dist, d.first = make([]int, n), make([]int, n), make([]sdk.Dir, n)
	}
	me := g.Me()
	for id := g.Begin(me); id < g.End(me); id++ {
		c := g.Car(id)
		if !c.Alive {
			continue
		}
		if g.Randomize()%5 == 0 {
			if c.Missiles > 0 {
				g.Shoot(id)
			} else {
				g.Move(id, sdk.Default)
			}
			continue
		}
		if g.Randomize()%5 == 0 {
			continue
		}
		if dir, ok := d.towardsBonus(g, c.Pos); ok {
			g.Move(id, dir)
			continue
		}
		if c.Missiles > 0 && (g.Cell(c.Pos.Add(sdk.Default)).Type == sdk.TyreCell || g.Cell(c.Pos.Add(sdk.Fast)).Type == sdk.TyreCell) {
			g.Shoot(id)
		}
	}
}

// towardsBonus searches breadth-first from start for the nearest bonus and
// returns the first move of the path there. A move from p in direction dir
// must end in a cell not seen yet, within the window of the next round and
// of the round it would be made in, and pass no tyre, car or missile.
func (d *Dummy) towardsBonus(g *sdk.Game, start sdk.Pos) (sdk.Dir, bool) {
	d.stamp++
	next := g.Round() + 1
	index := func(p sdk.Pos) int { return p.I*g.NumberUniverseColumns() + g.Normalize(p.J) }
	s := index(start)
	d.seen[s], d.dist[s] = d.stamp, 0
	d.queue = append(d.queue[:0], start)
	for h := 0; h < len(d.queue); h++ {
		p := d.queue[h]
		k := index(p)
		if h > 0 && g.Cell(p).Type.IsBonus() {
			return d.first[k], true
		}
		for _, dir := range dummyDirs {
			q := p.Add(dir)
			if !g.WithinWindow(q, next) || !g.WithinWindow(q, next+d.dist[k]) {
				continue
			}
			kq := index(q)
			if d.seen[kq] == d.stamp || blocked(g, p, dir) {
				continue
			}
			d.seen[kq], d.dist[kq] = d.stamp, d.dist[k]+1
			if h == 0 {
				d.first[kq] = dir
			} else {
				d.first[kq] = d.first[k]
			}
			d.queue = append(d.queue, q)
		}
	}
	return sdk.Dir{}, false
}

// blocked reports whether a move from p in direction dir passes a tyre, a
// car or a missile (staying still "passes" p itself).
func blocked(g *sdk.Game, p sdk.Pos, dir sdk.Dir) bool {
	steps := sdk.Passes(dir)
	if dir == sdk.Slow {
		steps = []sdk.Dir{{}}
	}
	for _, s := range steps {
		switch g.Cell(p.Add(s)).Type {
		case sdk.TyreCell, sdk.CarCell, sdk.MissileCell:
			return true
		}
	}
	return false
}
