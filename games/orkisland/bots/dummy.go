package bots

import "arena.dev/games/orkisland/sdk"

// Dummy is the opponent a submission must beat to qualify. It plays as the
// original's Dummy was seen to play (its moves in the original engine's
// match records; games/orkisland/calibration_test.go keeps it as strong):
// each ork, every round, on its own,
//   - attacks an adjacent enemy it beats for sure (its health after paying
//     the enemy cell's cost above the enemy's), the first in the order
//     south, east, north, west;
//   - else flees an adjacent enemy that could beat it (the enemy's health
//     after paying our cell's cost at least ours): one step the other way,
//     or, when that cell is taken, to the first free cell around;
//   - else walks, by breadth-first search around every ork, to the nearest
//     free cell of a city or path that is not ours and has no enemy on it,
//     and on to the next one once it is ours: it never stays to guard.
//
// It pays no heed to its health (an ork walks on until it dies and comes
// back whole), nor to its other orks' targets, and waits when there is
// nothing left to take.
type Dummy struct {
	cols     int
	adj      [][4]int32 // cell → its land neighbours by direction, -1 for none
	structOf []int      // cell → city id, or NbCities+path id, or -1
	cost     []int      // cell → health it costs to enter
	orkAt    []int32    // cell → the ork on it, or -1, this round
	enemyOn  []bool     // structure → an enemy ork stands on it, this round
	seen     []int32    // BFS visit stamp per cell
	first    []sdk.Dir  // BFS: the first step towards each cell
	stamp    int32
	queue    []int32
}

func (d *Dummy) init(g *sdk.Game) {
	d.cols = g.Cols()
	n := g.Rows() * g.Cols()
	d.structOf = make([]int, n)
	d.cost = make([]int, n)
	d.adj = make([][4]int32, n)
	for c := range n {
		p := sdk.Pos{I: c / d.cols, J: c % d.cols}
		cell := g.Cell(p)
		d.structOf[c] = -1
		switch {
		case cell.CityID >= 0:
			d.structOf[c] = cell.CityID
		case cell.PathID >= 0:
			d.structOf[c] = g.NbCities() + cell.PathID
		}
		if cell.Type != sdk.Water {
			d.cost[c] = g.Cost(cell.Type)
		}
		for k, dir := range sdk.Dirs {
			d.adj[c][k] = -1
			if q := p.Move(dir); g.PosOk(q) && g.Cell(q).Type != sdk.Water {
				d.adj[c][k] = int32(d.cell(q))
			}
		}
	}
	d.orkAt = make([]int32, n)
	d.seen = make([]int32, n)
	d.first = make([]sdk.Dir, n)
	d.enemyOn = make([]bool, g.NbCities()+g.NbPaths())
}

func (d *Dummy) cell(p sdk.Pos) int { return p.I*d.cols + p.J }

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	if d.structOf == nil {
		d.init(g)
	}
	me := g.Me()
	for c := range d.orkAt {
		d.orkAt[c] = -1
	}
	clear(d.enemyOn)
	for id := range g.NbUnits() {
		u := g.Unit(id)
		if u.Pos.I < 0 {
			continue // not on the board yet
		}
		c := d.cell(u.Pos)
		d.orkAt[c] = int32(id)
		if s := d.structOf[c]; s >= 0 && u.Player != me {
			d.enemyOn[s] = true
		}
	}
	target := func(c int) bool {
		s := d.structOf[c]
		return s >= 0 && !d.enemyOn[s] && d.owner(g, s) != me
	}
	// Most rounds of a won match have nothing left to take: no search
	// then, rather than one across the island per ork.
	anyTarget := false
	for c := range d.structOf {
		if d.orkAt[c] < 0 && target(c) {
			anyTarget = true
			break
		}
	}
	for _, id := range g.Orks(me) {
		u := g.Unit(id)
		if dir, ok := d.attack(g, u); ok {
			g.Move(id, dir)
		} else if dir, ok := d.flee(g, u); ok {
			if dir != sdk.None {
				g.Move(id, dir)
			}
		} else if anyTarget {
			if dir, ok := d.walk(u, target); ok {
				g.Move(id, dir)
			}
		}
	}
}

func (d *Dummy) owner(g *sdk.Game, s int) int {
	if s < g.NbCities() {
		return g.CityOwner(s)
	}
	return g.PathOwner(s - g.NbCities())
}

// enemy returns the ork on cell q (a land cell or -1) and whether it is an
// enemy.
func (d *Dummy) enemy(g *sdk.Game, q int32) (sdk.Unit, bool) {
	if q < 0 || d.orkAt[q] < 0 {
		return sdk.Unit{}, false
	}
	e := g.Unit(int(d.orkAt[q]))
	return e, e.Player != g.Me()
}

// attack returns the direction of the first adjacent enemy u beats for sure.
func (d *Dummy) attack(g *sdk.Game, u sdk.Unit) (sdk.Dir, bool) {
	for k, q := range d.adj[d.cell(u.Pos)] {
		if e, ok := d.enemy(g, q); ok && u.Health-d.cost[q] > e.Health {
			return sdk.Dirs[k], true
		}
	}
	return sdk.None, false
}

// flee reports whether an adjacent enemy could beat u and, if so, where u
// steps: away from the first such enemy, else to the first free cell
// around, else nowhere (None).
func (d *Dummy) flee(g *sdk.Game, u sdk.Unit) (sdk.Dir, bool) {
	c := d.cell(u.Pos)
	for k, q := range d.adj[c] {
		if e, ok := d.enemy(g, q); ok && e.Health-d.cost[c] >= u.Health {
			if away := d.adj[c][(k+2)%4]; away >= 0 && d.orkAt[away] < 0 {
				return sdk.Dirs[(k+2)%4], true
			}
			for k2, q2 := range d.adj[c] {
				if q2 >= 0 && d.orkAt[q2] < 0 {
					return sdk.Dirs[k2], true
				}
			}
			return sdk.None, true
		}
	}
	return sdk.None, false
}

// walk searches breadth-first from u, through free land cells, for the
// nearest one goal accepts, and returns the first step towards it.
func (d *Dummy) walk(u sdk.Unit, goal func(c int) bool) (sdk.Dir, bool) {
	d.stamp++
	src := int32(d.cell(u.Pos))
	d.seen[src] = d.stamp
	d.queue = append(d.queue[:0], src)
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		for k, q := range d.adj[c] {
			if q < 0 || d.seen[q] == d.stamp || d.orkAt[q] >= 0 {
				continue
			}
			d.seen[q] = d.stamp
			if c == src {
				d.first[q] = sdk.Dirs[k]
			} else {
				d.first[q] = d.first[c]
			}
			if goal(int(q)) {
				return d.first[q], true
			}
			d.queue = append(d.queue, q)
		}
	}
	return sdk.None, false
}
