package poquemon

import (
	"fmt"
	"slices"

	"arena.dev/games"
)

// wallShare is the part of the inner cells generated boards give to walls:
// the default board's (104 of 377, 28%).
const wallShare = 0.27

// Generate builds a board for settings s that is fair to four players: the
// walls, ghost walls, bonuses and starting cells of the top-left quarter
// are mirrored across both middle lines, and player p starts in quarter p
// (top-left, top-right, bottom-left, bottom-right). Walls are straight
// segments, ghost walls preferably doors in them; the floor stays connected
// even with every ghost wall present. Counts that the mirror images cannot
// share evenly are completed with single cells, so a board is symmetric
// but for a few items.
func Generate(s games.Settings, rng *games.RNG) (*Board, error) {
	rows, cols := s.Get("rows"), s.Get("cols")
	if s.Get("nb_players") != 4 {
		return nil, fmt.Errorf("poquemon: generated boards are for 4 players, not %d", s.Get("nb_players"))
	}
	g := &gen{rows: rows, cols: cols, rng: rng,
		wall: make([]bool, rows*cols), ghost: make([]bool, rows*cols), used: make([]bool, rows*cols)}
	for c := range g.wall {
		i, j := c/cols, c%cols
		g.wall[c] = i == 0 || j == 0 || i == rows-1 || j == cols-1
	}
	g.walls(int(wallShare * float64((rows-2)*(cols-2))))
	b := &Board{Rows: rows, Cols: cols, Wall: g.wall}

	wallTime := s.Get("wall_change_time")
	ghosts := func(door bool) func(orbit []int) bool {
		return func(orbit []int) bool {
			for _, c := range orbit {
				if g.wall[c] || g.ghost[c] || door && !g.door(c) {
					return false
				}
			}
			for _, c := range orbit {
				g.ghost[c] = true
			}
			if !g.connected() {
				for _, c := range orbit {
					g.ghost[c] = false
				}
				return false
			}
			present, time := rng.Intn(2) == 0, rng.Range(1, wallTime)
			for _, c := range orbit {
				b.Ghosts = append(b.Ghosts, Ghost{Cell: c, Present: present, Time: time})
			}
			return true
		}
	}
	left := g.orbits(s.Get("nb_ghost_wall"), ghosts(true), ghosts(false))
	if left = g.singles(left, ghosts(false)); left > 0 {
		return nil, fmt.Errorf("poquemon: no room for %d more ghost walls on a %d×%d board", left, rows, cols)
	}
	b.indexGhosts()

	per := s.Get("nb_pokemon")
	b.Poquemon = make([]Poquemon, 4*per)
	var starts []int
	for k := range per {
		orbit := g.start(starts)
		if orbit == nil {
			return nil, fmt.Errorf("poquemon: no room for the Poquémon on a %d×%d board", rows, cols)
		}
		for p, c := range orbit {
			b.Poquemon[p*per+k] = Poquemon{Player: p, Cell: c, Attack: 1, Defense: 1, Scope: 1, Alive: true}
			g.used[c] = true
		}
		starts = append(starts, orbit...)
	}

	var bonus func(orbit []int, spaced bool) bool
	for _, kind := range []Kind{Point, Stone, Scope, Attack, Defense} {
		n := s.Get("nb_" + lower(kind))
		// Bonuses keep off the cells next to a start while there is room.
		put := func(spaced bool) func(orbit []int) bool {
			return func(orbit []int) bool { return bonus(orbit, spaced) }
		}
		bonus = func(orbit []int, spaced bool) bool {
			for _, c := range orbit {
				if g.wall[c] || g.ghost[c] || g.used[c] || spaced && g.near(c, starts, 1) {
					return false
				}
			}
			value := 0
			if kind == Point {
				value = 100 * rng.Range(1, 5)
			}
			for _, c := range orbit {
				g.used[c] = true
				b.Bonuses = append(b.Bonuses, Bonus{Kind: kind, Cell: c, Value: value, Present: true})
			}
			return true
		}
		left := g.orbits(n, put(true), put(false))
		left = g.singles(left, put(true))
		if left = g.singles(left, put(false)); left > 0 {
			return nil, fmt.Errorf("poquemon: no room for %d more %s bonuses on a %d×%d board", left, lower(kind), rows, cols)
		}
	}
	return b, nil
}

