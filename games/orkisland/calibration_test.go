package orkisland

import (
	"testing"

	"arena.dev/games/gametest"
)

// The Dummy is calibrated on the original engine (OrkIsland 1.0 with its
// AIDummy.o.Linux64), played on Arena's own generated islands: each island
// of seeds 1–10 written as a FIXED board file (Format), which the original
// reads. On the original's islands its Dummy's figures are 21,360 per seat
// ×4, 3,215,463 / 510 against three Demos and 470 / 28,428 for a Demo
// against three Dummies, but the figure against the Demos is one island's
// luck: a Dummy that links a group of k cities earns 2·2^k a round, so one
// island of the ten (seed 1, 28.5 M) makes most of the mean, and ten other
// islands give 5 times less. On the same islands only the matches' chance
// is left; the figures below are the original's means over 20 matches per
// island (match seeds s, s+1000, …, s+19000), against which Arena's seeds
// 1–10 are one draw. The original's own draws of ten matches spread
// ±20 % for the Dummy against Demos (from 261 k to 588 k) but far more for
// the Demos' few hundred points (the Demo with Dummies from 75 to 478):
// hence DemoTolerance.
//
// The reference bots' figures are the original's on the same islands:
// their mean against three Demos (seat 0, seeds 1–10) and their verdict
// against three original Dummies with the server's rule (seat i mod 4 on
// seed i+1, first alone in 3 of 4), which the original's own islands give
// too. Over seeds 1–20 (seat (s-1) mod 4) they end first alone against
// three original Dummies: Walker 1–2, Parker 5–6, Cautious 14–15 (the
// marginal one), Roamer 16–19, Settler 17–19, Guardian 20 (original's
// islands – Arena's).
func TestCalibration(t *testing.T) {
	gametest.Calibrate(t, Game{}, gametest.Calibration{
		Boards:        []string{""},
		DummyAlone:    25573,
		DummyVsDemos:  [2]float64{501325, 1047},
		DemoVsDummies: [2]float64{239, 34292},
		DemoTolerance: 1,
		Bots: []gametest.ReferenceBot{
			{File: "testdata/calibration/AIWalker.cc", VsDemos: 529239, Qualifies: false},
			{File: "testdata/calibration/AIParker.cc", VsDemos: 39738, Qualifies: false},
			{File: "testdata/calibration/AICautious.cc", VsDemos: 43349, Qualifies: true},
			{File: "testdata/calibration/AISettler.cc", VsDemos: 45290, Qualifies: true},
			{File: "testdata/calibration/AIRoamer.cc", VsDemos: 586496, Qualifies: true},
			{File: "testdata/calibration/AIGuardian.cc", VsDemos: 97811, Qualifies: true},
		},
	})
}
