package web

import (
	"bufio"
	"context"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

func receive(t *testing.T, s *subscription, within time.Duration) store.VersionEvent {
	t.Helper()
	select {
	case e := <-s.events:
		return e
	case <-time.After(within):
		t.Fatalf("no event within %v", within)
	}
	return store.VersionEvent{}
}

func waitReady(t *testing.T, s *subscription) {
	t.Helper()
	select {
	case <-s.ready:
	case <-time.After(10 * time.Second):
		t.Fatal("the listener is not listening")
	}
}

// stopped reports whether the hub's listener goroutines have all ended.
func stopped(h *hub, within time.Duration) bool {
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(within):
		return false
	}
}

func TestHubFansOutAndStops(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	h := newHub(pool, slog.Default())
	defer h.Close()
	if h.stop != nil {
		t.Fatal("an idle hub runs a listener")
	}

	alice := h.subscribe(1, false)
	admin := h.subscribe(99, true)
	waitReady(t, alice)
	if err := store.NotifyVersion(ctx, pool, 10, 5, 2, "compiling"); err != nil { // someone else's
		t.Fatal(err)
	}
	if err := store.NotifyVersion(ctx, pool, 11, 6, 1, "qualifying"); err != nil {
		t.Fatal(err)
	}
	if e := receive(t, alice, time.Second); e.VersionID != 11 || e.Status != "qualifying" || e.BotID != 6 {
		t.Fatalf("alice got %+v", e)
	}
	if a, b := receive(t, admin, time.Second), receive(t, admin, time.Second); a.VersionID != 10 || b.VersionID != 11 {
		t.Fatalf("the admin got %+v, %+v", a, b)
	}

	// A subscriber that does not keep up is ended, not waited for.
	for range eventsBuffer + 1 {
		h.publish(store.VersionEvent{VersionID: 1, OwnerID: 99})
	}
	select {
	case <-admin.gone:
	default:
		t.Fatal("an overflowing subscription is still there")
	}
	h.unsubscribe(admin)

	// The last one out stops the listener.
	h.unsubscribe(alice)
	if !stopped(h, 5*time.Second) {
		t.Fatal("the listener still runs without subscribers")
	}
	// ... and the next one starts it again.
	bob := h.subscribe(2, false)
	waitReady(t, bob)
	store.NotifyVersion(ctx, pool, 12, 7, 2, "queued")
	if e := receive(t, bob, time.Second); e.VersionID != 12 {
		t.Fatalf("bob got %+v", e)
	}

	// Close ends everything, for good.
	h.Close()
	select {
	case <-bob.gone:
	default:
		t.Fatal("Close left a subscription open")
	}
	if !stopped(h, time.Second) {
		t.Fatal("Close did not stop the listener")
	}
	if late := h.subscribe(3, false); !isClosed(late.gone) {
		t.Fatal("a subscription after Close is open")
	}
	h.unsubscribe(bob)
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func TestHubReconnects(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	defer func(d time.Duration) { listenBackoff = d }(listenBackoff)
	listenBackoff = 10 * time.Millisecond
	h := newHub(pool, slog.New(slog.DiscardHandler))
	defer h.Close()
	s := h.subscribe(1, false)
	waitReady(t, s)

	// Cut the listener's connection from the server's side.
	tag, err := pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN '||$1`, store.EventsChannel)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("terminating the listener: %v, %d rows", err, tag.RowsAffected())
	}
	// Events of the outage may be lost: subscribers are told to resync.
	if e := receive(t, s, 10*time.Second); e != resync {
		t.Fatalf("after the reconnection: %+v", e)
	}
	store.NotifyVersion(ctx, pool, 13, 8, 1, "compiling")
	if e := receive(t, s, time.Second); e.VersionID != 13 {
		t.Fatalf("after the reconnection: %+v", e)
	}
}

// TestEventsHeartbeat: an idle stream sends a comment now and then, so
// proxies keep it open and a vanished client is noticed.
func TestEventsHeartbeat(t *testing.T) {
	pool := pgtest.Pool(t)
	defer func(d time.Duration) { eventsHeartbeat = d }(eventsHeartbeat)
	eventsHeartbeat = 50 * time.Millisecond
	hash, _ := auth.HashPassword("pa55word!")
	u := &domain.User{Name: "beat_" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36), PasswordHash: hash, Role: domain.RoleStudent}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), pool, u); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&Server{Pool: pool}).Handler())
	defer srv.Close()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if resp, err := c.PostForm(srv.URL+"/login", url.Values{"name": {u.Name}, "password": {"pa55word!"}}); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/bots/events", nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	pings := 0
	for pings < 3 && sc.Scan() {
		if sc.Text() == ": ping" {
			pings++
		}
	}
	if pings < 3 {
		t.Fatalf("%d heartbeats, then %v", pings, sc.Err())
	}
}
