package wasteland

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/wasteland/proto"
	"arena.dev/games/wasteland/sdk"
	"arena.dev/games/wire"
)

// The C++ SDK's tests. The player files in testdata/cpp are written as
// students write them (games/cpp-api.md §6); api.cc calls every public name
// of the original API.

// readPlayer reads a player file of testdata/cpp.
func readPlayer(t *testing.T, name string) []byte {
	return gametest.ReadSource(t, "testdata/cpp/"+name)
}

// The SDK's own files compile without a warning, with -Wall -Wextra, under
// libstdc++ (g++, clang++) and libc++ (wasm32-wasi).
func TestCppSDKCompilesCleanly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the C++ compilers")
	}
	var sources [][]byte
	for _, name := range []string{"Null", "Demo"} {
		src, err := games.CppBotProgram(ID, name)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, src)
	}
	sources = append(sources, readPlayer(t, "api.cc"))
	for _, src := range sources {
		dir := gametest.CppSDKDir(t, ID, src)
		for _, cxx := range []string{"g++", "clang++"} {
			path, err := exec.LookPath(cxx)
			if err != nil {
				continue
			}
			cmd := exec.Command(path, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I", dir, "bot.cc")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", cxx, err, out)
			}
		}
		gametest.BuildCppWasm(t, ID, src, "-Wall", "-Wextra", "-Werror")
	}
}

// Students' player files compile natively and to WebAssembly, and play
// whole matches against three Go Dummies without being frozen; what they
// print on cout lands in the debug log.
func TestCppStudentPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays C++ players")
	}
	names, err := filepath.Glob("testdata/cpp/AI*.cc")
	if err != nil || len(names) < 4 {
		t.Fatalf("player files: %v %v", names, err)
	}
	board := defaultBoard(t)
	for k, path := range names {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".cc"), func(t *testing.T) {
			src := readPlayer(t, name)
			bin := gametest.BuildCpp(t, ID, src)
			gametest.BuildCppWasm(t, ID, src)

			seat, seed := k%4, uint64(40+k)
			var b games.Board
			if k%2 == 0 {
				b = board
			}
			// Wall time stands for CPU time in the runner: a generous budget
			// keeps a loaded machine from freezing a fast bot.
			c := games.Config{Game: Game{}, Board: b, Seed: seed, CPUBudget: time.Minute}
			r, bot := gametest.PlayCpp(t, c, bin, seat, "Dummy", "Dummy", "Dummy")
			if len(r.End.Frozen) != 0 || !bot.ExitedCleanly() {
				t.Fatalf("frozen %+v; log:\n%s", r.End.Frozen, gametest.LogTail(bot.Stderr()))
			}
			if !strings.Contains(bot.Stderr(), "on cout") {
				t.Errorf("the lines printed on cout are not in the debug log:\n%s", gametest.LogTail(bot.Stderr()))
			}
			t.Logf("seat %d, seed %d: scores %v, invalid %v", seat, seed, r.End.Scores, r.End.Invalid)
		})
	}
}

// The C++ Demo makes the Go Demo's choices and draws in every seat: four
// of each give the same game, seed after seed, on the default board and on
// generated ones.
func TestCppDemoIsTheGoDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays C++ players")
	}
	src, err := games.CppBotProgram(ID, "Demo")
	if err != nil {
		t.Fatal(err)
	}
	bin := gametest.BuildCpp(t, ID, src)
	board := defaultBoard(t)
	game := func(seed uint64, b games.Board, cpp bool) []byte {
		ps := make([]games.Player, 4)
		for p := range ps {
			var a games.Agent
			var err error
			if cpp {
				a, err = gametest.StartProcess(bin)
			} else {
				a, err = Game{}.NewBot("Demo")
			}
			if err != nil {
				t.Fatal(err)
			}
			ps[p] = games.Player{Name: "Demo", Agent: a}
		}
		r, err := games.Play(context.Background(), games.Config{Game: Game{}, Board: b, Seed: seed, Players: ps, CPUBudget: time.Minute})
		if err != nil || len(r.End.Frozen) != 0 {
			t.Fatalf("seed %d: %v, frozen %+v", seed, err, r.End.Frozen)
		}
		for i := range r.Rounds {
			r.Rounds[i].CPU = nil // timing, not play
		}
		r.End.CPU = nil
		js, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		return js
	}
	for seed := uint64(4); seed < 14; seed++ {
		var b games.Board
		if seed%2 == 0 {
			b = board
		}
		if !bytes.Equal(game(seed, b, true), game(seed, b, false)) {
			t.Errorf("seed %d: four C++ Demos play another game than four Go Demos", seed)
		}
	}
}

