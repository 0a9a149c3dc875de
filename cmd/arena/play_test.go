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
	re := regexp.MustCompile(`^player (\d) (\w+) score (\d+)( frozen)?$`)
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
	if err != nil || !strings.Contains(out, "orkisland") || !strings.Contains(out, "Null Demo Dummy") {
		t.Fatalf("%v\n%s", err, out)
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
