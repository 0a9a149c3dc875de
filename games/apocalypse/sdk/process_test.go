package sdk_test

import (
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
	c := games.Config{Game: apocalypse.Game{Redux: true}, Seed: 3, Settings: games.Settings{"GAME_ROUNDS": 20}}
	r, log := gametest.PlayOverPipes(t, c, "./testdata/printer", "Demo", "Dummy", "Null")
	if r.End.Invalid[0] != 20 {
		t.Fatalf("invalid %v; log:\n%s", r.End.Invalid, log)
	}
	if !strings.Contains(log, "round 7: warning: CommandParachuter(-1, -1): position outside the board") {
		t.Fatalf("debug log %q", log)
	}
}
