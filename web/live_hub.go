package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/store"
)

// Live updates. Workers NOTIFY store.EventsChannel in the transactions that
// change a version (store.NotifyVersion) or a tournament
// (store.NotifyTournament), so an event exists exactly when the change
// committed, whichever machine made it. Each web process runs one listener
// on a dedicated connection, started by the first stream and stopped with
// the last, and a hub fans its events out to the streams they concern: a
// version's to its owner's and the admins', a tournament's to those that
// follow it. events_sse.go and tournaments_live.go serve them as SSE.
// A game's board changes (store.NotifyBoard) go to that game's boardFeed
// (board_live.go), which reads the board once and hands the snapshot to
// every stream that follows it.

// resync is the event that tells streams that events may have been missed
// (the listener reconnected): they send their versions' current state.
// Tournament streams get tournamentResync.
var (
	resync           = store.VersionEvent{}
	tournamentResync = store.TournamentEvent{}
)

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Tuning; variables so that tests can shorten them.
var (
	eventsBuffer    = 32          // events a stream may lag behind before it is ended
	listenCheck     = time.Minute // how often an idle listener checks its connection
	listenBackoff   = 500 * time.Millisecond
	listenBackoffTo = 30 * time.Second
)

// hub fans the notifications of one LISTEN out to subscribers.
type hub struct {
	connect   func(context.Context) (*pgx.Conn, error)
	loadBoard func(context.Context, string) (*boardSnap, error) // a game's board snapshot
	log       *slog.Logger

	mu     sync.Mutex
	subs   map[*subscription]struct{}
	stop   context.CancelFunc // stops the running listener; nil when none runs
	ready  chan struct{}      // closed once the running listener is LISTENing
	hooked map[*http.Server]bool
	feeds  map[string]*boardFeed // the boards followed, by game
	// snapshots counts the board reads of the feeds (see board_live.go).
	snapshots atomic.Int64
	closed    bool           // shut down: subscriptions end at once
	wg        sync.WaitGroup // the listener goroutines
}

// subscription is one stream's view of the hub: of a user's versions, or
// of one tournament.
type subscription struct {
	userID      int64
	all         bool   // admins follow every bot
	tournament  int64  // follows this tournament's events (on tournaments), not versions
	board       string // follows this game's board snapshots (on boards), not versions
	events      chan store.VersionEvent
	tournaments chan store.TournamentEvent
	boards      chan *boardSnap // the latest snapshot not yet taken
	ready       <-chan struct{} // closed once events are being listened for
	gone        chan struct{}   // closed when the hub ends the subscription
}

// newHub returns an idle hub listening, when someone subscribes, on a new
// connection configured like pool's (not one of pool's: a LISTEN holds
// its connection for good).
func newHub(pool *pgxpool.Pool, log *slog.Logger) *hub {
	h := &hub{log: log, subs: map[*subscription]struct{}{}, hooked: map[*http.Server]bool{}, feeds: map[string]*boardFeed{}}
	if pool != nil {
		cfg := pool.Config().ConnConfig
		h.connect = func(ctx context.Context) (*pgx.Conn, error) { return pgx.ConnectConfig(ctx, cfg.Copy()) }
		h.loadBoard = func(ctx context.Context, gameID string) (*boardSnap, error) { return loadBoardSnap(ctx, pool, gameID) }
	}
	return h
}

// subscribe starts following the events of userID's bots (all bots if
// all), starting the listener if it does not run.
func (h *hub) subscribe(userID int64, all bool) *subscription {
	return h.add(&subscription{userID: userID, all: all, events: make(chan store.VersionEvent, eventsBuffer)})
}

// subscribeTournament starts following a tournament's events.
func (h *hub) subscribeTournament(id int64) *subscription {
	return h.add(&subscription{tournament: id, tournaments: make(chan store.TournamentEvent, eventsBuffer)})
}

// add registers s, starting the listener if it does not run; a closed hub
// ends s at once.
func (h *hub) add(s *subscription) *subscription {
	h.mu.Lock()
	defer h.mu.Unlock()
	s.gone = make(chan struct{})
	if h.closed {
		s.ready = closedChan
		close(s.gone)
		return s
	}
	if h.stop == nil {
		ctx, cancel := context.WithCancel(context.Background())
		h.stop, h.ready = cancel, make(chan struct{})
		h.wg.Add(1)
		go h.listen(ctx, h.ready)
	}
	s.ready = h.ready
	h.subs[s] = struct{}{}
	return s
}

