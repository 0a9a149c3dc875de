package apocalypse

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
	"arena.dev/games/gametest"
	"arena.dev/games/wire"
)

// The C++ SDKs (cpp/ for 2018, cpp-redux/ for Redux) are tested here with
// player files in testdata/cpp: an API-surface player per variant that
// calls every public name, hashes what it sees and checks the original's
// answers to wrong arguments, and player files written the way students
// write them. Conformance (gametest's checkCpp) plays AINull.cc and
// AIDemo.cc against their Go twins.

// cppFile reads a player file of testdata/cpp.
func cppFile(t *testing.T, name string) []byte { return gametest.ReadSource(t, "testdata/cpp/"+name) }

// compile runs a compiler on bot.cc in dir and fails the test on an error
// or, with werror, on a warning.
func compile(t *testing.T, dir, cxx string, werror bool, args ...string) {
	t.Helper()
	args = append([]string{"-std=c++17", "-O2", "-Wall", "-I", dir}, args...)
	if werror {
		args = append(args, "-Werror")
	}
	cmd := exec.Command(cxx, append(args, "bot.cc")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", cxx, strings.Join(args, " "), err, out)
	}
}

// wasmArgs are the sandbox's flags for a C++ bot: WebAssembly for WASI,
// 8 MiB of stack first.
var wasmArgs = append(slices.Clone(gametest.CppWasmFlags), "-o", "bot.wasm")

// The SDKs' own files compile without a warning natively (clang++ and g++,
// with libstdc++) and for WebAssembly (clang++ with libc++), and every
// test player builds to WebAssembly as the sandbox builds it.
func TestCppCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	type file struct {
		game, name string
		src        []byte
		ours       bool // no warnings allowed
	}
	var all []file
	for _, id := range []string{ID, ReduxID} {
		for _, bot := range []string{"Null", "Demo"} {
			src, err := games.CppBotProgram(id, bot)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, file{id, "AI" + bot + ".cc", src, true})
		}
	}
	all = append(all, file{ID, "api2018.cc", cppFile(t, "api2018.cc"), true},
		file{ID, "random2018.cc", cppFile(t, "random2018.cc"), true},
		file{ReduxID, "apiredux.cc", cppFile(t, "apiredux.cc"), true})
	for _, s := range studentFiles {
		all = append(all, file{s.game, s.name, cppFile(t, s.name), false})
	}
	for _, f := range all {
		t.Run(f.game+"/"+f.name, func(t *testing.T) {
			dir := gametest.CppSDKDir(t, f.game, f.src)
			if f.ours {
				// Natively both compilers use libstdc++; g++ may be missing.
				compile(t, dir, "clang++", true, "-fsyntax-only")
				if _, err := exec.LookPath("g++"); err == nil {
					compile(t, dir, "g++", true, "-fsyntax-only")
				}
			}
			compile(t, dir, "clang++", f.ours, wasmArgs...)
			if st, err := os.Stat(filepath.Join(dir, "bot.wasm")); err != nil || st.Size() == 0 {
				t.Fatalf("no bot.wasm: %v", err)
			}
		})
	}
}

// playCpp plays one match with the native C++ player bin in seat 0 and
// built-in bots in the other seats, and returns the replay and the C++
// player's debug log.
func playCpp(t *testing.T, g Game, seed uint64, bin string, others ...string) (*games.Replay, string) {
	t.Helper()
	r, bot := gametest.PlayCpp(t, games.Config{Game: g, Seed: seed}, bin, 0, others...)
	if len(r.End.Frozen) != 0 {
		t.Fatalf("frozen: %+v\nlog:\n%s", r.End.Frozen, gametest.LogTail(bot.Stderr()))
	}
	if !bot.ExitedCleanly() {
		t.Fatalf("the C++ player did not exit cleanly; log:\n%s", gametest.LogTail(bot.Stderr()))
	}
	return r, bot.Stderr()
}

// hasher is the Go twin of the API players' view hash: the same values of
// the Go SDK's view, mixed in the same order. Redux's player maps its
// teams and post codes back to the Go SDK's first.
type hasher struct{ views strings.Builder }

