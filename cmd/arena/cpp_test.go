package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/lang"
)

// The command line's C++ paths run on Ork Island, as the package's other
// tests do: the arena binary that the process tests start knows the games
// of games/all only, so this test binary registers no other (the platform's
// own C++ tests run on the framework's fake game: lang, judge, web).
const cppGame = "orkisland"

// goOnlyGame is a registered game that takes Go bots only; the test is
// skipped when every game takes C++ (the refusal itself is tested on the
// fake game in lang, judge and web).
func goOnlyGame(t *testing.T) games.Info {
	t.Helper()
	for _, id := range games.IDs() {
		if g, _ := games.Get(id); !g.Info().Offers("cpp") {
			return g.Info()
		}
	}
	t.Skip("every game takes C++")
	return games.Info{}
}

// writeFile writes a file in a fresh directory and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// `arena kit GAME DIR --lang cpp` writes the flat C++ kit, which builds
// with a plain C++ compiler and no Makefile; a game without C++ or an
// unknown language is refused.
func TestKitCpp(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kit")
	var out bytes.Buffer
	if err := runKit([]string{cppGame, dir, "--lang", "cpp"}, &out); err != nil {
		t.Fatal(err)
	}
	want, err := games.CppKitFiles(cppGame)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, f := range []string{"AINull.cc", "Player.hh", "arena/wire.hh", "bits/stdc++.h", "README.md"} {
		if _, ok := want[f]; !ok {
			t.Errorf("the kit lacks %s", f)
		}
	}
	readme := string(want["README.md"])
	for _, s := range []string{"arena play orkisland AINull.cc Demo Demo Demo", "long long is 64", "int and long are 32 bits", "arena submit orkisland AINull.cc"} {
		if !strings.Contains(readme, s) {
			t.Errorf("the README lacks %q:\n%s", s, readme)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "Makefile")); err == nil {
		t.Error("the kit has a Makefile")
	}
	cxx := "clang++"
	if _, err := exec.LookPath(cxx); err != nil {
		cxx = "g++"
	}
	build := exec.Command(cxx, "-std=c++17", "-fsyntax-only", "AINull.cc")
	build.Dir = dir
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the kit's AINull.cc does not compile with %s: %v\n%s", cxx, err, b)
	}

	if err := runKit([]string{cppGame, t.TempDir(), "--lang", "rust"}, &out); err == nil || !strings.Contains(err.Error(), `unknown language "rust"`) {
		t.Errorf("a kit in Rust: %v", err)
	}
	t.Run("GoOnlyGame", func(t *testing.T) {
		info := goOnlyGame(t)
		err := runKit([]string{info.ID, t.TempDir(), "--lang", "cpp"}, &out)
		if err == nil || !strings.Contains(err.Error(), info.Title+" does not take bots in C++; it takes Go") {
			t.Errorf("C++ kit of a Go-only game: %v", err)
		}
	})
}

// chattyGo is an Ork Island bot in Go that writes to its debug log every
// round and panics in round panicAt (counted from 0; -1: never).
func chattyGo(panicAt string) string {
	return `package main

import (
	"fmt"
	"os"

	"arena.dev/games/orkisland/sdk"
)

type bot struct{}

func (*bot) Play(g *sdk.Game) {
	fmt.Fprintf(os.Stderr, "round %d with %d orks\n", g.Round(), len(g.Orks(g.Me())))
	if g.Round() == ` + panicAt + ` {
		panic("boom")
	}
}

func main() { sdk.Run(&bot{}) }
`
}

