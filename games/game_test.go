package games_test

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
)

func TestRegistry(t *testing.T) {
	if !slices.Contains(games.IDs(), fake.ID) {
		t.Fatalf("ids %v", games.IDs())
	}
	g, err := games.Get(fake.ID)
	if err != nil {
		t.Fatal(err)
	}
	if info := g.Info(); info.Title != "Race" || info.Players != 4 {
		t.Fatalf("info %+v", info)
	}
	if _, err := games.Get("chess"); err == nil || !strings.Contains(err.Error(), fake.ID) {
		t.Fatalf("unknown game: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second registration under one id was allowed")
		}
	}()
	games.Register(fake.Game{Sprint: true})
}

func TestSettingsCheck(t *testing.T) {
	info := fake.Game{}.Info()
	d := info.Defaults()
	if d["nb_rounds"] != 20 || d["max_step"] != 3 || d["track"] != 100 {
		t.Fatalf("defaults %v", d)
	}
	if err := info.Check(d); err != nil {
		t.Fatal(err)
	}
	for bad, name := range map[string]games.Settings{
		"nb_rounds": {"nb_rounds": 0},
		"colour":    {"colour": 3},
		// Validate sees the overrides over the defaults: 200 rounds on
		// the default track of 100 cells.
		"track": {"nb_rounds": 200},
	} {
		if err := info.Check(name); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("%v: %v, want an error naming %s", name, err, bad)
		}
	}
	if err := info.Check(games.Settings{"nb_rounds": 200, "track": 500}); err != nil {
		t.Errorf("a consistent override refused: %v", err)
	}
}

// roomy is the fake game with a generator that has room for 50 rounds
// only: a stand-in for a game whose generated boards need room.
type roomy struct{ fake.Game }

func (g roomy) Info() games.Info {
	info := g.Game.Info()
	info.Generated = func(s games.Settings) error {
		if s["nb_rounds"] > 50 {
			return errors.New("nb_rounds: the generator has room for 50 at most")
		}
		return nil
	}
	return info
}

// fileBoard is a board file that fixes some settings.
type fileBoard games.Settings

func (b fileBoard) Settings() games.Settings { return games.Settings(b) }

func TestGeneratedCheck(t *testing.T) {
	g := roomy{}
	info := g.Info()
	over := games.Settings{"nb_rounds": 60, "track": 500}
	if err := info.Check(over); err == nil || !strings.Contains(err.Error(), "room for 50") {
		t.Errorf("Check: %v, want the generator's refusal", err)
	}
	if err := info.CheckBoard(over); err != nil {
		t.Errorf("CheckBoard applies Generated: %v", err)
	}
	if _, err := games.MergeSettings(g, nil, over); err == nil {
		t.Error("settings a generated board cannot have merged without a board file")
	}
	s, err := games.MergeSettings(g, fileBoard(over), nil)
	if err != nil || s["nb_rounds"] != 60 || s["max_step"] != 3 {
		t.Errorf("merged over a board file: %v, %v", s, err)
	}
	// Ranges and Validate still hold for a board file's settings.
	if err := info.CheckBoard(games.Settings{"nb_rounds": 200}); err == nil || !strings.Contains(err.Error(), "track") {
		t.Errorf("CheckBoard: %v, want Validate's refusal", err)
	}
	if _, err := games.MergeSettings(g, fileBoard{"nb_rounds": 0}, nil); err == nil {
		t.Error("a board file's out-of-range setting accepted")
	}
}

func TestLineError(t *testing.T) {
	err := fmt.Errorf("board: %w", games.LineErrorf(7, "want %q", "rows"))
	if games.ErrorLine(err) != 7 || err.Error() != `board: line 7: want "rows"` {
		t.Fatalf("%v (line %d)", err, games.ErrorLine(err))
	}
	if games.ErrorLine(errors.New("no line")) != 0 {
		t.Fatal("a line found in a plain error")
	}
}

func TestWinners(t *testing.T) {
	for _, c := range []struct{ scores, want []int }{
		{[]int{1, 5, 3, 5}, []int{1, 3}},
		{[]int{0, 0, 0, 0}, []int{0, 1, 2, 3}},
		{[]int{9, 5, 3, 5}, []int{0}},
	} {
		if got := games.Winners(c.scores); !slices.Equal(got, c.want) {
			t.Errorf("Winners(%v) = %v, want %v", c.scores, got, c.want)
		}
	}
}

