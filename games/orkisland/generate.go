package orkisland

import (
	"errors"

	"arena.dev/games"
)

// Generate builds a random island (games/ork-island.md): a land mass grown
// from the centre, forest and sand blobs, rivers, rectangular cities and
// the paths joining them. The whole procedure repeats until the board is
// valid: at least 8 cities (fewer on boards under 45×45, see minCities),
// all land 4-connected, room to place the orks.
func Generate(rows, cols, orks int, rng *games.RNG) (*Board, error) {
	if rows < 20 || cols < 20 {
		return nil, errors.New("orkisland: the board must be at least 20×20")
	}
	for range 500 {
		g := &gen{rows: rows, cols: cols, rng: rng, t: make([]Terrain, rows*cols)}
		if b := g.run(); b != nil && len(b.Shore) >= 2*orks {
			return b, nil
		}
	}
	return nil, errors.New("orkisland: could not generate a valid board")
}

type gen struct {
	rows, cols int
	rng        *games.RNG
	t          []Terrain
}

func (g *gen) at(r, c int) int { return r*g.cols + c }

func (g *gen) inner(r, c int) bool { return r > 0 && c > 0 && r < g.rows-1 && c < g.cols-1 }

func (g *gen) run() *Board {
	g.land()
	m := g.rows / 5
	for range g.rng.Range(8, 12) {
		g.blob(Forest, m)
	}
	for range g.rng.Range(8, 20) {
		g.blob(Sand, m)
	}
	g.rivers()
	cities := g.cities()
	if len(cities) < g.minCities() {
		return nil
	}
	g.paths(cities)
	g.dropIslands()
	b, err := newBoard(g.rows, g.cols, g.t)
	if err != nil || len(b.Cities) < g.minCities() || !citiesClear(b) {
		return nil
	}
	return b
}

// minCities is 8 (the original's rule) from 45×45 up; smaller boards
// cannot hold 8 cities 2 cells apart often enough, so they need fewer.
func (g *gen) minCities() int { return min(8, max(2, g.rows*g.cols/250)) }

// land grows grass from the centre one random frontier cell at a time
// until at least 75% of the board is land; the border stays water.
func (g *gen) land() {
	want := (g.rows*g.cols*3 + 3) / 4
	inFrontier := make([]bool, len(g.t))
	var frontier []int
	add := func(c int) {
		g.t[c] = Grass
		r, col := c/g.cols, c%g.cols
		for _, n := range [4][2]int{{r + 1, col}, {r - 1, col}, {r, col + 1}, {r, col - 1}} {
			x := g.at(n[0], n[1])
			if g.inner(n[0], n[1]) && g.t[x] == Water && !inFrontier[x] {
				inFrontier[x] = true
				frontier = append(frontier, x)
			}
		}
	}
	add(g.at(g.rows/2, g.cols/2))
	for n := 1; n < want && len(frontier) > 0; n++ {
		i := g.rng.Intn(len(frontier))
		c := frontier[i]
		frontier[i] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		add(c)
	}
	// Random growth leaves one-cell ponds and notches; fill the water cells
	// mostly surrounded by land so the coast is a coast.
	for range 2 {
		for r := 1; r < g.rows-1; r++ {
			for c := 1; c < g.cols-1; c++ {
				if g.t[g.at(r, c)] == Water && g.landAround(r, c) >= 3 {
					g.t[g.at(r, c)] = Grass
				}
			}
		}
	}
}

func (g *gen) landAround(r, c int) int {
	n := 0
	for _, x := range [4]int{g.at(r+1, c), g.at(r-1, c), g.at(r, c+1), g.at(r, c-1)} {
		if g.t[x] != Water {
			n++
		}
	}
	return n
}

