package apocalypse

import (
	"errors"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// Generate builds a board symmetric about both middle lines, so that the
// four quadrants are mirror images: a mountain border, forest and grass,
// lakes and a few small ridges, NUM_POSTS/4 posts per quadrant (half of
// them, rounded up, worth HIGH_VALUE), each player's helicopters in its
// quadrant (player 0's first one heading south, the second east, the
// others' mirrored) and its soldiers on forest or grass of its quadrant:
// mirror images of player 0's when symmetric (Redux), else drawn for each
// player (2018). Every forest and grass cell is reachable from every
// other. The procedure repeats until all of that fits.
func Generate(cfg Config, symmetric bool, rng *games.RNG) (*Board, error) {
	if cfg.Players != players || cfg.Max < 24 || cfg.Posts%players != 0 {
		return nil, errors.New("apocalypse: cannot generate this board (4 players, MAX ≥ 24, NUM_POSTS a multiple of 4)")
	}
	for range 200 {
		g := &gen{cfg: cfg, n: cfg.Max, rng: rng}
		if b := g.run(symmetric); b != nil {
			return b, nil
		}
	}
	return nil, errors.New("apocalypse: could not generate a board with room for every unit")
}

type gen struct {
	cfg  Config
	n    int
	rng  *games.RNG
	land []Terrain
}

// mirror is cell (i, j) of player 0's quadrant seen from player p's:
// player 1 mirrors the columns, player 3 the rows, player 2 both.
func (g *gen) mirror(p, i, j int) (int, int) {
	if p == 1 || p == 2 {
		j = g.n - 1 - j
	}
	if p == 2 || p == 3 {
		i = g.n - 1 - i
	}
	return i, j
}

func (g *gen) run(symmetric bool) *Board {
	g.terrain()
	if !g.connect() {
		return nil
	}
	b := &Board{Max: g.n, Land: g.land, Fire: make([]int, g.n*g.n)}
	if !g.helicopters(b) || !g.posts(b) || !g.soldiers(b, symmetric) {
		return nil
	}
	return b
}

// terrain draws the top-left quarter (the middle row and column included
// when MAX is odd) and mirrors it.
func (g *gen) terrain() {
	n, h := g.n, (g.n+1)/2
	q := make([]Terrain, h*h)
	for c := range q {
		q[c] = Grass
	}
	area := h * h
	grow := func(t Terrain, size int) {
		start := g.rng.Intn(area)
		front := []int{start}
		for added := 0; added < size && len(front) > 0; {
			k := g.rng.Intn(len(front))
			c := front[k]
			front[k] = front[len(front)-1]
			front = front[:len(front)-1]
			if q[c] == t {
				continue
			}
			q[c] = t
			added++
			i, j := c/h, c%h
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if a, b := i+d[0], j+d[1]; a >= 0 && b >= 0 && a < h && b < h && q[a*h+b] != t {
					front = append(front, a*h+b)
				}
			}
		}
	}
	count := func(t Terrain) int {
		k := 0
		for _, x := range q {
			if x == t {
				k++
			}
		}
		return k
	}
	// About half forest and a tenth water, in blobs of a few dozen cells.
	for want := area * (40 + g.rng.Intn(15)) / 100; count(Forest) < want; {
		grow(Forest, area/20+g.rng.Intn(area/10))
	}
	for want := area * (6 + g.rng.Intn(7)) / 100; count(Water) < want; {
		grow(Water, area/60+g.rng.Intn(area/30))
	}
	for range g.rng.Intn(2) + h/20 { // short ridges, straight or bent
		i, j := 3+g.rng.Intn(h-6), 3+g.rng.Intn(h-6)
		di, dj := 0, 1
		if g.rng.Intn(2) == 0 {
			di, dj = 1, 0
		}
		for k := range (3 + g.rng.Intn(4)) * h / 30 {
			if k == 3 && g.rng.Intn(2) == 0 {
				di, dj = dj, di
			}
			if i < h && j < h {
				q[i*h+j] = Mountain
			}
			i, j = i+di, j+dj
		}
	}
	g.land = make([]Terrain, n*n)
	for i := range h {
		for j := range h {
			t := q[i*h+j]
			if i == 0 || j == 0 {
				t = Mountain
			}
			for p := range players {
				a, b := g.mirror(p, i, j)
				g.land[a*n+b] = t
			}
		}
	}
}

