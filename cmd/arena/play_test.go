package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"arena.dev/games"
)

func playArgs(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := runPlay(context.Background(), args, &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestPlayOne(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "match.json.gz")
	// Flags after the positional arguments, as in the documentation.
	out, _, err := playArgs(t, "orkisland", "Demo", "Demo", "Dummy", "Null", "-s", "30", "-o", replay)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("output:\n%s", out)
	}
	re := regexp.MustCompile(`^player (\d) (\w+) score (\d+)( frozen (in round \d+|at setup): .+)?$`)
	names := []string{"Demo", "Demo", "Dummy", "Null"}
	for p, line := range lines[:4] {
		m := re.FindStringSubmatch(line)
		if m == nil || m[1] != string(rune('0'+p)) || m[2] != names[p] || m[4] != "" {
			t.Fatalf("line %q", line)
		}
	}
	if lines[4] != "winner Dummy" {
		t.Fatalf("last line %q", lines[4])
	}
	f, err := os.Open(replay)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := games.ReadReplay(f)
	if err != nil {
		t.Fatal(err)
	}
	if r.Seed != 30 || r.Game != "orkisland" || len(r.Rounds) != 200 || !strings.HasSuffix(lines[2], " "+strconv.Itoa(r.End.Scores[2])) {
		t.Fatalf("replay seed %d game %s rounds %d scores %v", r.Seed, r.Game, len(r.Rounds), r.End.Scores)
	}
	// Same seed, same result.
	again, _, _ := playArgs(t, "-s", "30", "orkisland", "Demo", "Demo", "Dummy", "Null")
	if again != out {
		t.Fatalf("same seed, different output:\n%s\n%s", out, again)
	}
}

func TestPlayTie(t *testing.T) {
	out, _, err := playArgs(t, "orkisland", "Null", "Null", "Null", "Null", "--cpu", "1s", "--set", "nb_rounds=5")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out, "winner Null Null Null Null\n") {
		t.Fatalf("output:\n%s", out)
	}
}

func TestPlayMany(t *testing.T) {
	out, progress, err := playArgs(t, "orkisland", "Dummy", "Demo", "Demo", "Null", "-n", "6", "-s", "100")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress, "6/6") {
		t.Fatalf("progress %q", progress)
	}
	re := regexp.MustCompile(`^player (\d) (\w+) wins (\d+) mean ([\d.]+) sd ([\d.]+)$`)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines {
		if !re.MatchString(l) {
			t.Fatalf("line %q", l)
		}
	}
	if m := re.FindStringSubmatch(lines[0]); m[3] != "6" {
		t.Fatalf("Dummy won %s of 6", m[3])
	}
	if m := re.FindStringSubmatch(lines[3]); m[4] != "0.0" || m[5] != "0.0" {
		t.Fatalf("Null scored: %q", lines[3])
	}
}

func TestPlayList(t *testing.T) {
	out, _, err := playArgs(t, "--list")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(games.IDs()) {
		t.Fatalf("%d lines for %d games:\n%s", len(lines), len(games.IDs()), out)
	}
	// One line per game, its bots in a column of their own (in characters:
	// Poquémon's é is two bytes).
	column := func(line string) int { return utf8.RuneCountInString(line[:max(0, strings.Index(line, "bots: "))]) }
	for i, id := range games.IDs() {
		if !strings.HasPrefix(lines[i], id+" ") || column(lines[i]) != column(lines[0]) || !strings.Contains(lines[i], "Null Demo Dummy") {
			t.Errorf("line %d is %q, want game %s with its bots at column %d", i, lines[i], id, column(lines[0]))
		}
	}
}

func TestPlayErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"chess", "a", "b", "c", "d"},
		{"orkisland", "Demo", "Demo", "Demo"},
		{"orkisland", "Demo", "Demo", "Demo", "Nobody"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "-n", "0"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "-n", "2", "-o", "x.json.gz"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "--board", "/nonexistent"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "--set", "nb_rounds=0"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "--set", "colour=3"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "--set", "nb_rounds"},
	} {
		if _, _, err := playArgs(t, args...); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}

// The game's settings checks reach the command line: a bad setting, given
// with --set or by a board file, is refused with a message naming it.
func TestPlaySettingsChecks(t *testing.T) {
	board := filepath.Join(t.TempDir(), "oblong.cnf")
	if err := os.WriteFile(board, []byte("OrkIsland 1.0\nrows 60\nGENERATOR1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--set", "rows=71"}, 2, "the board must be square: rows=71 but cols=70"},
		{[]string{"--set", "nb_orks=60"}, 2, "too small for the orks: rows×cols = 4900, but nb_orks=60 needs at least 25 × nb_players × nb_orks = 6000"},
		{[]string{"--set", "initial_health=0"}, 2, "initial_health=0 out of range [1, "},
		{[]string{"--set", "bonus_per_path_cell=0"}, 2, "bonus_per_path_cell=0 out of range [1, "},
		{[]string{"--board", board}, 1, "the board must be square: rows=60 but cols=70"},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"play", "orkisland", "Null", "Null", "Null", "Null"}, tc.args...)
		if code := run(args, &out, &errOut); code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}

func TestPlayBoardFile(t *testing.T) {
	out, _, err := playArgs(t, "orkisland", "Dummy", "Demo", "Demo", "Demo", "--board", "../../../shared/boards/orkisland-default.cnf", "-s", "4")
	if err != nil {
		t.Fatal(err)
	}
	plain, _, _ := playArgs(t, "orkisland", "Dummy", "Demo", "Demo", "Demo", "-s", "4")
	if out != plain {
		t.Fatalf("the default board file should match the defaults:\n%s\n%s", out, plain)
	}
}

func TestBotName(t *testing.T) {
	for spec, want := range map[string]string{"Demo": "Demo", "./bots/sauron.go": "sauron", `C:\x\y.wasm`: "y"} {
		if got := botName(spec); got != want {
			t.Errorf("botName(%q) = %q, want %q", spec, got, want)
		}
	}
}

// Why the engine ignored commands, when the game says, is printed after
// the result: the first five reasons per player.
func TestPrintRefusals(t *testing.T) {
	r := &games.Replay{End: games.End{Invalid: []int{0, 7}},
		Refused: [][]string{nil, {"round 0: a", "round 1: b", "round 2: c", "round 3: d", "round 4: e", "round 5: f", "round 6: g"}}}
	var b strings.Builder
	printRefusals(&b, r)
	want := "player 1: 7 commands ignored, the first because\n  round 0: a\n  round 1: b\n  round 2: c\n  round 3: d\n  round 4: e\n  (--view shows every round's, beside the board)\n"
	if b.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", b.String(), want)
	}
}
