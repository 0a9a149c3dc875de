package poquemon

import (
	"testing"

	"arena.dev/games/gametest"
)

// The Dummy is calibrated on bots of students' strength. The original
// Poquémon shipped no Dummy, so there are no original figures to match;
// the aim is where real students' bots stand: they score 14.9k–19.4k
// against three Demos in the original (seeds 1–10, the default board),
// the Demos ~1k, and a bot of that strength must qualify while a
// Demo-level one must not. The reference bots (testdata/calibration) are
// player files of the original API that build unchanged in the original
// engine; VsDemos is what each scored there, seat 0 against three Demos,
// seeds 1–10 on the default board. Arena plays a generated board unless
// the admin uploads one, so the verdicts must hold on both. To print the
// table:
//
//	go test ./games/poquemon -run Calibration -v
func TestCalibration(t *testing.T) {
	bot := func(name string, vsDemos float64, qualifies bool) gametest.ReferenceBot {
		return gametest.ReferenceBot{File: "testdata/calibration/AI" + name + ".cc", VsDemos: vsDemos, Qualifies: qualifies}
	}
	gametest.Calibrate(t, Game{}, gametest.Calibration{
		Boards: []string{shared + "/boards/poquemon-default.cnf", ""},
		Bots: []gametest.ReferenceBot{
			bot("Stroll", 4174, false),    // the Demo that does not walk into walls
			bot("Wander", 5220, false),    // walks straight on, takes a bonus next to it
			bot("Nearby", 8580, false),    // the nearest bag at most 6 steps away, else walks on
			bot("Collector", 16190, true), // the nearest bonus of any kind; kills in reach
			bot("Bagger", 16730, true),    // the nearest bag, never fights
			bot("Fighter", 19527, true),   // the nearest bag, kills in reach, minds ghost walls
		},
	})
}
