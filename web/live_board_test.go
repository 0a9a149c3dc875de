package web

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// boardStream reads an SSE stream's events, by name, into a channel.
type boardStream struct {
	events chan [2]string // name, data
}

func openBoardStream(t *testing.T, c *http.Client, u string) *boardStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		resp.Body.Close()
		t.Fatalf("%s: %s %s", u, resp.Status, resp.Header.Get("Content-Type"))
	}
	s := &boardStream{events: make(chan [2]string, 1000)}
	go func() {
		defer resp.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		var name, data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "" && name != "":
				s.events <- [2]string{name, data}
				name, data = "", ""
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data += strings.TrimPrefix(line, "data: ") + "\n"
			}
		}
	}()
	return s
}

// until returns the data of the first event named name whose data holds
// want, failing after within.
func (s *boardStream) until(t *testing.T, name, want string, within time.Duration) string {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case e, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended before a %s event with %q", name, want)
			}
			if e[0] == name && strings.Contains(e[1], want) {
				return e[1]
			}
		case <-deadline:
			t.Fatalf("no %s event with %q within %v", name, want, within)
		}
	}
}

// untilAll waits for an event of each name in want whose data holds its
// text, in any order.
func (s *boardStream) untilAll(t *testing.T, want map[string]string, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	for len(want) > 0 {
		select {
		case e, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended before events %v", want)
			}
			if w, ok := want[e[0]]; ok && strings.Contains(e[1], w) {
				delete(want, e[0])
			}
		case <-deadline:
			t.Fatalf("no events %v within %v", want, within)
		}
	}
}

// TestBoardStreamsShareOneSnapshot: many viewers of a game's leaderboard,
// of its game page's top bots and of their My bots page follow it live,
// and each change of the board costs one read of it, whatever the number
// of viewers; changes landing close together cost one read between them.
func TestBoardStreamsShareOneSnapshot(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	defer func(d time.Duration) { boardEvery = d }(boardEvery)
	boardEvery = 500 * time.Millisecond
	if err := store.EnsureGame(ctx, pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	// An owner with a bot on the board (the package's tests share it: a μ
	// of 1000 puts this one on top whatever other tests left there).
	hash, _ := auth.HashPassword("pa55word!")
	u := &domain.User{Name: "feed_" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36), PasswordHash: hash, Role: domain.RoleStudent}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(ctx, pool, u); err != nil {
		t.Fatal(err)
	}
	b, err := store.BotByName(ctx, pool, u.ID, "orkisland", "feedbot")
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, pool, b.ID, "go", "package main\n")
	if err != nil {
		t.Fatal(err)
	}
	// mu moves the bot's score (μ − 3σ with σ = 1): a change of the board,
	// announced as the judge announces one.
	setMu := func(mu float64) {
		t.Helper()
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = 1 WHERE id = $1", v.ID, mu); err != nil {
				return err
			}
			if err := store.SetCurrentVersion(ctx, tx, b.ID, v.ID); err != nil {
				return err
			}
			return store.NotifyBoard(ctx, tx, "orkisland")
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	setMu(1000) // on top of the board, whatever other tests left there
	t.Cleanup(func() { store.SetBotDisabled(ctx, pool, b.ID, true) })

	s := &Server{Pool: pool}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close) // after the streams' own cleanups have closed them
	jar, _ := cookiejar.New(nil)
	owner := &http.Client{Jar: jar}
	if resp, err := owner.PostForm(srv.URL+"/login", url.Values{"name": {u.Name}, "password": {"pa55word!"}}); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}

	// 40 anonymous viewers of the leaderboard, 20 of the game page, and
	// the owner's My bots page.
	const boards, tops = 40, 20
	var streams []*boardStream
	for range boards {
		streams = append(streams, openBoardStream(t, http.DefaultClient, srv.URL+"/games/orkisland/leaderboard/events?page=1"))
	}
	for range tops {
		streams = append(streams, openBoardStream(t, http.DefaultClient, srv.URL+"/games/orkisland/leaderboard/events?top=20"))
	}
	mine := openBoardStream(t, owner, fmt.Sprintf("%s/bots/events?v=%d&g=orkisland", srv.URL, v.ID))
	score := func(mu float64) string { return fmt.Sprintf("%.2f", mu-3) }
	var wg sync.WaitGroup
	check := func(want string) {
		t.Helper()
		for _, st := range streams {
			wg.Go(func() { st.until(t, "rows", want, 10*time.Second) })
		}
		wg.Wait()
	}
	check("feedbot")
	id := strconv.FormatInt(b.ID, 10)
	mine.untilAll(t, map[string]string{"rank-" + id: "#1", "score-" + id: score(1000)}, 10*time.Second)
	if n := s.events.snapshots.Load(); n != 1 {
		t.Fatalf("%d viewers cost %d reads of the board, want 1", len(streams)+1, n)
	}

	// One change: every viewer sees it, for one read.
	setMu(900)
	check(score(900))
	mine.untilAll(t, map[string]string{"score-" + id: score(900)}, 10*time.Second)
	if n := s.events.snapshots.Load(); n != 2 {
		t.Fatalf("one change cost %d reads of the board, want 1", n-1)
	}

	// Five changes at once (well within boardEvery): one read between
	// them, two if the first came in after the interval had run out; every
	// viewer ends on the last.
	for i := range 5 {
		setMu(float64(800 - i))
	}
	check(score(796))
	mine.untilAll(t, map[string]string{"score-" + id: score(796)}, 10*time.Second)
	if n := s.events.snapshots.Load() - 2; n < 1 || n > 2 {
		t.Fatalf("five changes at once cost %d reads of the board, want 1 or 2", n)
	}

	// The bot leaves the board (disabled): its row goes, its rank too.
	if err := store.SetBotDisabled(ctx, pool, b.ID, true); err != nil {
		t.Fatal(err)
	}
	for _, st := range streams[:1] {
		for deadline := time.Now().Add(10 * time.Second); ; {
			d := st.until(t, "rows", "", time.Until(deadline))
			if !strings.Contains(d, "feedbot") {
				break
			}
		}
	}
	mine.untilAll(t, map[string]string{"rank-" + id: "–", "score-" + id: "–"}, 10*time.Second)
}