func (b *hasher) Play(g *sdk.Game) {
	h := uint64(1469598103934665603)
	mix := func(v int) { h = (h ^ uint64(int64(v))) * 1099511628211 }
	unit := func(id int) {
		d := g.Data(id)
		mix(d.ID)
		mix(int(d.Type))
		mix(d.Player)
		mix(d.Pos.I)
		mix(d.Pos.J)
		mix(d.Life)
		mix(d.Orientation)
		mix(d.Napalm)
		mix(len(d.Parachuters))
		for _, r := range d.Parachuters {
			mix(r)
		}
	}
	mix(g.Round())
	mix(g.Me())
	mix(g.NumPlayers())
	mix(g.GameRounds())
	for p := range g.NumPlayers() {
		mix(g.TotalScore(p))
		if g.Status(p) < 0 {
			mix(-1)
		} else {
			mix(0)
		}
	}
	for i := range g.Max() {
		for j := range g.Max() {
			mix(int(g.What(i, j)))
			mix(g.FireTime(i, j))
			mix(g.WhichSoldier(i, j))
			mix(g.WhichHelicopter(i, j))
			mix(g.PostOwner(i, j))
			mix(g.PostValue(i, j))
		}
	}
	for p := range g.NumPlayers() {
		s := g.Soldiers(p)
		mix(len(s))
		for _, id := range s {
			unit(id)
		}
		hs := g.Helicopters(p)
		mix(len(hs))
		for _, id := range hs {
			unit(id)
		}
	}
	for _, p := range g.Posts() {
		mix(p.Player)
		mix(p.Pos.I)
		mix(p.Pos.J)
		mix(p.Value)
	}
	mix(g.Random(0, 999999))
	for _, x := range g.RandomPermutation(5) {
		mix(x)
	}
	fmt.Fprintf(&b.views, "view %d %d\n", g.Round(), h)
}

var viewRe = regexp.MustCompile(`(?m)^view \d+ \d+$`)

// checkAPIPlayer plays an API-surface player and its Go twin on the same
// seed: the C++ player must see, every round, exactly what the Go SDK
// sees (and draw the same random numbers); its checks must give want, its
// log must hold the warnings, refused commands lines starting with
// refusal, and the host must count invalid commands.
func checkAPIPlayer(t *testing.T, g Game, file string, want map[string]string, warnings []string, refusal string, refused, invalid int) {
	bin := gametest.BuildCpp(t, g.Info().ID, cppFile(t, file))
	for seed := uint64(1); seed <= 2; seed++ {
		r, log := playCpp(t, g, seed, bin, "Demo", "Dummy", "Demo")
		twin := &hasher{}
		players := []games.Player{{Name: "twin", Agent: &games.Native{H: sdk.NewSession(twin)}}}
		for _, name := range []string{"Demo", "Dummy", "Demo"} {
			a, err := g.NewBot(name) // the variant's own bots
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, games.Player{Name: name, Agent: a})
		}
		if _, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players}); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(viewRe.FindAllString(log, -1), "\n") + "\n"
		if got != twin.views.String() {
			t.Fatalf("seed %d: the C++ view differs from the Go SDK's:\n%s", seed, firstLineDiff(got, twin.views.String()))
		}
		if n := strings.Count(got, "\n"); n != g.Info().Defaults()["GAME_ROUNDS"] {
			t.Fatalf("seed %d: %d rounds seen", seed, n)
		}
		checks := map[string]string{}
		for _, m := range regexp.MustCompile(`(?m)^check (.+) = (.*)$`).FindAllStringSubmatch(log, -1) {
			checks[m[1]] = m[2]
		}
		for k, v := range want {
			if checks[k] != v {
				t.Errorf("%s = %q, want %q", k, checks[k], v)
			}
		}
		for _, w := range warnings {
			if !strings.Contains(log, w) {
				t.Errorf("no warning %q in the log", w)
			}
		}
		if n := strings.Count(log, "\n"+refusal); n != refused {
			t.Errorf("%d lines %q, want %d", n, refusal, refused)
		}
		if r.End.Invalid[0] != invalid {
			t.Errorf("seed %d: the host counted %d invalid commands, want %d", seed, r.End.Invalid[0], invalid)
		}
	}
}

// firstLineDiff shows the first line where two texts differ.
func firstLineDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n C++ %s\n Go  %s", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines against %d", len(la), len(lb))
}

