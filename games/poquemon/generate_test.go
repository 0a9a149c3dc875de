package poquemon

import (
	"fmt"
	"slices"
	"testing"

	"arena.dev/games"
)

// mirrored returns cell c mirrored across the middle row (v) and/or column (h).
func mirrored(b *Board, c int, v, h bool) int {
	i, j := c/b.Cols, c%b.Cols
	if v {
		i = b.Rows - 1 - i
	}
	if h {
		j = b.Cols - 1 - j
	}
	return i*b.Cols + j
}

// checkBoard verifies what every generated board must satisfy.
func checkBoard(t *testing.T, s games.Settings, b *Board) {
	t.Helper()
	rows, cols := s["rows"], s["cols"]
	if b.Rows != rows || b.Cols != cols {
		t.Fatalf("%d×%d, want %d×%d", b.Rows, b.Cols, rows, cols)
	}
	for c, w := range b.Wall {
		i, j := c/cols, c%cols
		if (i == 0 || j == 0 || i == rows-1 || j == cols-1) && !w {
			t.Fatalf("border cell %s is not a wall", b.pos(c))
		}
		// Walls and ghost-wall cells are mirrored.
		for _, m := range []int{mirrored(b, c, true, false), mirrored(b, c, false, true)} {
			if b.Wall[m] != w {
				t.Fatalf("walls not symmetric at %s", b.pos(c))
			}
		}
	}
	if len(b.Ghosts) != s["nb_ghost_wall"] || len(b.Poquemon) != 4*s["nb_pokemon"] {
		t.Fatalf("%d ghost walls, %d Poquémon", len(b.Ghosts), len(b.Poquemon))
	}
	count := map[Kind]int{}
	for _, x := range b.Bonuses {
		count[x.Kind]++
		if !x.Present || b.Wall[x.Cell] || b.GhostAt[x.Cell] >= 0 {
			t.Fatalf("bonus %+v on a wall or a ghost wall", x)
		}
		if (x.Kind == Point) != (x.Value > 0) || x.Value%100 != 0 || x.Value > 500 {
			t.Fatalf("bonus %+v", x)
		}
	}
	for _, k := range []Kind{Point, Stone, Scope, Attack, Defense} {
		if count[k] != s["nb_"+lower(k)] {
			t.Fatalf("%d %s bonuses, want %d", count[k], lower(k), s["nb_"+lower(k)])
		}
	}
	for id, q := range b.Poquemon {
		i, j := q.Cell/cols, q.Cell%cols
		quarter := 0
		if j > (cols-1)/2 {
			quarter++
		}
		if i > (rows-1)/2 {
			quarter += 2
		}
		if !q.Alive || q.Player != id/s["nb_pokemon"] || quarter != q.Player || b.Wall[q.Cell] || b.GhostAt[q.Cell] >= 0 {
			t.Fatalf("Poquémon %d %+v at %s", id, q, b.pos(q.Cell))
		}
	}
	// The floor is one piece even with every ghost wall present.
	g := &gen{rows: rows, cols: cols, wall: b.Wall, ghost: make([]bool, rows*cols)}
	for _, x := range b.Ghosts {
		g.ghost[x.Cell] = true
	}
	if !g.connected() {
		t.Fatal("the floor is cut in pieces")
	}
	if _, err := NewState(ConfigOf(s), b, games.NewRNG(1, 1)); err != nil {
		t.Fatal(err)
	}
}

