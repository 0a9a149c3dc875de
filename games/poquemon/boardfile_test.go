package poquemon

import (
	"bytes"
	"os"
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
// that very line.
func TestBoardFileGarbageLines(t *testing.T) {
	data := defaultFile(t)
	lines := strings.Split(string(data), "\n")
	for _, garbage := range []string{"@@ garbage @@", "garbage", "0", "X 1 2 3 4 5 6 7 8 9 10 11"} {
		for i := range lines {
			bad := append([]string(nil), lines...)
			bad[i] = garbage
			_, err := ParseFile([]byte(strings.Join(bad, "\n")))
			if got := games.ErrorLine(err); got != i+1 {
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

func TestBoardFileErrors(t *testing.T) {
	base := string(defaultFile(t))
	lineOf := func(s, sub string) int { return strings.Count(s[:strings.Index(s, sub)], "\n") + 1 }
	tests := []struct {
		name, old, new, msg string
		line                string // a substring of the line to blame, in the faulty file
	}{
		{"header", "Poquemon v1", "Poquemon v2", `want "Poquemon v1"`, "Poquemon v2"},
		{"parameter out of range", "battle_reward 15", "battle_reward 150", "out of range", "battle_reward"},
		{"parameter order", "nb_stone 5\nnb_scope 2", "nb_scope 2\nnb_stone 5", "want \"nb_stone VALUE\"", "nb_scope 2"},
		{"too small (blamed on the last parameter)", "nb_point 20", "nb_point 200", "too few", "cols 31"},
		{"round", "round 0", "round 3", `want "round 0"`, "round 3"},
		{"unknown letter", "01 XSXP", "01 XSXZ", "unknown letter", "01 XSXZ"},
		{"border", "04 XPX", "04 .PX", "border", "04 .PX"},
		{"short row", "10 X.X.........................XPX", "10 X.X........................XPX", "has 30 letters", "10 X.X"},
		{"row number", "10 X.X", "11 X.X", "want row 10", "11 X.X"},
		{"Poquémon on a wall", "1\t1\t2\t24", "1\t1\t2\t28", "stands on 'X'", "1\t1\t2\t28"},
		{"Poquémon player", "1\t1\t2\t24", "1\t2\t2\t24", "belongs to player 1", "1\t2\t2\t24"},
		{"Poquémon scope", "2\t2\t12\t6\t1\t1\t1", "2\t2\t12\t6\t1\t1\t9", "scope 9", "2\t2\t12\t6\t1\t1\t9"},
		{"ghost wall not on M", "7\t22\t 30     1", "7\t23\t 30     1", "want M", "7\t23"},
		{"ghost wall time", "7\t22\t 30     1", "7\t22\t 31     1", "time 31", "7\t22\t 31"},
		{"bag value", "P\t\t1\t11\t200", "P\t\t1\t11\t250", "100, 200", "P\t\t1\t11\t250"},
		{"bonus on the wrong letter", "D\t\t6\t6", "D\t\t6\t10", "want D", "D\t\t6\t10"},
		{"too many of a kind", "nb_point 20", "nb_point 19", "more P bonuses", "P\t\t13\t27"},
		{"trailing line", "A\t\t8\t24\t0    0     1\n", "A\t\t8\t24\t0    0     1\nextra\n", "unexpected line", "extra"},
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
	// A letter the tables do not list is blamed on its row.
	text := strings.Replace(base, "P\t\t13\t27\t500  0     1", "P\t\t13\t27\t500  5     0", 1)
	if _, err := ParseFile([]byte(text)); err == nil || games.ErrorLine(err) != lineOf(text, "13 XSXP") {
		t.Errorf("unlisted bag: %v", err)
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
