package games_test

import (
	"bytes"
	"encoding/json"
	"slices"
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

// Exchange 0 is the setup (round -1), exchange k round k-1; what a bot
// printed after the last round is that round's; empty rounds are left out.
func TestLogByRound(t *testing.T) {
	got := games.LogByRound([][]byte{[]byte("init\n"), nil, []byte("r1\n"), nil, []byte("r3"), []byte(" bye\n")}, 4)
	want := []games.LogRound{{Round: -1, Text: "init\n"}, {Round: 1, Text: "r1\n"}, {Round: 3, Text: "r3 bye\n"}}
	if !slices.Equal(got, want) {
		t.Fatalf("%v, want %v", got, want)
	}
	js, err := json.Marshal(games.SeatLog{Seat: 2, Rounds: want})
	if err != nil || string(js) != `{"seat":2,"rounds":[[-1,"init\n"],[1,"r1\n"],[3,"r3 bye\n"]]}` {
		t.Fatalf("%s %v", js, err)
	}
	var back games.SeatLog
	if err := json.Unmarshal(js, &back); err != nil || !slices.Equal(back.Rounds, want) {
		t.Fatalf("%v %v", back, err)
	}
}
