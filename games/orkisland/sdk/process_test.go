package sdk_test

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/orkisland"
)

// A compiled bot plays a whole match over stdin/stdout through Run, and
// what it prints lands in its debug log, not in the protocol.
func TestRunOverPipes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "printer")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/printer").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	g := orkisland.Game{}
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
		Game: g, Seed: 3, Players: players, Settings: games.Settings{"nb_rounds": 20},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.End.Frozen) != 0 || r.End.Invalid[0] != 0 {
		t.Fatalf("frozen %v invalid %v; log:\n%s", r.End.Frozen, r.End.Invalid, bot.Stderr())
	}
	moved := 0 // commands executed for the printer's first orks
	for _, round := range r.Rounds {
		var cmds [][2]any
		if err := json.Unmarshal(round.Commands, &cmds); err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			if c[0].(float64) < 15 {
				moved++
			}
		}
	}
	if moved == 0 {
		t.Fatal("the bot's commands never arrived")
	}
	if log := bot.Stderr(); !strings.Contains(log, "round 0\n") || !strings.Contains(log, "round 19\n") {
		t.Fatalf("debug log %q", log)
	}
	if !bot.ExitedCleanly() {
		t.Fatal("bot did not exit cleanly")
	}
}
