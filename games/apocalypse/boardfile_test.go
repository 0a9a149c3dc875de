package apocalypse

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

func readDefault(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(shared + "/boards/apocalypse-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The original default board reads as the original engine has it, and
// plays under both variants.
func TestDefaultBoardFile(t *testing.T) {
	f, err := ParseFile(readDefault(t))
	if err != nil {
		t.Fatal(err)
	}
	b := f.Board
	if b.Max != 60 || len(b.Posts) != 16 || len(b.Helicopters) != 8 || len(b.Soldiers) != 80 {
		t.Fatalf("%d×%d, %d posts, %d helicopters, %d soldiers", b.Max, b.Max, len(b.Posts), len(b.Helicopters), len(b.Soldiers))
	}
	if b.Land[0] != Mountain || b.Land[1*60+1] != Grass || b.Land[2*60+2] != Forest || b.Land[4*60+20] != Water {
		t.Fatal("land letters misread")
	}
	high := 0
	for _, p := range b.Posts {
		if p.High {
			high++
		}
	}
	if high != 8 || !b.Posts[0].High || b.Posts[8].High || b.Posts[0].Cell != 10*60+22 {
		t.Fatalf("posts misread: %+v", b.Posts[:2])
	}
	h := b.Helicopters[0]
	if h.ID != 1 || h.Player != 0 || h.Cell != 5*60+15 || h.Ori != sdk.South || h.Napalm != 30 {
		t.Fatalf("helicopter 1: %+v", h)
	}
	if u := b.Soldiers[0]; u.ID != 9 || u.Player != 0 || u.Cell != 25*60+15 || u.Life != 100 {
		t.Fatalf("soldier 9: %+v", u)
	}
	info := Game{}.Info()
	if err := info.Check(f.Settings()); err != nil {
		t.Fatal(err)
	}
	for k, v := range f.Settings() {
		if info.Defaults()[k] != v {
			t.Errorf("the default board sets %s=%d, the default is %d", k, v, info.Defaults()[k])
		}
	}
	for _, g := range []Game{{}, {Redux: true}} {
		s, err := games.MergeSettings(g, f, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.NewMatch(s, f, 1)
		if err != nil {
			t.Fatal(err)
		}
		st := m.(*match).s
		if want := s["NUM_SOLDIERS"]; st.Scores[0] != want {
			t.Fatalf("%s: score before round 0 %d, want %d (one per soldier)", g.Info().ID, st.Scores[0], want)
		}
		for !m.Done() {
			m.Step()
		}
	}
	// A match never changes the parsed board.
	again, _ := ParseFile(readDefault(t))
	if !slices.Equal(again.Board.Land, b.Land) || len(again.Board.Soldiers) != len(b.Soldiers) {
		t.Fatal("playing changed the board")
	}
}

// Format writes what ParseFile reads.
func TestBoardFileRoundTrip(t *testing.T) {
	f, err := ParseFile(readDefault(t))
	if err != nil {
		t.Fatal(err)
	}
	f.Board.Fire[30*60+30] = 4
	f.Board.Helicopters[2].Para = []int{3, 20}
	f.Board.Helicopters[3].Para = []int{}
	f.Board.Soldiers = f.Board.Soldiers[:len(f.Board.Soldiers)-2] // two soldiers became parachuters
	g, err := ParseFile(Format(f.Board, 100, 50))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(Format(g.Board, 100, 50), Format(f.Board, 100, 50)) {
		t.Fatal("the board changed through its file")
	}
	cfg := ConfigOf(Game{}.Info().Defaults())
	b, err := Generate(cfg, true, games.NewRNG(5, streamBoard))
	if err != nil {
		t.Fatal(err)
	}
	g, err = ParseFile(Format(b, 100, 50))
	if err != nil {
		t.Fatalf("a generated board's file: %v", err)
	}
	if !bytes.Equal(Format(g.Board, 100, 50), Format(b, 100, 50)) {
		t.Fatal("a generated board changed through its file")
	}
}

// Every line of a valid file replaced by garbage is an error naming that
// line; so is every truncation that cuts content.
func TestBoardFileGarbageLines(t *testing.T) {
	data := readDefault(t)
	lines := strings.Split(string(data), "\n")
	for k := range lines {
		if k == len(lines)-1 && lines[k] == "" {
			continue // after the last newline: no line
		}
		for _, garbage := range []string{"#garbage#", "x", "0", "-1", "9 9 9 9"} {
			if strings.TrimSpace(lines[k]) == garbage {
				continue
			}
			bad := slices.Clone(lines)
			bad[k] = garbage
			_, err := ParseFile([]byte(strings.Join(bad, "\n")))
			if err == nil {
				t.Fatalf("line %d replaced by %q: accepted", k+1, garbage)
			}
			if got := games.ErrorLine(err); got != k+1 {
				t.Fatalf("line %d replaced by %q: error names line %d: %v", k+1, garbage, got, err)
			}
		}
	}
	last := strings.LastIndex(string(data), "-1")
	for cut := 1; cut <= last; cut += 7 {
		if _, err := ParseFile(data[:cut]); err == nil {
			t.Fatalf("truncated to %d bytes: accepted", cut)
		}
	}
}

func TestBoardFileErrors(t *testing.T) {
	data := string(readDefault(t))
	replace := func(old, new string) string {
		if !strings.Contains(data, old) {
			t.Fatalf("%q not in the file", old)
		}
		return strings.Replace(data, old, new, 1)
	}
	cases := map[string]struct {
		text string
		want string
	}{
		"header":            {replace("ApocalypseNow2018 3.0", "OrkIsland 1.0"), "header"},
		"border":            {replace("01 X......", "01 .......")[:], "border"},
		"land letter":       {replace("01 X......", "01 X.....#"), "unknown land"},
		"row label":         {replace("\n07 X", "\n08 X"), "row label"},
		"post on water":     {replace("-1\t10\t22\t100", "-1\t4\t20\t100"), "not on forest or grass"},
		"post off board":    {replace("-1\t10\t22\t100", "-1\t70\t22\t100"), "off the board"},
		"post owner":        {replace("-1\t10\t22\t100", "7\t10\t22\t100"), "post owner"},
		"soldier on water":  {replace("9\t1\t0\t25\t15\t100", "9\t1\t0\t4\t20\t100"), "not on forest or grass"},
		"two soldiers":      {replace("10\t1\t1\t25\t44", "10\t1\t1\t25\t15"), "share"},
		"duplicate id":      {replace("10\t1\t1\t25\t44", "9\t1\t1\t25\t44"), "not a new id"},
		"soldier on a post": {replace("9\t1\t0\t25\t15\t100", "9\t1\t0\t10\t22\t100"), "does not own"},
		"helicopter border": {replace("1\t2\t0\t5\t15", "1\t2\t0\t1\t15"), "leaves the board"},
		"helicopter on X":   {replace("1\t2\t0\t5\t15", "1\t2\t0\t14\t13"), "mountain"},
		"helicopters meet":  {replace("2\t2\t0\t15\t5", "2\t2\t0\t8\t15"), "overlap"},
		"parachuters":       {replace("1\t2\t0\t5\t15\t-1\t0\t30\t\t0", "1\t2\t0\t5\t15\t-1\t0\t30\t2\t5"), "parachuters announced"},
		"unit type":         {replace("9\t1\t0\t25\t15", "9\t3\t0\t25\t15"), "unit type"},
		"no helicopter":     {replace("8\t2\t3\t44\t5\t-1\t1\t30\t\t0\n", ""), "same number of helicopters"},
		"fire on X":         {replace("rounds\ti\tj\n-1", "rounds\ti\tj\n3\t0\t0\n-1"), "mountain"},
		"trailing text":     {data + "\nmore\n", "after the fire"},
	}
	for name, c := range cases {
		_, err := ParseFile([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || games.ErrorLine(err) == 0 {
			t.Errorf("%s: %v, want an error with %q and a line", name, err, c.want)
		}
	}
}

// A board file's settings must agree with the match's.
func TestBoardFileFitsSettings(t *testing.T) {
	f, err := ParseFile(readDefault(t))
	if err != nil {
		t.Fatal(err)
	}
	s := Game{}.Info().Defaults()
	s["NUM_SOLDIERS"] = 10
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("NUM_SOLDIERS=10 accepted with a board of 20 per player")
	}
	s = Game{}.Info().Defaults()
	s["LIFE"] = 50
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("LIFE=50 accepted with soldiers of 100")
	}
}
