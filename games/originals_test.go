package games_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	_ "arena.dev/games/all"
)

// Every board file of the original kits (../shared/boards, read where it
// is, never copied) is recognised by its game under its kit name, also
// when copied with Windows line endings or trailing blanks trimmed; every
// original a game declares is one of those files.
func TestOriginalBoardsAreRecognised(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../shared/boards", "../../shared/boards/originals"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.cnf"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no board files in %s: %v", dir, err)
		}
		files = append(files, m...)
	}
	seen := map[string]map[string]bool{} // game → originals matched
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".cnf")
		// apocalypse-redux-match7, apocalypse-maze7, wasteland-default...
		id, kit, _ := strings.Cut(name, "-")
		if rest, ok := strings.CutPrefix(name, "apocalypse-redux-"); ok {
			id, kit = "apocalypse-redux", rest
		}
		g, err := games.Get(id)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		info := g.Info()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := info.Original(data)
		if !ok {
			t.Errorf("%s: %s does not recognise it (fingerprint %s)", path, id, games.Fingerprint(data))
			continue
		}
		want := games.KitName(kit + ".cnf")
		if o.Name != want && !slices.Contains(o.Same, want) {
			t.Errorf("%s: recognised as %q, want %q", path, o.Title(), want)
		}
		if seen[id] == nil {
			seen[id] = map[string]bool{}
		}
		seen[id][o.Name] = true

		crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
		var trimmed []byte
		for _, l := range bytes.Split(data, []byte("\n")) {
			trimmed = append(append(trimmed, bytes.TrimRight(l, " \t")...), '\n')
		}
		for how, c := range map[string][]byte{"with CRLF line endings": crlf, "with trailing blanks trimmed": trimmed} {
			if got, ok := info.Original(c); !ok || got.Name != o.Name {
				t.Errorf("%s %s: not recognised", path, how)
			}
		}
	}
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		info := g.Info()
		fps := map[string]bool{}
		for _, o := range info.Originals {
			if !seen[id][o.Name] {
				t.Errorf("%s declares original %q, which no shared board file is", id, o.Name)
			}
			if fps[o.Fingerprint] {
				t.Errorf("%s declares fingerprint %s twice", id, o.Fingerprint)
			}
			fps[o.Fingerprint] = true
		}
	}
	// A board that is not an original is not taken for one.
	g, _ := games.Get("apocalypse")
	if o, ok := g.Info().Original([]byte("ApocalypseNow2018 3.0\n\nFIXED\n")); ok {
		t.Errorf("a made-up board is taken for the original %q", o.Name)
	}
}

// The courses' qualification boards: the original default where the course
// played a fixed default board; Ork Island's default asks for a generated
// board, so it plays generated ones.
func TestQualificationOriginals(t *testing.T) {
	for id, want := range map[string][]string{
		"apocalypse": {"default"}, "apocalypse-redux": {"default"}, "poquemon": {"default"}, "wasteland": {"default"},
		"orkisland": nil,
	} {
		g, _ := games.Get(id)
		if got := g.Info().OriginalNames(false); !slices.Equal(got, want) {
			t.Errorf("%s qualifies on originals %q, want %q", id, got, want)
		}
	}
	g, _ := games.Get("apocalypse")
	if n := len(g.Info().OriginalNames(true)); n != 20 {
		t.Errorf("Apocalypse's ladder takes %d originals, want its 20 distinct boards (21 files)", n)
	}
}
