package orkisland

import (
	"fmt"
	"math"
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
		b, err := Generate(70, 70, 15, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := checkBoard(b); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, b)
		}
	}
}

func checkBoard(b *Board) error {
	at := func(r, c int) Terrain {
		if r < 0 || c < 0 || r >= b.Rows || c >= b.Cols {
			return Water
		}
		return b.Cells[r*b.Cols+c]
	}
	for c, t := range b.Cells {
		r, col := c/b.Cols, c%b.Cols
		if (r == 0 || col == 0 || r == b.Rows-1 || col == b.Cols-1) && t != Water {
			return fmt.Errorf("land on the border at %s", b.pos(c))
		}
		if (t == City) != (b.CityOf[c] >= 0) || (t == Path) != (b.PathOf[c] >= 0) {
			return fmt.Errorf("cell %s: terrain and city/path disagree", b.pos(c))
		}
	}
	if !connected(b) {
		return fmt.Errorf("land is not 4-connected")
	}
	if len(b.Cities) < 8 {
		return fmt.Errorf("%d cities, want at least 8", len(b.Cities))
	}
	for id, cs := range b.Cities {
		r0, c0 := cs[0]/b.Cols, cs[0]%b.Cols
		r1, c1 := cs[len(cs)-1]/b.Cols, cs[len(cs)-1]%b.Cols
		h, w := r1-r0+1, c1-c0+1
		if h < 2 || h > 6 || w < 2 || w > 6 || h*w != len(cs) {
			return fmt.Errorf("city %d is not a 2..6 rectangle", id)
		}
		for _, c := range cs {
			if b.CityOf[c] != id {
				return fmt.Errorf("city %d: cell %s is not its own", id, b.pos(c))
			}
		}
		// No earlier city 2 cells above or left of it, 1 below or right.
		for r := r0 - 2; r <= r1+1; r++ {
			for c := c0 - 2; c <= c1+1; c++ {
				if at(r, c) == City && b.CityOf[r*b.Cols+c] < id {
					return fmt.Errorf("cities %d and %d too close", id, b.CityOf[r*b.Cols+c])
				}
			}
		}
	}
	for id, p := range b.Paths {
		if p.A == p.B || p.A < 0 || p.B < 0 || p.A >= len(b.Cities) || p.B >= len(b.Cities) {
			return fmt.Errorf("path %d joins cities %d and %d", id, p.A, p.B)
		}
		touches := func(c, city int) bool {
			r, col := c/b.Cols, c%b.Cols
			for _, d := range dir4 {
				if rr, cc := r+d[0], col+d[1]; at(rr, cc) == City && b.CityOf[rr*b.Cols+cc] == city {
					return true
				}
			}
			return false
		}
		if !touches(p.Cells[0], p.A) || !touches(p.Cells[len(p.Cells)-1], p.B) {
			return fmt.Errorf("path %d does not start at city %d and end at city %d", id, p.A, p.B)
		}
		for i, c := range p.Cells {
			if b.Cells[c] != Path || b.PathOf[c] != id {
				return fmt.Errorf("path %d: cell %s is not its own", id, b.pos(c))
			}
			if i > 0 {
				if d := absInt(c/b.Cols-p.Cells[i-1]/b.Cols) + absInt(c%b.Cols-p.Cells[i-1]%b.Cols); d != 1 {
					return fmt.Errorf("path %d is not 4-connected", id)
				}
			}
			// Paths stay 2 cells apart, and away from other cities.
			r, col := c/b.Cols, c%b.Cols
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					if at(r+dr, col+dc) == Water {
						continue
					}
					x := (r+dr)*b.Cols + col + dc
					if q := b.PathOf[x]; q >= 0 && q != id {
						return fmt.Errorf("paths %d and %d within 2 cells", id, q)
					}
					if k := b.CityOf[x]; k >= 0 && k != p.A && k != p.B {
						return fmt.Errorf("path %d within 2 cells of city %d", id, k)
					}
				}
			}
		}
	}
	return checkSpawn(b)
}