// `arena play` shows a sandboxed bot's debug output while it plays, each
// line prefixed with its seat and name; --log=false silences it; -n keeps
// it off unless asked. A frozen player's line says when and why, as the
// server's match page does, and stays parseable.
func TestPlayShowsLogsAndWhyFrozen(t *testing.T) {
	t.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test")) // warm Go build cache
	chatty := writeFile(t, "chatty.go", chattyGo("-1"))
	out, errOut, err := playArgs(t, cppGame, "Demo", chatty, "Demo", "Demo", "-s", "3", "--set", "nb_rounds=5")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	want := "[1 chatty] round 0 with "
	if !strings.Contains(errOut, want) || !strings.Contains(errOut, "[1 chatty] round 4 with ") {
		t.Errorf("stderr lacks the bot's log (%q):\n%s", want, errOut)
	}
	if strings.Contains(out, "[1 chatty]") || !regexp.MustCompile(`(?m)^player 1 chatty score \d+$`).MatchString(out) {
		t.Errorf("stdout:\n%s", out)
	}
	_, errOut, _ = playArgs(t, cppGame, "Demo", chatty, "Demo", "Demo", "-s", "3", "--set", "nb_rounds=5", "--log=false")
	if strings.Contains(errOut, "chatty") {
		t.Errorf("--log=false shows the log:\n%s", errOut)
	}
	_, errOut, _ = playArgs(t, cppGame, "Demo", chatty, "Demo", "Demo", "-n", "2", "--set", "nb_rounds=5")
	if strings.Contains(errOut, "chatty") {
		t.Errorf("-n shows the log:\n%s", errOut)
	}
	_, errOut, _ = playArgs(t, cppGame, "Demo", chatty, "Demo", "Demo", "-n", "2", "-s", "7", "--set", "nb_rounds=5", "--log")
	if !strings.Contains(errOut, "[seed 7: 1 chatty] round 0 with ") || !strings.Contains(errOut, "[seed 8: 1 chatty] round 4 with ") {
		t.Errorf("-n --log does not show the log by seed:\n%s", errOut)
	}

	panicky := writeFile(t, "panicky.go", chattyGo("2"))
	out, errOut, err = playArgs(t, cppGame, panicky, "Demo", "Demo", "Demo", "-s", "3", "--set", "nb_rounds=5")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	t.Logf("a frozen player:\n%s%s", out, errOut)
	// It panics when its round() is 2: the line says round 2, as the match
	// page and the API do.
	re := regexp.MustCompile(`(?m)^player 0 panicky score \d+ frozen: crashed in round 2: panic or fatal error .+$`)
	if !re.MatchString(out) {
		t.Errorf("the frozen player's line does not say when and why:\n%s", out)
	}
	if !strings.Contains(errOut, "[0 panicky] panic: boom") {
		t.Errorf("the panic is not in the shown log:\n%s", errOut)
	}
}

// The seat's log keeps whole lines, prefixed, up to the server's cap, and
// says where it cut.
func TestSeatLog(t *testing.T) {
	var b bytes.Buffer
	l := newSeatLog(&sync.Mutex{}, &b, "[2 Foo] ")
	l.Write([]byte("one\ntw"))
	l.Write([]byte("o\nthree"))
	if b.String() != "[2 Foo] one\n[2 Foo] two\n" {
		t.Fatalf("got %q", b.String())
	}
	l.Flush()
	if b.String() != "[2 Foo] one\n[2 Foo] two\n[2 Foo] three\n" {
		t.Fatalf("after a flush, got %q", b.String())
	}
	b.Reset()
	l = newSeatLog(&sync.Mutex{}, &b, "> ")
	line := strings.Repeat("x", 1023) + "\n"
	for range 100 {
		l.Write([]byte(line))
	}
	l.Flush()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	// 64 whole lines are the 64 KB; then the note, once.
	if len(lines) != 65 || lines[63] != "> "+strings.Repeat("x", 1023) || lines[64] != "> [debug output cut at 64 KB, as on the server]" {
		t.Fatalf("%d lines, the last %q", len(lines), lines[len(lines)-1])
	}
}

func TestBotNameOfSources(t *testing.T) {
	for spec, want := range map[string]string{"AIFoo.cc": "AIFoo", "dir/AIBar.cpp": "AIBar", "x.go": "x", "y.wasm": "y"} {
		if got := botName(spec); got != want {
			t.Errorf("botName(%q) = %q, want %q", spec, got, want)
		}
	}
	for spec, want := range map[string]bool{"AIFoo.cc": true, "AIFoo.cpp": true, "a.go": true, "b.wasm": true, "Demo": false, "x.c": false} {
		if got := isBotFile(spec); got != want {
			t.Errorf("isBotFile(%q) = %v", spec, got)
		}
	}
}

