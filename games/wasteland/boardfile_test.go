package wasteland

import (
	"os"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
)

func TestDefaultBoardFile(t *testing.T) {
	f := defaultBoard(t)
	// The original file's parameters are our defaults.
	info := Game{}.Info()
	if err := info.Check(f.Settings()); err != nil {
		t.Fatal(err)
	}
	def := info.Defaults()
	for k, v := range f.Settings() {
		if def[k] != v {
			t.Errorf("%s = %d in the file, default %d", k, v, def[k])
		}
	}
	if len(f.Settings()) != len(def) {
		t.Errorf("file sets %d parameters, want %d", len(f.Settings()), len(def))
	}
	b := f.Board
	var count [GasBonus + 1]int
	for _, c := range b.Cells {
		count[c]++
	}
	if b.Rows != 19 || b.Cols != 97 || b.Win != 40 || count[Tyre] != 144 || count[WaterBonus] != 26 || count[GasBonus] != 10 || count[MissileBonus] != 9 {
		t.Errorf("%d×%d window %d, contents %v", b.Rows, b.Cols, b.Win, count)
	}
	for id, c := range b.Cars {
		row := []int{1, 2, 6, 7, 11, 12, 16, 17}[id]
		if c != (Car{ID: id, Pos: Pos{I: row}, Missiles: 5, Gas: 60, Alive: true}) {
			t.Errorf("car %d: %+v", id, c)
		}
	}
	if len(b.Missiles) != 0 || !slices.Equal(b.Scores, []int{0, 0, 0, 0}) {
		t.Errorf("missiles %v, scores %v", b.Missiles, b.Scores)
	}
	// Writing it back gives a file that reads the same.
	g, err := ParseFile(Format(f.Settings(), b))
	if err != nil {
		t.Fatal(err)
	}
	if !sameBoard(g.Board, b) {
		t.Fatal("board changed through Format")
	}
}

func sameBoard(a, b *Board) bool {
	return a.Rows == b.Rows && a.Cols == b.Cols && a.Win == b.Win && slices.Equal(a.Cells, b.Cells) &&
		slices.Equal(a.Cars, b.Cars) && slices.Equal(a.Missiles, b.Missiles) && slices.Equal(a.Scores, b.Scores)
}

// Every line of a valid file, replaced by garbage, is named in the error;
// a file cut anywhere fails.
func TestBoardFileLines(t *testing.T) {
	data, err := os.ReadFile(shared + "/boards/wasteland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	// With a missile and a dead car, so that every table has rows.
	text := strings.Replace(string(data), "missiles\n0\nmid      cid\trow     column\n", "missiles\n1\nmid      cid\trow     column\n3 2 9 30\n", 1)
	text = strings.Replace(text, "7\t17\t00\t5\t 60    y      0", "7\t17\t00\t5\t 0    n      12", 1)
	if _, err := ParseFile([]byte(text)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	for i := range lines {
		for _, garbage := range []string{"@@ garbage @@", "x", "0 0 0 0 0 0 0 0"} {
			bad := slices.Clone(lines)
			bad[i] = garbage
			_, err := ParseFile([]byte(strings.Join(bad, "\n")))
			if games.ErrorLine(err) != i+1 {
				t.Errorf("line %d (%q) replaced by %q: error %v", i+1, lines[i], garbage, err)
			}
		}
	}
	for i := range lines {
		cut := strings.Join(lines[:i], "\n")
		if strings.TrimSpace(cut) == strings.TrimSpace(text) {
			continue // only blank lines cut
		}
		if _, err := ParseFile([]byte(cut)); err == nil {
			t.Errorf("file cut before line %d accepted", i+1)
		}
	}
}

func TestBoardFileErrors(t *testing.T) {
	data, err := os.ReadFile(shared + "/boards/wasteland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	cases := []struct{ name, old, new, msg string }{
		{"version", "v1", "v2", "version"},
		{"rows out of range", "nb_rows       	  19", "nb_rows 21", "out of range"},
		{"fixed parameter", "kill_pnts         30", "kill_pnts 31", "out of range"},
		{"parameter order", "nb_rnds       	 300", "nb_rounds 300", "nb_rnds"},
		{"round", "rnd 0", "rnd 3", "round 0"},
		{"short row", "05 ...................X..G..X...", "05 ..................X..G..X...", "letters"},
		{"unknown letter", "05 ...................X..G..X...", "05 ...................X..Q..X...", "unknown letter"},
		{"too many bonuses", "09 .................................................................................................", "09 W................................................................................................", "more WATER_BONUS"},
		{"car on a tyre", "0\t01\t00", "0\t00\t22", "tyre"},
		{"car on a bonus", "0\t01\t00", "0\t03\t22", "bonus"},
		{"car outside the window", "0\t01\t00", "0\t01\t50", "window"},
		{"two cars on a cell", "1\t02\t00", "1\t01\t00", "car 0"},
		{"car without gas", "0\t01\t00\t5\t 60", "0\t01\t00\t5\t 0", "gas"},
		{"car id", "2\t06\t00", "3\t06\t00", "id 3"},
		{"alive", "5\t12\t00\t5\t 60    y", "5\t12\t00\t5\t 60    x", "alive"},
		{"missile on a car", "missiles\n0\n", "missiles\n1\n", "missile 1 of 1"},
		{"score", "1\t0\t0", "1\t-5\t0", "negative"},
		{"extra line", "3\t0\t0", "3\t0\t0\nmore", "after the players"},
	}
	for _, c := range cases {
		bad := strings.Replace(text, c.old, c.new, 1)
		if bad == text {
			t.Fatalf("%s: %q not in the file", c.name, c.old)
		}
		_, err := ParseFile([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.msg) || games.ErrorLine(err) == 0 {
			t.Errorf("%s: error %v, want a line and %q", c.name, err, c.msg)
		}
	}
}

// A board file plays: its settings and layout are the match's; overrides
// that contradict the layout are refused.
func TestBoardFileMatch(t *testing.T) {
	f := defaultBoard(t)
	s, err := games.MergeSettings(Game{}, f, games.Settings{"number_rounds": 20})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Game{}.NewMatch(s, f, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Rounds() != 20 || !slices.Equal(m.(*match).s.Cars, f.Board.Cars) {
		t.Fatal("the match is not the file's")
	}
	s["number_rows"] = 18
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("a 19-row board accepted with number_rows=18")
	}
	s["number_rows"], s["number_window_columns"] = 19, 30
	f.Board.Cars[0].Pos.J = 35
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("a car outside a narrower window accepted")
	}
}

// The window must be narrower than the universe: the ranges already see
// to it, Validate says so if they ever change.
func TestValidate(t *testing.T) {
	s := Game{}.Info().Defaults()
	if err := validate(s); err != nil {
		t.Fatal(err)
	}
	s["number_window_columns"] = s["number_universe_columns"]
	if err := validate(s); err == nil || !strings.Contains(err.Error(), "number_window_columns") {
		t.Fatalf("error %v", err)
	}
}
