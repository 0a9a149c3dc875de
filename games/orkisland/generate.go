package orkisland

import (
	"errors"
	"math"

	"arena.dev/games"
)

// Generate builds a random island the way the original engine's GENERATOR1
// does (games/ork-island.md): a land mass grown from the centre, forest and
// sand blobs, rivers, rectangular cities and the paths joining them. Our
// random sequence differs from the original's; the procedure and so the
// distribution of boards are the same. The whole procedure repeats until
// the board is valid: at least 8 cities and all land 4-connected.
func Generate(rows, cols, orks int, rng *games.RNG) (*Board, error) {
	if rows < 20 || cols < 20 {
		return nil, errors.New("orkisland: the board must be at least 20×20")
	}
	g := newGen(rows, cols, orks, rng)
	for range maxBoardAttempts {
		if b := g.run(); b != nil {
			return b, nil
		}
	}
	return nil, errors.New("orkisland: could not generate a valid board")
}

// maxBoardAttempts bounds the retries (the original retries forever). Even
// on a 20×20 board about one attempt in nine succeeds.
const maxBoardAttempts = 1000

// The original's constants.
const (
	minForests, maxForests = 8, 12
	minDeserts, maxDeserts = 8, 12
	minRivers, maxRivers   = 4, 10
	minCities, maxCities   = 8, 25
	riverGap               = 4 // no river within this many cells (Chebyshev) of another
	pathGap                = 2 // ... of a path, for paths
	cityGap                = 2 // ... of water or a city, for cities (the original checks 1 below and right)
	minSide, maxSide       = 2, 6
	maxAttempts            = 100 // tries to place one land mass, river or city
)

// river marks a river's cells during generation: unlike water it does not
// stop cities, and paths cross it (bridges). It becomes water at the end.
const river = Path + 1

// gen is one generation's scratch state, reused across attempts.
type gen struct {
	rows, cols int
	orks       int // nb_orks: sizes the central square no river starts in
	rng        *games.RNG
	t          []Terrain

	mark  []uint32 // visit stamp per cell, for areas and curves
	stamp uint32
	queue []int
	curve []int

	nearRiver []bool   // a river cell within riverGap
	nearPath  []bool   // a path cell within pathGap
	nearCity  []uint32 // bit k: city k within pathGap (at most 25 cities)
	cities    [][]int
	paths     []PathInfo
}

func newGen(rows, cols, orks int, rng *games.RNG) *gen {
	n := rows * cols
	return &gen{rows: rows, cols: cols, orks: orks, rng: rng, t: make([]Terrain, n), mark: make([]uint32, n),
		nearRiver: make([]bool, n), nearPath: make([]bool, n), nearCity: make([]uint32, n)}
}

func (g *gen) at(r, c int) int { return r*g.cols + c }

func (g *gen) inside(r, c int) bool { return r >= 0 && c >= 0 && r < g.rows && c < g.cols }

// bernoulli is true with probability p, in steps of 1/10000 as in the original.
func (g *gen) bernoulli(p float64) bool {
	return p >= 1 || g.rng.Intn(10000) < int(10000*p)
}

func (g *gen) run() *Board {
	for i := range g.t {
		g.t[i] = Grass
	}
	clear(g.nearRiver)
	clear(g.nearPath)
	clear(g.nearCity)
	g.cities, g.paths = nil, nil
	for r := range g.rows {
		g.t[g.at(r, 0)], g.t[g.at(r, g.cols-1)] = Water, Water
	}
	for c := range g.cols {
		g.t[g.at(0, c)], g.t[g.at(g.rows-1, c)] = Water, Water
	}
	margin := min(g.rows, g.cols) / 5
	g.sea()
	g.blobs(Forest, minForests, maxForests, 5, 15, margin)
	g.blobs(Sand, minDeserts, maxDeserts, 8, 20, margin)
	g.rivers(margin)
	g.placeCities()
	g.placePaths()
	for i, t := range g.t {
		if t == river {
			g.t[i] = Water
		}
	}
	if len(g.cities) < minCities || !g.dropIslands() {
		return nil
	}
	return newBoard(g.rows, g.cols, append([]Terrain(nil), g.t...), g.cities, g.paths)
}