// A game's files come from its own package, under the paths its SDK has
// in a bot's module.
func TestGameFiles(t *testing.T) {
	sdk, err := games.SDKFiles(fake.ID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if !slices.Equal(names, []string{"games/gametest/fake/sdk/sdk.go", "games/wire/codec.go", "games/wire/session.go", "games/wire/wire.go"}) {
		t.Fatalf("SDK files %v", names)
	}
	if p, err := games.SDKImportPath(fake.ID); err != nil || p != "arena.dev/games/gametest/fake/sdk" {
		t.Fatalf("import path %q, %v", p, err)
	}
	if tmpl, err := games.KitTemplate(fake.ID); err != nil || !strings.Contains(string(tmpl), "sdk.Run(") {
		t.Fatalf("template: %v", err)
	}
	if rules, err := games.RulesHTML(fake.ID); err != nil || !strings.Contains(rules, "max_step") {
		t.Fatalf("rules: %v", err)
	}
	if js, err := games.Renderer(fake.ID); err != nil || !strings.Contains(string(js), "export default") {
		t.Fatalf("renderer: %v", err)
	}
	for _, f := range []func(string) error{
		func(id string) error { _, err := games.SDKFiles(id); return err },
		func(id string) error { _, err := games.KitTemplate(id); return err },
		func(id string) error { _, err := games.RulesHTML(id); return err },
		func(id string) error { _, err := games.Renderer(id); return err },
	} {
		if err := f("chess"); err == nil {
			t.Error("files of an unknown game")
		}
	}
}

// Variants of one engine share its SDK and renderer, and differ in their
// settings and rules page.
func TestVariants(t *testing.T) {
	race, sprint := fake.Game{}.Info(), fake.Game{Sprint: true}.Info()
	if race.ID == sprint.ID || race.Defaults()["nb_rounds"] == sprint.Defaults()["nb_rounds"] {
		t.Fatalf("variants %+v and %+v", race, sprint)
	}
	same := func(what string, get func(id string) (string, error)) string {
		a, errA := get(race.ID)
		b, errB := get(sprint.ID)
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v, %v", what, errA, errB)
		}
		return fmt.Sprint(a == b)
	}
	sdk := func(id string) (string, error) {
		f, err := games.SDKFiles(id)
		if err != nil {
			return "", err
		}
		b, err := fs.ReadFile(f, "games/gametest/fake/sdk/sdk.go")
		return string(b), err
	}
	renderer := func(id string) (string, error) { b, err := games.Renderer(id); return string(b), err }
	if same("SDK", sdk) != "true" || same("renderer", renderer) != "true" || same("rules", games.RulesHTML) != "false" {
		t.Fatal("variants must share the SDK and renderer and have their own rules")
	}
}

// A bot's seed tells it neither the match's seed nor another seat's,
// unless the game seeds its bots as the original engines do.
func TestSeatSeed(t *testing.T) {
	info := fake.Game{}.Info()
	seen := map[uint64]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		for seat := range 4 {
			s := info.SeatSeed(seed, seat)
			if seen[s] || s == seed+uint64(seat) || s == seed {
				t.Fatalf("seat %d of seed %d: %d", seat, seed, s)
			}
			seen[s] = true
			if info.SeatSeed(seed, seat) != s {
				t.Fatal("not a function of seed and seat")
			}
		}
	}
	info.OriginalSeeds = true
	if info.SeatSeed(1000, 3) != 1003 {
		t.Fatalf("original seeds: %d, want 1003", info.SeatSeed(1000, 3))
	}
}

// A game keeps its files in a language other than Go in the directory
// named by the language's id, unless LangDirs names another (a variant's).
func TestLangDir(t *testing.T) {
	f := games.Files{}
	if got := f.LangDir("cpp"); got != "cpp" {
		t.Errorf("LangDir(cpp) = %q, want cpp", got)
	}
	f.LangDirs = map[string]string{"cpp": "cpp-redux"}
	if got, other := f.LangDir("cpp"), f.LangDir("rust"); got != "cpp-redux" || other != "rust" {
		t.Errorf("with LangDirs: LangDir(cpp) = %q, LangDir(rust) = %q", got, other)
	}
}
