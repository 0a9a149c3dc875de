package orkisland

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Board("../../../shared/boards/orkisland-default.cnf"), gametest.Board("testdata/fixed.cnf"))
}
