package gametest

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
)

// CppCompiler is the native C++ compiler the tests build players with:
// clang++ (which .ci/run installs with its WebAssembly sysroot), else g++.
func CppCompiler(t testing.TB) string {
	t.Helper()
	for _, c := range []string{"clang++", "g++"} {
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	t.Fatal("no C++ compiler (clang++ or g++): .ci/run installs clang")
	return ""
}

// BuildCpp compiles a C++ player file natively against a game's C++ SDK,
// laid out as the sandbox lays it out (the headers and bot.cc in one
// directory), and returns the binary: for tests that play a C++ player
// over pipes with StartProcess. The compiler's messages fail the test.
func BuildCpp(t testing.TB, gameID string, src []byte) string {
	t.Helper()
	bin, log, err := buildCpp(t, gameID, src)
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	return bin
}

func buildCpp(t testing.TB, gameID string, src []byte) (bin, log string, err error) {
	dir := CppSDKDir(t, gameID, src)
	bin = filepath.Join(dir, "bot")
	cmd := exec.Command(CppCompiler(t), "-std=c++17", "-O2", "-I", dir, "-o", bin, "bot.cc")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return bin, string(out), err
}

// cppPlayers seats the named bots: "cpp:Name" is the game's C++ player
// AIName.cc built natively, any other name a built-in Go bot in-process.
func cppPlayers(t testing.TB, g games.Game, bins map[string]string, names ...string) []games.Player {
	t.Helper()
	ps := make([]games.Player, len(names))
	for i, name := range names {
		if c, ok := strings.CutPrefix(name, "cpp:"); ok {
			a, err := StartProcess(bins[c])
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ps[i] = games.Player{Name: c, Agent: a}
			continue
		}
		a, err := g.NewBot(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = games.Player{Name: name, Agent: a}
	}
	return ps
}

// The C++ SDK is there, its starter and Demo compile, and they play
// exactly as the Go Null and Demo: the same seeds give the same game.
func checkCpp(t *testing.T, g games.Game) {
	info := g.Info()
	if _, err := games.CppSDKFiles(info.ID); err != nil {
		t.Fatal(err)
	}
	bins := map[string]string{}
	for _, name := range []string{"Null", "Demo"} {
		src, err := games.CppBotProgram(info.ID, name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("RegisterPlayer(")) || !bytes.Contains(src, []byte(`#include "Player.hh"`)) {
			t.Errorf("AI%s.cc is not a player file of the original's form", name)
		}
		bins[name] = BuildCpp(t, info.ID, src)
	}
	if rules, err := games.RulesHTML(info.ID); err != nil || !strings.Contains(rules, "Player.hh") {
		t.Errorf("the rules page has no C++ reference (Player.hh): %v", err)
	}
	n := info.Players
	for seed := uint64(1); seed <= 3; seed++ {
		// Seats alternate between the languages, each C++ bot facing
		// its Go twin.
		goNames, cppNames := make([]string, n), make([]string, n)
		for i := range n {
			bot := "Demo"
			if i == n-1 {
				bot = "Null"
			}
			goNames[i], cppNames[i] = bot, bot
			if (i+int(seed))%2 == 0 {
				cppNames[i] = "cpp:" + bot
			}
		}
		want := playSeats(t, g, seed, cppPlayers(t, g, bins, goNames...))
		got := playSeats(t, g, seed, cppPlayers(t, g, bins, cppNames...))
		if !bytes.Equal(got, want) {
			t.Errorf("seed %d: seats %v play another game than %v:\n%s", seed, cppNames, goNames, firstDiff(got, want))
		}
	}
}

func playSeats(t *testing.T, g games.Game, seed uint64, ps []games.Player) []byte {
	t.Helper()
	r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: ps})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if len(r.End.Frozen) != 0 {
		t.Fatalf("seed %d: frozen %+v", seed, r.End.Frozen)
	}
	return gameJSON(t, r)
}

// firstDiff shows where two replays part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("at byte %d:\n got  …%s…\n want …%s…", i, a[from:min(len(a), i+200)], b[from:min(len(b), i+200)])
}
