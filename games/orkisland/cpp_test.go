package orkisland

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/orkisland/bots"
	"arena.dev/games/orkisland/proto"
	"arena.dev/games/orkisland/sdk"
	"arena.dev/games/wire"
)

// The SDK's own files compile without a warning with -Wall -Wextra, with
// libstdc++ (g++, clang++) natively and libc++ for WebAssembly.
func TestCppSDKCompilesWithoutWarnings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the C++ compilers")
	}
	files := map[string][]byte{"surface.cc": gametest.ReadSource(t, "testdata/cpp/surface.cc")}
	for _, name := range []string{"Null", "Demo"} {
		src, err := games.CppBotProgram(ID, name)
		if err != nil {
			t.Fatal(err)
		}
		files["AI"+name+".cc"] = src
	}
	strict := []string{"-Wall", "-Wextra", "-Werror"}
	for name, src := range files {
		for _, c := range []struct {
			target, compiler string
			flags            []string
		}{
			{"g++", "g++", []string{"-std=c++11", "-O2"}},
			{"clang++", "clang++", []string{"-std=c++17", "-O2"}},
			{"wasm", "clang++", gametest.CppWasmFlags},
		} {
			t.Run(name+"/"+c.target, func(t *testing.T) {
				t.Parallel()
				if _, err := exec.LookPath(c.compiler); err != nil {
					t.Skipf("no %s", c.compiler)
				}
				if log, err := gametest.CompileCppWith(t, ID, src, c.compiler, append(c.flags, strict...)...); err != nil {
					t.Fatalf("%v\n%s", err, log)
				}
			})
		}
	}
}

// surfaceHash is what testdata/cpp/surface.cc computes from the API each
// round, computed here from the engine's state.
func surfaceHash(s *State, cpu []float64) uint64 {
	var h uint64
	mix := func(v int) { h = h*1000003 + uint64(int64(v)) }
	mix(s.Round)
	for p := range s.Cfg.Players {
		mix(s.Scores[p])
		if cpu[p] < 0 {
			mix(-1000000)
		} else {
			mix(int(cpu[p] * 1e6))
		}
	}
	for c, t := range s.B.Cells {
		mix(int(t))
		mix(s.At[c])
		mix(s.B.CityOf[c])
		mix(s.B.PathOf[c])
	}
	cols := s.B.Cols
	for id, o := range s.Orks {
		mix(id)
		mix(o.Player)
		mix(o.Cell / cols)
		mix(o.Cell % cols)
		mix(o.Health)
	}
	for id, cells := range s.B.Cities {
		mix(s.CityOwner[id])
		mix(len(cells))
		for _, c := range cells {
			mix(c / cols)
			mix(c % cols)
		}
	}
	for id, p := range s.B.Paths {
		mix(s.PathOwner[id])
		mix(p.A)
		mix(p.B)
		mix(len(p.Cells))
		for _, c := range p.Cells {
			mix(c / cols)
			mix(c % cols)
		}
	}
	for p := range s.Cfg.Players {
		var ids []int
		for id, o := range s.Orks {
			if o.Player == p {
				ids = append(ids, id)
			}
		}
		mix(len(ids))
		for _, id := range ids {
			mix(id)
		}
	}
	return h
}

