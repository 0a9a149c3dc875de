package sdk_test

import (
	"encoding/json"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/orkisland"
)

// A compiled bot plays a whole match over stdin/stdout through Run, and
// what it prints lands in its debug log, not in the protocol.
func TestRunOverPipes(t *testing.T) {
	c := games.Config{Game: orkisland.Game{}, Seed: 3, Settings: games.Settings{"nb_rounds": 20}}
	r, _ := gametest.PlayOverPipes(t, c, "./testdata/printer", "Demo", "Dummy", "Null")
	if r.End.Invalid[0] != 0 {
		t.Fatalf("invalid %v", r.End.Invalid)
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
}
