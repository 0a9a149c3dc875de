package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web"
	"arena.dev/web/browsertest"
)

// liveProbe sits in front of the server: it counts the live part's
// fetches, and can break the tournament event streams as a failing proxy
// would (open streams cut, new ones answered 502).
type liveProbe struct {
	next    http.Handler
	fetches atomic.Int64 // GET /tournaments/{id}/live
	broken  atomic.Bool

	mu      sync.Mutex
	streams map[*http.Request]context.CancelFunc
}

func (p *liveProbe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasPrefix(r.URL.Path, "/tournaments/") && strings.HasSuffix(r.URL.Path, "/live"):
		p.fetches.Add(1)
	case strings.HasPrefix(r.URL.Path, "/tournaments/") && strings.HasSuffix(r.URL.Path, "/events"):
		if p.broken.Load() {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		ctx, cancel := context.WithCancel(r.Context())
		r = r.WithContext(ctx)
		p.mu.Lock()
		p.streams[r] = cancel
		p.mu.Unlock()
		defer func() {
			p.mu.Lock()
			delete(p.streams, r)
			p.mu.Unlock()
			cancel()
		}()
	}
	p.next.ServeHTTP(w, r)
}

// breakStreams cuts the open streams and refuses new ones.
func (p *liveProbe) breakStreams() {
	p.broken.Store(true)
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, cancel := range p.streams {
		cancel()
	}
}

// TestTournamentPageLiveInBrowser follows running tournaments in headless
// Chromium while real River workers play them: the page updates without a
// reload when a round lands, from the event stream, and does not poll
// while the stream is open; once the stream breaks, the page polls and
// still follows to the end. The matches fail at once (their versions have
// no compiled bot), which lands them, rounds and all, through the same
// path as played ones without running the sandbox.
func TestTournamentPageLiveInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	probe := &liveProbe{next: (&web.Server{Pool: e.pool, Jobs: e.jobs}).Handler(), streams: map[*http.Request]context.CancelFunc{}}
	e.srv = httptest.NewServer(probe)
	t.Cleanup(e.srv.Close)

	var bots []int64
	for i := range 8 {
		_, owner := e.user(domain.RoleStudent)
		b, v := e.newVersion(owner, fmt.Sprintf("live%d", i), domain.StatusAccepted)
		if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET mu = $2, sigma = 1 WHERE id = $1", v.ID, 20+i); err != nil {
			t.Fatal(err)
		}
		if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", b.ID, v.ID); err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b.ID)
	}
	// Workers of the default queue start tournaments; the match queue's
	// workers are started when the test wants rounds to land.
	work := func(queue string) func() {
		c, err := judge.NewWorkingClient(e.pool, judge.Config{Queues: []string{queue}, LadderEvery: -1,
			Sandbox: judge.Sandbox{Dir: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		stop := func() {
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			c.Stop(sctx)
		}
		t.Cleanup(stop)
		return stop
	}
	work(judge.QueueDefault)
	schedule := func(tr *domain.Tournament) {
		t.Helper()
		tr.GameID, tr.BotIDs, tr.StartAt, tr.Settings = "orkisland", bots, time.Now(), map[string]int{"nb_rounds": 20}
		if err := service.CreateTournament(ctx, e.pool, e.jobs, tr); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := store.TournamentByID(ctx, e.pool, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status == domain.TournamentRunning && got.Round == 1 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("tournament %d did not start: %s, round %d", tr.ID, got.Status, got.Round)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	b := browsertest.Open(t, 1280, 900)
	wait := func(what, expr string) {
		t.Helper()
		b.Wait(what, expr, 30*time.Second)
	}
	open := func(id int64) {
		t.Helper()
		b.Run(fmt.Sprintf("open tournament %d", id), chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d", e.srv.URL, id)))
		wait("the live part is shown", `document.getElementById('tournament-live') !== null`)
		b.Do("mark the page", `window.notReloaded = true`) // a reload would lose this

	}
	const (
		streamIs      = `document.querySelector('.tournament-stream')?.dataset.stream === '%s'`
		finished      = `document.querySelector('.podium') !== null && document.querySelector('#tournament-live progress')?.value === document.querySelector('#tournament-live progress')?.max`
		notReloaded   = `window.notReloaded === true`
		roundOneShown = `/Round 1/.test(document.querySelector('#tournament-live').textContent)`
	)

	// An elimination of 8: round 1 (two groups of four, one match each),
	// then the final. The stream is open: the page does not poll.
	a := &domain.Tournament{Name: "Streamed cup", Format: domain.FormatElimination, GroupMatches: 1, FinalMatches: 1, DropCount: 2, LeagueRounds: 1}
	schedule(a)
	open(a.ID)
	wait("the stream is open", fmt.Sprintf(streamIs, "open"))
	wait("round 1 is shown", roundOneShown)
	before := probe.fetches.Load()
	time.Sleep(4 * time.Second) // more than the fallback's 3 s period
	if n := probe.fetches.Load() - before; n != 0 {
		t.Fatalf("the page fetched its live part %d times in 4 s of an open, quiet stream: it polls", n)
	}
	stopPlaying := work(judge.QueueMatch)
	wait("the final is shown", `/Final \(round 2\)/.test(document.querySelector('#tournament-live').textContent)`)
	wait("the podium is shown and every match counted", finished)
	wait("the page was not reloaded", notReloaded)
	wait("the header says finished", `document.getElementById('tournament-status')?.textContent === 'finished'`)
	wait("the stream is closed once the tournament is over", fmt.Sprintf(streamIs, "closed"))
	b.Shot("tournament-live")
	streamed := probe.fetches.Load() - before
	stopPlaying()
	b.NoConsoleErrors()

	// A league; its stream breaks before anything lands: the page polls and
	// still follows the tournament to its end.
	league := &domain.Tournament{Name: "Polled league", Format: domain.FormatLeague, GroupMatches: 1, FinalMatches: 1, DropCount: 1, LeagueRounds: 2}
	schedule(league)
	open(league.ID)
	wait("the stream is open", fmt.Sprintf(streamIs, "open"))
	probe.breakStreams()
	wait("the page knows its stream broke", fmt.Sprintf(streamIs, "broken"))
	before = probe.fetches.Load()
	work(judge.QueueMatch)
	wait("round 2 is shown", `/Round 2/.test(document.querySelector('#tournament-live').textContent)`)
	wait("the podium is shown and every match counted", finished)
	wait("the page was not reloaded", notReloaded)
	if n := probe.fetches.Load() - before; n == 0 {
		t.Fatal("the page followed a broken stream without polling")
	}
	t.Logf("live part fetches: %d with the stream open (one per change it announced), %d polling", streamed, probe.fetches.Load()-before)
	// htmx reports each failed connection of the broken stream, and the
	// browser may report the 502s: nothing else.
	for _, msg := range b.Console() {
		if !strings.Contains(msg, "[object Event]") && !strings.Contains(msg, "502") {
			t.Errorf("console error: %s", msg)
		}
	}
}
