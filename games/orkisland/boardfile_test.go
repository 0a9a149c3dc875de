package orkisland

import (
	"os"
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

func TestFixedBoardRoundTrip(t *testing.T) {
	b, err := Generate(30, 30, 60, games.NewRNG(3, streamBoard))
	if err != nil {
		t.Fatal(err)
	}
	s := games.Settings{"nb_rounds": 20}
	f, err := ParseFile(Format(s, b))
	if err != nil {
		t.Fatal(err)
	}
	if f.Board.String() != b.String() || len(f.Board.Cities) != len(b.Cities) || len(f.Board.Paths) != len(b.Paths) {
		t.Fatal("board changed through its file")
	}
	for i, p := range b.Paths {
		q := f.Board.Paths[i]
		same := p.A == q.A && p.B == q.B && equalInts(p.Cells, q.Cells)
		flipped := p.A == q.B && p.B == q.A && len(p.Cells) == len(q.Cells) && p.Cells[0] == q.Cells[len(q.Cells)-1]
		if !same && !flipped {
			t.Fatalf("path %d differs", i)
		}
	}
	if f.Settings()["nb_rounds"] != 20 || f.Settings()["rows"] != 30 {
		t.Fatalf("settings %v", f.Settings())
	}
	// A fixed board plays.
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

func TestBoardFileErrors(t *testing.T) {
	head := "OrkIsland 1.0\nrows 4\ncols 4\n"
	cases := map[string]string{
		"no header":      "rows 4\nGENERATOR1\n",
		"no board":       head,
		"bad value":      "OrkIsland 1.0\nrows four\nGENERATOR1\n",
		"short row":      head + "BOARD\nWWWW\nWGW\nWGGW\nWWWW\n",
		"unknown letter": head + "BOARD\nWWWW\nWGXW\nWGGW\nWWWW\n",
		"land on border": head + "BOARD\nWWWW\nWGGG\nWGGW\nWWWW\n",
		"city not rect":  "OrkIsland 1.0\nrows 5\ncols 5\nBOARD\nWWWWW\nWCCGW\nWCGGW\nWGGGW\nWWWWW\n",
		"dangling path":  "OrkIsland 1.0\nrows 5\ncols 6\nBOARD\nWWWWWW\nWCPGGW\nWGGGGW\nWGGGGW\nWWWWWW\n",
	}
	for name, text := range cases {
		if _, err := ParseFile([]byte(text)); err == nil {
			t.Errorf("%s: accepted", name)
		} else if !strings.HasPrefix(err.Error(), "orkisland board") {
			t.Errorf("%s: unclear error %v", name, err)
		}
	}
}

func TestFixedBoardSizeMismatch(t *testing.T) {
	f, err := ParseFile([]byte("OrkIsland 1.0\nrows " + itoa(len(tiny)) + "\ncols " + itoa(len(tiny[0])) + "\nBOARD\n" + strings.Join(tiny, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (Game{}).NewMatch(Game{}.Info().Defaults(), f, 1); err == nil {
		t.Fatal("a 7×12 board accepted with rows=70")
	}
}
