// Package gametest is the conformance suite of the games framework: every
// game's tests run it with one line, in the spirit of Battlesnake's
// TestRegisteredMaps,
//
//	func TestConformance(t *testing.T) {
//		gametest.Run(t, Game{}, gametest.Board("../../../shared/boards/orkisland-default.cnf"))
//	}
//
// and it checks what the platform relies on for every game: it describes
// itself completely, the same seed gives the same game, replays survive a
// round trip, frames fuzzed both ways give errors and never panics, the
// reference bots exist and build to WebAssembly, the Dummy beats three
// Demos, the game's strong test bot beats its qualifier, board files load
// and a malformed one names its faulty line, and `arena kit` and
// `arena play` work for it.
package gametest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/lang"
)

// config is what the options set.
type config struct {
	boards     []string
	strong     string
	strongWins int // percent
	inBinary   bool
}

// An Option adjusts Run.
type Option func(*config)

// Board adds a valid board file of the game's format (a path relative to
// the test's package): it must load and play, and replacing any one of its
// lines with garbage must give an error naming that line (unless the
// format ignores that line). Besides, Run loads and plays every shared
// board file named after the game's package directory (sharedBoardFiles).
func Board(path string) Option { return func(c *config) { c.boards = append(c.boards, path) } }

// StrongBot names the game's strong test bot, a single-file main package
// against the SDK that beats three of the game's qualifier (default
// testdata/strong.go). The end-to-end tests submit it through the server.
func StrongBot(path string) Option { return func(c *config) { c.strong = path } }

// StrongWins lowers the share of matches, in percent, the strong bot must
// win against three of the qualifier (default 90): for a game whose matches
// are so random that a sound bot cannot win nine in ten. Say why where it
// is used.
func StrongWins(percent int) Option { return func(c *config) { c.strongWins = percent } }

// NotInBinary skips the checks through the arena binary, for a game that
// is not registered in games/all: the framework's own fake game only.
func NotInBinary() Option { return func(c *config) { c.inBinary = false } }

// Run runs the conformance suite on g.
func Run(t *testing.T, g games.Game, opts ...Option) {
	c := config{strong: "testdata/strong.go", strongWins: 90, inBinary: true}
	for _, o := range opts {
		o(&c)
	}
	info := g.Info()
	t.Run("Info", func(t *testing.T) { checkInfo(t, g) })
	t.Run("Files", func(t *testing.T) { checkFiles(t, info) })
	t.Run("SameSeedSameGame", func(t *testing.T) { checkDeterminism(t, g) })
	t.Run("ReplayRoundTrip", func(t *testing.T) { checkReplayRoundTrip(t, g) })
	t.Run("FuzzCommands", func(t *testing.T) { fuzzCommands(t, g) })
	t.Run("FuzzHostFrames", func(t *testing.T) { fuzzHostFrames(t, g) })
	t.Run("DummyBeatsDemos", func(t *testing.T) { checkDummyBeatsDemos(t, g) })
	for _, b := range c.boards {
		t.Run("Board/"+b, func(t *testing.T) { checkBoard(t, g, b) })
	}
	for _, b := range sharedBoardFiles(info.Files.Dir) {
		if !slices.Contains(c.boards, filepath.ToSlash(b)) {
			t.Run("Board/"+filepath.ToSlash(b), func(t *testing.T) { checkBoardPlays(t, g, b) })
		}
	}
	t.Run("BotsBuildToWASM", func(t *testing.T) { checkBotsBuild(t, info) })
	t.Run("StrongBeatsQualifier", func(t *testing.T) { checkStrong(t, g, c.strong, c.strongWins) })
	if info.Offers("cpp") {
		t.Run("Cpp", func(t *testing.T) { checkCpp(t, g) })
	}
	if c.inBinary {
		t.Run("ArenaKitAndPlay", func(t *testing.T) { checkArena(t, info, c.boards) })
	}
	if c.inBinary && info.Offers("cpp") {
		t.Run("ArenaCpp", func(t *testing.T) { checkArenaCpp(t, info) })
	}
}

var idRe = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

