package apocalypse

import (
	"testing"

	"arena.dev/games/gametest"
)

// TestCalibration keeps 2018's Dummy where the original's is (issue 31).
// The figures are the original Dummy's (AIDummy.o.Linux64) on the original
// engine and default board, seeds 1–10. The reference bots (testdata/
// calibration, C++ files of the original API) were measured there too:
// their mean in seat 0 against three Demos on seeds 1–10, and their verdict
// against three original Dummies by the server's rule (seat i mod 4 on
// seed i+1, first alone in 3 of 4). Their first-place rates against the
// original Dummy (seeds 1–80, seats rotating): Wander and Settler 0%,
// Patrol 41%, Hunter 72%, Captain 79%, General 91%; the three in between
// are marginal. Print the table with
//
//	go test ./games/apocalypse -run Calibration -v
func TestCalibration(t *testing.T) {
	gametest.Calibrate(t, Game{}, gametest.Calibration{
		Boards:        []string{"../../../shared/boards/apocalypse-default.cnf", ""},
		DummyAlone:    59674,
		DummyVsDemos:  [2]float64{156530, 16179},
		DemoVsDummies: [2]float64{13458, 72800},
		Bots: []gametest.ReferenceBot{
			{File: "testdata/calibration/AIWander.cc", VsDemos: 84010},
			{File: "testdata/calibration/AISettler.cc", VsDemos: 131147},
			{File: "testdata/calibration/AIPatrol.cc", VsDemos: 167650, Marginal: true},
			{File: "testdata/calibration/AIHunter.cc", VsDemos: 147749, Qualifies: true, Marginal: true},
			{File: "testdata/calibration/AICaptain.cc", VsDemos: 169950, Qualifies: true, Marginal: true},
			{File: "testdata/calibration/AIGeneral.cc", VsDemos: 180988, Qualifies: true},
		},
	})
}
