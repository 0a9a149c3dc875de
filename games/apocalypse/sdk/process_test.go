package sdk_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse"
	"arena.dev/games/gametest"
)

// A compiled bot plays a whole match over stdin/stdout through Run: what
// it prints lands in its debug log, with a warning for each command the
// host refuses (which the host counts too).
func TestRunOverPipes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "printer")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/printer").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	g := apocalypse.Game{Redux: true}
	bot, err := gametest.StartProcess(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	players := []games.Player{{Name: "printer", Agent: bot}}
	for _, n := range []string{"Demo", "Dummy", "Null"} {
		a, _ := g.NewBot(n)
		players = append(players, games.Player{Name: n, Agent: a})
	}
	r, err := games.Play(context.Background(), games.Config{
		Game: g, Seed: 3, Players: players, Settings: games.Settings{"GAME_ROUNDS": 20},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.End.Frozen) != 0 || r.End.Invalid[0] != 20 {
		t.Fatalf("frozen %v invalid %v; log:\n%s", r.End.Frozen, r.End.Invalid, bot.Stderr())
	}
	log := bot.Stderr()
	if !strings.Contains(log, "round 0\n") || !strings.Contains(log, "round 19\n") ||
		!strings.Contains(log, "round 7: warning: CommandParachuter(-1, -1): position outside the board") {
		t.Fatalf("debug log %q", log)
	}
	if !bot.ExitedCleanly() {
		t.Fatal("bot did not exit cleanly")
	}
}