// area marks the cells a breadth-first growth from (r0, c0) reaches: a
// neighbour (8 directions) joins when prob says so, each time a marked
// cell looks at it. Then small gaps are filled: an unmarked cell (or two)
// between marked ones in a row or a column. The marked cells are those
// with mark == g.stamp; area returns their bounding box.
func (g *gen) area(r0, c0 int, prob func(r, c int) bool) (top, left, bottom, right int) {
	g.stamp++
	st := g.stamp
	start := g.at(r0, c0)
	g.mark[start] = st
	g.queue = append(g.queue[:0], start)
	top, left, bottom, right = r0, c0, r0, c0
	for h := 0; h < len(g.queue); h++ {
		r, c := g.queue[h]/g.cols, g.queue[h]%g.cols
		for k := range dir8 {
			rr, cc := r+dir8[k][0], c+dir8[k][1]
			if !g.inside(rr, cc) || g.mark[g.at(rr, cc)] == st || !prob(rr, cc) {
				continue
			}
			g.mark[g.at(rr, cc)] = st
			g.queue = append(g.queue, g.at(rr, cc))
			top, left, bottom, right = min(top, rr), min(left, cc), max(bottom, rr), max(right, cc)
		}
	}
	// Gaps lie between marked cells, so inside the bounding box.
	in := func(r, c int) bool { return g.mark[g.at(r, c)] == st }
	set := func(r, c int) { g.mark[g.at(r, c)] = st }
	for changed := true; changed; {
		changed = false
		for r := max(2, top); r < min(g.rows-2, bottom+1); r++ {
			for c := max(2, left); c < min(g.cols-2, right+1); c++ {
				if in(r-1, c) && !in(r, c) && in(r+1, c) {
					set(r, c)
					changed = true
				}
				if in(r, c-1) && !in(r, c) && in(r, c+1) {
					set(r, c)
					changed = true
				}
				if in(r-1, c) && !in(r, c) && !in(r+1, c) && in(r+2, c) {
					set(r, c)
					set(r+1, c)
					changed = true
				}
				if in(r, c-1) && !in(r, c) && !in(r, c+1) && in(r, c+2) {
					set(r, c)
					set(r, c+1)
					changed = true
				}
			}
		}
	}
	return top, left, bottom, right
}

// Directions: south, east, north, west; and the 8 around a cell in turn
// (SW, S, SE, E, NE, N, NW, W), as the original's curves use them.
var (
	dir4 = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	dir8 = [8][2]int{{1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}}
)

// sea grows the land from the centre: within half the board's side of it
// (in an Lp norm, p drawn in [2, 4] at each look) a cell joins with
// probability 0.3, beyond that 0.3/distance. A growth covering at least
// 75% of the board is kept (up to 100 tries; else no sea at all); what it
// missed becomes water.
func (g *gen) sea() {
	r0, c0 := g.rows/2, g.cols/2
	radius := float64(min(g.rows, g.cols) / 2)
	prob := func(r, c int) bool {
		dr, dc := math.Abs(float64(r-r0)), math.Abs(float64(c-c0))
		d := 1.0
		// Lp ≤ L2 for p ≥ 2, and Lp ≥ L∞: most cells need no power.
		if dr*dr+dc*dc > radius*radius {
			p := float64(g.rng.Range(20, 40)) / 10
			if d = math.Pow(math.Pow(dr, p)+math.Pow(dc, p), 1/p); d <= radius {
				d = 1
			}
		}
		return g.bernoulli(0.3 / d)
	}
	want := 0.75 * float64(g.rows*g.cols)
	for range maxAttempts {
		g.area(r0, c0, prob)
		n := 0
		for _, m := range g.mark {
			if m == g.stamp {
				n++
			}
		}
		if float64(n) >= want {
			for i, m := range g.mark {
				if m != g.stamp {
					g.t[i] = Water
				}
			}
			return
		}
	}
}