func lower(k Kind) string {
	switch k {
	case Point:
		return "point"
	case Stone:
		return "stone"
	case Scope:
		return "scope"
	case Attack:
		return "attack"
	case Defense:
		return "defense"
	}
	return "?"
}

// gen is a board being generated.
type gen struct {
	rows, cols int
	rng        *games.RNG
	wall       []bool
	ghost      []bool
	used       []bool // a start or a bonus
	seen       []int  // BFS stamps
	stamp      int
	queue      []int
	orb        []int // orbit's result, reused: callers use it before the next call
	cells      []int // quarter's result, reused likewise
}

// orbit returns the mirror images of cell c, c first, without repeats:
// for four distinct cells, in quarter order top-left, top-right,
// bottom-left, bottom-right when c is in the top-left quarter.
func (g *gen) orbit(c int) []int {
	i, j := c/g.cols, c%g.cols
	mi, mj := g.rows-1-i, g.cols-1-j
	out := append(g.orb[:0], c)
	for _, x := range []int{i*g.cols + mj, mi*g.cols + j, mi*g.cols + mj} {
		dup := false
		for _, y := range out {
			dup = dup || x == y
		}
		if !dup {
			out = append(out, x)
		}
	}
	g.orb = out
	return out
}

// quarter lists the inner cells of the top-left quarter, middle lines
// included, in random order: one per orbit.
func (g *gen) quarter() []int {
	cs := g.cells[:0]
	for i := 1; i <= (g.rows-1)/2; i++ {
		for j := 1; j <= (g.cols-1)/2; j++ {
			cs = append(cs, i*g.cols+j)
		}
	}
	g.rng.Shuffle(len(cs), func(a, b int) { cs[a], cs[b] = cs[b], cs[a] })
	g.cells = cs
	return cs
}

// walls adds straight wall segments, mirrored, until about target inner
// cells are walls, never cutting the floor in two and leaving the centre
// cell (when there is one) to an item that has no mirror image.
func (g *gen) walls(target int) {
	centre := -1
	if g.rows%2 == 1 && g.cols%2 == 1 {
		centre = g.rows/2*g.cols + g.cols/2
	}
	count := 0
	for try := 0; try < 500 && count < target; try++ {
		i, j := g.rng.Range(1, (g.rows-1)/2), g.rng.Range(1, (g.cols-1)/2)
		di, dj := 0, 1
		if g.rng.Intn(2) == 0 {
			di, dj = 1, 0
		}
		var add []int
		for k := range g.rng.Range(2, 6) {
			ii, jj := i+k*di, j+k*dj
			if ii >= g.rows-1 || jj >= g.cols-1 {
				break
			}
			for _, x := range g.orbit(ii*g.cols + jj) {
				if !g.wall[x] {
					g.wall[x] = true
					add = append(add, x)
				}
			}
		}
		if count+len(add) > target+8 || slices.Contains(add, centre) || g.touches(add) && !g.connected() {
			for _, x := range add {
				g.wall[x] = false
			}
			continue
		}
		count += len(add)
	}
}

// touches reports whether new walls touch older ones, diagonals included.
// Straight segments mirrored form no loop by themselves, so new walls that
// touch nothing cannot cut the floor and need no search.
func (g *gen) touches(add []int) bool {
	for _, c := range add {
		for di := -g.cols; di <= g.cols; di += g.cols {
			for dj := -1; dj <= 1; dj++ {
				if n := c + di + dj; g.wall[n] && !slices.Contains(add, n) {
					return true
				}
			}
		}
	}
	return false
}

