package apocalypse

import (
	"slices"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// mirrorCell is cell c of player 0's quadrant seen from player p's.
func mirrorCell(n, p, c int) int {
	i, j := c/n, c%n
	if p == 1 || p == 2 {
		j = n - 1 - j
	}
	if p == 2 || p == 3 {
		i = n - 1 - i
	}
	return i*n + j
}

// Generated boards are mirror-symmetric, file-valid and fair: the four
// quadrants are images of one another, posts two high and two low per
// quadrant, every player's units in its quadrant, every forest and grass
// cell reachable by soldiers from every other.
func TestGenerate(t *testing.T) {
	for _, size := range []int{60, 24, 41, 120} {
		for seed := range uint64(12) {
			for _, symmetric := range []bool{false, true} {
				cfg := ConfigOf(Game{}.Info().Defaults())
				cfg.Max = size
				if size == 24 {
					cfg.Soldiers = 10
				}
				b, err := Generate(cfg, symmetric, games.NewRNG(seed, streamBoard))
				if err != nil {
					t.Fatalf("%d×%d seed %d: %v", size, size, seed, err)
				}
				checkGenerated(t, b, cfg, symmetric)
				if _, err := ParseFile(Format(b, 100, 50)); err != nil {
					t.Fatalf("%d×%d seed %d: the board's file: %v", size, size, seed, err)
				}
			}
		}
	}
}

func checkGenerated(t *testing.T, b *Board, cfg Config, symmetric bool) {
	t.Helper()
	n := b.Max
	for c, l := range b.Land {
		for p := 1; p < 4; p++ {
			if b.Land[mirrorCell(n, p, c)] != l {
				t.Fatalf("land not symmetric at %d", c)
			}
		}
		if i, j := c/n, c%n; (i == 0 || j == 0 || i == n-1 || j == n-1) && l != Mountain {
			t.Fatal("the border is not mountain")
		}
	}
	quadrant := func(c int) int {
		top, left := c/n < n/2, c%n < n/2
		switch {
		case top && left:
			return 0
		case top:
			return 1
		case left:
			return 3
		}
		return 2
	}
	// Posts: per quadrant, high and low, mirrored.
	high := make([]int, 4)
	cells := map[int]Post{}
	for _, p := range b.Posts {
		if p.Owner != -1 || (b.Land[p.Cell] != Forest && b.Land[p.Cell] != Grass) {
			t.Fatalf("post %+v", p)
		}
		if p.High {
			high[quadrant(p.Cell)]++
		}
		cells[p.Cell] = p
	}
	if len(b.Posts) != cfg.Posts || len(cells) != cfg.Posts || !slices.Equal(high, []int{2, 2, 2, 2}) {
		t.Fatalf("%d posts, high per quadrant %v", len(b.Posts), high)
	}
	for c, p := range cells {
		for q := 1; q < 4; q++ {
			if m, ok := cells[mirrorCell(n, q, c)]; !ok || m.High != p.High {
				t.Fatal("posts not symmetric")
			}
		}
	}
	// Helicopters: in their quadrant, mirrored, headings mirrored.
	if len(b.Helicopters) != 4*cfg.Helicopters {
		t.Fatalf("%d helicopters", len(b.Helicopters))
	}
	for k, h := range b.Helicopters {
		if quadrant(h.Cell) != h.Player || h.Napalm != cfg.RoundsNapalm || len(h.Para) != 0 {
			t.Fatalf("helicopter %+v", h)
		}
		first := b.Helicopters[k%cfg.Helicopters]
		if mirrorCell(n, h.Player, first.Cell) != h.Cell {
			t.Fatalf("helicopter %d not the mirror of %d", h.ID, first.ID)
		}
		for a := h.Cell/n - Half; a <= h.Cell/n+Half; a++ {
			for c := h.Cell%n - Half; c <= h.Cell%n+Half; c++ {
				if b.Land[a*n+c] == Mountain {
					t.Fatal("a helicopter covers a mountain")
				}
			}
		}
	}
	if h := b.Helicopters; h[0].Ori != sdk.South || (cfg.Helicopters > 1 && h[1].Ori != sdk.East) ||
		h[2*cfg.Helicopters].Ori != sdk.North {
		t.Fatalf("headings %d %d", h[0].Ori, h[1].Ori)
	}
	// Soldiers: in their quadrant on forest or grass, one a cell, off the
	// posts; mirrored when symmetric.
	at := map[int]Soldier{}
	for _, u := range b.Soldiers {
		if quadrant(u.Cell) != u.Player || (b.Land[u.Cell] != Forest && b.Land[u.Cell] != Grass) || u.Life != cfg.Life {
			t.Fatalf("soldier %+v", u)
		}
		if _, dup := at[u.Cell]; dup {
			t.Fatal("two soldiers on a cell")
		}
		if _, post := cells[u.Cell]; post {
			t.Fatal("a soldier starts on a post")
		}
		at[u.Cell] = u
	}
	if len(at) != 4*cfg.Soldiers {
		t.Fatalf("%d soldiers", len(at))
	}
	mirrored := true
	for c, u := range at {
		if u.Player == 0 {
			for q := 1; q < 4; q++ {
				m, ok := at[mirrorCell(n, q, c)]
				mirrored = mirrored && ok && m.Player == q
			}
		}
	}
	if mirrored != symmetric {
		t.Fatalf("soldiers mirrored: %v, want %v", mirrored, symmetric)
	}
	// One group of forest and grass.
	seen := make([]bool, n*n)
	stack := []int{b.Soldiers[0].Cell}
	seen[stack[0]] = true
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range sdk.SoldierDirs {
			x := (c/n+d.I)*n + c%n + d.J
			if (b.Land[x] == Forest || b.Land[x] == Grass) && !seen[x] {
				seen[x] = true
				stack = append(stack, x)
			}
		}
	}
	for c, l := range b.Land {
		if (l == Forest || l == Grass) && !seen[c] {
			t.Fatalf("cell %d cannot be reached", c)
		}
	}
}

// The land is varied: all four kinds, forest and grass in good measure.
func TestGenerateLandMix(t *testing.T) {
	cfg := ConfigOf(Game{}.Info().Defaults())
	for seed := range uint64(20) {
		b, err := Generate(cfg, false, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		count := map[Terrain]int{}
		for _, l := range b.Land {
			count[l]++
		}
		total := len(b.Land)
		if count[Forest] < total/4 || count[Grass] < total/6 || count[Water] < total/50 || count[Mountain] <= 4*(b.Max-1) {
			t.Fatalf("seed %d: land %v", seed, count)
		}
	}
}
