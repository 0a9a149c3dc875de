package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"arena.dev/games"
)

// roundLogger prints "hello round N" in rounds 3, 10, 17 and has a command
// ignored in round 5 (it commands another player's ork).
const roundLogger = "../../judge/testdata/roundlogger.go"

func checkLocalLogs(t *testing.T, r *games.Replay) {
	t.Helper()
	want := []games.SeatLog{{Seat: 0, Rounds: []games.LogRound{
		{Round: 3, Text: "hello round 3\n"}, {Round: 10, Text: "hello round 10\n"}, {Round: 17, Text: "hello round 17\n"}}}}
	if len(r.Logs) != 1 || r.Logs[0].Seat != 0 || !slices.Equal(r.Logs[0].Rounds, want[0].Rounds) {
		t.Errorf("logs %+v, want %+v", r.Logs, want)
	}
	for _, rd := range r.Rounds {
		if got := len(rd.Ignored); (rd.Round == 5) != (got == 1) || got > 1 || got == 1 && (rd.Ignored[0].Player != 0 || rd.Ignored[0].Why != "not your ork") {
			t.Errorf("round %d ignored %v", rd.Round, rd.Ignored)
		}
	}
}

// arena play writes its local bots' logs by round into the replay (the
// built-in bots have none), with the commands the engine ignored.
func TestPlayWritesLogsByRound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json.gz")
	var out, errOut bytes.Buffer
	if err := runPlay(t.Context(), []string{"orkisland", roundLogger, "Dummy", "Dummy", "Dummy", "--set", "nb_rounds=20", "--log=false", "-o", path}, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := games.ReadReplay(f)
	if err != nil {
		t.Fatal(err)
	}
	checkLocalLogs(t, r)
}

// arena play --view plays, then serves the viewer with the replay and its
// logs until stopped.
func TestPlayView(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out, errOut syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- runPlay(ctx, []string{"orkisland", roundLogger, "Dummy", "Dummy", "Dummy", "--set", "nb_rounds=20", "--log=false", "--view"}, &out, &errOut)
	}()
	at := regexp.MustCompile(`Watch \S+ at (http://\S+/)`)
	deadline := time.Now().Add(3 * time.Minute)
	var url string
	for url == "" {
		if m := at.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("arena play --view ended: %v\n%s\n%s", err, out.String(), errOut.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no viewer served:\n%s\n%s", out.String(), errOut.String())
		}
	}
	res, err := http.Get(url + "replay")
	if err != nil {
		t.Fatal(err)
	}
	r, err := games.ReadReplay(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	checkLocalLogs(t, r)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("stopped: %v", err)
	}
}
