package games_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"arena.dev/games"
)

// Replay.JSON writes the rounds itself, for speed; it must still be byte for
// byte what encoding/json writes, floats included.
func TestReplayJSONIsMarshal(t *testing.T) {
	r := run(t, []*scripted{
		newScripted(t, "Demo", "", 0), newScripted(t, "Demo", "", 0),
		newScripted(t, "Null", "", 0), newScripted(t, "Demo", "error", 3),
	}, 8)
	r.Rounds = append(r.Rounds,
		games.ReplayRound{Round: 8, CPU: []float64{0, 1e-7, 5e-6, 0.5, -1, 1e21, 123456.789, 2.5e-300, 1e20}, Scores: []int{-3, 0, 1 << 40, 7},
			Ignored: []games.Ignored{{Player: 1, Unit: 12, Why: `not "adjacent" <é>`}, {Player: 3, Unit: -1, Why: "too many jumps"}}},
		games.ReplayRound{Round: 9}, // nil changes, commands, scores and CPU
	)
	want, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Replay.JSON differs from json.Marshal:\n got %s\nwant %s", got, want)
	}
	z, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	back, err := games.ReadReplay(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	again, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, want) {
		t.Fatalf("the gzipped replay reads back differently:\n got %s\nwant %s", again, want)
	}
}