// connect keeps the largest group of forest and grass cells joined by
// soldier steps (8 directions) and floods the rest; it fails unless that
// group reaches every quadrant, i.e. is its own mirror image.
func (g *gen) connect() bool {
	n := g.n
	comp := make([]int, n*n)
	var sizes []int
	var stack []int
	for c, t := range g.land {
		if comp[c] != 0 || (t != Forest && t != Grass) {
			continue
		}
		id := len(sizes) + 1
		sizes = append(sizes, 0)
		comp[c] = id
		stack = append(stack[:0], c)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sizes[id-1]++
			for _, d := range sdk.SoldierDirs {
				i, j := x/n+d.I, x%n+d.J
				if i < 0 || j < 0 || i >= n || j >= n {
					continue
				}
				y := i*n + j
				if t := g.land[y]; comp[y] == 0 && (t == Forest || t == Grass) {
					comp[y] = id
					stack = append(stack, y)
				}
			}
		}
	}
	best := 0
	for k, s := range sizes {
		if s > sizes[best] {
			best = k
		}
	}
	if len(sizes) == 0 || sizes[best] < n*n/3 {
		return false
	}
	for c := range g.land {
		if comp[c] != 0 && comp[c] != best+1 {
			g.land[c] = Water
		}
	}
	for p := range players {
		i, j := g.mirror(p, n/4, n/4)
		found := false
		for c := range g.land {
			if comp[c] == best+1 && (c/n < n/2) == (i < n/2) && (c%n < n/2) == (j < n/2) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// walkable is forest or grass.
func (g *gen) walkable(c int) bool { return g.land[c] == Forest || g.land[c] == Grass }

// helicopters places player 0's, one in the upper part of its quadrant
// heading south and one in the left part heading east, and mirrors them.
func (g *gen) helicopters(b *Board) bool {
	n, q := g.n, g.n/2
	type spot struct{ i, j, ori int }
	var mine []spot
	for k := range g.cfg.Helicopters {
		ok := false
		for try := range 200 {
			// Centres stay 3 cells from the middle lines: squares never
			// overlap their mirror images. The first helicopter is near
			// the top, the second near the left, or anywhere if need be.
			s := spot{Half + 1 + g.rng.Intn(max(1, q/3)), q/3 + g.rng.Intn(max(1, q-3-q/3)), sdk.South}
			if try >= 100 {
				s = spot{Half + 1 + g.rng.Intn(max(1, q-5)), Half + 1 + g.rng.Intn(max(1, q-5)), sdk.South}
			}
			if k == 1 {
				s = spot{s.j, s.i, sdk.East}
			}
			if s.i > q-3 || s.j > q-3 || !g.heliFits(s.i, s.j) {
				continue
			}
			if len(mine) > 0 && abs(mine[0].i-s.i) < HeliSize && abs(mine[0].j-s.j) < HeliSize {
				continue
			}
			mine, ok = append(mine, s), true
			break
		}
		if !ok {
			return false
		}
	}
	for p := range players {
		for k, s := range mine {
			i, j := g.mirror(p, s.i, s.j)
			ori := s.ori
			if (p == 1 || p == 2) && (ori == sdk.East || ori == sdk.West) {
				ori = 4 - ori // east ↔ west
			}
			if (p == 2 || p == 3) && (ori == sdk.South || ori == sdk.North) {
				ori = 2 - ori // south ↔ north
			}
			b.Helicopters = append(b.Helicopters, Helicopter{ID: 1 + p*len(mine) + k, Player: p, Cell: i*n + j,
				Ori: ori, Napalm: g.cfg.RoundsNapalm, Para: []int{}})
		}
	}
	return true
}

// heliFits reports whether a helicopter centred at (i, j) covers no mountain.
func (g *gen) heliFits(i, j int) bool {
	for a := i - Half; a <= i+Half; a++ {
		for b := j - Half; b <= j+Half; b++ {
			if a < 0 || b < 0 || a >= g.n || b >= g.n || g.land[a*g.n+b] == Mountain {
				return false
			}
		}
	}
	return true
}

// quadrant lists the forest and grass cells of player 0's quadrant, in a
// random order.
func (g *gen) quadrant() []int {
	var cells []int
	for i := range g.n / 2 {
		for j := range g.n / 2 {
			if c := i*g.n + j; g.walkable(c) {
				cells = append(cells, c)
			}
		}
	}
	g.rng.Shuffle(len(cells), func(a, b int) { cells[a], cells[b] = cells[b], cells[a] })
	return cells
}

// posts places NUM_POSTS/4 posts in player 0's quadrant, at least a fifth
// of the quadrant's side apart, and mirrors them.
func (g *gen) posts(b *Board) bool {
	n, k := g.n, g.cfg.Posts/players
	gap := max(2, n/10)
	var mine []int
	for _, c := range g.quadrant() {
		if len(mine) == k {
			break
		}
		far := true
		for _, o := range mine {
			far = far && (abs(o/n-c/n) >= gap || abs(o%n-c%n) >= gap)
		}
		if far {
			mine = append(mine, c)
		}
	}
	if len(mine) < k {
		return false
	}
	for p := range players {
		for x, c := range mine {
			i, j := g.mirror(p, c/n, c%n)
			b.Posts = append(b.Posts, Post{Cell: i*n + j, High: x < (k+1)/2, Owner: -1})
		}
	}
	return true
}

// soldiers places NUM_SOLDIERS soldiers per player off the posts: player
// 0's and their mirror images, or each player's drawn on its own.
// Soldier ids go round the players, after the helicopters'.
func (g *gen) soldiers(b *Board, symmetric bool) bool {
	n, k := g.n, g.cfg.Soldiers
	post := make(map[int]bool)
	for _, p := range b.Posts {
		post[p.Cell] = true
	}
	pick := func() []int {
		var cells []int
		for _, c := range g.quadrant() {
			if len(cells) < k && !post[c] {
				cells = append(cells, c)
			}
		}
		return cells
	}
	mine := pick()
	if len(mine) < k {
		return false
	}
	first := len(b.Helicopters) + 1
	for p := range players {
		cells := mine
		if !symmetric && p > 0 {
			cells = pick()
		}
		for x, c := range cells {
			i, j := g.mirror(p, c/n, c%n)
			b.Soldiers = append(b.Soldiers, Soldier{ID: first + x*players + p, Player: p, Cell: i*n + j, Life: g.cfg.Life})
		}
	}
	return true
}
