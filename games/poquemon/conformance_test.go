package poquemon

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Board("../../../shared/boards/poquemon-default.cnf"))
}
