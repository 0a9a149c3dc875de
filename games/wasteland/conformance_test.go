package wasteland

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Board(shared+"/boards/wasteland-default.cnf"))
}
