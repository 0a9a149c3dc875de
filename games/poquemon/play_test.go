package poquemon_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/poquemon"
)

var update = flag.Bool("update", false, "rewrite the golden replay in testdata")

// steady reports a fixed CPU time per exchange, so replays (which record
// CPU status) are reproducible byte for byte.
type steady struct{ games.Agent }

// InProcess keeps the built-in bot it wraps on the runner's goroutine.
func (s steady) InProcess() bool { return true }

func (s steady) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	reply, _, err := s.Agent.Exchange(msg, limit)
	return reply, time.Millisecond, err
}

func play(t testing.TB, seed uint64, settings games.Settings, board games.Board, names ...string) *games.Replay {
	t.Helper()
	g := poquemon.Game{}
	var players []games.Player
	for _, n := range names {
		a, err := g.NewBot(n)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: n, Agent: steady{a}})
	}
	r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Settings: settings, Board: board, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The golden replay pins the whole engine: board generation, rules, frames,
// bots and the replay format. Regenerate with go test -run Golden -update
// after a deliberate change, and look at the diff.
func TestGoldenReplay(t *testing.T) {
	r := play(t, 7, games.Settings{"nb_rounds": 60}, nil, "Dummy", "Demo", "Demo", "Null")
	got := lines(t, r)
	const golden = "testdata/seed7-60rounds.txt"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("replay differs from %s; run with -update if the change is intended", golden)
	}
}

// lines renders a replay for diffs: the envelope, then one line per round.
func lines(t *testing.T, r *games.Replay) []byte {
	head := *r
	head.Rounds = nil
	b, err := json.Marshal(head)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	for _, round := range r.Rounds {
		line, err := json.Marshal(round)
		if err != nil {
			t.Fatal(err)
		}
		b = append(append(b, line...), '\n')
	}
	return b
}

func TestSameSeedSameBytes(t *testing.T) {
	a, err := play(t, 11, nil, nil, "Demo", "Dummy", "Demo", "Dummy").Gzip()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := play(t, 11, nil, nil, "Demo", "Dummy", "Demo", "Dummy").Gzip()
	c, _ := play(t, 12, nil, nil, "Demo", "Dummy", "Demo", "Dummy").Gzip()
	if !bytes.Equal(a, b) {
		t.Fatal("same seed, different replays")
	}
	if bytes.Equal(a, c) {
		t.Fatal("different seeds, same replay")
	}
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
	z, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	back, err := games.ReadReplay(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
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