// checkLines returns the lines of log that start with prefix.
func checkLines(log, prefix string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

// The C++ SDK decodes the frames into exactly the engine's state, round
// after round (the C++ twin of TestFramesMirrorState); its random numbers
// are the Go SDK's; every name of the original API is there, and bad
// arguments print the original's warnings and return its defaults.
func TestCppSurfaceMirrorsEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C++ bot")
	}
	bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, "testdata/cpp/surface.cc"))
	const seed, seat = 4, 2
	gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	m := gm.(*match)
	bot, err := gametest.StartProcess(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	seatSeed := Game{}.Info().SeatSeed(seed, seat)
	sessions := make([]*wire.Session, 4)
	for p := range sessions {
		if p == seat {
			if _, _, err := bot.Exchange(m.Setup(p, seatSeed), 0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, _ := bots.Roster.New("Dummy")
		sessions[p] = sdk.NewSession(b)
		if _, err := sessions[p].Handle(m.Setup(p, Game{}.Info().SeatSeed(seed, p))); err != nil {
			t.Fatal(err)
		}
	}
	cpu := []float64{0, 0.25, 0, -1}
	var want []string
	for !m.Done() {
		for p, s := range sessions {
			frame := m.View(p, cpu)
			var reply []byte
			if p == seat {
				want = append(want, fmt.Sprintf("round %d hash %d ok 1", m.s.Round, surfaceHash(m.s, cpu)))
				if reply, _, err = bot.Exchange(frame, 0); err != nil {
					t.Fatalf("round %d: %v\n%s", m.s.Round, err, bot.Stderr())
				}
			} else if reply, err = s.Handle(frame); err != nil {
				t.Fatal(err)
			}
			if bad, err := m.Commands(p, reply); bad != 0 || err != nil {
				t.Fatalf("round %d: player %d: %d invalid, %v", m.s.Round, p, bad, err)
			}
		}
		m.Step()
		cpu[seat] = min(1, cpu[seat]+0.003)
	}
	if err := bot.Close(); err != nil || !bot.ExitedCleanly() {
		t.Fatalf("exit: %v\n%s", err, bot.Stderr())
	}
	log := bot.Stderr()
	got := checkLines(log, "round ")
	if len(got) != len(want) {
		t.Fatalf("%d round lines, want %d:\n%s", len(got), len(want), log)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("the C++ SDK sees another state than the engine's:\n got  %s\n want %s", got[i], want[i])
		}
	}

	rng := rand.New(rand.NewPCG(seatSeed, proto.SeedStream))
	var draws strings.Builder
	for range 5 {
		fmt.Fprintf(&draws, "%d ", rng.IntN(100))
	}
	for _, x := range rng.Perm(7) {
		fmt.Fprintf(&draws, "%d ", x)
	}
	fmt.Fprintf(&draws, "%d", -3+rng.IntN(1))
	checks := map[string]string{
		"draws":                   draws.String(),
		"settings":                "OrkIsland 1.0 OrkIsland 1.0 4 70 70 200 100 15 1 2 3 0 0 1 1 2",
		"costs":                   "1 2 3 0 0 ",
		"me":                      fmt.Sprintf("%d 42", seat),
		"player_ok":               "1100",
		"pos_ok":                  "1100",
		"pos":                     "(3, 4) (3, 6) (3, 6) (0, 0) 1110 101",
		"structs":                 "0W1.2F3S4C5PX 6 -1 -1 -1 3 1 2 3 -1 -1 (0, 0) 0 5 2 (0, 0) 0 5 2 (1, 1) 9",
		"cell(-1, 5)":             "6 -1 -1 -1",
		"cell(Pos(0, cols()))":    "6 -1 -1 -1",
		"total_score(4)":          "-1",
		"status(-1)":              "-2",
		"unit(999)":               "-1 -1 (0, 0) 0",
		"unit(-1)":                "-1 -1 (0, 0) 0",
		"city(-1)":                "0",
		"city_owner(nb_cities())": "-1",
		"path(1000)":              "0 0 0",
		"path_owner(-2)":          "-1",
		"orks(7)":                 "0",
		"cost(WATER)":             "2147483647",
		"random(5, 3)":            "5",
		"random(0, 2000000)":      "0",
		"random_permutation(-1)":  "0",
		"new_player":              "another",
		"players":                 "Surface",
		"read_grid":               "same",
	}
	seen := map[string]bool{}
	for _, l := range checkLines(log, "check ") {
		name, value, _ := strings.Cut(strings.TrimPrefix(l, "check "), " = ")
		seen[name] = true
		if w, ok := checks[name]; !ok {
			t.Errorf("unexpected %q", l)
		} else if value != w {
			t.Errorf("%s = %q, want %q", name, value, w)
		}
	}
	for name := range checks {
		if !seen[name] {
			t.Errorf("no check %s in the log", name)
		}
	}
	for _, w := range []string{
		"warning: cell requested for position (-1, 5)\n",
		"warning: cell requested for position (0, 70)\n",
		"warning: total score requested for player 4\n",
		"warning: status requested for player -1\n",
		"warning: unit requested for identifier 999\n",
		"warning: unit requested for identifier -1\n",
		"warning: city requested for identifier -1\n",
		"warning: city owner requested for identifier ",
		"warning: path requested for identifier 1000\n",
		"warning: path owner requested for identifier -2\n",
		"warning: orks requested for player 7\n",
		"warning: cost requested for CellType WATER\n",
		"warning: command already requested for unit ",
	} {
		if !strings.Contains(log, w) {
			t.Errorf("the log lacks %q", w)
		}
	}
}

// studentPlayers are the player files of testdata/cpp written the way
// students write them (games/cpp-api.md §6).
func studentPlayers(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/cpp/AI*.cc")
	if err != nil || len(files) < 4 {
		t.Fatalf("student player files: %v %v", files, err)
	}
	return files
}

// Student-style player files compile natively and play whole matches
// against three Go Dummies without being frozen or giving an invalid
// command; what they print on cout lands in the debug log, never in the
// protocol, and they exit cleanly when the match ends.
func TestCppStudentPlayersPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds C++ bots and plays matches")
	}
	for _, path := range studentPlayers(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".cc")
		t.Run(name, func(t *testing.T) {
			bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, path))
			for seed := uint64(1); seed <= 2; seed++ {
				seat := int(seed) % 4
				t0 := time.Now()
				// Wall time is not the bot's CPU on a loaded machine: the
				// budget is lifted, this test is about the protocol.
				c := games.Config{Game: Game{}, Seed: seed, CPUBudget: time.Hour}
				r, bot := gametest.PlayCpp(t, c, bin, seat, "Dummy", "Dummy", "Dummy")
				log := bot.Stderr()
				if len(r.End.Frozen) != 0 || r.End.Invalid[seat] != 0 || r.End.Rounds != 200 {
					t.Fatalf("seed %d: frozen %v, invalid %v, %d rounds; log:\n%s", seed, r.End.Frozen, r.End.Invalid, r.End.Rounds, log)
				}
				if !bot.ExitedCleanly() {
					t.Fatalf("seed %d: the bot did not exit cleanly; log:\n%s", seed, log)
				}
				if !strings.Contains(log, name[2:]+" cout:") || !strings.Contains(log, name[2:]+" cerr:") {
					t.Errorf("seed %d: the debug log lacks the cout and cerr lines:\n%s", seed, log)
				}
				t.Logf("seed %d seat %d: scores %v in %v", seed, seat, r.End.Scores, time.Since(t0).Round(time.Millisecond))
			}
		})
	}
}

