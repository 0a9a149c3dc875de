package poquemon

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
)

func defaultFile(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(shared + "/boards/poquemon-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestDefaultBoardFile(t *testing.T) {
	f, err := ParseFile(defaultFile(t))
	if err != nil {
		t.Fatal(err)
	}
	// The original file's values are our defaults.
	info := Game{}.Info()
	if err := info.Check(f.Settings()); err != nil {
		t.Fatal(err)
	}
	def := info.Defaults()
	for k, v := range def {
		if f.Settings()[k] != v {
			t.Errorf("%s = %d in the file, default %d", k, f.Settings()[k], v)
		}
	}
	b := f.Board
	if b.Rows != 15 || b.Cols != 31 || len(b.Ghosts) != 6 || len(b.Bonuses) != 35 || len(b.Poquemon) != 4 {
		t.Fatalf("board %d×%d, %d ghost walls, %d bonuses, %d Poquémon", b.Rows, b.Cols, len(b.Ghosts), len(b.Bonuses), len(b.Poquemon))
	}
	if q := b.Poquemon[1]; q.Cell != 2*31+24 || q.Player != 1 || !q.Alive || q.Attack != 1 || q.Defense != 1 || q.Scope != 1 {
		t.Fatalf("Poquémon 1: %+v", q)
	}
	if g := b.Ghosts[0]; g.Cell != 3*31+15 || !g.Present || g.Time != 30 {
		t.Fatalf("ghost wall 0: %+v", g)
	}
	if x := b.Bonuses[0]; x.Kind != Point || x.Cell != 1*31+3 || x.Value != 500 || !x.Present {
		t.Fatalf("bonus 0: %+v", x)
	}
	if x := b.Bonuses[34]; x.Kind != Attack || x.Cell != 8*31+24 {
		t.Fatalf("bonus 34: %+v", x)
	}
	walls := 0
	for _, w := range b.Wall {
		if w {
			walls++
		}
	}
	if walls != 88+104 {
		t.Fatalf("%d walls", walls)
	}
	// It plays.
	m, err := Game{}.NewMatch(def, f, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.(*match).s.B; got != b {
		t.Fatal("the match is not on the file's board")
	}
}

func TestBoardFileRoundTrip(t *testing.T) {
	f, err := ParseFile(defaultFile(t))
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, s games.Settings, b *Board) {
		again, err := ParseFile(Format(s, b))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, Format(s, b))
		}
		if again.Board.String() != b.String() || !bytes.Equal(Format(s, again.Board), Format(s, b)) {
			t.Fatalf("%s changed through its file", name)
		}
	}
	check("default", f.Settings(), f.Board)
	s := Game{}.Info().Defaults()
	for seed := range uint64(10) {
		b, err := Generate(s, games.NewSecretRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		check("generated", s, b)
	}
}

// Every line of a valid file replaced by garbage gives an error naming
// that very line, but for the lines the original ignores: the column
// labels (any word) and what follows the bonus table. Garbage on a blank
// line before the column labels is taken for one, and the fault is found
// on a later line, as the original would.
func TestBoardFileGarbageLines(t *testing.T) {
	data := defaultFile(t)
	want, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	labels := map[int]bool{}
	for i, line := range lines {
		if strings.HasPrefix(line, "   0") {
			labels[i] = true
		}
	}
	end := len(lines)
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	for _, garbage := range []string{"@@ garbage @@", "garbage", "0", "X 1 2 3 4 5 6 7 8 9 10 11"} {
		for i := range lines {
			bad := append([]string(nil), lines...)
			bad[i] = garbage
			f, err := ParseFile([]byte(strings.Join(bad, "\n")))
			blank := strings.TrimSpace(lines[i]) == ""
			switch got := games.ErrorLine(err); {
			case i >= end:
				if err != nil || !reflect.DeepEqual(f, want) {
					t.Errorf("line %d after the tables replaced by %q: %v", i+1, garbage, err)
				}
			case labels[i] && len(strings.Fields(garbage)) == 1:
				if err != nil || !reflect.DeepEqual(f, want) {
					t.Errorf("column labels on line %d replaced by %q: %v", i+1, garbage, err)
				}
			case got != i+1 && !(blank && got > i+1):
				t.Errorf("line %d (%q) replaced by %q: error %v names line %d", i+1, lines[i], garbage, err, got)
			}
		}
	}
}