// The 2018 SDK: every name of the original's API, the same view as the Go
// SDK's, the original's warnings and defaults on wrong arguments.
func TestCppAPI2018(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	want := map[string]string{
		"constants": "28", "min(MAX, 100)": "60", "Settings::MAX": "60",
		"version": "ApocalypseNow2018 3.0", "nb_players": "4", "player_ok(3)": "1", "player_ok(4)": "0",
		"pos_ok(59, 0)": "1", "pos_ok(Position(60, 0))": "0", "Position !=": "1", "Post !=": "1",
		"Data !=": "1", "NUL.id": "-1", "Info::code": " :.OX", "ok": "1",
		"int_to_string": "-42", "double_to_string": "0.5", "string_to_int": "17",
		"what(-1, 0)": "-1", "fire_time(60, 0)": "-1", "which_soldier(0, 60)": "-1",
		"which_helicopter(-5, -5)": "-1", "post_owner(70, 1)": "-1", "post_value(1, 70)": "-1",
		"soldiers(4).size()": "0", "helicopters(-1).size()": "0", "data(0).player": "-1",
		"total_score(9)": "-1", "status(-2)": "-1", "random(5, 3)": "5", "random(0, 2000000)": "0",
		"random_permutation(-1).size()": "0",
	}
	// The constants are the game's defaults.
	for name, v := range (Game{}).Info().Defaults() {
		if name != "SYMMETRIC_SOLDIERS" {
			want[name] = fmt.Sprint(v)
		}
	}
	warnings := []string{
		"warning: what(int i, int j) invoked with i = -1 and j = 0",
		"warning: fire_time(int i, int j) invoked with i = 60 and j = 0",
		"warning: which_soldier(int i, int j) invoked with i = 0 and j = 60",
		"warning: which_helicopter(int i, int j) invoked with i = -5 and j = -5",
		"warning: post_owner(int i, int j) invoked with i = 70 and j = 1",
		"warning: post_value(int i, int j) invoked with i = 1 and j = 70",
		"warning: soldiers(int pl) invoked with pl = 4",
		"warning: helicopters(int pl) invoked with pl = -1",
		"warning: data(int id) invoked with id = 0",
		"warning: total_score(int pl) invoked with pl = 9",
		"warning: status(int pl) invoked with pl = -2",
		"warning: read_grid(istream& is): the board comes from the host",
		"warning: command_soldier(int id, int i, int j) invoked by player 0 with id = 99999 i = 1 j = 1: identifier does not exist",
		"warning: command_helicopter(int id, int instruction) invoked by player 0 with id = 99999 instruction = 1: identifier does not exist",
		"warning: command_parachuter(int i, int j) invoked by player 0 with i = -1 j = -1: too many jump instructions for an helicopter",
	}
	// The other refusals' reasons, whatever the ids.
	for _, why := range []string{"invalid player", "invalid type", "trying to move to a non adjacent cell",
		"unknown instruction", "more than one instruction in this round"} {
		warnings = append(warnings, ": "+why)
	}
	// 9 refused commands and 3 unchecked ones in round 0, a second command
	// to a helicopter in the last round.
	checkAPIPlayer(t, Game{}, "api2018.cc", want, warnings, "warning: command_", 10, 13)
}

