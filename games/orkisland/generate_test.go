package orkisland

import (
	"testing"

	"arena.dev/games"
)

// Properties of generated boards (games/ork-island.md), checked here
// independently of the generator's own code.
func TestGeneratorProperties(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for seed := range uint64(seeds) {
		b, err := Generate(70, 70, 60, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := checkBoard(b); err != "" {
			t.Fatalf("seed %d: %s\n%s", seed, err, b)
		}
	}
}

func checkBoard(b *Board) string {
	at := func(r, c int) Terrain {
		if r < 0 || c < 0 || r >= b.Rows || c >= b.Cols {
			return Water
		}
		return b.Cells[r*b.Cols+c]
	}
	land, forest, sand := 0, 0, 0
	for c, t := range b.Cells {
		r, col := c/b.Cols, c%b.Cols
		if (r == 0 || col == 0 || r == b.Rows-1 || col == b.Cols-1) && t != Water {
			return "land on the border at " + b.pos(c)
		}
		if t != Water {
			land++
		}
		forest += boolInt(t == Forest)
		sand += boolInt(t == Sand)
	}
	if land*100 < len(b.Cells)*60 {
		return "less than 60% land"
	}
	if forest == 0 || sand == 0 {
		return "no forest or no sand"
	}
	if !connected(b) {
		return "land is not 4-connected"
	}
	if len(b.Cities) < 8 {
		return "fewer than 8 cities"
	}
	for id, cs := range b.Cities {
		r0, c0 := cs[0]/b.Cols, cs[0]%b.Cols
		r1, c1 := cs[len(cs)-1]/b.Cols, cs[len(cs)-1]%b.Cols
		h, w := r1-r0+1, c1-c0+1
		if h < 2 || h > 6 || w < 2 || w > 6 || h*w != len(cs) {
			return "city " + itoa(id) + " is not a 2..6 rectangle"
		}
		for r := r0 - 2; r <= r1+2; r++ {
			for c := c0 - 2; c <= c1+2; c++ {
				if at(r, c) == Water {
					return "water within 2 cells of city " + itoa(id)
				}
				if at(r, c) == City && b.CityOf[r*b.Cols+c] != id {
					return "two cities within 2 cells"
				}
			}
		}
	}
	for id, p := range b.Paths {
		if p.A == p.B {
			return "path " + itoa(id) + " joins a city to itself"
		}
		adj := func(c, city int) bool {
			r, col := c/b.Cols, c%b.Cols
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				rr, cc := r+d[0], col+d[1]
				if at(rr, cc) == City && b.CityOf[rr*b.Cols+cc] == city {
					return true
				}
			}
			return false
		}
		if !adj(p.Cells[0], p.A) || !adj(p.Cells[len(p.Cells)-1], p.B) {
			return "path " + itoa(id) + " does not end at its cities"
		}
		// Every step gets closer to the far end: rows and columns monotone.
		last := p.Cells[len(p.Cells)-1]
		for i := 1; i < len(p.Cells); i++ {
			far := func(c int) int { return abs(c/b.Cols-last/b.Cols) + abs(c%b.Cols-last%b.Cols) }
			if far(p.Cells[i]) >= far(p.Cells[i-1]) {
				return "path " + itoa(id) + " steps away from its target"
			}
		}
		for i, c := range p.Cells {
			if b.Cells[c] != Path {
				return "path cell is not PATH"
			}
			if i > 0 {
				d := abs(c/b.Cols-p.Cells[i-1]/b.Cols) + abs(c%b.Cols-p.Cells[i-1]%b.Cols)
				if d != 1 {
					return "path " + itoa(id) + " is not 4-connected"
				}
			}
			r, col := c/b.Cols, c%b.Cols
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					x := (r+dr)*b.Cols + col + dc
					if q := b.PathOf[x]; q >= 0 && q != id {
						return "paths " + itoa(id) + " and " + itoa(q) + " touch"
					}
					if k := b.CityOf[x]; k >= 0 && k != p.A && k != p.B {
						return "path " + itoa(id) + " touches a city it does not join"
					}
				}
			}
		}
	}
	if len(b.Shore) < 120 {
		return "too little shore"
	}
	for _, c := range b.Shore {
		r, col := c/b.Cols, c%b.Cols
		t := b.Cells[c]
		if t == Water || t == City || t == Path {
			return "shore cell of the wrong terrain"
		}
		if at(r+1, col) != Water && at(r-1, col) != Water && at(r, col+1) != Water && at(r, col-1) != Water {
			return "shore cell not next to water"
		}
	}
	return ""
}

func connected(b *Board) bool {
	start, land := -1, 0
	for c, t := range b.Cells {
		if t != Water {
			land++
			start = c
		}
	}
	seen := map[int]bool{start: true}
	stack := []int{start}
	var nb [4]int
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range b.neighbours(x, &nb) {
			if b.Cells[n] != Water && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == land
}

func TestGenerateDeterministic(t *testing.T) {
	a, _ := Generate(70, 70, 60, games.NewRNG(42, streamBoard))
	b, _ := Generate(70, 70, 60, games.NewRNG(42, streamBoard))
	c, _ := Generate(70, 70, 60, games.NewRNG(43, streamBoard))
	if a.String() != b.String() {
		t.Fatal("same seed, different boards")
	}
	if a.String() == c.String() {
		t.Fatal("different seeds, same board")
	}
}

func TestGenerateSizes(t *testing.T) {
	for _, n := range []int{20, 35, 100} {
		b, err := Generate(n, n, 8, games.NewRNG(1, streamBoard))
		if err != nil {
			t.Fatalf("%d×%d: %v", n, n, err)
		}
		if b.Rows != n || b.Cols != n {
			t.Fatalf("got %d×%d", b.Rows, b.Cols)
		}
	}
	if _, err := Generate(19, 19, 8, games.NewRNG(1, streamBoard)); err == nil {
		t.Fatal("19×19 accepted")
	}
}
