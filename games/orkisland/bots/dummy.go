package bots

import "arena.dev/games/orkisland/sdk"

// Dummy is the opponent a submission must beat to qualify, as strong as the
// original's (games/ork-island.md). Each round:
//   - an ork on a city or path that is not ours yet stays (it takes it if
//     we outnumber everyone there), and so do as many of ours on a city or
//     path we own as there are enemies on it (a tie keeps it ours);
//   - an ork next to an enemy it surely beats attacks it (the loser comes
//     back as ours), an enemy on a city or path first;
//   - the others walk (breadth-first search, around enemies) to the nearest
//     free cell of a city or path we do not own, each to one still short of
//     orks; when there is none, to the nearest one we own that no ork of
//     ours stands on, to guard it.
type Dummy struct {
	cols     int
	adj      [][4]int32 // cell → its land neighbours by direction, -1 for none
	structOf []int      // cell → city id, or NbCities+path id, or -1
	occ      []int8     // cell → 0 empty, 1 ours, 2 enemy, this round
	count    [][]int    // structure → orks of each player on it
	stay     []int      // structure → more orks of ours that must stay on it
	need     []int      // structure → more orks of ours it needs to become ours
	seen     []int32    // BFS visit stamp per cell
	first    []sdk.Dir
	stamp    int32
	queue    []int
}

func (d *Dummy) init(g *sdk.Game) {
	d.cols = g.Cols()
	n := g.Rows() * g.Cols()
	d.structOf = make([]int, n)
	for c := range d.structOf {
		d.structOf[c] = structure(g, g.Cell(sdk.Pos{I: c / d.cols, J: c % d.cols}))
	}
	d.adj = make([][4]int32, n)
	for c := range d.adj {
		p := sdk.Pos{I: c / d.cols, J: c % d.cols}
		for k, dir := range sdk.Dirs {
			d.adj[c][k] = -1
			if q := p.Move(dir); g.PosOk(q) && g.Cell(q).Type != sdk.Water {
				d.adj[c][k] = int32(d.cell(q))
			}
		}
	}
	d.occ = make([]int8, n)
	d.seen = make([]int32, n)
	d.first = make([]sdk.Dir, n)
	k := g.NbCities() + g.NbPaths()
	d.count = make([][]int, k)
	for s := range d.count {
		d.count[s] = make([]int, g.NbPlayers())
	}
	d.stay = make([]int, k)
	d.need = make([]int, k)
}

// structure is the index of the city or path of c, or -1.
func structure(g *sdk.Game, c sdk.Cell) int {
	switch {
	case c.CityID >= 0:
		return c.CityID
	case c.PathID >= 0:
		return g.NbCities() + c.PathID
	}
	return -1
}

func (d *Dummy) owner(g *sdk.Game, s int) int {
	if s < g.NbCities() {
		return g.CityOwner(s)
	}
	return g.PathOwner(s - g.NbCities())
}

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	if d.structOf == nil {
		d.init(g)
	}
	me := g.Me()
	clear(d.occ)
	for s := range d.count {
		clear(d.count[s])
	}
	for id := range g.NbUnits() {
		u := g.Unit(id)
		if u.Pos.I < 0 {
			continue // not on the board yet
		}
		c := d.cell(u.Pos)
		d.occ[c] = 2
		if u.Player == me {
			d.occ[c] = 1
		}
		if s := d.structOf[c]; s >= 0 {
			d.count[s][u.Player]++
		}
	}
	for s, n := range d.count {
		enemies := 0
		for p, k := range n {
			if p != me {
				enemies = max(enemies, k)
			}
		}
		if d.owner(g, s) == me {
			d.stay[s], d.need[s] = enemies, 0
		} else {
			d.stay[s], d.need[s] = n[me], max(0, enemies+1-n[me])
		}
	}
	short, unguarded := 0, 0 // goals of each kind
	for s, n := range d.count {
		short += d.need[s]
		if d.need[s] == 0 && n[me] == 0 && d.owner(g, s) == me {
			unguarded++
		}
	}
	var walkers []sdk.Unit
	for _, id := range g.Orks(me) {
		u := g.Unit(id)
		if s := d.structOf[d.cell(u.Pos)]; s >= 0 && d.stay[s] > 0 {
			d.stay[s]--
		} else if dir, ok := d.attack(g, u); ok {
			g.Move(id, dir)
		} else {
			walkers = append(walkers, u)
		}
	}
	// A search that finds nothing is not tried again this round: it would
	// cross the whole island for nothing.
	for _, u := range walkers {
		if short > 0 {
			if dir, ok := d.walk(u, d.short); ok {
				g.Move(u.ID, dir)
				short--
				continue
			}
			short = 0
		}
		if unguarded > 0 {
			if dir, ok := d.walk(u, d.unguarded(me)); ok {
				g.Move(u.ID, dir)
				unguarded--
				continue
			}
			unguarded = 0
		}
	}
}

func (d *Dummy) cell(p sdk.Pos) int { return p.I*d.cols + p.J }

// attack returns the direction of an adjacent enemy that u beats for sure,
// preferring one on a city or path.
func (d *Dummy) attack(g *sdk.Game, u sdk.Unit) (sdk.Dir, bool) {
	best, found := sdk.None, false
	for _, dir := range sdk.Dirs {
		q := u.Pos.Move(dir)
		if !g.PosOk(q) || d.occ[d.cell(q)] != 2 {
			continue
		}
		c := g.Cell(q)
		if u.Health-g.Cost(c.Type) <= g.Unit(c.Unit).Health {
			continue
		}
		if d.structOf[d.cell(q)] >= 0 {
			return dir, true
		}
		best, found = dir, true
	}
	return best, found
}

// short takes a free cell of a structure still short of orks, if c is one.
func (d *Dummy) short(c int) bool {
	s := d.structOf[c]
	if s < 0 || d.need[s] == 0 || d.occ[c] != 0 {
		return false
	}
	d.need[s]--
	return true
}

// unguarded returns a goal that takes a free cell of a structure of ours
// with no ork of ours on it.
func (d *Dummy) unguarded(me int) func(int) bool {
	return func(c int) bool {
		s := d.structOf[c]
		if s < 0 || d.need[s] != 0 || d.count[s][me] != 0 || d.occ[c] != 0 {
			return false
		}
		d.count[s][me]++ // one guard is enough
		return true
	}
}

// walk searches breadth-first from u, around enemies, for the nearest cell
// goal takes, and returns the first step towards it.
func (d *Dummy) walk(u sdk.Unit, goal func(c int) bool) (sdk.Dir, bool) {
	d.stamp++
	src := d.cell(u.Pos)
	d.seen[src] = d.stamp
	d.queue = append(d.queue[:0], src)
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		for k, q := range d.adj[c] {
			// Our own orks make way, but not on the first step.
			if q < 0 || d.seen[q] == d.stamp || d.occ[q] == 2 || (c == src && d.occ[q] == 1) {
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
			d.queue = append(d.queue, int(q))
		}
	}
	return sdk.None, false
}
