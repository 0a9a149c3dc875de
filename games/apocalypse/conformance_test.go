package apocalypse

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestConformance(t *testing.T) {
	for _, g := range []Game{{}, {Redux: true}} {
		t.Run(g.Info().ID, func(t *testing.T) {
			gametest.Run(t, g, gametest.Board("../../../shared/boards/apocalypse-default.cnf"))
		})
	}
}