// blobs paints lo..hi blobs of terrain t on grass, centred inside the
// margin: from its centre a blob reaches a cell at distance d with
// probability density/d, density drawn in [dlo, dhi] tenths.
func (g *gen) blobs(t Terrain, lo, hi, dlo, dhi, margin int) {
	for range g.rng.Range(lo, hi) {
		r0 := g.rng.Range(margin, g.rows-1-margin)
		c0 := g.rng.Range(margin, g.cols-1-margin)
		density := float64(g.rng.Range(dlo, dhi)) / 10
		top, left, bottom, right := g.area(r0, c0, func(r, c int) bool {
			return g.bernoulli(density / math.Hypot(float64(r-r0), float64(c-c0)))
		})
		for r := top; r <= bottom; r++ {
			for c := left; c <= right; c++ {
				if x := g.at(r, c); g.mark[x] == g.stamp && g.t[x] == Grass {
					g.t[x] = t
				}
			}
		}
	}
}

// curveFrom draws a curve from (r0, c0) into g.curve: each step keeps
// roughly the heading (a random turn of at most 45° with diagonals, 90°
// without, tried first, then every allowed turn in order) and goes to a
// cell not yet on the curve that ok accepts; it ends when none does. keep
// rejects the curve early when a cell is unacceptable (false: give up).
func (g *gen) curveFrom(r0, c0 int, diag bool, ok func(r, c, rr, cc int) bool, keep func(x int) bool) bool {
	dirs := dir4[:]
	if diag {
		dirs = dir8[:]
	}
	n := len(dirs)
	g.stamp++
	g.curve = g.curve[:0]
	r, c, k := r0, c0, g.rng.Intn(n)
	for {
		x := g.at(r, c)
		if !keep(x) {
			return false
		}
		g.curve = append(g.curve, x)
		g.mark[x] = g.stamp
		found := false
		var rr, cc, kk int
		for s := -2; s <= 1 && !found; s++ {
			kk = k + s
			if s < -1 {
				kk = k + g.rng.Range(-1, 1)
			}
			kk = (kk + n) % n
			rr, cc = r+dirs[kk][0], c+dirs[kk][1]
			found = g.inside(rr, cc) && g.mark[g.at(rr, cc)] != g.stamp && ok(r, c, rr, cc)
		}
		if !found {
			return true
		}
		r, c, k = rr, cc, kk
	}
}

func sq(x int) int { return x * x }

// rivers draws 4–10 rivers, each from a random point inside the margin
// (not in the central square, not near another river): a curve with
// diagonal steps that always moves away from its start, so it runs to the
// border; up to 100 tries for one that keeps 4 cells from other rivers.
func (g *gen) rivers(margin int) {
	half := int(math.Ceil(math.Sqrt(float64(g.orks))))
	central := func(r, c int) bool {
		return r >= g.rows/2-half && r <= g.rows/2+half-1 && c >= g.cols/2-half && c <= g.cols/2+half-1
	}
	for range g.rng.Range(minRivers, maxRivers) {
		r0 := g.rng.Range(margin, g.rows-1-margin)
		c0 := g.rng.Range(margin, g.cols-1-margin)
		if g.nearRiver[g.at(r0, c0)] || central(r0, c0) {
			continue
		}
		away := func(r, c, rr, cc int) bool {
			return sq(r-r0)+sq(c-c0) < sq(rr-r0)+sq(cc-c0)
		}
		clear := func(x int) bool { return !g.nearRiver[x] }
		for range maxAttempts {
			if g.curveFrom(r0, c0, true, away, clear) {
				for _, x := range g.curve {
					if g.t[x] != Water { // the sea stays sea
						g.t[x] = river
						g.markNear(g.nearRiver, x, riverGap)
					}
				}
				break
			}
		}
	}
}

// markNear marks in near the cells within gap (Chebyshev) of cell x.
func (g *gen) markNear(near []bool, x, gap int) {
	r, c := x/g.cols, x%g.cols
	for rr := max(0, r-gap); rr <= min(g.rows-1, r+gap); rr++ {
		for cc := max(0, c-gap); cc <= min(g.cols-1, c+gap); cc++ {
			near[g.at(rr, cc)] = true
		}
	}
}