// blob paints a random patch of terrain t on grass inside margin m.
func (g *gen) blob(t Terrain, m int) {
	r := g.rng.Range(m, g.rows-1-m)
	c := g.rng.Range(m, g.cols-1-m)
	size := g.rng.Range(8, 40)
	for range size * 3 {
		if g.inner(r, c) && g.t[g.at(r, c)] == Grass {
			g.t[g.at(r, c)] = t
			size--
			if size == 0 {
				return
			}
		}
		switch g.rng.Intn(4) {
		case 0:
			r++
		case 1:
			r--
		case 2:
			c++
		default:
			c--
		}
		r = min(max(r, m), g.rows-1-m)
		c = min(max(c, m), g.cols-1-m)
	}
}

// rivers draws 4–10 meandering rivers from the coast inland, 4-connected,
// at least 3 cells from each other and outside the central square.
func (g *gen) rivers() {
	river := make([]bool, len(g.t))
	central := func(r, c int) bool {
		return r >= g.rows/3 && r < g.rows*2/3 && c >= g.cols/3 && c < g.cols*2/3
	}
	near := func(r, c int, own []int) bool {
		for dr := -3; dr <= 3; dr++ {
			for dc := -3; dc <= 3; dc++ {
				rr, cc := r+dr, c+dc
				if rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols {
					continue
				}
				if x := g.at(rr, cc); river[x] && !contains(own, x) {
					return true
				}
			}
		}
		return false
	}
	for range g.rng.Range(4, 10) {
		// Start on the coast and head towards the centre, wandering.
		var r, c int
		for range 50 {
			r, c = g.rng.Range(1, g.rows-2), g.rng.Range(1, g.cols-2)
			if g.t[g.at(r, c)] != Water && g.coastal(r, c) {
				break
			}
		}
		if g.t[g.at(r, c)] == Water {
			continue
		}
		dr, dc := sign(g.rows/2-r), sign(g.cols/2-c)
		var cells []int
		for range g.rng.Range(g.rows/6, g.rows/2) {
			if !g.inner(r, c) || central(r, c) || near(r, c, cells) {
				break
			}
			cells = append(cells, g.at(r, c))
			// Step along one axis of the heading, sometimes sideways.
			switch x := g.rng.Intn(6); {
			case x < 2 && dr != 0:
				r += dr
			case x < 4 && dc != 0:
				c += dc
			case x == 4:
				r += g.rng.Range(-1, 1)*boolInt(dr == 0) + dr
			default:
				c += g.rng.Range(-1, 1)*boolInt(dc == 0) + dc
			}
		}
		if len(cells) < g.rows/6 {
			continue // cut short by another river: a stub, not a river
		}
		for _, x := range cells {
			river[x] = true
			g.t[x] = Water
		}
	}
}

func (g *gen) coastal(r, c int) bool {
	for _, n := range [4][2]int{{r + 1, c}, {r - 1, c}, {r, c + 1}, {r, c - 1}} {
		if g.t[g.at(n[0], n[1])] == Water {
			return true
		}
	}
	return false
}

