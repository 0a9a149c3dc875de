package orkisland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/orkisland/sdk"
)

type placed struct{ id, player, r, c, h int }

func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		orks  []placed
		cmds  [][]sdk.Command // per player
		want  []placed        // after the round (respawned orks: position not checked, r = -1)
		bad   []int           // invalid commands per player
		died  []int
		moved bool
	}{
		{
			name: "move onto grass costs 1",
			orks: []placed{{0, 0, 1, 2, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right)}},
			want: []placed{{0, 0, 1, 3, 99}},
		},
		{
			name: "move onto forest costs 2",
			orks: []placed{{0, 0, 5, 5, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Top)}},
			want: []placed{{0, 0, 4, 5, 98}},
		},
		{
			name: "move onto sand costs 3",
			orks: []placed{{0, 0, 5, 7, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Top)}},
			want: []placed{{0, 0, 4, 7, 97}},
		},
		{
			name: "city and path cost 0",
			orks: []placed{{0, 0, 1, 2, 100}, {1, 0, 1, 5, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Bottom), cmd(1, sdk.Bottom)}},
			want: []placed{{0, 0, 2, 2, 100}, {1, 0, 2, 5, 100}},
		},
		{
			name: "water does nothing and costs nothing",
			orks: []placed{{0, 0, 1, 1, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Top)}},
			want: []placed{{0, 0, 1, 1, 100}},
		},
		{
			name: "none stays",
			orks: []placed{{0, 0, 1, 1, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.None)}},
			want: []placed{{0, 0, 1, 1, 100}},
		},
		{
			name: "only the first command to an ork counts",
			orks: []placed{{0, 0, 1, 2, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right), cmd(0, sdk.Left), cmd(0, sdk.Right)}},
			want: []placed{{0, 0, 1, 3, 99}},
			bad:  []int{2, 0},
		},
		{
			name: "commands to others' orks, unknown orks and directions are ignored",
			orks: []placed{{0, 0, 1, 2, 100}, {1, 1, 5, 2, 100}},
			cmds: [][]sdk.Command{{cmd(1, sdk.Right), cmd(7, sdk.Right), cmd(-1, sdk.Right), cmd(0, sdk.Dir(9))}, nil},
			want: []placed{{0, 0, 1, 2, 100}, {1, 1, 5, 2, 100}},
			bad:  []int{4, 0},
		},
		{
			name: "a command with an unknown direction uses the ork's command",
			orks: []placed{{0, 0, 1, 2, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Dir(9)), cmd(0, sdk.Right)}},
			want: []placed{{0, 0, 1, 2, 100}},
			bad:  []int{2, 0},
		},
		{
			name: "own ork blocks, nothing paid",
			orks: []placed{{0, 0, 1, 2, 100}, {1, 0, 1, 3, 100}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right)}},
			want: []placed{{0, 0, 1, 2, 100}, {1, 0, 1, 3, 100}},
		},
		{
			name: "attacker stronger after paying: defender converted, attacker moves in",
			orks: []placed{{0, 0, 1, 2, 50}, {1, 1, 1, 3, 48}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right)}, nil},
			want: []placed{{0, 0, 1, 3, 49}, {1, 0, -1, -1, 100}},
			died: []int{1},
		},
		{
			name: "attacker weaker after paying: attacker converted",
			orks: []placed{{0, 0, 1, 2, 50}, {1, 1, 1, 3, 50}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right)}, nil},
			want: []placed{{0, 1, -1, -1, 100}, {1, 1, 1, 3, 50}},
			died: []int{0},
		},
		{
			name: "the cost counts in the fight: 50 onto sand is 47 < 48",
			orks: []placed{{0, 0, 5, 7, 50}, {1, 1, 4, 7, 48}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Top)}, nil},
			want: []placed{{0, 1, -1, -1, 100}, {1, 1, 4, 7, 48}},
			died: []int{0},
		},
		{
			name: "negative health kills, respawn for the same player",
			orks: []placed{{0, 0, 5, 7, 2}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Top)}},
			want: []placed{{0, 0, -1, -1, 100}},
			died: []int{0},
		},
		{
			name: "zero health is alive",
			orks: []placed{{0, 0, 1, 2, 1}},
			cmds: [][]sdk.Command{{cmd(0, sdk.Right)}},
			want: []placed{{0, 0, 1, 3, 0}},
		},
		{
			name: "an ork killed earlier in the round executes nothing",
			// Ork 1 (player 1) can only be killed by ork 0; whatever the
			// order, ork 1 never reaches (1,5) if it dies first, and if it
			// moves first ork 0 just walks into the empty cell.
			orks:  []placed{{0, 0, 1, 3, 100}, {1, 1, 1, 4, 10}},
			cmds:  [][]sdk.Command{{cmd(0, sdk.Right)}, {cmd(1, sdk.Right)}},
			moved: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := parseTiny(t, tiny)
			s := emptyState(t, b, testConfig(2, 2), 1)
			for _, o := range tt.orks {
				place(s, o.id, o.player, o.r, o.c, o.h)
			}
			parkRest(s)
			for p, cmds := range tt.cmds {
				bad := s.Register(p, cmds)
				want := 0
				if tt.bad != nil {
					want = tt.bad[p]
				}
				if bad != want {
					t.Errorf("player %d: %d invalid commands, want %d", p, bad, want)
				}
			}
			s.Step()
			if tt.moved {
				o0, o1 := s.Orks[0], s.Orks[1]
				switch {
				case o0.Cell == 1*b.Cols+4 && o1.Player == 0 && o1.Health == 100: // 0 killed 1 first
				case o1.Cell == 1*b.Cols+5 && o0.Cell == 1*b.Cols+4 && o0.Health == 99: // 1 moved away first
				default:
					t.Errorf("unexpected outcome: %+v %+v", o0, o1)
				}
				return
			}
			for _, w := range tt.want {
				o := s.Orks[w.id]
				if o.Player != w.player || o.Health != w.h {
					t.Errorf("ork %d: player %d health %d, want player %d health %d", w.id, o.Player, o.Health, w.player, w.h)
				}
				if w.r >= 0 && o.Cell != w.r*b.Cols+w.c {
					t.Errorf("ork %d at %s, want (%d,%d)", w.id, b.pos(o.Cell), w.r, w.c)
				}
				if w.r < 0 && !contains(b.Spawn, o.Cell) {
					t.Errorf("respawned ork %d at %s, not on a spawn cell", w.id, b.pos(o.Cell))
				}
			}
			if !equalInts(s.Died, tt.died) {
				t.Errorf("died %v, want %v", s.Died, tt.died)
			}
			checkInvariants(t, s)
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A tie is decided at random with equal probability.
func TestFightTie(t *testing.T) {
	b := parseTiny(t, tiny)
	wins := 0
	const n = 400
	for seed := range uint64(n) {
		s := emptyState(t, b, testConfig(2, 1), seed)
		place(s, 0, 0, 1, 2, 51)
		place(s, 1, 1, 1, 3, 50) // 51 - 1 = 50: tie
		s.Register(0, []sdk.Command{cmd(0, sdk.Right)})
		s.Step()
		switch {
		case s.Orks[1].Player == 0 && s.Orks[0].Cell == 1*b.Cols+3 && s.Orks[0].Health == 50:
			wins++
		case s.Orks[0].Player == 1 && s.Orks[1].Cell == 1*b.Cols+3 && s.Orks[1].Health == 50:
		default:
			t.Fatalf("seed %d: neither outcome: %+v", seed, s.Orks)
		}
	}
	if wins < n*2/5 || wins > n*3/5 {
		t.Errorf("attacker won %d of %d ties, want about half", wins, n)
	}
}

func TestOwnership(t *testing.T) {
	b := parseTiny(t, tiny)
	s := emptyState(t, b, testConfig(3, 3), 1)
	// City 0 (2x2 at (2,2)): player 0 has 2 orks, player 1 has 1: player 0.
	place(s, 0, 0, 2, 2, 100)
	place(s, 1, 0, 2, 3, 100)
	place(s, 3, 1, 3, 2, 100)
	// City 1: players 1 and 2 tie at 1: stays unowned.
	place(s, 4, 1, 2, 8, 100)
	place(s, 6, 2, 3, 9, 100)
	// Path 0 (4 cells): player 2 alone.
	place(s, 7, 2, 2, 5, 100)
	parkRest(s)
	s.Step()
	if s.CityOwner[0] != 0 || s.CityOwner[1] != -1 || s.PathOwner[0] != 2 {
		t.Fatalf("owners: cities %v paths %v, want [0 -1] [2]", s.CityOwner, s.PathOwner)
	}
	// City 0 (4 cells) and its component of one city: 4 + 2*2 = 8.
	// Path 0 alone (4 cells), its cities not both owned: 4.
	if want := []int{8, 0, 4}; !equalInts(s.Scores, want) {
		t.Fatalf("scores %v, want %v", s.Scores, want)
	}
	// Player 1 brings a second ork to city 0: a 2-2 tie keeps player 0.
	s.Orks[5] = Ork{Player: 1, Cell: 3*b.Cols + 3, Health: 100}
	s.At[s.Orks[5].Cell] = 5
	clearCell(s, 5)
	s.Step()
	if s.CityOwner[0] != 0 {
		t.Fatalf("tie changed the owner of city 0 to %d", s.CityOwner[0])
	}
	// Player 0 leaves: player 1 has strictly more and takes it; it also
	// keeps accumulating points every round.
	s.At[s.Orks[0].Cell] = -1
	s.Orks[0].Cell = 1*b.Cols + 1
	s.At[s.Orks[0].Cell] = 0
	before := s.Scores[1]
	s.Step()
	if s.CityOwner[0] != 1 {
		t.Fatalf("city 0 owner %d, want 1", s.CityOwner[0])
	}
	if got := s.Scores[1] - before; got != 8 {
		t.Fatalf("player 1 earned %d, want 8", got)
	}
}

// clearCell removes the old position of ork id if another cell still
// points at it (tests move orks by hand).
func clearCell(s *State, id int) {
	for c, o := range s.At {
		if o == id && c != s.Orks[id].Cell {
			s.At[c] = -1
		}
	}
}

// The statement's example: 107 for cities, 70 for paths, 36 for the graph.
func TestStatementExample(t *testing.T) {
	sizes := [][2]int{{5, 2}, {6, 5}, {2, 4}, {4, 2}, {3, 2}, {2, 5}, {5, 5}, {5, 2}, {3, 3}}
	b := &Board{}
	for _, s := range sizes {
		b.Cities = append(b.Cities, make([]int, s[0]*s[1]))
	}
	// Components {0,1,2} and {3,4}; 5, 6, 7 isolated. The 38-cell path
	// leads to city 8, owned by someone else: it scores but links nothing.
	b.Paths = []PathInfo{
		{A: 0, B: 1, Cells: make([]int, 11)},
		{A: 1, B: 2, Cells: make([]int, 3)},
		{A: 7, B: 8, Cells: make([]int, 38)},
		{A: 3, B: 4, Cells: make([]int, 18)},
	}
	cityOwner := []int{0, 0, 0, 0, 0, 0, 0, 0, 1}
	pathOwner := []int{0, 0, 0, 0}
	cfg := Config{BonusCity: 1, BonusPath: 1, Factor: 2}
	if got := Points(b, cfg, cityOwner, pathOwner, 0); got != 213 {
		t.Fatalf("red scores %d, want 213", got)
	}
	cfg = Config{BonusCity: 1, BonusPath: 0, Factor: 0}
	if got := Points(b, cfg, cityOwner, pathOwner, 0); got != 107 {
		t.Fatalf("cities alone %d, want 107", got)
	}
}

// A dead ork comes back on a spawn cell (the leftmost or rightmost land
// of a row) with no ork on it or next to it.
func TestRespawnOnSpawnCell(t *testing.T) {
	b := parseTiny(t, tiny)
	if want := []int{13, 22, 25, 34, 37, 46, 49, 58, 61, 70}; !equalInts(b.Spawn, want) {
		t.Fatalf("spawn cells %v, want %v", b.Spawn, want)
	}
	for seed := range uint64(50) {
		s := emptyState(t, b, testConfig(2, 1), seed)
		place(s, 0, 0, 5, 7, 0)
		place(s, 1, 1, 2, 1, 100) // rules out (1,1), (2,1) and (3,1)
		s.Register(0, []sdk.Command{cmd(0, sdk.Top)})
		s.Step()
		o := s.Orks[0]
		if !contains(b.Spawn, o.Cell) || o.Health != 100 || o.Player != 0 {
			t.Fatalf("seed %d: respawned as %+v", seed, o)
		}
		if r, c := o.Cell/b.Cols, o.Cell%b.Cols; c == 1 && r <= 3 {
			t.Fatalf("seed %d: respawned at %s, next to ork 1", seed, b.pos(o.Cell))
		}
		checkInvariants(t, s)
	}
}

// When every spawn cell is taken or next to an ork, a dead ork comes back
// on the first cell in row-major order that is land, not city or path, with
// no ork on it or next to it.
func TestRespawnFallback(t *testing.T) {
	b := parseTiny(t, tiny)
	s := emptyState(t, b, testConfig(2, 3), 1)
	// Orks on (2,1), (4,1), (2,10), (4,10) rule out all ten spawn cells;
	// (1,1) is next to (2,1), so the first allowed cell is (1,2).
	place(s, 0, 0, 2, 1, 100)
	place(s, 1, 0, 4, 1, 100)
	place(s, 2, 0, 2, 10, 100)
	place(s, 3, 1, 4, 10, 100)
	place(s, 4, 1, 5, 7, 2) // dies stepping onto sand
	place(s, 5, 1, 5, 10, 100)
	s.Register(1, []sdk.Command{cmd(4, sdk.Top)})
	s.Step()
	if got := s.Orks[4]; got.Cell != 1*b.Cols+2 || got.Health != 100 || got.Player != 1 {
		t.Fatalf("respawned as %+v at %s, want (1,2)", got, b.pos(got.Cell))
	}
}

// Orks start on spawn cells, none on or next to another, on every board;
// the starts are spread along both coasts.
func TestStartOnSpawnCells(t *testing.T) {
	cfg := ConfigOf(Game{}.Info().Defaults())
	for seed := range uint64(20) {
		b, err := Generate(70, 70, 15, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewState(cfg, b, games.NewRNG(seed, streamPlay))
		if err != nil {
			t.Fatal(err)
		}
		west := 0
		for id, o := range s.Orks {
			if !contains(b.Spawn, o.Cell) {
				t.Fatalf("seed %d: ork %d starts at %s, not a spawn cell", seed, id, b.pos(o.Cell))
			}
			var nb [4]int
			for _, x := range b.neighbours(o.Cell, &nb) {
				if s.At[x] >= 0 {
					t.Fatalf("seed %d: orks %d and %d start side by side", seed, id, s.At[x])
				}
			}
			if o.Cell%b.Cols < b.Cols/2 {
				west++
			}
		}
		if west < 10 || west > 50 {
			t.Fatalf("seed %d: %d of 60 orks start in the western half", seed, west)
		}
		checkInvariants(t, s)
	}
}