// placeCities tries 8–25 cities, each a rectangle with sides 2–6 at up to
// 100 random positions, kept where no water or city lies within 2 cells
// above or left of it, 1 below or right (the original's bounds).
func (g *gen) placeCities() {
	for range g.rng.Range(minCities, maxCities) {
		for range maxAttempts {
			r, c := g.rng.Range(0, g.rows-1), g.rng.Range(0, g.cols-1)
			h, w := g.rng.Range(minSide, maxSide), g.rng.Range(minSide, maxSide)
			if !g.cityFits(r, c, h, w) {
				continue
			}
			k := len(g.cities)
			var cells []int
			for rr := r; rr < min(g.rows, r+h); rr++ {
				for cc := c; cc < min(g.cols, c+w); cc++ {
					g.t[g.at(rr, cc)] = City
					cells = append(cells, g.at(rr, cc))
				}
			}
			g.cities = append(g.cities, cells)
			for rr := max(0, r-pathGap); rr <= min(g.rows-1, r+h-1+pathGap); rr++ {
				for cc := max(0, c-pathGap); cc <= min(g.cols-1, c+w-1+pathGap); cc++ {
					g.nearCity[g.at(rr, cc)] |= 1 << k
				}
			}
			break
		}
	}
}

func (g *gen) cityFits(r, c, h, w int) bool {
	for rr := max(0, r-cityGap); rr < min(g.rows, r+h+cityGap-1); rr++ {
		for cc := max(0, c-cityGap); cc < min(g.cols, c+w+cityGap-1); cc++ {
			if t := g.t[g.at(rr, cc)]; t == Water || t == City {
				return false
			}
		}
	}
	return true
}

// placePaths makes 3·cities² attempts, each between a random cell of one
// random city and one of another: a 4-connected curve that only steps
// closer to the target, kept if it reaches it with no path within 2 cells
// of any of its cells, nor a city other than its two. Its cells outside
// the two cities become path, over rivers and sea alike.
func (g *gen) placePaths() {
	nc := len(g.cities)
	for range 3 * nc * nc {
		a, b := g.rng.Intn(nc), g.rng.Intn(nc)
		if a == b {
			continue
		}
		from := g.cities[a][g.rng.Intn(len(g.cities[a]))]
		to := g.cities[b][g.rng.Intn(len(g.cities[b]))]
		tr, tc := to/g.cols, to%g.cols
		closer := func(r, c, rr, cc int) bool {
			return sq(r-tr)+sq(c-tc) > sq(rr-tr)+sq(cc-tc)
		}
		ends := uint32(1)<<a | uint32(1)<<b
		clear := func(x int) bool { return !g.nearPath[x] && g.nearCity[x]&^ends == 0 }
		if !g.curveFrom(from/g.cols, from%g.cols, false, closer, clear) || g.curve[len(g.curve)-1] != to {
			continue
		}
		var cells []int
		for _, x := range g.curve {
			if g.t[x] != City {
				cells = append(cells, x)
			}
		}
		for _, x := range cells {
			g.t[x] = Path
			g.markNear(g.nearPath, x, pathGap)
		}
		g.paths = append(g.paths, PathInfo{A: a, B: b, Cells: cells})
	}
}

// dropIslands turns the land an ork cannot reach from the centre into
// water; it reports false if that land holds a city or path (the board is
// then refused, as all land must be connected).
func (g *gen) dropIslands() bool {
	g.stamp++
	st := g.stamp
	start := g.at(g.rows/2, g.cols/2)
	g.mark[start] = st
	g.queue = append(g.queue[:0], start)
	for h := 0; h < len(g.queue); h++ {
		r, c := g.queue[h]/g.cols, g.queue[h]%g.cols
		for _, d := range dir4 {
			rr, cc := r+d[0], c+d[1]
			if x := g.at(rr, cc); g.inside(rr, cc) && g.mark[x] != st && g.t[x] != Water {
				g.mark[x] = st
				g.queue = append(g.queue, x)
			}
		}
	}
	for x, t := range g.t {
		if g.mark[x] == st || t == Water {
			continue
		}
		if t == City || t == Path {
			return false
		}
		g.t[x] = Water
	}
	return true
}