// viewDigest is what testdata/cpp/api.cc writes each round, "view ROUND
// HASH", computed from the engine's state: FNV-1a over every value the
// player reads, columns wrapping, then its generator's two draws.
func viewDigest(m *match, me int, cpu []float64, draw, ranged int) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(int64(v))
		h *= 1099511628211
	}
	s := m.s
	mix(s.Round)
	mix(me)
	for _, name := range proto.ParamNames {
		mix(m.settings[name])
	}
	for _, c := range s.Cells {
		mix(int(c.Type))
		mix(c.Car)
		mix(c.Missile)
	}
	for _, c := range s.Cars {
		alive := 0
		if c.Alive {
			alive = 1
		}
		for _, v := range []int{c.ID, c.Pos.I, c.Pos.J, c.Missiles, c.Gas, alive, c.Time} {
			mix(v)
		}
	}
	mix(len(s.Missiles))
	for _, ms := range s.Missiles {
		for _, v := range []int{ms.ID, ms.ID, ms.Car, ms.Pos.I, ms.Pos.J} {
			mix(v)
		}
	}
	for p, sc := range s.Scores {
		mix(sc)
		mix(int(math.Round(proto.DecodeStatus(proto.EncodeStatus(cpu[p])) * 1e6)))
	}
	mix(draw)
	mix(ranged)
	return h
}

// views reads the digests a log holds, by round.
func views(t *testing.T, log string) map[int]uint64 {
	t.Helper()
	got := map[int]uint64{}
	sc := bufio.NewScanner(strings.NewReader(log))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "view" {
			continue
		}
		r, err1 := strconv.Atoi(f[1])
		h, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad view line %q", sc.Text())
		}
		got[r] = h
	}
	return got
}