func TestGenerateDefault(t *testing.T) {
	s := Game{}.Info().Defaults()
	var share float64
	const seeds = 100
	for seed := range uint64(seeds) {
		b, err := Generate(s, games.NewSecretRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		checkBoard(t, s, b)
		walls := 0
		for c, w := range b.Wall {
			if w && c/b.Cols > 0 && c/b.Cols < b.Rows-1 && c%b.Cols > 0 && c%b.Cols < b.Cols-1 {
				walls++
			}
		}
		share += float64(walls) / float64((b.Rows-2)*(b.Cols-2)) / seeds
		checkFair(t, b)
	}
	// Like the default board: 28% of the inside is wall.
	if share < 0.22 || share > 0.30 {
		t.Fatalf("walls take %.0f%% of the inside on average, want about 27%%", 100*share)
	}
}

// checkFair verifies that with the default counts, which the mirror images
// share evenly, every player sees the same board from its start: the same
// walking distances to the same bonuses and ghost walls.
func checkFair(t *testing.T, b *Board) {
	t.Helper()
	var views [4][]string
	for p := range 4 {
		start := b.Poquemon[p].Cell
		dist := bfs(b, start)
		for _, x := range b.Bonuses {
			views[p] = append(views[p], fmt.Sprintf("%d:%d:%d", x.Kind, x.Value, dist[x.Cell]))
		}
		for _, g := range b.Ghosts {
			views[p] = append(views[p], fmt.Sprintf("M:%v:%d:%d", g.Present, g.Time, dist[g.Cell]))
		}
		for _, q := range b.Poquemon {
			views[p] = append(views[p], fmt.Sprintf("P:%d", dist[q.Cell]))
		}
		slices.Sort(views[p])
	}
	for p := 1; p < 4; p++ {
		if !slices.Equal(views[p], views[0]) {
			t.Fatalf("player %d's start is not like player 0's:\n%s", p, b)
		}
	}
}

// bfs is the walking distance from start to every cell through non-wall
// cells (ghost walls count as open).
func bfs(b *Board, start int) []int {
	dist := make([]int, len(b.Wall))
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	queue := []int{start}
	for h := 0; h < len(queue); h++ {
		c := queue[h]
		for _, n := range []int{c - b.Cols, c + b.Cols, c - 1, c + 1} {
			if !b.Wall[n] && dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// Any settings Validate accepts give a board, from the smallest to the
// fullest.
func TestGenerateAnySize(t *testing.T) {
	info := Game{}.Info()
	cases := []games.Settings{
		{"rows": 7, "cols": 7, "nb_ghost_wall": 0, "nb_point": 1, "nb_stone": 0, "nb_scope": 0, "nb_attack": 0, "nb_defense": 0},
		{"rows": 7, "cols": 8, "nb_ghost_wall": 1, "nb_point": 3, "nb_stone": 1, "nb_scope": 0, "nb_attack": 0, "nb_defense": 0},
		{"rows": 10, "cols": 10, "nb_pokemon": 2, "nb_ghost_wall": 3, "nb_point": 5, "nb_stone": 1, "nb_scope": 1, "nb_attack": 1, "nb_defense": 1},
		{"rows": 16, "cols": 30},
		{"rows": 100, "cols": 100, "nb_pokemon": 4, "nb_ghost_wall": 200, "nb_point": 400, "nb_stone": 200, "nb_scope": 200, "nb_attack": 200, "nb_defense": 200},
		{"rows": 30, "cols": 30, "nb_pokemon": 4, "nb_ghost_wall": 40, "nb_point": 100, "nb_stone": 20, "nb_scope": 10, "nb_attack": 30, "nb_defense": 30},
	}
	for _, over := range cases {
		s := info.Defaults()
		for k, v := range over {
			s[k] = v
		}
		if err := info.Check(s); err != nil {
			t.Fatalf("%v: %v", over, err)
		}
		for seed := range uint64(20) {
			b, err := Generate(s, games.NewSecretRNG(seed, streamBoard))
			if err != nil {
				t.Fatalf("%v seed %d: %v", over, seed, err)
			}
			checkBoard(t, s, b)
		}
	}
	// One item too many for the room is refused by Validate, naming rows×cols.
	s := info.Defaults()
	s["rows"], s["cols"], s["nb_point"] = 7, 7, 4
	if err := info.Check(s); err == nil {
		t.Fatal("a 7×7 board with 4 Poquémon, 6 ghost walls and 19 bonuses accepted")
	}
}

func TestGenerateDeterministic(t *testing.T) {
	s := Game{}.Info().Defaults()
	a, _ := Generate(s, games.NewSecretRNG(5, streamBoard))
	b, _ := Generate(s, games.NewSecretRNG(5, streamBoard))
	c, _ := Generate(s, games.NewSecretRNG(6, streamBoard))
	if string(Format(s, a)) != string(Format(s, b)) {
		t.Fatal("same seed, different boards")
	}
	if a.String() == c.String() {
		t.Fatal("different seeds, same board")
	}
}