// A C++ bot built natively (the fallback without the WebAssembly
// toolchain) plays over the same protocol: the game's C++ Demo plays the
// same match as the Go Demo in its seat, what it prints goes to its seat's
// log, a bot that never answers is frozen, and a compile error names the
// player's file.
func TestNativeCpp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds C++ natively")
	}
	g, err := games.Get(cppGame)
	if err != nil {
		t.Fatal(err)
	}
	build := func(src string) string {
		t.Helper()
		dir := t.TempDir()
		cxx, log, err := lang.Cpp.Native(t.Context(), cppGame, []byte(src), dir)
		if err != nil {
			t.Fatalf("%s: %v\n%s", cxx, err, log)
		}
		return filepath.Join(dir, "bot")
	}
	demo, _ := games.CppBotProgram(cppGame, "Demo")
	bin := build(chattyCpp(t, demo))

	play := func(seed uint64, first games.Agent) *games.Replay {
		t.Helper()
		ps := make([]games.Player, 4)
		for i := range ps {
			a, _ := g.NewBot("Demo")
			ps[i] = games.Player{Name: "Demo", Agent: a}
		}
		if first != nil {
			ps[0].Agent.Close()
			ps[0].Agent = first
		}
		r, err := games.Play(t.Context(), games.Config{Game: g, Seed: seed, Players: ps, Settings: games.Settings{"nb_rounds": 6}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var log bytes.Buffer
	a, err := startNative(t.Context(), bin, newSeatLog(&sync.Mutex{}, &log, "[0 AIDemo] "))
	if err != nil {
		t.Fatal(err)
	}
	// The C++ Demo draws what the Go Demo draws from the same seat seed.
	got, want := play(5, a), play(5, nil)
	if !slices.Equal(got.End.Scores, want.End.Scores) || len(got.End.Frozen) != 0 {
		t.Fatalf("native C++ Demo: scores %v frozen %v; the Go Demo's %v", got.End.Scores, got.End.Frozen, want.End.Scores)
	}
	if !strings.HasPrefix(log.String(), "[0 AIDemo] round 0\n[0 AIDemo] on cout\n") || !strings.Contains(log.String(), "[0 AIDemo] round 5\n") {
		t.Errorf("the seat's log:\n%s", log.String())
	}

	loop := build(strings.Replace(string(demo), cppPlay, cppPlay+" if (round() == 2) for (volatile int i = 0; ; ++i) {}", 1))
	a, err = startNative(t.Context(), loop, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := play(5, a)
	if len(r.End.Frozen) != 1 || r.End.Frozen[0].Player != 0 || r.End.Frozen[0].Round != 2 {
		t.Fatalf("an endless loop: frozen %+v", r.End.Frozen)
	}
	t.Logf("an endless loop: %s", frozenNote(r.End, 0))

	_, clog, err := lang.Cpp.Native(t.Context(), cppGame, []byte(cppBroken), t.TempDir())
	if err == nil || !strings.Contains(clog, "bot.cc:2:9") {
		t.Fatalf("a native compile error: %v\n%s", err, clog)
	}

	// Without the WebAssembly toolchain (here: no clang++ where the
	// options say), `arena play` builds natively, says so, and names the
	// player's own file in compile errors.
	var notes bytes.Buffer
	files := newLocalBots(&notes)
	defer files.close()
	files.opts.Clang = filepath.Join(t.TempDir(), "no-clang++")
	aiDemo := writeFile(t, "AIDemo.cc", string(demo))
	art, nbin, err := files.build(t.Context(), g, aiDemo)
	if err != nil || nbin == "" || art.Path != "" {
		t.Fatalf("the fallback: %v, binary %q, artifact %+v", err, nbin, art)
	}
	if !strings.Contains(notes.String(), "AIDemo.cc: built natively with ") || !strings.Contains(notes.String(), "no-clang++") {
		t.Errorf("the fallback does not say so: %q", notes.String())
	}
	agent, err := files.start(t.Context(), g, aiDemo, g.Info().SeatSeed(5, 0), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := agent.(*nativeBot); !ok {
		t.Fatalf("started a %T", agent)
	}
	if got := play(5, agent); !slices.Equal(got.End.Scores, want.End.Scores) {
		t.Errorf("the native fallback: scores %v, want %v", got.End.Scores, want.End.Scores)
	}
	broken := writeFile(t, "AIBroken.cc", cppBroken)
	if _, _, err := files.build(t.Context(), g, broken); err == nil || !strings.Contains(err.Error(), "AIBroken.cc:2:9") {
		t.Errorf("a native compile error in arena play: %v", err)
	}
}

// `arena play` builds a C++ file (.cc or .cpp) to WebAssembly and plays it
// sandboxed, as the server does: the game's C++ Demo plays the Go Demo's
// match, and what it prints, on cerr and on cout, is its seat's log.
func TestPlayCpp(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++ to WebAssembly")
	}
	t.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test"))
	demo, _ := games.CppBotProgram(cppGame, "Demo")
	cc := writeFile(t, "AIDemo.cc", chattyCpp(t, demo))
	cpp := writeFile(t, "AIDemo2.cpp", string(demo))
	out, errOut, err := playArgs(t, cppGame, cc, "Demo", cpp, "Demo", "-s", "9", "--set", "nb_rounds=20")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	want, _, err := playArgs(t, cppGame, "Demo", "Demo", "Demo", "Demo", "-s", "9", "--set", "nb_rounds=20")
	if err != nil {
		t.Fatal(err)
	}
	scores := regexp.MustCompile(`score \d+`)
	if got, want := scores.FindAllString(out, -1), scores.FindAllString(want, -1); !slices.Equal(got, want) || strings.Contains(out, "frozen") {
		t.Errorf("C++ Demos:\n%s\nGo Demos:\n%s", out, want)
	}
	if !strings.HasPrefix(out, "player 0 AIDemo score ") || !strings.Contains(out, "player 2 AIDemo2 score ") {
		t.Errorf("names:\n%s", out)
	}
	if strings.Contains(errOut, "built natively") {
		t.Fatalf("built natively: is clang's wasm32-wasi toolchain installed? (.ci/run installs it)\n%s", errOut)
	}
	for _, line := range []string{"[0 AIDemo] round 0\n", "[0 AIDemo] on cout\n", "[0 AIDemo] round 19\n"} {
		if !strings.Contains(errOut, line) {
			t.Errorf("stderr lacks %q:\n%s", line, errOut)
		}
	}
	if strings.Contains(errOut, "[2 AIDemo2]") {
		t.Errorf("a silent bot has log lines:\n%s", errOut)
	}

	broken := writeFile(t, "AIBroken.cc", cppBroken)
	_, _, err = playArgs(t, cppGame, broken, "Demo", "Demo", "Demo")
	if err == nil || !strings.Contains(err.Error(), "AIBroken.cc:2:9: error: use of undeclared identifier 'undeclared_thing'") {
		t.Errorf("a broken C++ bot: %v", err)
	}
	t.Run("GoOnlyGame", func(t *testing.T) {
		info := goOnlyGame(t)
		args := []string{info.ID, cc}
		for len(args) <= info.Players {
			args = append(args, "Demo")
		}
		_, _, err := playArgs(t, args...)
		if err == nil || !strings.Contains(err.Error(), info.Title+" does not take bots in C++; it takes Go.") {
			t.Errorf("C++ in a Go-only game: %v", err)
		}
	})
}

// cppPlay opens the play method of the games' C++ Demos.
const cppPlay = "virtual void play () {"

// cppBroken does not compile: its line 2, column 9, names nothing.
const cppBroken = "#include \"Player.hh\"\nint x = undeclared_thing;\n"

// chattyCpp is a C++ Demo that prints on cerr and cout every round.
func chattyCpp(t *testing.T, demo []byte) string {
	t.Helper()
	if !bytes.Contains(demo, []byte(cppPlay)) {
		t.Fatalf("the C++ Demo has no %q", cppPlay)
	}
	return strings.Replace(string(demo), cppPlay, cppPlay+` cerr << "round " << round() << endl; cout << "on cout" << endl;`, 1)
}

// `arena play X.cc` compiles a file once: a second run with the same file
// finds its build in the machine's cache (no "compiled" line, the same
// result), and a changed file is compiled again.
func TestPlayCachesBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++ to WebAssembly")
	}
	t.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test")) // warm precompiled headers
	demo, _ := games.CppBotProgram(cppGame, "Demo")
	// A source no earlier run has built.
	src := fmt.Sprintf("%s\n// %s %d\n", demo, t.Name(), time.Now().UnixNano())
	cc := writeFile(t, "AIMine.cc", src)
	args := []string{cppGame, cc, "Demo", "Dummy", "Dummy", "-s", "4", "--set", "nb_rounds=10", "--log=false"}
	compiled := "AIMine.cc: compiled in "
	out1, errOut, err := playArgs(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if !strings.Contains(errOut, compiled) {
		t.Fatalf("the first run does not say it compiled:\n%s", errOut)
	}
	out2, errOut, err := playArgs(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if strings.Contains(errOut, compiled) {
		t.Errorf("the second run compiled the unchanged file again:\n%s", errOut)
	}
	if out1 != out2 {
		t.Errorf("the cached build plays another match:\n%s\nthen\n%s", out1, out2)
	}
	if err := os.WriteFile(cc, []byte(src+"// changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, err = playArgs(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	if !strings.Contains(errOut, compiled) {
		t.Errorf("a changed file was not compiled again:\n%s", errOut)
	}
}