// A file cut anywhere fails, unless only blank space was cut.
func TestBoardFileTruncated(t *testing.T) {
	data := defaultFile(t)
	for n := range len(data) {
		if strings.TrimSpace(string(data[n:])) == "" {
			break
		}
		if _, err := ParseFile(data[:n]); err == nil {
			t.Fatalf("cut after %d bytes (%q...): accepted", n, data[max(0, n-20):n])
		}
	}
}

// The original's reader refuses these (we name the line at fault), and so
// do we; the last few it reads but cannot play through.
func TestBoardFileErrors(t *testing.T) {
	base := string(defaultFile(t))
	lineOf := func(s, sub string) int { return strings.Count(s[:strings.Index(s, sub)], "\n") + 1 }
	tests := []struct {
		name, old, new, msg string
		line                string // a substring of the line to blame, in the faulty file
	}{
		{"header", "Poquemon v1", "Poquemon v2", `want "Poquemon v1"`, "Poquemon v2"},
		{"header's case", "Poquemon v1", "poquemon v1", `want "Poquemon v1"`, "poquemon v1"},
		{"three players", "nb_players 4", "nb_players 3", "4 players", "nb_players 3"},
		{"negative parameter", "battle_reward 15", "battle_reward -1", "at least 0", "battle_reward"},
		{"no rows", "rows 15", "rows 0", "at least 1", "rows 0"},
		{"more bonuses than cells (blamed on the last parameter)", "nb_point 20", "nb_point 466", "fewer than", "cols 31"},
		{"over our limit", "nb_rounds 400", "nb_rounds 20000", "out of range", "nb_rounds 20000"},
		{"not a 32-bit int", "battle_reward 15", "battle_reward 2147483648", "not an integer", "battle_reward"},
		{"parameter order", "nb_stone 5\nnb_scope 2", "nb_scope 2\nnb_stone 5", `want "nb_stone VALUE"`, "nb_scope 2"},
		{"our setting's name", "nb_poquemon 1", "nb_pokemon 1", `want "nb_poquemon VALUE"`, "nb_pokemon 1"},
		{"round past the end", "round 0", "round 401", "out of [0, nb_rounds]", "round 401"},
		{"unknown letter", "01 XSXP", "01 XSXZ", "unknown letter", "01 XSXZ"},
		{"border", "04 XPX", "04 .PX", "border", "04 .PX"},
		{"ghost wall letter on the border", "04 XPX", "04 MPX", "border", "04 MPX"},
		{"short row", "10 X.X.........................XPX", "10 X.X........................XPX", "has 30 letters", "10 X.X"},
		{"row number", "10 X.X", "11 X.X", "want row 10", "11 X.X"},
		{"status", "status 0 0 0 0", "status 0 0 x 0", "not a number", "status"},
		{"Poquémon on a wall", "1\t1\t2\t24", "1\t1\t2\t28", "stands on a wall", "1\t1\t2\t28"},
		{"two on a cell", "1\t1\t2\t24", "1\t1\t2\t6", "already taken by Poquémon 0", "1\t1\t2\t6"},
		{"Poquémon player", "1\t1\t2\t24", "1\t2\t2\t24", "belongs to player 1", "1\t2\t2\t24"},
		{"Poquémon scope", "2\t2\t12\t6\t1\t1\t1", "2\t2\t12\t6\t1\t1\t9", "scope 9", "2\t2\t12\t6\t1\t1\t9"},
		{"no defense", "2\t2\t12\t6\t1\t1", "2\t2\t12\t6\t1\t0", "at least 1", "2\t2\t12\t6\t1\t0"},
		{"dead without a time", "0\t0\t2\t6\t1\t1\t1\t0\t0\t0       a", "0\t0\t2\t6\t1\t1\t1\t0\t0\t0       d", "time must be", "0\t0\t2\t6"},
		{"alive with a time", "0\t0\t2\t6\t1\t1\t1\t0\t0\t0", "0\t0\t2\t6\t1\t1\t1\t0\t0\t5", "time must be", "0\t0\t2\t6"},
		{"present ghost wall on a wall", "7\t22\t 30     1", "7\t23\t 30     1", "present on 'X'", "7\t23"},
		{"present ghost wall on a bonus", "7\t22\t 30     1", "7\t27\t 30     1", "present on 'P'", "7\t27"},
		{"present ghost wall on a Poquémon", "7\t22\t 30     1", "2\t6\t 30     1", "present on Poquémon 0", "2\t6\t 30"},
		{"ghost wall on the border", "7\t22\t 30     1", "0\t22\t 30     0", "border", "0\t22\t 30"},
		{"ghost wall listed twice", "7\t22\t 30     1", "7\t2\t 30     1", "listed twice", "7\t2\t 30     1\n7\t28"},
		{"ghost wall time 0", "7\t22\t 30     1", "7\t22\t 0     1", "time 0", "7\t22\t 0"},
		{"negative ghost wall time", "7\t22\t 30     1", "7\t22\t -4     1", "negative time", "7\t22\t -4"},
		{"bag value", "P\t\t1\t11\t200", "P\t\t1\t11\t250", "multiple of 100", "P\t\t1\t11\t250"},
		{"empty bag", "P\t\t1\t11\t200  0     1", "P\t\t1\t11\t0  0     1", "at least 100", "P\t\t1\t11\t0"},
		{"empty bag, present as 2", "P\t\t1\t11\t200  0     1", "P\t\t1\t11\t0  0     2", "at least 100", "P\t\t1\t11\t0"},
		{"stone with points", "S\t\t1\t1\t0", "S\t\t1\t1\t100", "only point bags", "S\t\t1\t1\t100"},
		{"present with a time", "P\t\t1\t11\t200  0     1", "P\t\t1\t11\t200  3     1", "want 0 when present", "P\t\t1\t11"},
		{"absent without a time", "P\t\t1\t11\t200  0     1", "P\t\t1\t11\t200  0     0", "time 0 when absent", "P\t\t1\t11"},
		{"bonus type", "P\t\t1\t11", "Q\t\t1\t11", "want P, S", "Q\t\t1\t11"},
		{"bonus on the wrong letter", "D\t\t6\t6", "D\t\t6\t10", "want D", "D\t\t6\t10"},
		{"bonus on a wall", "D\t\t6\t6", "D\t\t6\t5", "want D", "D\t\t6\t5"},
		{"too many of a kind", "nb_point 20", "nb_point 19", "more P bonuses", "P\t\t13\t27"},
	}
	for _, tt := range tests {
		if !strings.Contains(base, tt.old) {
			t.Fatalf("%s: %q not in the default file", tt.name, tt.old)
		}
		text := strings.Replace(base, tt.old, tt.new, 1)
		_, err := ParseFile([]byte(text))
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.msg)
			continue
		}
		if want := lineOf(text, tt.line); games.ErrorLine(err) != want {
			t.Errorf("%s: error %v names line %d, want %d", tt.name, err, games.ErrorLine(err), want)
		}
	}
	// A letter the tables do not list is blamed on its row: the original
	// aborts when a Poquémon steps there.
	text := strings.Replace(base, "P\t\t13\t27\t500  0     1", "P\t\t13\t27\t500  5     0", 1)
	if _, err := ParseFile([]byte(text)); err == nil || games.ErrorLine(err) != lineOf(text, "13 XSXP") {
		t.Errorf("unlisted bag: %v", err)
	}
}

