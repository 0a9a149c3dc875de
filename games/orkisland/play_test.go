package orkisland_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/orkisland"
)

// play plays a match between the named built-in bots, each reporting a
// steady 1 ms per exchange.
func play(t testing.TB, seed uint64, settings games.Settings, names ...string) *games.Replay {
	t.Helper()
	return gametest.PlayBuiltins(t, games.Config{Game: orkisland.Game{}, Seed: seed, Settings: settings}, time.Millisecond, names...)
}

func TestGoldenReplay(t *testing.T) {
	r := play(t, 7, games.Settings{"nb_rounds": 40}, "Dummy", "Demo", "Demo", "Null")
	gametest.CheckGolden(t, r, "testdata/seed7-40rounds.txt")
}

// The Dummy is as strong as the original's (games/ork-island.md): against
// three Demos over 50 seeds the original wins every match with a median
// score of about 160,000. Ours wins every one too, with a median of at least
// 75% of that.
func TestDummyAsStrongAsTheOriginal(t *testing.T) {
	const seeds = 50
	var scores []int
	for seed := range uint64(seeds) {
		seat := int(seed % 4)
		names := []string{"Demo", "Demo", "Demo", "Demo"}
		names[seat] = "Dummy"
		r := play(t, seed, nil, names...)
		if len(r.End.Winners) != 1 || r.End.Winners[0] != seat {
			t.Errorf("seed %d: the Dummy in seat %d did not win alone: scores %v", seed, seat, r.End.Scores)
		}
		scores = append(scores, r.End.Scores[seat])
	}
	slices.Sort(scores)
	median := (scores[seeds/2-1] + scores[seeds/2]) / 2
	t.Logf("Dummy against three Demos, %d seeds: median %d, min %d, max %d", seeds, median, scores[0], scores[seeds-1])
	if median < 160_000*3/4 {
		t.Errorf("median score %d, want at least 120,000 (the original's is about 160,000)", median)
	}
}

func TestReplayRoundTrip(t *testing.T) {
	r := play(t, 3, games.Settings{"nb_rounds": 10}, "Dummy", "Demo", "Null", "Demo")
	back := gametest.GzipRoundTrip(t, r)
	if back.Game != "orkisland" || len(back.Rounds) != 10 || back.End.Rounds != 10 || back.Settings["nb_rounds"] != 10 {
		t.Fatalf("round trip lost data: %+v", back.End)
	}
	var in struct {
		Rows  int      `json:"rows"`
		Board []string `json:"board"`
		Orks  [][4]int `json:"orks"`
	}
	if err := json.Unmarshal(back.Initial, &in); err != nil {
		t.Fatal(err)
	}
	if in.Rows != 70 || len(in.Board) != 70 || len(in.Board[0]) != 70 || len(in.Orks) != 60 {
		t.Fatalf("initial: %d rows, %d orks", in.Rows, len(in.Orks))
	}
}

// BenchmarkMatch is a default 200-round match between four native Demos,
// replay included (JSON and gzip).
func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	var size int
	for i := range b.N {
		r := play(b, uint64(i%10), nil, "Demo", "Demo", "Demo", "Demo")
		z, err := r.Gzip()
		if err != nil {
			b.Fatal(err)
		}
		size = len(z)
	}
	b.ReportMetric(float64(size), "gzip-bytes")
}

// clock charges an agent the wall time of its exchanges (a native bot's CPU
// time, as it runs on the caller's goroutine) and reports a steady 1 ms.
type clock struct {
	games.Agent
	used *time.Duration
}

func (c clock) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	start := time.Now()
	reply, _, err := c.Agent.Exchange(msg, limit)
	*c.used += time.Since(start)
	return reply, time.Millisecond, err
}

// BenchmarkDummy is the Dummy's own time in a default 200-round match
// against three Demos, natively (a qualification match runs it in every
// seat but one, in process); "dummy-ms/match" is the figure to watch.
func BenchmarkDummy(b *testing.B) {
	g := orkisland.Game{}
	var used time.Duration
	for i := range b.N {
		var players []games.Player
		for p, n := range []string{"Dummy", "Demo", "Demo", "Demo"} {
			a, err := g.NewBot(n)
			if err != nil {
				b.Fatal(err)
			}
			if p == 0 {
				a = clock{a, &used}
			} else {
				a = gametest.Steady(a, time.Millisecond)
			}
			players = append(players, games.Player{Name: n, Agent: a})
		}
		if _, err := games.Play(context.Background(), games.Config{Game: g, Seed: uint64(i % 50), Players: players}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(used.Microseconds())/1000/float64(b.N), "dummy-ms/match")
}