func checkInfo(t *testing.T, g games.Game) {
	info := g.Info()
	if !idRe.MatchString(info.ID) || info.Title == "" || info.Players < 2 || info.CPUBudget <= 0 {
		t.Fatalf("id %q, title %q, %d players, CPU budget %v", info.ID, info.Title, info.Players, info.CPUBudget)
	}
	if reg, err := games.Get(info.ID); err != nil || reg.Info().ID != info.ID {
		t.Fatalf("not registered under %q: %v", info.ID, err)
	}
	names := map[string]bool{}
	for _, p := range info.Params {
		if names[p.Name] || p.Name == "" || p.Min > p.Default || p.Default > p.Max {
			t.Errorf("param %+v: duplicate, unnamed or default out of range", p)
		}
		names[p.Name] = true
	}
	// The defaults pass the game's own checks, and a setting out of range
	// is refused with its name in the error.
	if err := info.Check(info.Defaults()); err != nil {
		t.Errorf("the defaults fail their own checks: %v", err)
	}
	for _, p := range info.Params {
		if p.Max < 1<<30 {
			if err := info.Check(games.Settings{p.Name: p.Max + 1}); err == nil || !strings.Contains(err.Error(), p.Name) {
				t.Errorf("%s=%d: %v", p.Name, p.Max+1, err)
			}
		}
	}
	if err := info.Check(games.Settings{"no_such_setting": 1}); err == nil {
		t.Error("an unknown setting passed")
	}
	for _, b := range []string{"Null", "Demo", "Dummy"} {
		if !slices.Contains(info.Bots, b) {
			t.Errorf("no built-in %s (bots %v)", b, info.Bots)
		}
	}
	if !slices.Contains(info.Bots, info.Qualifier) {
		t.Errorf("qualifier %q is not a built-in bot", info.Qualifier)
	}
	for _, d := range info.Downloads {
		if !slices.Contains(info.Bots, d) {
			t.Errorf("download %q is not a built-in bot", d)
		}
	}
	for _, b := range info.Bots {
		a, err := g.NewBot(b)
		if err != nil {
			t.Errorf("NewBot(%q): %v", b, err)
			continue
		}
		if _, ok := a.(*games.Native); !ok {
			t.Errorf("NewBot(%q) is a %T, want *games.Native (an SDK session in-process)", b, a)
		}
	}
	for _, id := range info.Languages {
		if l, err := lang.Get(id); err != nil {
			t.Error(err)
		} else if _, err := l.SDK(info.ID); err != nil {
			t.Errorf("offers %s but has no SDK in it: %v", l.Title, err)
		}
	}
	if !info.Offers(lang.Go.ID) {
		t.Error("the game does not offer Go: its reference bots are Go")
	}
	if _, err := g.NewBot("Nobody"); err == nil {
		t.Error("an unknown bot was made")
	}
	// One colour per seat, distinct, that pages and the viewer both use.
	if len(info.Palette) != info.Players {
		t.Errorf("palette %v: want one colour for each of the %d seats", info.Palette, info.Players)
	}
	seen := map[string]bool{}
	for _, c := range info.Palette {
		if !colorRe.MatchString(c) || seen[strings.ToLower(c)] {
			t.Errorf("palette %v: %q is not #rrggbb, or is there twice", info.Palette, c)
		}
		seen[strings.ToLower(c)] = true
	}
}