// checkSpawn checks the spawn cells: the leftmost and rightmost land cell
// of each row, unless city or path.
func checkSpawn(b *Board) error {
	var want []int
	for r := range b.Rows {
		var land []int
		for c := range b.Cols {
			if b.Cells[r*b.Cols+c] != Water {
				land = append(land, r*b.Cols+c)
			}
		}
		if len(land) == 0 {
			continue
		}
		for i, c := range []int{land[0], land[len(land)-1]} {
			if t := b.Cells[c]; t != City && t != Path && (i == 0 || len(land) > 1) {
				want = append(want, c)
			}
		}
	}
	if !equalInts(b.Spawn, want) {
		return fmt.Errorf("spawn cells %v, want %v", b.Spawn, want)
	}
	return nil
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// boardStats are the figures games/ork-island.md gives for the original
// generator, averaged over its boards.
type boardStats struct {
	cities, cityCells, paths, pathCells float64
	forest, sand, land                  float64 // % of land, of land, of the board
}

func statsOf(b *Board) boardStats {
	var s boardStats
	s.cities, s.paths = float64(len(b.Cities)), float64(len(b.Paths))
	for _, cs := range b.Cities {
		s.cityCells += float64(len(cs))
	}
	for _, p := range b.Paths {
		s.pathCells += float64(len(p.Cells))
	}
	land := 0
	for _, t := range b.Cells {
		switch t {
		case Water:
			continue
		case Forest:
			s.forest++
		case Sand:
			s.sand++
		}
		land++
	}
	s.forest = 100 * s.forest / float64(land)
	s.sand = 100 * s.sand / float64(land)
	s.land = 100 * float64(land) / float64(len(b.Cells))
	return s
}

// The original's averages over 100 seeds (games/ork-island.md).
var original = boardStats{cities: 16.9, cityCells: 252, paths: 13.9, pathCells: 230, forest: 17.7, sand: 18.0, land: 79}

// Over 200 seeds our default boards average the original's figures within 10%.
func TestGeneratorDistribution(t *testing.T) {
	const n = 200
	var sum boardStats
	for seed := range uint64(n) {
		b, err := Generate(70, 70, 15, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		s := statsOf(b)
		sum.cities += s.cities
		sum.cityCells += s.cityCells
		sum.paths += s.paths
		sum.pathCells += s.pathCells
		sum.forest += s.forest
		sum.sand += s.sand
		sum.land += s.land
	}
	for _, f := range []struct {
		name      string
		got, want float64
	}{
		{"cities", sum.cities / n, original.cities},
		{"city cells", sum.cityCells / n, original.cityCells},
		{"paths", sum.paths / n, original.paths},
		{"path cells", sum.pathCells / n, original.pathCells},
		{"forest % of land", sum.forest / n, original.forest},
		{"sand % of land", sum.sand / n, original.sand},
		{"land % of the board", sum.land / n, original.land},
	} {
		t.Logf("%-20s %6.1f (original %5.1f)", f.name, f.got, f.want)
		if math.Abs(f.got-f.want) > f.want/10 {
			t.Errorf("%s: average %.1f, the original's %.1f: more than 10%% apart", f.name, f.got, f.want)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	a, _ := Generate(70, 70, 15, games.NewRNG(42, streamBoard))
	b, _ := Generate(70, 70, 15, games.NewRNG(42, streamBoard))
	c, _ := Generate(70, 70, 15, games.NewRNG(43, streamBoard))
	if a.String() != b.String() || fmt.Sprint(a.Paths) != fmt.Sprint(b.Paths) {
		t.Fatal("same seed, different boards")
	}
	if a.String() == c.String() {
		t.Fatal("different seeds, same board")
	}
}

func TestGenerateSizes(t *testing.T) {
	for _, n := range []int{20, 35, 100, 200} {
		for seed := range uint64(5) {
			b, err := Generate(n, n, 1, games.NewRNG(seed, streamBoard))
			if err != nil {
				t.Fatalf("%d×%d: %v", n, n, err)
			}
			if b.Rows != n || b.Cols != n {
				t.Fatalf("got %d×%d", b.Rows, b.Cols)
			}
			if err := checkBoard(b); err != nil {
				t.Fatalf("%d×%d seed %d: %v", n, n, seed, err)
			}
		}
	}
	if _, err := Generate(19, 19, 1, games.NewRNG(1, streamBoard)); err == nil {
		t.Fatal("19×19 accepted")
	}
}

// BenchmarkGenerate times one default board, as every ladder match makes
// one.
func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for i := range b.N {
		if _, err := Generate(70, 70, 15, games.NewRNG(uint64(i), streamBoard)); err != nil {
			b.Fatal(err)
		}
	}
}

// largestGroup is the number of cities in the largest group of cities
// joined by paths (a connected component in the statement's scoring sense,
// with every city and path owned by one player).
func largestGroup(b *Board) int {
	root := make([]int, len(b.Cities))
	for i := range root {
		root[i] = i
	}
	find := func(x int) int {
		for root[x] != x {
			root[x] = root[root[x]]
			x = root[x]
		}
		return x
	}
	for _, p := range b.Paths {
		root[find(p.A)] = find(p.B)
	}
	size := make([]int, len(b.Cities))
	best := 0
	for i := range root {
		size[find(i)]++
		best = max(best, size[find(i)])
	}
	return best
}

// The largest group of cities joined by paths, over the seeds 1–100 a match
// uses for its board. The original's generator (its GENERATOR1 with its own
// random generator) gives a mean of 9.6 and a maximum of 21 on its seeds
// 1–100, but 9.32 (standard deviation 3.9, so ±0.39 for a 100-seed mean)
// and a maximum of 25 over its seeds 1–2000; its 100-seed windows range
// from 8.6 to 9.8, their maxima from 18 to 25. The band is the original's
// long-run mean ± about three standard errors of a 100-seed mean. Its paths
// average 16.7 cells (100-seed windows 15.9 to 17.3).
func TestGeneratorCityGroups(t *testing.T) {
	const n = 100
	var groups, cities, paths, pathCells float64
	biggest := 0
	for seed := uint64(1); seed <= n; seed++ {
		b, err := Generate(70, 70, 15, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		g := largestGroup(b)
		groups += float64(g)
		biggest = max(biggest, g)
		cities += float64(len(b.Cities))
		paths += float64(len(b.Paths))
		for _, p := range b.Paths {
			pathCells += float64(len(p.Cells))
		}
	}
	mean := groups / n
	t.Logf("seeds 1-%d: largest group mean %.2f max %d (original 9.6, max 21; long run 9.32, max 25)", n, mean, biggest)
	t.Logf("cities %.2f, paths %.2f, path cells %.1f, cells per path %.1f (original 16.9, 13.9, 230, 16.5; long run 16.2, 13.6, 227, 16.7)",
		cities/n, paths/n, pathCells/n, pathCells/paths)
	if mean < 8.3 || mean > 10.5 {
		t.Errorf("largest group averages %.2f cities, want 8.3..10.5", mean)
	}
	if biggest < 15 {
		t.Errorf("largest group over %d seeds is %d cities, want at least 15", n, biggest)
	}
	if c := pathCells / paths; c < 15 || c > 18.5 {
		t.Errorf("paths average %.1f cells, want 15..18.5", c)
	}
}