// The Redux SDK: every name of the Catalan API, the same view as the Go
// SDK's (teams 1 to 4 and its post codes mapped back), the original's
// errors and defaults on wrong arguments, and constants that are the
// Redux variant's settings.
func TestCppAPIRedux(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	want := map[string]string{
		"constants": "28", "min(MAX, 100)": "60", "qui_soc": "1", "nom(1)": "equip 1", "quin_torn": "0",
		"torns_restants": "200", "valid(59, 0)": "1", "valid(Posicio(60, 0))": "0",
		"de_qui_post(0, 0)": "0", "valor_post(0, 0)": "0", "de_qui_post(post)": "-1", "posts()[0].equip": "-1",
		"Posicio !=": "1", "Post !=": "1", "Info !=": "1", "NUL.equip": "-1",
		"typedefs": fmt.Sprint(1 + 1 + 3 + 3 + 7 + 7 + 4 + 3 + 2 + 2 + 2),
		"s2i":      "17", "i2s": "-42", "d2s": "0.500000",
		// PRINT leaves cerr printing bools as words, as the original's does.
		"atzar::uniforme(1, 6) in range": "true", "atzar::uniforme() in range": "true",
		"atzar::uniforme(0, 1, 2) in range": "true", "atzar::probabilitat(0)": "false",
		"atzar::probabilitat(1)": "true", "atzar::permutacio(5) sorted": "true", "atzar::tria(10) in range": "true",
		"atzar::llavor changed": "true", "atzar same seed": "true",
		"nom(0)": "[]", "que(-1, 0)": "-1", "temps_foc(60, 0)": "-1", "quin_soldat(0, 60)": "-1",
		"quin_heli(-5, -5)": "-1", "de_qui_post(70, 1)": "-1", "valor_post(1, 70)": "-1",
		"soldats(0).size()": "0", "helis(5).size()": "0", "dades(0).equip": "-1", "puntuacio(5)": "-1",
		"status(0)": "-1", "uniforme(5, 3)": "-1", "permutacio(-1).size()": "0", "probabilitat(1.5)": "false",
	}
	// The constants are the Redux variant's settings (VALOR_ALT 4000 ...).
	d := Game{Redux: true}.Info().Defaults()
	for catalan, name := range map[string]string{
		"TORNS_JOC": "GAME_ROUNDS", "MAX": "MAX", "NUM_SOLDATS": "NUM_SOLDIERS", "NUM_HELIS": "NUM_HELICOPTERS",
		"NUM_POSTS": "NUM_POSTS", "VIDA": "LIFE", "DANY_BOSC": "FOREST_DAMAGE", "DANY_GESPA": "GRASS_DAMAGE",
		"TORNS_NAPALM": "ROUNDS_NAPALM", "ABAST": "REACH", "CREMA_BOSC": "FOREST_BURNS",
		"CREMA_ALTRE": "OTHER_BURNS", "TORNS_BAIXAR": "ROUNDS_JUMP", "MAX_BAIXEN": "MAX_JUMP",
		"VALOR_ALT": "HIGH_VALUE", "VALOR_BAIX": "LOW_VALUE",
	} {
		want[catalan] = fmt.Sprint(d[name])
	}
	want["PROB_FOC"] = fmt.Sprint(float64(d["PROB_FIRE"]) / 100)
	warnings := []string{
		"error: nom invocat amb 0", "error: que invocat amb -1 0", "error: temps_foc invocat amb 60 0",
		"error: quin_soldat invocat amb 0 60", "error: quin_heli invocat amb -5 -5",
		"error: de_qui_post invocat amb 70 1", "error: valor_post invocat amb 1 70",
		"error: soldats invocat amb 0", "error: helis invocat amb 5", "error: dades invocat amb 0",
		"error: puntuacio invocat amb 5", "error: status invocat amb 0", "error: uniforme invocat amb 5 3",
		"error: permutacio invocat amb -1", "error: probabilitat invocat amb 1.500000", "error: prova", "tres: 3",
		"error: ordena_soldat invocat amb 99999 1 1 : identificador inexistent",
		"error: ordena_helicopter invocat amb 99999 1 : identificador inexistent",
		"error: ordena_paracaigudista invocat amb -1 -1 : posicio fora del tauler",
	}
	for _, why := range []string{"equip incorrecte", "tipus incorrecte", "casella massa llunyana",
		"instruccio desconeguda", "mes d'una ordre en aquest torn", "massa instruccions de salt per un helicopter"} {
		warnings = append(warnings, " : "+why)
	}
	checkAPIPlayer(t, Game{Redux: true}, "apiredux.cc", want, warnings, "error: ordena_", 10, 13)
}

// studentFiles are player files written the way students write them
// (cpp-api.md §6); each plays a whole match against three Dummies.
var studentFiles = []struct{ game, name string }{
	{ID, "AIWalker.cc"},       // only Player.hh; BFS, map, set, pair, INT_MAX, vector::at
	{ID, "AIHeap.cc"},         // bits/stdc++.h, unistd.h; priority_queue, greater<>, numeric_limits, macros, goto
	{ID, "AIDeep.cc"},         // a big stack array, recursion over the board, a mutable global
	{ID, "AIDemo2018.cc"},     // a student's player named Demo
	{ReduxID, "AIRodamon.cc"}, // Catalan API, only Player.hh; BFS, VE, MEE, an atzar of its own
	{ReduxID, "AIFoc.cc"},     // Catalan API; bits/stdc++.h, priority_queue, macros, goto, stack array, recursion, a global
}

// Player files written the way students write them play whole matches
// against the Dummy without being frozen, and what they print on cout
// lands in their debug log.
func TestCppStudentPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	for k, s := range studentFiles {
		t.Run(s.name, func(t *testing.T) {
			g := Game{Redux: s.game == ReduxID}
			bin := gametest.BuildCpp(t, s.game, cppFile(t, s.name))
			_, log := playCpp(t, g, uint64(10+k), bin, "Dummy", "Dummy", "Dummy")
			if !strings.Contains(log, "cout: round 0\n") || !strings.Contains(log, "cout: round 199\n") {
				t.Errorf("cout lines missing from the debug log:\n%s", gametest.LogTail(log))
			}
		})
	}
}