var colorRe = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func checkFiles(t *testing.T, info games.Info) {
	sdk, err := games.SDKFiles(info.ID)
	if err != nil {
		t.Fatal(err)
	}
	sdkDir := "games/" + info.Files.Dir + "/sdk/"
	declared := map[string]bool{}
	n := 0
	err = fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := fs.ReadFile(sdk, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		// Standard library and the game's own packages only: a kit builds
		// with no module download.
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if strings.Contains(strings.Split(path, "/")[0], ".") && !strings.HasPrefix(path, "arena.dev/games/") {
				t.Errorf("%s imports %s", p, path)
			}
		}
		if strings.HasPrefix(p, sdkDir) {
			n++
			full, err := parser.ParseFile(token.NewFileSet(), p, src, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for name := range topLevelNames(full) {
				declared[name] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("no SDK files under %s", sdkDir)
	}
	for _, name := range info.Files.HostOnly {
		if !declared[name] {
			t.Errorf("HostOnly names %s, which the SDK does not declare", name)
		}
	}
	if kit, err := games.KitTemplate(info.ID); err != nil || !bytes.Contains(kit, []byte("sdk.Run(")) {
		t.Errorf("starter bot: %v", err)
	}
	if rules, err := games.RulesHTML(info.ID); err != nil || len(strings.TrimSpace(rules)) < 100 {
		t.Errorf("rules page: %d bytes, %v", len(rules), err)
	}
	if js, err := games.Renderer(info.ID); err != nil || !bytes.Contains(js, []byte("export default")) {
		t.Errorf("renderer: %v", err)
	}
}

// players seats the named bots, cycling through them.
func players(t testing.TB, g games.Game, names ...string) []games.Player {
	t.Helper()
	ps := make([]games.Player, g.Info().Players)
	for i := range ps {
		name := names[i%len(names)]
		a, err := g.NewBot(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = games.Player{Name: name, Agent: a}
	}
	return ps
}

func play(t testing.TB, g games.Game, seed uint64, board games.Board, names ...string) *games.Replay {
	t.Helper()
	r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Board: board, Players: players(t, g, names...)})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if len(r.End.Frozen) != 0 {
		t.Fatalf("seed %d: built-in bots frozen: %+v", seed, r.End.Frozen)
	}
	return r
}

func replayJSON(t testing.TB, r *games.Replay) []byte {
	t.Helper()
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// gameJSON is a replay without the CPU statuses and totals, which measure
// time (a built-in bot's is its wall time): what the seed and the bots
// decide.
func gameJSON(t testing.TB, r *games.Replay) []byte {
	t.Helper()
	c := *r
	c.Rounds = slices.Clone(r.Rounds)
	for i := range c.Rounds {
		c.Rounds[i].CPU = nil
	}
	c.End.CPU = nil
	b, err := c.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func checkDeterminism(t *testing.T, g games.Game) {
	bots := []string{"Dummy", "Demo", "Demo", "Null"}
	a := gameJSON(t, play(t, g, 11, nil, bots...))
	b := gameJSON(t, play(t, g, 11, nil, bots...))
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed and bots gave two different games")
	}
	if c := gameJSON(t, play(t, g, 12, nil, bots...)); bytes.Equal(a, c) {
		t.Fatal("seeds 11 and 12 gave the same replay: the seed is not used")
	}
}

func checkReplayRoundTrip(t *testing.T, g games.Game) {
	r := play(t, g, 3, nil, "Dummy", "Demo", "Dummy", "Demo")
	want := replayJSON(t, r)
	z, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	back, err := games.ReadReplay(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if got := replayJSON(t, back); !bytes.Equal(got, want) {
		t.Fatal("the replay changed through gzip and back")
	}
	var v map[string]any
	if err := json.Unmarshal(want, &v); err != nil {
		t.Fatal(err)
	}
	if len(r.Rounds) != r.End.Rounds || len(r.End.Scores) != g.Info().Players {
		t.Fatalf("%d rounds recorded, end says %d; %d scores", len(r.Rounds), r.End.Rounds, len(r.End.Scores))
	}
	t.Logf("%d rounds: %d bytes of JSON, %d gzipped", len(r.Rounds), len(want), len(z))
}

func checkDummyBeatsDemos(t *testing.T, g games.Game) {
	n := g.Info().Players
	wins := 0
	for seed := uint64(1); seed <= 10; seed++ {
		seat := int(seed) % n
		names := make([]string, n)
		for i := range names {
			names[i] = "Demo"
		}
		names[seat] = "Dummy"
		r := play(t, g, seed, nil, names...)
		if slices.Equal(r.End.Winners, []int{seat}) {
			wins++
		}
		t.Logf("seed %d: Dummy in seat %d, scores %v", seed, seat, r.End.Scores)
	}
	if wins < 9 {
		t.Errorf("the Dummy beat three Demos in %d of 10 seeds, want at least 9", wins)
	}
}

func checkBoard(t *testing.T, g games.Game, path string) {
	data, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	board, err := g.ParseBoard(data)
	if err != nil {
		t.Fatalf("a valid board is refused: %v", err)
	}
	if _, err := games.MergeSettings(g, board, nil); err != nil {
		t.Fatalf("its settings: %v", err)
	}
	play(t, g, 5, board, "Dummy", "Demo", "Null", "Demo")

	// A line replaced by garbage is refused, naming that line, unless the
	// format ignores what is there (as the original's reader ignores, say,
	// column labels): then the board is the same. Garbage on a blank line
	// is an inserted line: a reader may take it for a token it ignores and
	// find the fault only on a later line.
	lines := strings.Split(string(data), "\n")
	for k := range lines {
		bad := slices.Clone(lines)
		bad[k] = "#@!garbage!@#"
		again, err := g.ParseBoard([]byte(strings.Join(bad, "\n")))
		blank := strings.TrimSpace(lines[k]) == ""
		switch got := games.ErrorLine(err); {
		case err == nil && reflect.DeepEqual(again, board):
		case err == nil:
			t.Errorf("line %d replaced by garbage: accepted, and the board changed", k+1)
		case got != k+1 && !(blank && got > k+1):
			t.Errorf("line %d replaced by garbage: error names line %d: %v", k+1, got, err)
		}
	}
	// Cut after any line that leaves out some content: an error.
	for k := range lines {
		if strings.TrimSpace(strings.Join(lines[k:], "")) == "" {
			break
		}
		if _, err := g.ParseBoard([]byte(strings.Join(lines[:k], "\n"))); err == nil {
			t.Errorf("cut after line %d: accepted", k)
		}
	}
	if _, err := g.ParseBoard(nil); err == nil {
		t.Error("an empty file is accepted")
	}
	var le *games.LineError
	if _, err := g.ParseBoard([]byte("\x00\xff")); !errors.As(err, &le) {
		t.Errorf("binary junk: %v, want a line error", err)
	}
}

// topLevelNames lists a file's package-level names.
func topLevelNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}
