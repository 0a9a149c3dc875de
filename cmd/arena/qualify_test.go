package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// `arena play GAME BOT --qualify` plays the qualification as the server
// does: match i on seed i+1, the bot in seat i mod 4 against three
// Dummies, on the --board files in turn (the settings a board fixes kept);
// it prints each match and the verdict, and the command that plays each
// match it did not win alone gives the same scores.
func TestPlayQualify(t *testing.T) {
	short := filepath.Join(t.TempDir(), "short.cnf")
	if err := os.WriteFile(short, []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	few := filepath.Join(t.TempDir(), "few.cnf")
	if err := os.WriteFile(few, []byte("OrkIsland 1.0\nnb_orks 10\nGENERATOR1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := playArgs(t, "orkisland", "Demo", "--qualify", "--board", short, "--board", few, "--set", "nb_rounds=30")
	var exit exitError
	if !errors.As(err, &exit) || exit.code != 1 {
		t.Fatalf("the Demo qualifies? %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 9 || lines[8] != "first in 0 of 4; needs 3: refused" {
		t.Fatalf("output:\n%s", out)
	}
	re := regexp.MustCompile(`^match (\d): seed (\d), seat (\d), board (\S+): (\S+) \(score (\d+); Dummy (\d+), Dummy (\d+), Dummy (\d+)\)$`)
	for i := range 4 {
		m := re.FindStringSubmatch(lines[2*i])
		board := []string{short, few}[i%2]
		if m == nil || m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(i+1) || m[3] != strconv.Itoa(i) || m[4] != board {
			t.Fatalf("match %d: %q", i+1, lines[2*i])
		}
		cmd, ok := strings.CutPrefix(lines[2*i+1], "  play it: arena play ")
		if !ok {
			t.Fatalf("no command after match %d: %q", i+1, lines[2*i+1])
		}
		// The short board fixes its rounds: no --set for them.
		if want := (i%2 == 1); strings.Contains(cmd, "--set nb_rounds=30") != want {
			t.Errorf("match %d's command: %s", i+1, cmd)
		}
		one, _, err := playArgs(t, strings.Fields(cmd)...)
		if err != nil {
			t.Fatal(err)
		}
		var scores []string
		for _, l := range strings.Split(strings.TrimSpace(one), "\n")[:4] {
			f := strings.Fields(l)
			scores = append(scores, f[4])
		}
		// The bot's score, then the Dummies' in seat order.
		want := append([]string{m[6]}, m[7:10]...)
		got := append([]string{scores[i]}, append(append([]string{}, scores[:i]...), scores[i+1:]...)...)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("match %d played alone scores %v, in the qualification %v", i+1, got, want)
		}
	}

	for _, args := range [][]string{
		{"orkisland", "Demo", "Dummy", "--qualify"},
		{"orkisland", "Demo", "--qualify", "-s", "3"},
		{"orkisland", "Demo", "--qualify", "-o", "x.json.gz"},
		{"orkisland", "Demo", "--qualify", "-n", "0"},
		{"orkisland", "Demo", "Demo", "Demo", "Demo", "--board", short, "--board", few},
	} {
		var exit exitError
		if _, _, err := playArgs(t, args...); err == nil || errors.As(err, &exit) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}
