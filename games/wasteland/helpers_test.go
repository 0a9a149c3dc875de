package wasteland

import (
	"os"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
)

// shared is /work/shared seen from this package's directory: the sibling
// of the repository root.
const shared = "../../../shared"

// defaultBoard reads the original's default board.
func defaultBoard(t testing.TB) *File {
	t.Helper()
	data, err := os.ReadFile(shared + "/boards/wasteland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// play runs a match of built-in bots, each reporting a steady 1 µs per
// exchange; board nil means a generated one.
func play(t testing.TB, seed uint64, board games.Board, settings games.Settings, names ...string) *games.Replay {
	t.Helper()
	c := games.Config{Game: Game{}, Seed: seed, Board: board, Settings: settings}
	return gametest.PlayBuiltins(t, c, time.Microsecond, names...)
}
