package web_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// A tournament's stream says "changed" (id and data: the change count) for
// each of its changes and none of another's, tells a page that connects
// late what it missed, and says "over" and ends when the tournament is.
func TestTournamentEvents(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	newTournament := func(name string) *domain.Tournament {
		tr := &domain.Tournament{Name: name, GameID: "orkisland", Format: domain.FormatLeague, GroupMatches: 1, FinalMatches: 1,
			DropCount: 1, LeagueRounds: 1, Seed: 1, StartAt: time.Now()}
		if err := store.CreateTournament(ctx, e.pool, tr); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	tr, other := newTournament("Streamed"), newTournament("Other")
	path := "/tournaments/" + strconv.FormatInt(tr.ID, 10) + "/events"
	visitor := http.DefaultClient

	live, _ := e.openEvents(visitor, path+"?seen=0")
	waitListening(t, live)
	if err := store.NotifyTournament(ctx, e.pool, other.ID); err != nil {
		t.Fatal(err)
	}
	if err := store.NotifyTournament(ctx, e.pool, tr.ID); err != nil {
		t.Fatal(err)
	}
	if m := nextEvent(t, live, 5*time.Second); m.Event != "changed" || m.Data != "1" {
		t.Fatalf("got %+v, want the first change of this tournament only", m)
	}

	// A page made before that change: told at once.
	late, _ := e.openEvents(visitor, path+"?seen=0")
	if m := nextEvent(t, late, 5*time.Second); m.Event != "changed" || m.Data != "1" {
		t.Fatalf("a late page got %+v, want the change it missed", m)
	}

	// The end: the last change, then "over", then the stream ends.
	if _, err := e.pool.Exec(ctx, "UPDATE tournaments SET status = 'finished' WHERE id = $1", tr.ID); err != nil {
		t.Fatal(err)
	}
	if err := store.NotifyTournament(ctx, e.pool, tr.ID); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan sseMsg{live, late} {
		if m := nextEvent(t, ch, 5*time.Second); m.Event != "changed" || m.Data != "2" {
			t.Fatalf("got %+v, want change 2", m)
		}
		if m := nextEvent(t, ch, 5*time.Second); m.Event != "over" || m.Data != "finished" {
			t.Fatalf("got %+v, want over", m)
		}
		select {
		case m, ok := <-ch:
			if ok {
				t.Fatalf("the stream goes on after over: %+v", m)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the stream did not end after over")
		}
	}
	// A browser reconnecting with the last id it saw: nothing missed, over.
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+path+"?seen=0", nil)
	req.Header.Set("Last-Event-ID", "2")
	resp, err := visitor.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(resp.Body) // the stream ends by itself
	resp.Body.Close()
	body := string(raw)
	if resp.StatusCode != 200 || strings.Contains(body, "event: changed") || !strings.HasSuffix(body, "event: over\ndata: finished\n\n") {
		t.Fatalf("reconnection after the end: %d %q, want only over", resp.StatusCode, body)
	}
	if resp, err := visitor.Get(e.srv.URL + "/tournaments/999999/events"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown tournament: %v %v", resp.StatusCode, err)
	}
}
