package orkisland

import (
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/orkisland/sdk"
)

// shared is /work/shared seen from this package's directory: the sibling
// of the repository root.
const shared = "../../../shared"

// tiny is a small fixed board: city 0 top-left, city 1 top-right, path 0
// between them along row 2; forest and sand in row 4.
var tiny = []string{
	"WWWWWWWWWWWW",
	"WGGGGGGGGGGW",
	"WGCCPPPPCCGW",
	"WGCCGGGGCCGW",
	"WGGGGFFSSGGW",
	"WGGGGGGGGGGW",
	"WWWWWWWWWWWW",
}

// parseTiny makes a board from rows of letters (as in BOARD files), of any
// size (board files need at least 20×20).
func parseTiny(t testing.TB, rows []string) *Board {
	t.Helper()
	var cells []Terrain
	for _, row := range rows {
		for _, ch := range []byte(row) {
			cells = append(cells, Terrain(strings.IndexByte(letters, ch)))
		}
	}
	b, _, err := boardFromTerrain(len(rows), len(rows[0]), cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testConfig is the default rules for p players with one ork each unless
// said otherwise.
func testConfig(players, orks int) Config {
	return Config{Players: players, Rounds: 10, Health: 100, Orks: orks,
		Cost: [6]int{Grass: 1, Forest: 2, Sand: 3}, BonusCity: 1, BonusPath: 1, Factor: 2}
}

// emptyState returns a state on b whose orks are all off the board; tests
// put them where they want with place.
func emptyState(t testing.TB, b *Board, cfg Config, seed uint64) *State {
	t.Helper()
	s, err := NewState(cfg, b, games.NewRNG(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.At {
		s.At[i] = -1
	}
	for i := range s.Orks {
		s.Orks[i].Cell = -1
	}
	return s
}

// place puts ork id of player at (r, c) with health h. Orks not placed
// are put in the bottom-right corner region by parkRest.
func place(s *State, id, player, r, c, h int) {
	cell := r*s.B.Cols + c
	s.Orks[id] = Ork{Player: player, Cell: cell, Health: h}
	s.At[cell] = id
}

// parkRest places the orks still off the board on free grass cells from
// the bottom-right, so states stay complete.
func parkRest(s *State) {
	c := len(s.B.Cells) - 1
	for id := range s.Orks {
		if s.Orks[id].Cell >= 0 {
			continue
		}
		for s.B.Cells[c] == Water || s.At[c] >= 0 || s.B.CityOf[c] >= 0 || s.B.PathOf[c] >= 0 {
			c--
		}
		s.Orks[id].Cell = c
		s.At[c] = id
	}
}

func cmd(id int, d sdk.Dir) sdk.Command { return sdk.Command{ID: id, Dir: d} }
