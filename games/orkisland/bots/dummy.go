package bots

import "arena.dev/games/orkisland/sdk"

// Dummy is the opponent a submission must beat to qualify. Each ork walks
// (breadth-first search) to the nearest city or path cell; to spread out,
// one ork holds each city or path and the others head for the nearest one
// no ork of ours holds or heads to yet (any city or path cell once all are
// taken). It never attacks an enemy that would win the fight.
type Dummy struct {
	mark  []int // BFS visit stamp per cell
	from  []sdk.Dir
	stamp int
	queue []sdk.Pos
	taken []bool // cities then paths held or targeted this round
	cell  []bool // cells held or targeted this round
}

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	n := g.Rows() * g.Cols()
	if len(d.mark) != n {
		d.mark = make([]int, n)
		d.from = make([]sdk.Dir, n)
		d.cell = make([]bool, n)
		d.taken = make([]bool, g.NbCities()+g.NbPaths())
	}
	clear(d.taken)
	clear(d.cell)
	var walkers []sdk.Unit
	for _, id := range g.Orks(g.Me()) {
		u := g.Unit(id)
		d.cell[u.Pos.I*g.Cols()+u.Pos.J] = true
		if s := structure(g, g.Cell(u.Pos)); s >= 0 && !d.taken[s] {
			d.taken[s] = true
		} else {
			walkers = append(walkers, u)
		}
	}
	for _, spread := range []bool{true, false} {
		rest := walkers[:0]
		for _, u := range walkers {
			if dir, ok := d.step(g, u, spread); ok {
				if dir != sdk.None {
					g.Move(u.ID, dir)
				}
			} else {
				rest = append(rest, u)
			}
		}
		walkers = rest
	}
}

// structure is the index of the city or path of c in taken, or -1.
func structure(g *sdk.Game, c sdk.Cell) int {
	switch {
	case c.CityID >= 0:
		return c.CityID
	case c.PathID >= 0:
		return g.NbCities() + c.PathID
	}
	return -1
}

// step finds the nearest goal cell (of a structure nobody of ours takes when
// spread, else any free one) and returns the first move towards it.
func (d *Dummy) step(g *sdk.Game, u sdk.Unit, spread bool) (sdk.Dir, bool) {
	d.stamp++
	cols := g.Cols()
	d.queue = append(d.queue[:0], u.Pos)
	d.mark[u.Pos.I*cols+u.Pos.J] = d.stamp
	for h := 0; h < len(d.queue); h++ {
		p := d.queue[h]
		for _, dir := range sdk.Dirs {
			q := p.Move(dir)
			if !g.PosOk(q) {
				continue
			}
			k := q.I*cols + q.J
			c := g.Cell(q)
			// Own orks block the way; enemies matter only on the first step.
			if d.mark[k] == d.stamp || c.Type == sdk.Water || d.cell[k] {
				continue
			}
			d.mark[k] = d.stamp
			if p == u.Pos {
				d.from[k] = dir
			} else {
				d.from[k] = d.from[p.I*cols+p.J]
			}
			if s := structure(g, c); s >= 0 && !(spread && d.taken[s]) {
				d.taken[s] = true
				d.cell[k] = true
				return d.safe(g, u, d.from[k]), true
			}
			d.queue = append(d.queue, q)
		}
	}
	return sdk.None, false
}

// safe keeps a first step unless it attacks an enemy that would win.
func (d *Dummy) safe(g *sdk.Game, u sdk.Unit, dir sdk.Dir) sdk.Dir {
	c := g.Cell(u.Pos.Move(dir))
	if c.Unit >= 0 && u.Health-g.Cost(c.Type) <= g.Unit(c.Unit).Health {
		return sdk.None
	}
	return dir
}