// The C++ decoder survives garbage: mutated setup and round frames end the
// bot with status 1 or are decoded (and played), never a crash, an
// out-of-bounds access or undefined behaviour (the Demo is built with the
// address and undefined-behaviour sanitizers).
func TestCppFramesFuzz(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	for _, g := range []Game{{}, {Redux: true}} {
		t.Run(g.Info().ID, func(t *testing.T) {
			src, err := games.CppBotProgram(g.Info().ID, "Demo")
			if err != nil {
				t.Fatal(err)
			}
			dir := gametest.CppSDKDir(t, g.Info().ID, src)
			compile(t, dir, gametest.CppCompiler(t), false, "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-o", "bot")
			// Real frames: a setup and a few rounds of a match.
			gm, err := g.NewMatch(g.Info().Defaults(), nil, 4)
			if err != nil {
				t.Fatal(err)
			}
			m := gm.(*match)
			frames := [][]byte{m.Setup(0, 9)}
			for range 40 {
				frames = append(frames, m.View(0, []float64{0, 0.5, -1, 1}))
				m.Step()
			}
			rng := games.NewRNG(1, 2)
			for c := range 120 {
				mutated := make([][]byte, len(frames))
				for k, f := range frames {
					mutated[k] = append([]byte(nil), f...)
				}
				// Damage one frame: flip bytes, cut it, or add some.
				k := rng.Intn(len(mutated))
				if c%4 == 0 {
					k = 0
				}
				f := mutated[k]
				switch rng.Intn(3) {
				case 0:
					for range 1 + rng.Intn(4) {
						if len(f) > 0 {
							f[rng.Intn(len(f))] ^= byte(1 + rng.Intn(255))
						}
					}
				case 1:
					f = f[:rng.Intn(len(f)+1)]
				default:
					f = append(f, byte(rng.Intn(256)), byte(rng.Intn(256)))
				}
				mutated[k] = f
				var in bytes.Buffer
				for _, f := range mutated {
					if err := wire.Write(&in, f); err != nil {
						t.Fatal(err)
					}
				}
				cmd := exec.Command(filepath.Join(dir, "bot"))
				cmd.Stdin = &in
				var log bytes.Buffer
				cmd.Stderr = &log
				cmd.Env = append(os.Environ(), "ASAN_OPTIONS=exitcode=66:detect_leaks=0", "UBSAN_OPTIONS=halt_on_error=1:exitcode=67")
				err := cmd.Run()
				if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
					t.Fatalf("case %d (frame %d damaged): %v\n%s", c, k, err, gametest.LogTail(log.String()))
				}
			}
		})
	}
}

// Each rules page has a C++ reference next to the Go one: the names a
// player uses, the shared CPU budget and the size of long.
func TestCppRulesReference(t *testing.T) {
	names := map[string][]string{
		ID: {"Player.hh", "RegisterPlayer", "me()", "round()", "nb_rounds()", "pos_ok", "what(", "fire_time(",
			"which_soldier(", "which_helicopter(", "post_owner(", "post_value(", "soldiers(", "helicopters(",
			"posts()", "data(", "total_score(", "status(", "command_soldier(", "command_helicopter(",
			"command_parachuter(", "random(", "random_permutation(", "Position", "NUL", "MAX", "FORWARD2", "NAPALM"},
		ReduxID: {"Player.hh", "RegisterPlayer", "qui_soc()", "nom(", "quin_torn()", "torns_restants()", "que(",
			"temps_foc(", "quin_soldat(", "quin_heli(", "de_qui_post(", "valor_post(", "soldats(", "helis(",
			"posts()", "dades(", "puntuacio(", "status(", "ordena_soldat(", "ordena_helicopter(",
			"ordena_paracaigudista(", "uniforme(", "permutacio(", "probabilitat(", "atzar", "Posicio", "valid(",
			"NUL", "VALOR_ALT", "AVANCA2", "teams are 1 to 4"},
	}
	for id, want := range names {
		page, err := games.RulesHTML(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range append(want, "same budget for Go and C++", "<code>long</code> is 32 bits", "long long") {
			if !strings.Contains(page, n) {
				t.Errorf("%s: the rules page does not mention %q", id, n)
			}
		}
	}
}

// The C++ SDK refuses, with a warning, exactly the commands the host
// refuses: random commands, valid or not, over whole matches.
func TestCppChecksAgreeWithHost(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	bin := gametest.BuildCpp(t, ID, cppFile(t, "random2018.cc"))
	for seed := uint64(1); seed <= 3; seed++ {
		r, log := playCpp(t, Game{}, seed, bin, "Dummy", "Demo", "Dummy")
		warned := strings.Count(log, "warning: command_")
		// 40 commands a round: many refused, many not.
		if warned != r.End.Invalid[0] || warned < 1000 || warned > 40*200-500 {
			t.Errorf("seed %d: %d warnings, the host refused %d", seed, warned, r.End.Invalid[0])
		}
	}
}
