package gametest

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
)

// PlayOverPipes builds the Go bot program at pkg (a package path such as
// "./testdata/printer", which prints "round N" every round) and plays c
// with it in seat 0, over its standard input and output through the SDK's
// Run, against the built-in bots named in opponents. It checks what Run
// promises in every game: no one freezes, what the bot prints lands in its
// debug log (not in the protocol) from the first round to the last, and
// the bot exits cleanly when the host closes its input. It returns the
// replay and the debug log, for the game's own checks.
func PlayOverPipes(t *testing.T, c games.Config, pkg string, opponents ...string) (*games.Replay, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "bot")
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bot, err := StartProcess(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	c.Players = []games.Player{{Name: "printer", Agent: bot}}
	for _, n := range opponents {
		a, err := c.Game.NewBot(n)
		if err != nil {
			t.Fatal(err)
		}
		c.Players = append(c.Players, games.Player{Name: n, Agent: a})
	}
	r, err := games.Play(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	log := bot.Stderr()
	if len(r.End.Frozen) != 0 {
		t.Fatalf("frozen %v; log:\n%s", r.End.Frozen, log)
	}
	if last := fmt.Sprintf("round %d\n", r.End.Rounds-1); !strings.Contains(log, "round 0\n") || !strings.Contains(log, last) {
		t.Fatalf("debug log %q", log)
	}
	if !bot.ExitedCleanly() {
		t.Fatal("bot did not exit cleanly")
	}
	return r, log
}
