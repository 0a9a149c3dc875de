package wasteland

import (
	"encoding/json"
	"slices"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
)

func TestGoldenReplay(t *testing.T) {
	r := play(t, 7, nil, games.Settings{"number_rounds": 60}, "Dummy", "Demo", "Demo", "Null")
	gametest.CheckGolden(t, r, "testdata/seed7-60rounds.txt")
}

func TestSameSeedSameBytes(t *testing.T) {
	f := defaultBoard(t)
	for _, board := range []games.Board{nil, f} {
		gametest.CheckSameSeedSameBytes(t, func(seed uint64) *games.Replay {
			return play(t, seed, board, nil, "Demo", "Dummy", "Demo", "Dummy")
		})
	}
}

// Dummy is the qualifying opponent: it must clearly beat Demo, on the
// generated boards matches use by default.
func TestDummyBeatsDemos(t *testing.T) {
	wins := 0
	for seed := range uint64(10) {
		r := play(t, seed, nil, nil, "Demo", "Demo", "Dummy", "Demo")
		if slices.Equal(r.End.Winners, []int{2}) {
			wins++
		}
	}
	if wins < 9 {
		t.Fatalf("Dummy won %d of 10 against three Demos, want at least 9", wins)
	}
}

func TestReplayRoundTrip(t *testing.T) {
	r := play(t, 3, nil, games.Settings{"number_rounds": 10}, "Dummy", "Demo", "Null", "Demo")
	back := gametest.GzipRoundTrip(t, r)
	if back.Game != "wasteland" || len(back.Rounds) != 10 || back.End.Rounds != 10 || back.Settings["number_rounds"] != 10 {
		t.Fatalf("round trip lost data: %+v", back.End)
	}
	var in struct {
		Rows, Cols, Window int
		Board              []string
		Cars               [][7]int
		Missiles           [][4]int
	}
	if err := json.Unmarshal(back.Initial, &in); err != nil {
		t.Fatal(err)
	}
	if in.Rows != 19 || in.Cols != 97 || in.Window != 40 || len(in.Board) != 19 || len(in.Board[0]) != 97 || len(in.Cars) != 8 || in.Missiles == nil {
		t.Fatalf("initial: %+v", in)
	}
}

// BenchmarkMatch is a default 300-round match between four native Demos,
// replay included (JSON and gzip), on generated boards.
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
