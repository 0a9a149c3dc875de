package web_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// sseMsg is one event of a stream, or one comment line.
type sseMsg struct{ Event, Data, Comment string }

// openEvents reads an SSE stream into a channel, closed when it ends.
func (e *botsEnv) openEvents(c *http.Client, path string) (<-chan sseMsg, context.CancelFunc) {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+path, nil)
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		resp.Body.Close()
		e.t.Fatalf("%s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan sseMsg, 100)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var m sseMsg
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if m != (sseMsg{}) {
					ch <- m
				}
				m = sseMsg{}
			case strings.HasPrefix(line, ":"):
				ch <- sseMsg{Comment: strings.TrimSpace(line[1:])}
			case strings.HasPrefix(line, "event: "):
				m.Event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				m.Data += strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return ch, cancel
}

// nextEvent returns the stream's next event, skipping comments.
func nextEvent(t *testing.T, ch <-chan sseMsg, within time.Duration) sseMsg {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				t.Fatal("the stream ended")
			}
			if m.Event != "" {
				return m
			}
		case <-deadline:
			t.Fatalf("no event within %v", within)
		}
	}
}

// waitListening waits for the stream to say it listens.
func waitListening(t *testing.T, ch <-chan sseMsg) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				t.Fatal("the stream ended")
			}
			if m.Comment == "listening" {
				return
			}
		case <-deadline:
			t.Fatal("the stream does not listen")
		}
	}
}

// versionOf returns the id of the latest version of the owner's bot.
func (e *botsEnv) versionOf(ownerID int64, bot string) int64 {
	e.t.Helper()
	var id int64
	if err := e.pool.QueryRow(context.Background(), `SELECT v.id FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND b.name = $2 ORDER BY v.number DESC LIMIT 1`, ownerID, bot).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// inTx runs f in a transaction and commits it, or rolls it back.
func (e *botsEnv) inTx(commit bool, f func(ctx context.Context, db store.DB) error) {
	e.t.Helper()
	ctx := context.Background()
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := f(ctx, tx); err != nil {
		e.t.Fatal(err)
	}
	if commit {
		if err := tx.Commit(ctx); err != nil {
			e.t.Fatal(err)
		}
	}
}

func TestBotEventsStream(t *testing.T) {
	e := newBotsEnv(t)
	alice, _, aliceID := e.user(domain.RoleStudent)
	bob, _, bobID := e.user(domain.RoleStudent)
	admin, _, _ := e.user(domain.RoleAdmin)
	e.submit(alice, "orkisland", "alicebot", botsSource("a"))
	e.submit(bob, "orkisland", "bobbot", botsSource("b"))
	av, bv := e.versionOf(aliceID, "alicebot"), e.versionOf(bobID, "bobbot")
	aName, bName := "version-"+itoa(av), "version-"+itoa(bv)

	// Alice asks for the state of both versions: she gets hers only.
	as, _ := e.openEvents(alice, "/bots/events?v="+itoa(av)+"&v="+itoa(bv))
	waitListening(t, as)
	if m := nextEvent(t, as, time.Second); m.Event != aName || !strings.Contains(m.Data, `class="badge queued"`) {
		t.Fatalf("alice's first event: %+v", m)
	}
	bs, _ := e.openEvents(bob, "/bots/events")
	ad, _ := e.openEvents(admin, "/bots/events")
	waitListening(t, bs)
	waitListening(t, ad)

	// A change that is rolled back says nothing; one that commits arrives
	// within a second.
	e.inTx(false, func(ctx context.Context, db store.DB) error {
		return store.SetVersionStatus(ctx, db, av, domain.StatusRejected)
	})
	start := time.Now()
	e.inTx(true, func(ctx context.Context, db store.DB) error {
		return store.SetVersionStatus(ctx, db, av, domain.StatusCompiling)
	})
	m := nextEvent(t, as, time.Second)
	if m.Event != aName || !strings.Contains(m.Data, "compiling") {
		t.Fatalf("alice's event: %+v (a rolled-back change leaked?)", m)
	}
	t.Logf("event delivered %v after the commit", time.Since(start))
	if m := nextEvent(t, ad, time.Second); m.Event != aName {
		t.Fatalf("the admin's stream: %+v", m)
	}

	// Bob's own change reaches bob, not alice; alice's next reaches her.
	e.inTx(true, func(ctx context.Context, db store.DB) error {
		return store.SetVersionStatus(ctx, db, bv, domain.StatusCompiling)
	})
	if m := nextEvent(t, bs, time.Second); m.Event != bName {
		t.Fatalf("bob's stream: %+v", m)
	}
	e.inTx(true, func(ctx context.Context, db store.DB) error {
		return store.NotifyVersion(ctx, db, av, 0, aliceID, domain.StatusAccepted)
	})
	if m := nextEvent(t, as, time.Second); m.Event != aName || !strings.Contains(m.Data, "active on the ladder") {
		t.Fatalf("alice's stream after bob's change: %+v", m)
	}
	// Bob never saw alice's events.
	e.inTx(true, func(ctx context.Context, db store.DB) error {
		return store.SetVersionStatus(ctx, db, bv, domain.StatusQualifying)
	})
	if m := nextEvent(t, bs, time.Second); m.Event != bName || !strings.Contains(m.Data, "qualifying") {
		t.Fatalf("bob's stream: %+v", m)
	}
}

// TestBotEventsEndOnShutdown: a stream never ends by itself, so without
// care http.Server.Shutdown would wait for its whole grace period.
func TestBotEventsEndOnShutdown(t *testing.T) {
	e := newBotsEnv(t)
	alice, _, _ := e.user(domain.RoleStudent)
	ch, _ := e.openEvents(alice, "/bots/events")
	waitListening(t, ch)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	if err := e.srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("shutdown took %v", d)
	}
	for range ch { // the stream ends
	}
}
