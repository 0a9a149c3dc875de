package poquemon_test

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/poquemon"
)

// play plays a match between the named built-in bots, each reporting a
// steady 1 ms per exchange; board nil means a generated one.
func play(t testing.TB, seed uint64, settings games.Settings, board games.Board, names ...string) *games.Replay {
	t.Helper()
	c := games.Config{Game: poquemon.Game{}, Seed: seed, Settings: settings, Board: board}
	return gametest.PlayBuiltins(t, c, time.Millisecond, names...)
}

func TestGoldenReplay(t *testing.T) {
	r := play(t, 7, games.Settings{"nb_rounds": 60}, nil, "Dummy", "Demo", "Demo", "Null")
	gametest.CheckGolden(t, r, "testdata/seed7-60rounds.txt")
}

func TestSameSeedSameBytes(t *testing.T) {
	gametest.CheckSameSeedSameBytes(t, func(seed uint64) *games.Replay {
		return play(t, seed, nil, nil, "Demo", "Dummy", "Demo", "Dummy")
	})
}

// Dummy is the qualifying opponent: it must clearly beat Demo, on
// generated boards and on the original default board.
func TestDummyBeatsDemos(t *testing.T) {
	data, err := os.ReadFile("../../../shared/boards/poquemon-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	def, err := poquemon.Game{}.ParseBoard(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, board := range []games.Board{nil, def} {
		wins := 0
		for seed := range uint64(10) {
			seat := int(seed % 4)
			names := []string{"Demo", "Demo", "Demo", "Demo"}
			names[seat] = "Dummy"
			r := play(t, seed, nil, board, names...)
			if len(r.End.Winners) == 1 && r.End.Winners[0] == seat {
				wins++
			}
		}
		if wins < 9 {
			t.Fatalf("board %v: Dummy won %d of 10 against three Demos, want at least 9", board != nil, wins)
		}
	}
}

func TestReplayRoundTrip(t *testing.T) {
	r := play(t, 3, games.Settings{"nb_rounds": 10}, nil, "Dummy", "Demo", "Null", "Demo")
	back := gametest.GzipRoundTrip(t, r)
	if back.Game != "poquemon" || len(back.Rounds) != 10 || back.End.Rounds != 10 || back.Settings["nb_rounds"] != 10 {
		t.Fatalf("round trip lost data: %+v", back.End)
	}
	var in struct {
		Rows     int      `json:"rows"`
		Board    []string `json:"board"`
		Walls    [][4]int `json:"walls"`
		Bonuses  [][]any  `json:"bonuses"`
		Poquemon [][]int  `json:"poquemon"`
	}
	if err := json.Unmarshal(back.Initial, &in); err != nil {
		t.Fatal(err)
	}
	if in.Rows != 15 || len(in.Board) != 15 || len(in.Board[0]) != 31 || len(in.Walls) != 6 || len(in.Bonuses) != 35 || len(in.Poquemon) != 4 {
		t.Fatalf("initial: %+v", in)
	}
	for _, round := range back.Rounds {
		var ch map[string]json.RawMessage
		if err := json.Unmarshal(round.Changes, &ch); err != nil {
			t.Fatalf("round %d changes %s: %v", round.Round, round.Changes, err)
		}
		var cmds [][3]any
		if err := json.Unmarshal(round.Commands, &cmds); err != nil {
			t.Fatalf("round %d commands %s: %v", round.Round, round.Commands, err)
		}
	}
}

// BenchmarkMatch is a default 400-round match between four native Demos,
// replay included (JSON and gzip).
func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	var size int
	for i := range b.N {
		r := play(b, uint64(i%10), nil, nil, "Demo", "Demo", "Demo", "Demo")
		z, err := r.Gzip()
		if err != nil {
			b.Fatal(err)
		}
		size = len(z)
	}
	b.ReportMetric(float64(size), "gzip-bytes")
}