// Every C++ player file of the tests and of the kit builds to WebAssembly
// with the sandbox's flags (libc++, no exceptions); running it is the
// sandbox's business.
func TestCppPlayersBuildForWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs clang++")
	}
	if _, err := exec.LookPath("clang++"); err != nil {
		t.Fatal("no clang++: .ci/run installs it with the wasm32-wasi sysroot")
	}
	files := append(studentPlayers(t), "testdata/cpp/surface.cc", "cpp/AINull.cc", "cpp/AIDemo.cc")
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			if log, err := gametest.CompileCppWith(t, ID, gametest.ReadSource(t, path), "clang++", gametest.CppWasmFlags...); err != nil {
				t.Fatalf("%v\n%s", err, log)
			}
		})
	}
}

// More than 1000 commands in a round abort the player with the original's
// message, which freezes it; a command with no direction is sent, and
// counted invalid by the engine.
func TestCppTooManyCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C++ bot")
	}
	src := `#include "Player.hh"
#define PLAYER_NAME Flood
struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {
    if (round() == 1) execute(Command(orks(me())[0], Dir(260)));
    if (round() == 3)
      for (int k = 0; k <= 1000; ++k) execute(Command(k, NONE));
  }
};
RegisterPlayer(PLAYER_NAME);
`
	c := games.Config{Game: Game{}, Seed: 1, Settings: games.Settings{"nb_rounds": 6}, CPUBudget: time.Hour}
	r, bot := gametest.PlayCpp(t, c, gametest.BuildCpp(t, ID, []byte(src)), 0, "Demo", "Demo", "Demo")
	if len(r.End.Frozen) != 1 || r.End.Frozen[0].Player != 0 || r.End.Frozen[0].Round != 3 {
		t.Errorf("frozen %+v, want player 0 in round 3", r.End.Frozen)
	}
	if r.End.Invalid[0] != 1 {
		t.Errorf("%d invalid commands, want 1 (the direction 260)", r.End.Invalid[0])
	}
	if !strings.Contains(bot.Stderr(), "error: Too many commands.\n") {
		t.Errorf("log %q", bot.Stderr())
	}
}