// What a C++ player reads, every round of whole matches, is the engine's
// state: every cell (columns wrapping), car, missile, score, CPU status and
// setting, and its generator draws what the Go SDK's draws. Its refused
// instructions never reach the host, and its helpers hold.
func TestCppViewMirrorsEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays a C++ player")
	}
	bin := gametest.BuildCpp(t, ID, readPlayer(t, "api.cc"))
	board := defaultBoard(t)
	for _, c := range []struct {
		seed uint64
		seat int
		file bool
	}{{1, 1, true}, {2, 3, false}, {9, 0, false}} {
		var b games.Board
		if c.file {
			b = board
		}
		settings, err := games.MergeSettings(Game{}, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		gm, err := Game{}.NewMatch(settings, b, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		bot, err := gametest.StartProcess(bin)
		if err != nil {
			t.Fatal(err)
		}
		agents := make([]games.Agent, 4)
		for p := range agents {
			if p == c.seat {
				agents[p] = bot
			} else if agents[p], err = (Game{}).NewBot([]string{"Dummy", "Demo", "Null", "Dummy"}[p]); err != nil {
				t.Fatal(err)
			}
			if reply, _, err := agents[p].Exchange(m.Setup(p, c.seed+uint64(p)), 0); err != nil || len(reply) != 0 {
				t.Fatalf("setup of %d: %q %v", p, reply, err)
			}
		}
		var gen sdk.Generator
		gen.Seed(c.seed + uint64(c.seat))
		want := map[int]uint64{}
		cpu := []float64{0, 0.125, -1, 0.5}
		for !m.Done() {
			gen.Seed(uint64(gen.Next()))
			draw := gen.Next()
			want[m.Round()] = viewDigest(m, c.seat, cpu, draw, gen.Range(0, 8))
			for p, a := range agents {
				reply, _, err := a.Exchange(m.View(p, cpu), 0)
				if err != nil {
					t.Fatalf("seed %d round %d player %d: %v\n%s", c.seed, m.Round(), p, err, gametest.LogTail(bot.Stderr()))
				}
				bad, err := m.Commands(p, reply)
				if err != nil || p == c.seat && bad != 0 {
					t.Fatalf("seed %d round %d: the C++ player's commands: %d invalid, %v", c.seed, m.Round(), bad, err)
				}
			}
			m.Step()
			cpu[0] = min(1, cpu[0]+0.0031)
		}
		for _, a := range agents {
			a.Close()
		}
		log := bot.Stderr()
		if !bot.ExitedCleanly() {
			t.Fatalf("seed %d: the C++ player did not exit cleanly:\n%s", c.seed, gametest.LogTail(log))
		}
		got := views(t, log)
		if len(got) != len(want) {
			t.Fatalf("seed %d: %d view lines, want %d:\n%s", c.seed, len(got), len(want), gametest.LogTail(log))
		}
		for r, h := range want {
			if got[r] != h {
				t.Fatalf("seed %d round %d: the C++ view differs from the engine's state", c.seed, r)
			}
		}
		for _, w := range []string{
			"api on cout: checks passed",
			"warning: invalid car identifier99\n",
			"warning: invalid direction (0,3) for car " + strconv.Itoa(2*c.seat) + "\n",
			"warning: car does not belong to commanding player\n",
			"warning: invalid car identifier-5\n",
			"warning: instruction alread requested for car " + strconv.Itoa(2*c.seat) + "\n",
		} {
			if !strings.Contains(log, w) {
				t.Errorf("seed %d: the log lacks %q:\n%s", c.seed, w, gametest.LogTail(log))
			}
		}
	}
}

// A bad argument to a Board accessor ends the player with status 1 and the
// original's message, as the original's my_assert does.
func TestCppBadArgumentExits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a C++ player")
	}
	bin := gametest.BuildCpp(t, ID, readPlayer(t, "api.cc"))
	// The frames of a match's first two rounds, for player 2.
	gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	m := gm.(*match)
	cpu := make([]float64, 4)
	var in bytes.Buffer
	for _, f := range [][]byte{m.Setup(2, 5), m.View(2, cpu)} {
		if err := wire.Write(&in, f); err != nil {
			t.Fatal(err)
		}
	}
	m.Step()
	if err := wire.Write(&in, m.View(2, cpu)); err != nil {
		t.Fatal(err)
	}
	frames := in.Bytes()

	for _, c := range []struct{ call, assertion string }{
		{"cell", "within_universe(p)"},
		{"car", "car_ok(c)"},
		{"player_of", "car_ok(c)"},
		{"begin", "player_ok(p)"},
		{"end", "player_ok(p)"},
		{"score", "player_ok(p)"},
		{"status", "player_ok(p)"},
	} {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "ARENA_WASTELAND_BAD="+c.call)
		cmd.Stdin = bytes.NewReader(frames)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("%s: %v, want exit status 1", c.call, err)
		}
		log := stderr.String()
		want := fmt.Sprintf("Failed assertion '%s' in file ", c.assertion)
		if !strings.Contains(log, want) || !strings.Contains(log, "Board.hh, line ") || strings.Contains(log, "still alive") {
			t.Errorf("%s: the log lacks %q or goes on:\n%s", c.call, want, log)
		}
	}
}