// unsubscribe ends a subscription; the last one stops the listener, so an
// idle server holds no connection and tests leave no goroutine behind.
func (h *hub) unsubscribe(s *subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(s)
	if len(h.subs) == 0 && h.stop != nil {
		h.stop()
		h.stop = nil
	}
}

// drop forgets s and tells its stream; h.mu is held.
func (h *hub) drop(s *subscription) {
	if _, ok := h.subs[s]; ok {
		delete(h.subs, s)
		close(s.gone)
		if s.board != "" {
			h.leaveFeed(s)
		}
	}
}

// publish hands e to the version subscribers it concerns (resync: to
// every subscriber), never waiting for one.
func (h *hub) publish(e store.VersionEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.board != "" {
			continue // board streams hear from their feed (kickBoards)
		}
		if s.tournament != 0 {
			if e == resync {
				send(h, s, s.tournaments, tournamentResync)
			}
			continue
		}
		if e != resync && !s.all && e.OwnerID != s.userID {
			continue
		}
		send(h, s, s.events, e)
	}
}

// publishTournament hands e to the streams following its tournament.
func (h *hub) publishTournament(e store.TournamentEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.tournament == e.TournamentID {
			send(h, s, s.tournaments, e)
		}
	}
}

// send queues an event for s without waiting; h.mu is held. A stream this
// far behind has lost events: it is ended, and the browser reconnects and
// gets the current state afresh.
func send[E any](h *hub, s *subscription, ch chan E, e E) {
	select {
	case ch <- e:
	default:
		h.drop(s)
	}
}

// Close ends every subscription, stops the listener and waits for it;
// later subscriptions end at once.
func (h *hub) Close() {
	h.mu.Lock()
	h.closed = true
	for s := range h.subs {
		h.drop(s)
	}
	if h.stop != nil {
		h.stop()
		h.stop = nil
	}
	h.mu.Unlock()
	h.wg.Wait()
}

// closeOnShutdown ends the streams when the http.Server serving r shuts
// down: Shutdown waits for active requests, and a stream never ends on
// its own.
func (h *hub) closeOnShutdown(r *http.Request) {
	srv, _ := r.Context().Value(http.ServerContextKey).(*http.Server)
	if srv == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.hooked[srv] {
		h.hooked[srv] = true
		srv.RegisterOnShutdown(h.Close)
	}
}

// listen keeps a LISTEN going until ctx ends, reconnecting with backoff.
func (h *hub) listen(ctx context.Context, ready chan struct{}) {
	defer h.wg.Done()
	var once sync.Once
	listened := false
	delay := time.Duration(0)
	for {
		err := h.listenOnce(ctx, func() {
			once.Do(func() { close(ready) })
			if listened {
				h.publish(resync) // events of the outage are lost
				h.kickBoards()
			}
			listened, delay = true, 0
		})
		if ctx.Err() != nil {
			return
		}
		delay = min(max(2*delay, listenBackoff), listenBackoffTo)
		h.log.Warn("live updates: the Postgres listener failed; retrying", "err", err, "retry_in", delay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
	}
}

// listenOnce connects, LISTENs and publishes notifications until an error.
func (h *hub) listenOnce(ctx context.Context, listening func()) error {
	if h.connect == nil {
		return errors.New("no database")
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := h.connect(cctx)
	cancel()
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn.Close(cctx)
		cancel()
	}()
	if err := store.Listen(ctx, conn); err != nil {
		return err
	}
	listening()
	for {
		wctx, cancel := context.WithTimeout(ctx, listenCheck)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			// Quiet for a while: make sure the connection still works (a
			// half-open TCP connection would never say).
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err = conn.Ping(pctx)
			cancel()
			if err == nil {
				continue
			}
		}
		if err != nil {
			return err
		}
		if b, ok := store.ParseBoardEvent(n.Payload); ok {
			h.kickBoard(b.GameID)
			continue
		}
		v, t, err := store.ParseEvent(n.Payload)
		switch {
		case err == nil && t.TournamentID != 0:
			h.publishTournament(t)
		case err == nil && v.VersionID != 0:
			h.publish(v)
		default:
			h.log.Warn("live updates: ignoring a malformed notification", "payload", n.Payload, "err", err)
		}
	}
}