// The original's reader accepts these, and so do we, with the meaning its
// engine gives them.
func TestBoardFileAsTheOriginal(t *testing.T) {
	base := string(defaultFile(t))
	c := func(i, j int) int { return i*31 + j }
	tests := []struct {
		name     string
		old, new []string // replaced in order
		check    func(f *File) string
	}{
		{"row numbers as the original reads an int; letters spaced out or in lower case",
			[]string{"00 XXX", "05 X.X..XXXPXXX", "10 X.X...."},
			[]string{"0 XXX", "+5 x.x..xxxpxxx", "10X . X . . . ."},
			func(f *File) string {
				if !f.Board.Wall[c(5, 5)] || f.Board.Wall[c(5, 3)] {
					return "walls misread"
				}
				return ""
			}},
		{"column labels are any word", []string{"   0000000000", "   0123456789"}, []string{"   labels-are-ignored", "   zzz"}, nil},
		{"table headers are any words",
			[]string{"id  ply\ti   j   at\tdef\tab\tped\tpts\ttime alive", "i\tj\ttime present", "type\ti\tj\tpts time  present"},
			[]string{"a b c d e f g h i j k", "w x y z", "u v w x y z"}, nil},
		{"status numbers", []string{"status 0 0 0 0"}, []string{"status 0.5 -1 1e-3 .25"}, nil},
		{"parameters a match may have, though the original's reader refuses them",
			[]string{"nb_rounds 400", "max_stone 2"}, []string{"nb_rounds 401", "max_stone 0"},
			func(f *File) string {
				if f.Settings()["nb_rounds"] != 401 || f.Settings()["max_stone"] != 0 {
					return fmt.Sprint(f.Settings())
				}
				return ""
			}},
		{"a board at round 6", []string{"round 0"}, []string{"round 6"},
			func(f *File) string {
				if f.Board.Start != 6 {
					return fmt.Sprintf("start %d", f.Board.Start)
				}
				return ""
			}},
		{"an M the walls table does not list is floor",
			[]string{"nb_ghost_wall 6", "11\t15\t 30     1\n"}, []string{"nb_ghost_wall 5", ""},
			func(f *File) string {
				if f.Board.GhostAt[c(11, 15)] != -1 || f.Board.Wall[c(11, 15)] || len(f.Board.Ghosts) != 5 {
					return "(11,15) is not plain floor"
				}
				return ""
			}},
		{"a ghost wall may be listed on floor, or hidden on a wall or a bonus (the letter no longer counts)",
			[]string{"nb_ghost_wall 6", "11\t15\t 30     1\n"},
			[]string{"nb_ghost_wall 8", "11\t15\t 30     1\n4\t4\t 7     1\n6\t5\t 12     0\n"},
			func(f *File) string {
				b := f.Board
				if b.GhostAt[c(4, 4)] != 6 || !b.Ghosts[6].Present || b.GhostAt[c(6, 5)] != 7 || b.Wall[c(6, 5)] || b.Ghosts[7].Present {
					return fmt.Sprintf("ghost walls %+v", b.Ghosts)
				}
				return ""
			}},
		{"a hidden ghost wall on a bonus letter takes its place",
			[]string{"nb_ghost_wall 6", "nb_point 20", "11\t15\t 30     1\n", "P\t\t13\t27\t500  0     1\n"},
			[]string{"nb_ghost_wall 7", "nb_point 19", "11\t15\t 30     1\n13\t27\t 30     0\n", ""},
			func(f *File) string {
				if f.Board.GhostAt[c(13, 27)] != 6 {
					return "no ghost wall at (13,27)"
				}
				return ""
			}},
		{"a ghost wall's time may exceed wall_change_time", []string{"7\t22\t 30     1"}, []string{"7\t22\t 45     1"},
			func(f *File) string {
				if f.Board.Ghosts[3].Time != 45 {
					return fmt.Sprintf("%+v", f.Board.Ghosts[3])
				}
				return ""
			}},
		{"present is read as a bool", []string{"7\t22\t 30     1"}, []string{"7\t22\t 30     7"},
			func(f *File) string {
				if !f.Board.Ghosts[3].Present {
					return "not present"
				}
				return ""
			}},
		{"a Poquémon on a bonus, another on a wall turned ghost wall",
			[]string{"1\t1\t2\t24", "2\t2\t12\t6", "nb_ghost_wall 6", "11\t15\t 30     1\n"},
			[]string{"1\t1\t1\t27", "2\t2\t12\t10", "nb_ghost_wall 7", "11\t15\t 30     1\n12\t10\t 30     0\n"},
			func(f *File) string {
				if f.Board.Poquemon[1].Cell != c(1, 27) || f.Board.Poquemon[2].Cell != c(12, 10) {
					return "misplaced"
				}
				return ""
			}},
		{"a dead Poquémon may lie anywhere", []string{"1\t1\t2\t24\t1\t1\t1\t0\t0\t0       a"}, []string{"1\t1\t0\t0\t1\t1\t1\t0\t0\t40       d"}, nil},
		{"bags of any hundreds, present as any number but 0",
			[]string{"P\t\t1\t11\t200  0     1", "P\t\t1\t19\t200  0     1"},
			[]string{"P\t\t1\t11\t1200  0     1", "P\t\t1\t19\t300  0     2"},
			func(f *File) string {
				if x, y := f.Board.Bonuses[1], f.Board.Bonuses[2]; x.Value != 1200 || !y.Present || y.Value != 300 {
					return fmt.Sprintf("%+v %+v", x, y)
				}
				return ""
			}},
		{"absent bonuses: any place, any time but 0 (a negative one never comes back)",
			[]string{"P\t\t13\t27\t500  0     1", "D\t\t6\t6\t0    0     1", "06 X.X..XD", "13 XSXP.......P.......P.......PXSX"},
			[]string{"P\t\t0\t0\t0  500     0", "D\t\t6\t6\t0    -3     0", "06 X.X..X.", "13 XSXP.......P.......P........XSX"},
			func(f *File) string {
				if x := f.Board.Bonuses[19]; x.Present || x.Time != 500 {
					return fmt.Sprintf("%+v", x)
				}
				return ""
			}},
		{"a present bonus's time may be negative", []string{"S\t\t1\t1\t0    0"}, []string{"S\t\t1\t1\t0    -2"}, nil},
		{"whatever follows the bonus table is ignored", []string{"A\t\t8\t24\t0    0     1\n"}, []string{"A\t\t8\t24\t0    0     1\nextra lines\nround 12\n"}, nil},
	}
	for _, tt := range tests {
		text := base
		for k, old := range tt.old {
			if !strings.Contains(text, old) {
				t.Fatalf("%s: %q not in the file", tt.name, old)
			}
			text = strings.Replace(text, old, tt.new[k], 1)
		}
		f, err := ParseFile([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.check != nil {
			if msg := tt.check(f); msg != "" {
				t.Errorf("%s: %s", tt.name, msg)
			}
		}
		// It plays, and goes through Format unchanged.
		s, err := games.MergeSettings(Game{}, f, nil)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		m, err := Game{}.NewMatch(s, f, 1)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for range 50 {
			m.Step()
		}
		again, err := ParseFile(Format(f.Settings(), f.Board))
		if err != nil || !reflect.DeepEqual(again.Board, f.Board) {
			t.Errorf("%s: changed through Format: %v", tt.name, err)
		}
	}
}

// A board at round r plays nb_rounds rounds, and bots count them from r,
// as in the original (its Board::next only counts rounds).
func TestBoardAtARound(t *testing.T) {
	text := strings.Replace(string(defaultFile(t)), "round 0", "round 6", 1)
	f, err := ParseFile([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := games.MergeSettings(Game{}, f, games.Settings{"nb_rounds": 10})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Game{}.NewMatch(s, f, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := m.(*match).s
	var v View
	for r := range 10 {
		if st.ViewOf(0, &v); v.Round != 6+r || m.Round() != r || m.Done() {
			t.Fatalf("round %d: bots see %d, done %v", r, v.Round, m.Done())
		}
		m.Step()
	}
	if !m.Done() || m.Rounds() != 10 {
		t.Fatalf("done %v after %d of %d rounds", m.Done(), m.Round(), m.Rounds())
	}
	if again, err := ParseFile(Format(f.Settings(), f.Board)); err != nil || again.Board.Start != 6 {
		t.Fatalf("through Format: %v", err)
	}
}

// The original reads boards of any size from 1×1, where no Poquémon can
// live: they load and play to the end, bots and all.
func TestTinyBoards(t *testing.T) {
	for _, size := range []int{1, 2, 3} {
		s := Game{}.Info().Defaults()
		s["rows"], s["cols"], s["nb_ghost_wall"] = size, size, 0
		s["nb_point"], s["nb_stone"], s["nb_scope"], s["nb_attack"], s["nb_defense"] = 1, 0, 0, 0, 0
		b := &Board{Rows: size, Cols: size, Wall: make([]bool, size*size)}
		for c := range b.Wall {
			i, j := c/size, c%size
			b.Wall[c] = i == 0 || j == 0 || i == size-1 || j == size-1
		}
		b.indexGhosts()
		b.Bonuses = []Bonus{{Kind: Point, Time: 3}}
		for p := range 4 {
			b.Poquemon = append(b.Poquemon, Poquemon{Player: p, Attack: 1, Defense: 1, Scope: 1, Time: 1 + p, Points: 100 * p})
		}
		f, err := ParseFile(Format(s, b))
		if err != nil {
			t.Fatalf("%d×%d: %v\n%s", size, size, err, Format(s, b))
		}
		var players []games.Player
		for _, name := range []string{"Demo", "Dummy", "Null", "Demo"} {
			a, err := Game{}.NewBot(name)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, games.Player{Name: name, Agent: a})
		}
		r, err := games.Play(context.Background(), games.Config{Game: Game{}, Board: f, Seed: 1, Players: players})
		if err != nil {
			t.Fatalf("%d×%d: %v", size, size, err)
		}
		if len(r.End.Frozen) != 0 || !slices.Equal(r.End.Scores, []int{0, 100, 200, 300}) {
			t.Fatalf("%d×%d: frozen %v, scores %v", size, size, r.End.Frozen, r.End.Scores)
		}
	}
}

// The original engine's other boards load and play: one has 236 ghost
// walls and more items than a generated board has room for, which only
// generated boards need.
func TestOriginalBoards(t *testing.T) {
	for _, name := range []string{"poquemon-maze1.cnf", "poquemon-maze2.cnf"} {
		data, err := os.ReadFile(shared + "/boards/originals/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		info := Game{}.Info()
		if err := info.CheckBoard(f.Settings()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var players []games.Player
		for _, name := range []string{"Demo", "Dummy", "Demo", "Demo"} {
			a, err := Game{}.NewBot(name)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, games.Player{Name: name, Agent: a})
		}
		r, err := games.Play(context.Background(), games.Config{Game: Game{}, Board: f, Seed: 1, Players: players})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d×%d, %d ghost walls, scores %v", name, f.Board.Rows, f.Board.Cols, len(f.Board.Ghosts), r.End.Scores)
	}
	data, _ := os.ReadFile(shared + "/boards/originals/poquemon-maze1.cnf")
	f, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if b := f.Board; b.Rows != 30 || b.Cols != 30 || len(b.Ghosts) != 236 || b.Ghosts[0].Cell != 1*30+10 || b.Ghosts[0].Present {
		t.Fatalf("maze1: %d×%d, %d ghost walls, first %+v", b.Rows, b.Cols, len(b.Ghosts), b.Ghosts[0])
	}
	if err := (Game{}).Info().Check(f.Settings()); err == nil || !strings.Contains(err.Error(), "rows×cols") {
		t.Fatalf("maze1's settings for a generated board: %v, want no room", err)
	}
}

func FuzzParseFile(f *testing.F) {
	f.Add(defaultFile(f))
	b, _ := Generate(Game{}.Info().Defaults(), games.NewSecretRNG(1, streamBoard))
	f.Add(Format(Game{}.Info().Defaults(), b))
	f.Add([]byte("Poquemon v1\nnb_players 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := ParseFile(data)
		if err != nil {
			return
		}
		// What parses round-trips and starts a match (or says why not).
		again, err := ParseFile(Format(file.Settings(), file.Board))
		if err != nil || again.Board.String() != file.Board.String() {
			t.Fatalf("round trip: %v", err)
		}
		s := Game{}.Info().Defaults()
		for k, v := range file.Settings() {
			s[k] = v
		}
		if m, err := (Game{}).NewMatch(s, file, 1); err == nil {
			m.Step()
		}
	})
}
