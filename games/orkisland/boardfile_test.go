package orkisland

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
)

func TestDefaultBoardFile(t *testing.T) {
	data, err := os.ReadFile(shared + "/boards/orkisland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if f.Board != nil {
		t.Fatal("GENERATOR1 should leave the board to the seed")
	}
	// The original file's values are our defaults.
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
}

// testdata/fixed.cnf is a generated board written as the original prints
// one (FIXED, then its Info::read_grid layout).
const fixedFile = "testdata/fixed.cnf"

func TestFixedBoardFile(t *testing.T) {
	data, err := os.ReadFile(fixedFile)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkBoard(f.Board); err != nil {
		t.Fatal(err)
	}
	// Read and written back, byte for byte.
	if got := Format(f.Settings(), f.Board); string(got) != string(data) {
		t.Fatal("the file changes when read and written back")
	}
	// It plays, and the cities and paths are the file's, in its order.
	m, err := Game{}.NewMatch(mergeDefaults(f.Settings()), f, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := m.(*match).s.B
	if len(b.Cities) != 22 || len(b.Cities[0]) != 12 || b.Cities[0][0] != 34*70+16 ||
		len(b.Paths) != 17 || b.Paths[0].A != 6 || b.Paths[0].B != 11 || b.Paths[0].Cells[0] != 35*70+39 {
		t.Fatalf("%d cities, the first %d cells from %s; %d paths, the first %+v", len(b.Cities), len(b.Cities[0]),
			b.pos(b.Cities[0][0]), len(b.Paths), b.Paths[0])
	}
}

// The original reads the board as words: line breaks within it are free,
// and what it prints after the board (from "round" on) is ignored.
func TestFixedBoardAsWords(t *testing.T) {
	data, err := os.ReadFile(fixedFile)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	head, grid, _ := strings.Cut(string(data), "FIXED\n")
	for name, text := range map[string]string{
		"one line per city": head + "FIXED " + strings.ReplaceAll(grid, "\n\n", "\n"),
		"state after it":    string(data) + "\nround 0\ntotal_score 0 0 0 0\nstatus 0 0 0 0\n\ncity_owners\n -1 -1\n",
		"spaces and tabs":   strings.ReplaceAll(string(data), " ", " \t "),
	} {
		f, err := ParseFile([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if f.Board.String() != want.Board.String() || fmt.Sprint(f.Board.Cities, f.Board.Paths) != fmt.Sprint(want.Board.Cities, want.Board.Paths) {
			t.Errorf("%s: another board", name)
		}
	}
}

func TestLetterBoardRoundTrip(t *testing.T) {
	b, err := Generate(30, 30, 1, games.NewRNG(3, streamBoard))
	if err != nil {
		t.Fatal(err)
	}
	text := "OrkIsland 1.0\nnb_rounds 20\nrows 30\ncols 30\nBOARD\n" + b.String()
	f, err := ParseFile([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if f.Board.String() != b.String() || len(f.Board.Cities) != len(b.Cities) || len(f.Board.Paths) != len(b.Paths) {
		t.Fatal("board changed through its file")
	}
	if f.Settings()["nb_rounds"] != 20 || f.Settings()["rows"] != 30 {
		t.Fatalf("settings %v", f.Settings())
	}
	m, err := Game{}.NewMatch(mergeDefaults(f.Settings()), f, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Rounds() != 20 {
		t.Fatalf("%d rounds", m.Rounds())
	}
}

func mergeDefaults(s games.Settings) games.Settings {
	d := Game{}.Info().Defaults()
	for k, v := range s {
		d[k] = v
	}
	return d
}

// Every line of a valid file replaced by garbage gives an error naming that
// line; a file cut short is refused (what the conformance suite checks).
func TestBoardFileLines(t *testing.T) {
	letters, err := Generate(20, 20, 1, games.NewRNG(5, streamBoard))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"default": shared + "/boards/orkisland-default.cnf",
		"fixed":   fixedFile,
	}
	texts := map[string]string{"letters": "OrkIsland 1.0\nrows 20\ncols 20\nnb_orks 1\n\nBOARD\n" + letters.String()}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(data)
	}
	for name, text := range texts {
		if _, err := ParseFile([]byte(text)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lines := strings.Split(text, "\n")
		for k := range lines {
			bad := slices.Clone(lines)
			bad[k] = "#@!garbage!@#"
			_, err := ParseFile([]byte(strings.Join(bad, "\n")))
			if got := games.ErrorLine(err); got != k+1 {
				t.Fatalf("%s: line %d replaced by garbage: %v", name, k+1, err)
			}
		}
		for k := range lines {
			if strings.TrimSpace(strings.Join(lines[k:], "")) == "" {
				break
			}
			if _, err := ParseFile([]byte(strings.Join(lines[:k], "\n"))); games.ErrorLine(err) == 0 {
				t.Fatalf("%s: cut after line %d: %v", name, k, err)
			}
		}
	}
	var le *games.LineError
	for _, junk := range []string{"", "\x00\xff", "\n\n"} {
		if _, err := ParseFile([]byte(junk)); !errors.As(err, &le) {
			t.Errorf("%q: %v, want a line error", junk, err)
		}
	}
}

// Faults in a board file: the error names the line and says what is wrong.
func TestBoardFileErrors(t *testing.T) {
	data, err := os.ReadFile(fixedFile)
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Split(string(data), "\n")
	// edit returns the fixed file with line n (from 1) replaced.
	edit := func(n int, s string) string {
		l := slices.Clone(fixed)
		l[n-1] = s
		return strings.Join(l, "\n")
	}
	find := func(s string) int { return slices.Index(fixed, s) + 1 }
	// Row i is on line 20+i; city 0 (12 cells, (34,16) to (36,19)) starts on
	// line 94; path 0 ("6 11 14") on line 473.
	row := func(i int) string { return fixed[20+i-1] }
	city0, path0 := find("34 16"), find("6 11 14")
	if row(34)[:3] != "34 " || city0 != 94 || path0 != 473 {
		t.Fatalf("%s changed: rows from line 20, city 0 on line %d, path 0 on line %d", fixedFile, city0, path0)
	}
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"no header", "rows 70\nGENERATOR1\n", 1, `want "OrkIsland 1.0"`},
		{"other version", "OrkIsland 2.0\nGENERATOR1\n", 1, `want "OrkIsland 1.0"`},
		{"no generator", "OrkIsland 1.0\nrows 70\n", 3, "ends before GENERATOR1 or FIXED"},
		{"not a number", "OrkIsland 1.0\n\nrows seventy\nGENERATOR1\n", 3, `rows: "seventy" is not a whole number`},
		{"unknown setting", "OrkIsland 1.0\ncolour 3\nGENERATOR1\n", 2, `unknown setting "colour"`},
		{"out of range", "OrkIsland 1.0\nnb_orks 0\nGENERATOR1\n", 2, "nb_orks=0 out of range"},
		{"set twice", "OrkIsland 1.0\nrows 70\ncolumns 70\ncols 70\nGENERATOR1\n", 4, "cols is set twice"},
		{"after generator", "OrkIsland 1.0\nGENERATOR1\n3\n", 3, "nothing may follow GENERATOR1"},
		{"fixed without rows", "OrkIsland 1.0\ncols 70\nFIXED\n", 3, "needs rows and cols"},
		{"bad column labels", edit(18, "   000000000011111111112222222222333333333344444444445555555555666666666x"), 18, "column labels' first line (digits)"},
		{"bad row label", edit(22, "0x"+row(2)[2:]), 22, `want the label of row 2 (digits), got "0x"`},
		{"short row", edit(22, "02 WWW"), 22, "row 2 has 3 cells, want 70"},
		{"unknown cell", edit(22, "02 "+strings.Repeat("W", 30)+"G"+strings.Repeat("W", 39)), 22, `row 2, column 30: 'G' is no cell`},
		{"land on the border", edit(21, "01 ."+row(1)[4:]), 21, "row 1, column 0: the border must be water"},
		{"not a city cell", edit(city0, "1 1"), city0, "city 0: (1, 1) is not a city cell"},
		{"cell twice", edit(city0+1, "34 16"), city0 + 1, "city 0: (34, 16) is already in city 0"},
		{"off the board", edit(city0, "70 3"), city0, "want a row, a whole number in [0, 69]"},
		{"city cell in no city", strings.Replace(edit(city0-1, "11"), "\n36 19\n", "\n\n", 1), 20 + 36, "(36, 19) is a city cell in no city"},
		{"unknown city", edit(path0, "22 11 14"), path0, "want the first city of path 0, a whole number in [0, 21]"},
		{"path cell in no path", strings.Replace(edit(path0, "6 11 13"), "\n35 40\n", "\n\n", 1), 20 + 35, "(35, 40) is a path cell in no path"},
		{"trailing words", string(data) + "\n7\n", len(fixed) + 1, `nothing but the rest of a state`},
		{"letters: not a rectangle", "OrkIsland 1.0\nrows 20\ncols 20\nBOARD\n" + strings.Repeat("W", 20) + "\n" +
			"WCCGGGGGGGGGGGGGGGGW\nWCGGGGGGGGGGGGGGGGGW\n" + strings.Repeat("WGGGGGGGGGGGGGGGGGGW\n", 16) + strings.Repeat("W", 20) + "\n",
			6, "the city at (1,1) is not a rectangle"},
		{"letters: dangling path", "OrkIsland 1.0\nrows 20\ncols 20\nBOARD\n" + strings.Repeat("W", 20) + "\n" +
			strings.Repeat("WGGGGGGGGGGGGGGGGGGW\n", 3) + "WGCCPGGGGGGGGGGGGGGW\n" + strings.Repeat("WGGGGGGGGGGGGGGGGGGW\n", 14) + strings.Repeat("W", 20) + "\n",
			9, "the path at (4,4) does not join two distinct cities"},
		{"letters: too few rows", "OrkIsland 1.0\nrows 20\ncols 20\nBOARD\n" + strings.Repeat("W", 20) + "\n", 6, "the file ends where row 1 should be"},
	} {
		_, err := ParseFile([]byte(tc.text))
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if got := games.ErrorLine(err); got != tc.line || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want line %d and %q", tc.name, err, tc.line, tc.want)
		}
	}
}

func TestFixedBoardSizeMismatch(t *testing.T) {
	data, err := os.ReadFile(fixedFile)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	s := mergeDefaults(games.Settings{"rows": 80, "cols": 80})
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("a 70×70 board accepted with rows=80")
	}
}
