package wasteland

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
	want, err := ParseFile([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	// As the original, the reader ignores the column labels (one word
	// each) and what follows the players; garbage on a blank line before
	// the labels is taken for one, and the fault is found later.
	lines := strings.Split(text, "\n")
	end := len(lines)
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	for i := range lines {
		for _, garbage := range []string{"@@ garbage @@", "x", "0 0 0 0 0 0 0 0"} {
			bad := slices.Clone(lines)
			bad[i] = garbage
			f, err := ParseFile([]byte(strings.Join(bad, "\n")))
			label := strings.HasPrefix(lines[i], "   0") && !strings.Contains(garbage, " ")
			blank := strings.TrimSpace(lines[i]) == ""
			switch got := games.ErrorLine(err); {
			case i >= end || label:
				if err != nil || !reflect.DeepEqual(f, want) {
					t.Errorf("ignored line %d replaced by %q: %v", i+1, garbage, err)
				}
			case got != i+1 && !(blank && got > i+1):
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
		{"header", "mad_max_2020", "mad_max_2021", "mad_max_2020"},
		{"version", "v1", "v2", "version"},
		{"rows out of range", "nb_rows       	  19", "nb_rows 21", "out of range"},
		{"fixed parameter", "kill_pnts         30", "kill_pnts 31", "out of range"},
		{"not a 32-bit int", "kill_pnts         30", "kill_pnts 4294967326", "not an integer"},
		{"parameter order", "nb_rnds       	 300", "nb_rounds 300", "nb_rnds"},
		{"round", "rnd 0", "rnd 3", "round 0"},
		{"short row", "05 ...................X..G..X...", "05 ..................X..G..X...", "letters"},
		{"unknown letter", "05 ...................X..G..X...", "05 ...................X..Q..X...", "unknown letter"},
		{"too many bonuses", "09 .................................................................................................", "09 W................................................................................................", "more WATER_BONUS"},
		{"car on a tyre", "0\t01\t00", "0\t00\t22", "tyre"},
		{"dead car on a tyre", "0\t01\t00\t5\t 60    y      0", "0\t00\t22\t5\t 60    n      4", "tyre"},
		{"car on a bonus", "0\t01\t00", "0\t03\t22", "bonus"},
		{"car off the universe", "0\t01\t00", "0\t19\t00", "row 19"},
		{"two cars on a cell", "1\t02\t00", "1\t01\t00", "car 0"},
		{"car without gas", "0\t01\t00\t5\t 60", "0\t01\t00\t5\t 0", "gas"},
		{"alive car waiting", "0\t01\t00\t5\t 60    y      0", "0\t01\t00\t5\t 60    y      3", "waiting"},
		{"car id", "2\t06\t00", "3\t06\t00", "id 3"},
		{"alive", "5\t12\t00\t5\t 60    y", "5\t12\t00\t5\t 60    x", "alive"},
		{"missile on a car", "missiles\n0\n", "missiles\n1\n", "missile 1 of 1"},
		{"missile of no car", "missiles\n0\nmid      cid\trow     column\n", "missiles\n1\nmid      cid\trow     column\n0 8 9 30\n", "no car 8"},
		{"negative missile id", "missiles\n0\nmid      cid\trow     column\n", "missiles\n1\nmid      cid\trow     column\n-1 0 9 30\n", "id -1"},
		{"missile id twice", "missiles\n0\nmid      cid\trow     column\n", "missiles\n2\nmid      cid\trow     column\n4 0 9 30\n4 1 9 33\n", "id 4 twice"},
		{"score", "1\t0\t0", "1\t-5\t0", "negative"},
		{"status", "1\t0\t0", "1\t0\t2", "status"},
		{"status below -1", "1\t0\t0", "1\t0\t-1.5", "status"},
		{"status not a number", "1\t0\t0", "1\t0\tNaN", "status"},
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
	// A living car outside the window plays, as in the original: it
	// cannot move until the window reaches it.
	s["number_rows"], s["number_window_columns"] = 19, 30
	f.Board.Cars[0].Pos.J = 35
	m, err = Game{}.NewMatch(s, f, 1)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		m.Step()
	}
	if c := m.(*match).s.Cars[0]; !c.Alive || c.Pos.J != 35 || c.Gas != 56 {
		t.Fatalf("a car outside the window after 4 rounds: %+v", c)
	}
}

// The original's reader accepts these, and so do we.
func TestBoardFileAsTheOriginal(t *testing.T) {
	data, err := os.ReadFile(shared + "/boards/wasteland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	base := string(data)
	cases := []struct {
		name     string
		old, new []string
		check    func(f *File) string
	}{
		{"row labels are any word (the original reads and ignores them); letters may be spaced out",
			[]string{"00 ", "01 ", "05 ...................X..G..X..."}, []string{"01 ", "row ", "05 ...................X..G ..X..."},
			func(f *File) string {
				if f.Board.Cells[5*97+22] != GasBonus {
					return "row 5 misread"
				}
				return ""
			}},
		{"column labels are any word", []string{"   0000000000", "   0123456789"}, []string{"   tens", "   units"}, nil},
		{"secgame and seed are any word", []string{"secgame            ?", "seed               ?"}, []string{"secgame 1", "seed 1234"}, nil},
		{"names are any words", []string{"names             ? ? ? ?"}, []string{"names a b c d"}, nil},
		{"a living car outside the window of round 0", []string{"0\t01\t00"}, []string{"0\t01\t50"},
			func(f *File) string {
				if c := f.Board.Cars[0]; !c.Alive || c.Pos.J != 50 {
					return fmt.Sprintf("%+v", c)
				}
				return ""
			}},
		{"a column wraps", []string{"0\t01\t00"}, []string{"0\t01\t-97"},
			func(f *File) string {
				if c := f.Board.Cars[0]; c.Pos.J != 0 {
					return fmt.Sprintf("%+v", c)
				}
				return ""
			}},
		{"a dead car on a bonus", []string{"0\t01\t00\t5\t 60    y      0"}, []string{"0\t03\t22\t5\t 0    n      7"}, nil},
		{"a negative number of missiles is none", []string{"missiles\n0\n"}, []string{"missiles\n-4\n"}, nil},
		{"missile ids need not start from 0", []string{"missiles\n0\nmid      cid\trow     column\n"}, []string{"missiles\n2\nmid      cid\trow     column\n9 0 9 30\n4 1 9 33\n"},
			func(f *File) string {
				if len(f.Board.Missiles) != 2 || f.Board.Missiles[0].ID != 4 {
					return fmt.Sprintf("%+v", f.Board.Missiles)
				}
				return ""
			}},
		{"a status of -1 or whose integer part is 0 or 1", []string{"0\t0\t0", "1\t0\t0", "2\t0\t0"}, []string{"0\t0\t-1", "1\t0\t1.99", "2\t0\t-0.5"}, nil},
		{"rounds and regeneration a match may have", []string{"nb_rnds       \t 300", "nb_rnds_regen \t  30"}, []string{"nb_rnds 200", "nb_rnds_regen 12"},
			func(f *File) string {
				if f.Settings()["number_rounds"] != 200 || f.Settings()["number_rounds_to_regenerate"] != 12 {
					return fmt.Sprint(f.Settings())
				}
				return ""
			}},
		{"one car per player", []string{"nb_cars_x_player   2", "1\t02\t00\t5\t 60    y      0\n", "2\t06", "3\t07\t00\t5\t 60    y      0\n", "4\t11", "5\t12\t00\t5\t 60    y      0\n", "6\t16", "7\t17\t00\t5\t 60    y      0\n"},
			[]string{"nb_cars_x_player 1", "", "1\t06", "", "2\t11", "", "3\t16", ""},
			func(f *File) string {
				if len(f.Board.Cars) != 4 {
					return fmt.Sprint(len(f.Board.Cars), " cars")
				}
				return ""
			}},
		{"whatever follows the players is ignored", []string{"3\t0\t0"}, []string{"3\t0\t0\nmore\nrnd 5"}, nil},
	}
	for _, c := range cases {
		text := base
		for k, old := range c.old {
			if !strings.Contains(text, old) {
				t.Fatalf("%s: %q not in the file", c.name, old)
			}
			text = strings.Replace(text, old, c.new[k], 1)
		}
		f, err := ParseFile([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.check != nil {
			if msg := c.check(f); msg != "" {
				t.Errorf("%s: %s", c.name, msg)
			}
		}
		s, err := games.MergeSettings(Game{}, f, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		m, err := Game{}.NewMatch(s, f, 1)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for range 40 {
			m.Step()
		}
		checkInvariants(t, m.(*match).s)
		// The reference bots play it through their SDK.
		var players []games.Player
		for _, name := range []string{"Demo", "Dummy", "Null", "Dummy"} {
			a, err := Game{}.NewBot(name)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, games.Player{Name: name, Agent: a})
		}
		r, err := games.Play(context.Background(), games.Config{Game: Game{}, Board: f, Seed: 2, Players: players})
		if err != nil {
			t.Errorf("%s: played by the reference bots: %v", c.name, err)
		} else if len(r.End.Frozen) != 0 {
			t.Errorf("%s: reference bots frozen: %v", c.name, r.End.Frozen)
		}
		if again, err := ParseFile(Format(f.Settings(), f.Board)); err != nil || !sameBoard(again.Board, f.Board) {
			t.Errorf("%s: changed through Format: %v", c.name, err)
		}
	}
}

// The original engine's other boards load and play; one has its rows
// labelled from 01, which the original ignores.
func TestOriginalBoards(t *testing.T) {
	files, err := filepath.Glob(shared + "/boards/originals/wasteland-*.cnf")
	if err != nil || len(files) != 6 {
		t.Fatalf("%v: %v", files, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s, err := games.MergeSettings(Game{}, f, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, err := Game{}.NewMatch(s, f, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for !m.Done() {
			m.Step()
			checkInvariants(t, m.(*match).s)
		}
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
