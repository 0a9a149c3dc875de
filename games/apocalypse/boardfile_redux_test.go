package apocalypse

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// reduxBoards are Redux's own board files: default.cnf and match1–20.cnf.
func reduxBoards(t testing.TB) map[string][]byte {
	t.Helper()
	paths, _ := filepath.Glob(shared + "/boards/originals/apocalypse-redux-*.cnf")
	if len(paths) != 21 {
		t.Fatalf("%d Redux board files, want 21", len(paths))
	}
	files := map[string][]byte{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "apocalypse-redux-"), ".cnf")] = data
	}
	return files
}

func reduxDefault(t testing.TB) *File {
	t.Helper()
	f, err := ParseFile(reduxBoards(t)["default"])
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Redux's 21 files read as its engine has them: its settings, teams 1–4
// as players 0–3, the next id, and the default is match 14.
func TestReduxBoardFiles(t *testing.T) {
	files := reduxBoards(t)
	info := Game{Redux: true}.Info()
	for name, data := range files {
		f, err := ParseFile(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := f.Board
		if len(b.Posts) != 16 || len(b.Helicopters) != 8 || len(b.Soldiers) != 80 || b.Next != 89 {
			t.Fatalf("%s: %d posts, %d helicopters, %d soldiers, next id %d", name, len(b.Posts), len(b.Helicopters), len(b.Soldiers), b.Next)
		}
		for k, v := range f.Settings() {
			if info.Defaults()[k] != v {
				t.Errorf("%s sets %s=%d, Redux's default is %d", name, k, v, info.Defaults()[k])
			}
		}
		if o, ok := info.Original(data); !ok || o.File() != name+".cnf" && !slices.Contains(o.Same, games.KitName(name+".cnf")) {
			t.Errorf("%s is not known as itself (%+v)", name, o)
		}
	}
	f := reduxDefault(t)
	b := f.Board
	if f.High != 4000 || f.Low != 1000 || b.Max != 60 {
		t.Fatalf("values %d and %d, %d×%d", f.High, f.Low, b.Max, b.Max)
	}
	if p := b.Posts[0]; p.Cell != 12*60+27 || !p.High || p.Owner != -1 || b.Posts[8].High {
		t.Fatalf("posts misread: %+v", b.Posts[:9])
	}
	if h := b.Helicopters[2]; h.ID != 3 || h.Player != 1 || h.Cell != 5*60+44 || h.Ori != sdk.South || h.Napalm != 30 {
		t.Fatalf("helicopter 3: %+v", h)
	}
	if u := b.Soldiers[3]; u.ID != 12 || u.Player != 3 || u.Cell != 39*60+3 || u.Life != 100 {
		t.Fatalf("soldier 12: %+v", u)
	}
	m14, _ := ParseFile(files["match14"])
	if !slices.Equal(m14.Board.Land, b.Land) || !slices.Equal(m14.Board.Soldiers, b.Soldiers) {
		t.Error("match14 is not the default board")
	}
}

// Every line of Redux's default file replaced by garbage is an error
// naming that line; so is every truncation that cuts content.
func TestReduxBoardFileGarbageLines(t *testing.T) {
	data := reduxBoards(t)["default"]
	lines := strings.Split(string(data), "\n")
	for k := range lines {
		if strings.TrimSpace(lines[k]) == "" {
			continue // blank lines separate sections
		}
		for _, garbage := range []string{"#garbage#", "x", "0", "-1", "9 9 9 9"} {
			if strings.TrimSpace(lines[k]) == garbage || (k > 0 && (lines[k-1] == "names" || lines[k-1] == "status") && len(strings.Fields(garbage)) == 4) {
				continue // the same line, or four names or CPU figures
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

func TestReduxBoardFileErrors(t *testing.T) {
	data := string(reduxBoards(t)["default"])
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
		"round":          {replace("round 0", "round 3"), "starts at round 0"},
		"next id":        {replace("nou\n89", "nou\n88"), "unit 88 exists"},
		"points":         {replace("score\n20\t20", "score\n21\t20"), "team 1 has 20 points"},
		"post team":      {replace("-1\t12\t27\t4000", "5\t12\t27\t4000"), "want -1 or 1 to 4"},
		"post team 0":    {replace("-1\t12\t27\t4000", "0\t12\t27\t4000"), "want -1 or 1 to 4"},
		"three values":   {replace("-1\t12\t23\t1000", "-1\t12\t23\t2000"), "two values at most"},
		"unit team":      {replace("9\t1\t1\t20\t3", "9\t1\t0\t20\t3"), "player 0, want 1 to 4"},
		"2018 headings":  {replace("equip\tx\ty\tvalor", "player\ti\tj\tvalue"), "want \"equip x y valor\""},
		"fire heading":   {replace("foc\n", "fire\n"), "want \"foc\""},
		"status":         {replace("status\n0\t0", "status\nx\t0"), "not a number"},
		"trailing text":  {data + "\nmore\n", "after the fire"},
		"soldier on X":   {replace("9\t1\t1\t20\t3\t100", "9\t1\t1\t3\t3\t100"), "not on forest or grass"},
		"owned post":     {replace("-1\t12\t27\t4000", "1\t12\t27\t4000"), "team 1 has 4020 points"},
		"unknown header": {replace("ApocalypseNow v2", "ApocalypseNow v3"), "header"},
	}
	for name, c := range cases {
		_, err := ParseFile([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || games.ErrorLine(err) == 0 {
			t.Errorf("%s: %v, want an error with %q and a line", name, err, c.want)
		}
	}
	// The points follow the posts' owners and the soldiers.
	owned := replace("-1\t12\t27\t4000", "1\t12\t27\t4000")
	owned = strings.Replace(owned, "score\n20\t20", "score\n4020\t20", 1)
	f, err := ParseFile([]byte(owned))
	if err != nil {
		t.Fatal(err)
	}
	if f.Board.Posts[0].Owner != 0 {
		t.Fatalf("team 1's post has owner %d, want player 0", f.Board.Posts[0].Owner)
	}
}

// A Redux file fixes the posts' values: a match must play them.
func TestReduxBoardFileFixesValues(t *testing.T) {
	f := reduxDefault(t)
	for _, g := range []Game{{}, {Redux: true}} {
		s, err := games.MergeSettings(g, f, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s["HIGH_VALUE"] != 4000 || s["LOW_VALUE"] != 1000 {
			t.Fatalf("%s: values %d and %d", g.Info().ID, s["HIGH_VALUE"], s["LOW_VALUE"])
		}
		s["LOW_VALUE"] = 50
		if _, err := g.NewMatch(s, f, 1); err == nil {
			t.Fatalf("%s: LOW_VALUE=50 accepted on a board whose posts are worth 1000", g.Info().ID)
		}
	}
}