// cities tries 8–25 rectangles with sides 2–6 and keeps those with no
// water or other city within 2 cells. It returns their bounds.
func (g *gen) cities() [][4]int {
	var out [][4]int
	for range g.rng.Range(8, 25) {
		h, w := g.rng.Range(2, 6), g.rng.Range(2, 6)
		r0, c0 := g.rng.Range(3, g.rows-3-h), g.rng.Range(3, g.cols-3-w)
		ok := true
		for r := r0 - 2; r < r0+h+2 && ok; r++ {
			for c := c0 - 2; c < c0+w+2; c++ {
				if t := g.t[g.at(r, c)]; t == Water || t == City {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		for r := r0; r < r0+h; r++ {
			for c := c0; c < c0+w; c++ {
				g.t[g.at(r, c)] = City
			}
		}
		out = append(out, [4]int{r0, c0, r0 + h, c0 + w})
	}
	return out
}

// paths joins pairs of cities, nearest first, with curves that only step
// closer to the target and stay 2 cells away from other paths and cities.
func (g *gen) paths(cities [][4]int) {
	owner := make([]int, len(g.t)) // city index + 1 of city cells
	for i, k := range cities {
		for r := k[0]; r < k[2]; r++ {
			for c := k[1]; c < k[3]; c++ {
				owner[g.at(r, c)] = i + 1
			}
		}
	}
	type pair struct{ a, b, d int }
	var pairs []pair
	for a := range cities {
		for b := a + 1; b < len(cities); b++ {
			ka, kb := cities[a], cities[b]
			d := abs(ka[0]+ka[2]-kb[0]-kb[2]) + abs(ka[1]+ka[3]-kb[1]-kb[3])
			if d < g.rows { // only neighbours: long paths would block the rest
				pairs = append(pairs, pair{a, b, d})
			}
		}
	}
	g.rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	for _, p := range pairs {
		if cells := g.path(cities, owner, p.a, p.b); cells != nil {
			for _, c := range cells {
				g.t[c] = Path
			}
		}
	}
}

// path returns the cells of a curve from city a to city b, or nil.
func (g *gen) path(cities [][4]int, owner []int, a, b int) []int {
	ka, kb := cities[a], cities[b]
	// Start beside a on the side facing b, end beside b facing a.
	sr, sc := facing(ka, kb)
	er, ec := facing(kb, ka)
	ok := func(r, c int) bool {
		if !g.inner(r, c) || g.t[g.at(r, c)] == City {
			return false
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				x := g.at(r+dr, c+dc)
				if g.t[x] == Path {
					return false
				}
				if o := owner[x]; o != 0 && o != a+1 && o != b+1 {
					return false
				}
			}
		}
		return true
	}
	var cells []int
	r, c := sr, sc
	for {
		if !ok(r, c) {
			return nil
		}
		cells = append(cells, g.at(r, c))
		if r == er && c == ec {
			return cells
		}
		var moves [2][2]int
		n := 0
		if r != er {
			moves[n] = [2]int{r + sign(er-r), c}
			n++
		}
		if c != ec {
			moves[n] = [2]int{r, c + sign(ec-c)}
			n++
		}
		m := moves[g.rng.Intn(n)]
		r, c = m[0], m[1]
	}
}

// facing returns the cell just outside rectangle k, on its side facing
// rectangle o, at a random-free deterministic spot (the middle).
func facing(k, o [4]int) (int, int) {
	mr, mc := (k[0]+k[2]-1)/2, (k[1]+k[3]-1)/2
	dr := (o[0] + o[2]) - (k[0] + k[2])
	dc := (o[1] + o[3]) - (k[1] + k[3])
	if abs(dr) >= abs(dc) {
		if dr > 0 {
			return k[2], mc
		}
		return k[0] - 1, mc
	}
	if dc > 0 {
		return mr, k[3]
	}
	return mr, k[1] - 1
}

// dropIslands turns land not 4-connected to the central land mass into
// water (rivers can cut pieces off).
func (g *gen) dropIslands() {
	seen := make([]bool, len(g.t))
	start := g.at(g.rows/2, g.cols/2)
	if g.t[start] == Water {
		return
	}
	stack := []int{start}
	seen[start] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range [4]int{x + 1, x - 1, x + g.cols, x - g.cols} {
			if n >= 0 && n < len(g.t) && !seen[n] && g.t[n] != Water {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	for x := range g.t {
		if !seen[x] {
			g.t[x] = Water
		}
	}
}

// citiesClear checks what dropping islands may have broken: every city
// keeps water and other cities 2 cells away.
func citiesClear(b *Board) bool {
	for id, cs := range b.Cities {
		for _, c := range cs {
			r, col := c/b.Cols, c%b.Cols
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					rr, cc := r+dr, col+dc
					if rr < 0 || cc < 0 || rr >= b.Rows || cc >= b.Cols {
						return false
					}
					x := rr*b.Cols + cc
					if b.Cells[x] == Water || (b.CityOf[x] >= 0 && b.CityOf[x] != id) {
						return false
					}
				}
			}
		}
	}
	return true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
