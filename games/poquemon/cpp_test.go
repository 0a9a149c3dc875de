package poquemon

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
)

// The C++ SDK (cpp/) is the original Poquémon player API over Arena's
// protocol. The conformance suite checks that its Null and Demo play as the
// Go ones; these tests check the rest: every name compiles, students' files
// compile for both targets and play, bad arguments do what the original
// does. visibility_test.go checks that it shows no more than the Go SDK.

func cppBots(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{"surface.cc": gametest.ReadSource(t, "testdata/cpp/surface.cc")}
	for _, name := range []string{"Null", "Demo"} {
		src, err := games.CppBotProgram(ID, name)
		if err != nil {
			t.Fatal(err)
		}
		files["AI"+name+".cc"] = src
	}
	students, _ := filepath.Glob("testdata/cpp/AI*.cc")
	calibration, _ := filepath.Glob("testdata/calibration/AI*.cc")
	for _, p := range append(students, calibration...) {
		files["testdata/"+strings.TrimPrefix(p, "testdata/")] = gametest.ReadSource(t, p)
	}
	return files
}

// Every player file, the reference ones, the students' and the
// calibration's, builds for WebAssembly as the sandbox builds it; the headers give no warning with
// -Wall there (a student's own warnings, like redefining INT_MAX, are
// theirs).
func TestCppBuildsToWASM(t *testing.T) {
	for name, src := range cppBots(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if strings.HasPrefix(name, "testdata/") {
				gametest.BuildCppWasm(t, ID, src)
			} else {
				gametest.BuildCppWasm(t, ID, src, "-Wall", "-Wextra", "-Werror")
			}
		})
	}
}

// The headers compile without warnings natively too, with both compilers
// and the original's C++ standard as well as ours.
func TestCppHeadersWarnNothing(t *testing.T) {
	src := gametest.ReadSource(t, "testdata/cpp/surface.cc") // uses every name of the headers
	n := 0
	for _, cc := range []string{"g++", "clang++"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		for _, std := range []string{"-std=c++11", "-std=c++17"} {
			dir := gametest.CppSDKDir(t, ID, src)
			cmd := exec.Command(cc, std, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I", dir, "bot.cc")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s", cc, std, err, out)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no native C++ compiler")
	}
}

// cppMatch plays the native binary bin in seat 0 against Go bots.
func cppMatch(t *testing.T, bin string, seed uint64, settings games.Settings, others ...string) (*games.Replay, *gametest.Process) {
	t.Helper()
	return gametest.PlayCpp(t, games.Config{Game: Game{}, Seed: seed, Settings: settings}, bin, 0, others...)
}

// actionsOf returns the actions the engine carried out for Poquémon id, as
// [kind, direction] letters, by round.
func actionsOf(t *testing.T, r *games.Replay, id int) map[int][2]string {
	t.Helper()
	out := map[int][2]string{}
	for _, round := range r.Rounds {
		var cmds [][3]any
		if err := json.Unmarshal(round.Commands, &cmds); err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			if int(c[0].(float64)) == id {
				out[round.Round] = [2]string{c[1].(string), c[2].(string)}
			}
		}
	}
	return out
}

// The API surface file plays: every accessor answers, round after round.
func TestCppAPISurfacePlays(t *testing.T) {
	bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, "testdata/cpp/surface.cc"))
	r, bot := cppMatch(t, bin, 5, games.Settings{"nb_rounds": 30}, "Demo", "Dummy", "Null")
	if len(r.End.Frozen) != 0 || !bot.ExitedCleanly() {
		t.Fatalf("frozen %v; log:\n%s", r.End.Frozen, bot.Stderr())
	}
	log := bot.Stderr()
	for _, want := range []string{"round 29 sum", "sze(v): 42", "x: 42", "(0,1) (2,2) true", "Empty Wall Stone Point Scope Attack Defense"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%.2000s", want, log)
		}
	}
	if len(actionsOf(t, r, 0)) == 0 {
		t.Error("no action of the surface player was carried out")
	}
}

// Players written as students write them (only Player.hh, or
// bits/stdc++.h and unistd.h; BFS, Dijkstra, recursion, a big local array,
// goto, macros after the include, a mutable global, a second Demo) play
// full matches against the Dummy without being frozen, and what they print
// on cout lands in the debug log, not in the protocol.
func TestCppStudentFilesPlay(t *testing.T) {
	files, _ := filepath.Glob("testdata/cpp/AI*.cc")
	if len(files) < 4 {
		t.Fatalf("student files: %v", files)
	}
	for k, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".cc")
		t.Run(name, func(t *testing.T) {
			bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, path))
			r, bot := cppMatch(t, bin, uint64(100+k), nil, "Dummy", "Dummy", "Dummy")
			if len(r.End.Frozen) != 0 {
				t.Fatalf("frozen %v; log:\n%.3000s", r.End.Frozen, bot.Stderr())
			}
			if len(r.Rounds) != 400 || !bot.ExitedCleanly() {
				t.Fatalf("%d rounds, exited cleanly %v", len(r.Rounds), bot.ExitedCleanly())
			}
			log := bot.Stderr()
			if !strings.Contains(log, name+" cout:") || !strings.Contains(log, name+" cerr:") {
				t.Fatalf("debug log lacks the cout and cerr lines:\n%.2000s", log)
			}
			if len(actionsOf(t, r, 0)) < 20 {
				t.Fatalf("only %d actions carried out", len(actionsOf(t, r, 0)))
			}
			t.Logf("score %d (Dummies %v), %d actions", r.End.Scores[0], r.End.Scores[1:], len(actionsOf(t, r, 0)))
		})
	}
}

