package wasteland

import (
	"context"
	"os"
	"testing"
	"time"

	"arena.dev/games"
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

// steady reports a fixed CPU time per exchange, so replays (which record
// CPU status) are reproducible byte for byte.
type steady struct{ games.Agent }

// InProcess keeps the built-in bot it wraps on the runner's goroutine.
func (s steady) InProcess() bool { return true }

func (s steady) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	reply, _, err := s.Agent.Exchange(msg, limit)
	return reply, time.Microsecond, err
}

// play runs a match of built-in bots; board nil means a generated one.
func play(t testing.TB, seed uint64, board games.Board, settings games.Settings, names ...string) *games.Replay {
	t.Helper()
	var players []games.Player
	for _, n := range names {
		a, err := Game{}.NewBot(n)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: n, Agent: steady{a}})
	}
	r, err := games.Play(context.Background(), games.Config{Game: Game{}, Seed: seed, Board: board, Settings: settings, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