// connected reports whether the floor, ghost-wall cells excluded, is in
// one piece.
func (g *gen) connected() bool {
	if g.seen == nil {
		g.seen = make([]int, len(g.wall))
	}
	g.stamp++
	floor, start := 0, -1
	for c := range g.wall {
		if !g.wall[c] && !g.ghost[c] {
			floor++
			start = c
		}
	}
	if start < 0 {
		return false
	}
	g.queue = append(g.queue[:0], start)
	g.seen[start] = g.stamp
	for h := 0; h < len(g.queue); h++ {
		c := g.queue[h]
		for _, n := range [4]int{c - g.cols, c + g.cols, c - 1, c + 1} {
			if !g.wall[n] && !g.ghost[n] && g.seen[n] != g.stamp {
				g.seen[n] = g.stamp
				g.queue = append(g.queue, n)
			}
		}
	}
	return len(g.queue) == floor
}

// door reports whether floor cell c lies between two walls, with floor on
// its other two sides: a ghost wall there opens and closes a passage.
func (g *gen) door(c int) bool {
	w := func(x int) bool { return g.wall[x] || g.ghost[x] }
	h := w(c-1) && w(c+1) && !w(c-g.cols) && !w(c+g.cols)
	v := w(c-g.cols) && w(c+g.cols) && !w(c-1) && !w(c+1)
	return h || v
}

// near reports whether c is within d rows and columns of one of cells.
func (g *gen) near(c int, cells []int, d int) bool {
	for _, x := range cells {
		if abs(c/g.cols-x/g.cols) <= d && abs(c%g.cols-x%g.cols) <= d {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// orbits puts up to n items by whole orbits, fours first, then pairs on
// a middle line, then the centre, where one of puts accepts them (the
// first one preferred for each size), and returns how many are left.
func (g *gen) orbits(n int, puts ...func(orbit []int) bool) int {
	for _, size := range []int{4, 2, 1} {
		for _, put := range puts {
			for _, c := range g.quarter() {
				if n < size {
					break
				}
				if o := g.orbit(c); len(o) == size && put(o) {
					n -= size
				}
			}
		}
	}
	return n
}

// singles puts up to n items on single cells anywhere put accepts them, for
// what the mirror images cannot share, and returns how many are left.
func (g *gen) singles(n int, put func(orbit []int) bool) int {
	cells := g.rng.Perm(len(g.wall))
	for _, c := range cells {
		if n == 0 {
			break
		}
		if put([]int{c}) {
			n--
		}
	}
	return n
}

// start finds four mirrored floor cells for one Poquémon of each player:
// out of each other's sight, at least 3 cells from earlier starts, and
// off ghost walls and bonuses.
func (g *gen) start(starts []int) []int {
	var fallback []int
	for _, c := range g.quarter() {
		o := g.orbit(c)
		if len(o) != 4 {
			continue
		}
		free := true
		for _, x := range o {
			free = free && !g.wall[x] && !g.ghost[x] && !g.used[x]
		}
		if !free {
			continue
		}
		if fallback == nil {
			fallback = slices.Clone(o) // o is reused by the next orbit
		}
		ok := !g.near(o[0], starts, 2)
		for a := range o {
			for b := a + 1; b < len(o); b++ {
				ok = ok && !g.sight(o[a], o[b])
			}
		}
		if ok {
			return o
		}
	}
	return fallback
}

// sight reports whether a and b share a row or column with no static wall
// between (ghost walls may be hidden).
func (g *gen) sight(a, b int) bool {
	step := 0
	switch {
	case a/g.cols == b/g.cols:
		step = 1
	case a%g.cols == b%g.cols:
		step = g.cols
	default:
		return false
	}
	if b < a {
		a, b = b, a
	}
	for c := a + step; c < b; c += step {
		if g.wall[c] {
			return false
		}
	}
	return true
}