// Bad arguments do what they do in the original: the accessors' check()
// prints where and ends the program (the player is frozen), the others
// answer -1; a second action is refused with the original's warning, a
// value that is no direction is ignored.
func TestCppBadArguments(t *testing.T) {
	bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, "testdata/cpp/bad.cc"))
	fatal := map[string]string{
		"status":        "Assertion `player_ok(id)' failed in check().",
		"poquemon":      "Assertion `id >= 0 and id < nb_total_poquemon()' failed in check().",
		"cell_type":     "Assertion `pos_ok(i, j)' failed in check().",
		"cell_type_pos": "Assertion `pos_ok(i, j)' failed in check().",
		"cell_id":       "Assertion `pos_ok(p)' failed in check().",
		"randomize":     "Error: randomize(3, 2): empty range.",
	}
	for c, want := range fatal {
		t.Run(c, func(t *testing.T) {
			t.Setenv("POQ_CASE", c)
			r, bot := cppMatch(t, bin, 1, games.Settings{"nb_rounds": 6}, "Null", "Null", "Null")
			log := bot.Stderr()
			if !r.End.IsFrozen(0) || !strings.Contains(log, want) || strings.Contains(log, "alive after") {
				t.Fatalf("frozen %v; log:\n%s", r.End.Frozen, log)
			}
			if c != "randomize" && !strings.Contains(log, "Error at Board.hh:") {
				t.Fatalf("no location in the log:\n%s", log)
			}
		})
	}
	play := func(t *testing.T, c string) (*games.Replay, string) {
		t.Setenv("POQ_CASE", c)
		r, bot := cppMatch(t, bin, 1, games.Settings{"nb_rounds": 6}, "Null", "Null", "Null")
		log := bot.Stderr()
		if len(r.End.Frozen) != 0 || !strings.Contains(log, "alive after "+c) {
			t.Fatalf("frozen %v; log:\n%s", r.End.Frozen, log)
		}
		return r, log
	}
	t.Run("outside", func(t *testing.T) {
		if _, log := play(t, "outside"); !strings.Contains(log, "outside: -1 -1 -1 -1\n") {
			t.Fatalf("log:\n%s", log)
		}
	})
	t.Run("twice", func(t *testing.T) {
		r, log := play(t, "twice")
		if !strings.Contains(log, "warning: another action already requested for this poquémon.\n") {
			t.Fatalf("no warning:\n%s", log)
		}
		first := log[strings.Index(log, "first ")+6]
		letter := map[byte]string{'t': "N", 'b': "S", 'l': "W", 'r': "E"}[first]
		if got := actionsOf(t, r, 0); len(got) != 1 || got[2] != [2]string{"m", letter} || r.End.Invalid[0] != 0 {
			t.Fatalf("executed %v (first %c), invalid %v", got, first, r.End.Invalid)
		}
	})
	t.Run("baddir", func(t *testing.T) {
		r, log := play(t, "baddir")
		if strings.Contains(log, "warning") || len(actionsOf(t, r, 0)) != 1 || r.End.Invalid[0] != 0 {
			t.Fatalf("executed %v, invalid %v, log:\n%s", actionsOf(t, r, 0), r.End.Invalid, log)
		}
	})
	t.Run("notyours", func(t *testing.T) {
		r, log := play(t, "notyours")
		if !strings.Contains(log, "warning: poquémon 1 is not yours.") || len(actionsOf(t, r, 1)) != 0 || r.End.Invalid[0] != 0 {
			t.Fatalf("invalid %v, log:\n%s", r.End.Invalid, log)
		}
	})
}

// The rules page documents the C++ API next to the Go one: every name a
// player calls, the shared CPU budget and the 32-bit long.
func TestRulesDocumentCppAPI(t *testing.T) {
	rules, err := games.RulesHTML(ID)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"play()", "me()", "move(Dir d)", "attack(Dir d)", "nb_players()", "nb_rounds()", "rows()",
		"cols()", "nb_poquemon()", "nb_total_poquemon()", "nb_ghost_wall()", "nb_point()", "nb_stone()",
		"nb_scope()", "nb_attack()", "nb_defense()", "player_regen_time()", "wall_change_time()",
		"point_regen_time()", "stone_regen_time()", "scope_regen_time()", "attack_regen_time()",
		"defense_regen_time()", "battle_reward()", "max_scope()", "max_stone()", "player_ok(", "pos_ok(", "dest(",
		"round()", "status(", "poquemon(int id)", "cell_type(", "cell_id(", "points_value(", "ghost_wall(",
		"randomize()", "randomize(int l, int u)", "enum Dir", "struct Pos", "enum CType", "enum AType",
		"GhostWall", "Random_generator", "check(b)", "implies", "PRINT(",
		"one CPU budget per match holds for\nevery language", "<code>long</code> is 32 bits"}
	for _, n := range names {
		if !strings.Contains(rules, n) {
			t.Errorf("the rules page does not mention %q", n)
		}
	}
}
