package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/metrics"
	"arena.dev/store"
	"arena.dev/templates"
)

// Live leaderboards. A change of a game's board (store.NotifyBoard: ratings
// moved, a version accepted, a bot disabled) reaches every web process
// through the hub's LISTEN. Each process keeps one boardFeed per game that
// someone follows: the feed reads the board once per change, at most once
// per boardEvery (changes in between are coalesced into one read), and
// hands that one snapshot to every stream following the game, which
// renders its view of it (a page of the leaderboard, the game page's top,
// a user's ranks) without a query of its own. 300 viewers of a board cost
// one read per change, not 300.

// boardEvery is the least time between two reads of one game's board;
// a variable so that tests can shorten it.
var boardEvery = time.Second

// boardSnap is a game's board as a feed read it, shared read-only by the
// streams that follow the game.
type boardSnap struct {
	Board *store.Ranking
	Last  map[int64]time.Time // each version's latest rating change, by version id

	// rendered memoises the views streams render of it, by view: viewers
	// of the same view (anonymous ones of a page, a user's tabs) render it
	// once.
	mu       sync.Mutex
	rendered map[string]string
}

// loadBoardSnap reads a game's board and its rows' last rating changes.
func loadBoardSnap(ctx context.Context, db store.DB, gameID string) (*boardSnap, error) {
	b, err := store.LoadRanking(ctx, db, gameID)
	if err != nil {
		return nil, err
	}
	rows := append([]domain.Standing(nil), b.Rows...)
	if err := store.LastChanges(ctx, db, rows); err != nil {
		return nil, err
	}
	snap := &boardSnap{Board: b, Last: make(map[int64]time.Time, len(rows))}
	for _, r := range rows {
		if r.LastChange != nil {
			snap.Last[r.VersionID] = *r.LastChange
		}
	}
	return snap, nil
}

// withLast sets the standings' last rating changes from the snapshot.
func (b *boardSnap) withLast(rows []domain.Standing) []domain.Standing {
	for i := range rows {
		if at, ok := b.Last[rows[i].VersionID]; ok {
			rows[i].LastChange = &at
		}
	}
	return rows
}

// view returns the view named key, rendering it with render the first
// time it is asked for.
func (b *boardSnap) view(key string, render func() (string, error)) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.rendered[key]; ok {
		return s, nil
	}
	s, err := render()
	if err != nil {
		return "", err
	}
	if b.rendered == nil {
		b.rendered = map[string]string{}
	}
	b.rendered[key] = s
	return s, nil
}

// boardFeed reads one game's board when it changes and fans the snapshot
// out to the game's board subscriptions.
type boardFeed struct {
	game string
	kick chan struct{} // a change to read; holds at most one, so changes coalesce
	stop context.CancelFunc
	subs map[*subscription]struct{}
	snap *boardSnap // the latest snapshot, for streams that join; nil before the first
}

// subscribeBoard starts following a game's board: the subscription's
// boards channel receives the current snapshot (as soon as there is one)
// and every later one, the latest replacing any not yet taken.
func (h *hub) subscribeBoard(gameID string) *subscription {
	s := h.add(&subscription{board: gameID, boards: make(chan *boardSnap, 1)})
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[s]; !ok {
		return s // the hub is closed
	}
	f := h.feeds[gameID]
	if f == nil {
		ctx, cancel := context.WithCancel(context.Background())
		f = &boardFeed{game: gameID, kick: make(chan struct{}, 1), stop: cancel, subs: map[*subscription]struct{}{}}
		h.feeds[gameID] = f
		h.wg.Add(1)
		go h.runFeed(ctx, f, s.ready)
	}
	f.subs[s] = struct{}{}
	if f.snap != nil {
		offer(s, f.snap)
	}
	return s
}

// leaveFeed takes s off its game's feed, stopping the feed with its last
// subscription; h.mu is held.
func (h *hub) leaveFeed(s *subscription) {
	f := h.feeds[s.board]
	if f == nil {
		return
	}
	delete(f.subs, s)
	if len(f.subs) == 0 {
		f.stop()
		delete(h.feeds, s.board)
	}
}

// kickBoard tells a game's feed, if anyone follows the game, that its
// board changed.
func (h *hub) kickBoard(gameID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.feeds[gameID]; f != nil {
		kick(f)
	}
}

// kickBoards tells every feed to read its board again (changes may have
// been missed while the listener was away).
func (h *hub) kickBoards() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, f := range h.feeds {
		kick(f)
	}
}

func kick(f *boardFeed) {
	select {
	case f.kick <- struct{}{}:
	default: // a read is already due: it will see this change too
	}
}

// offer hands snap to s, replacing a snapshot s has not taken yet: a
// stream that lags behind skips to the latest board. Only feeds send on
// s.boards, under h.mu, so the send cannot block.
func offer(s *subscription, snap *boardSnap) {
	select {
	case <-s.boards:
	default:
	}
	s.boards <- snap
}

// runFeed reads f's board once the listener listens (no change can be
// missed after that), then again after every change, at most once per
// boardEvery, until f is stopped.
func (h *hub) runFeed(ctx context.Context, f *boardFeed, ready <-chan struct{}) {
	defer h.wg.Done()
	if h.loadBoard == nil {
		return // no database: no board to follow
	}
	select {
	case <-ready:
	case <-ctx.Done():
		return
	}
	kick(f)
	var last time.Time
	failures := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-f.kick:
		}
		// Wait out the rest of the interval: the changes landing
		// meanwhile are read with this one.
		if wait := boardEvery - time.Since(last); wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			select {
			case <-f.kick:
			default:
			}
		}
		last = time.Now()
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		snap, err := h.loadBoard(rctx, f.game)
		cancel()
		if ctx.Err() != nil {
			return
		}
		h.snapshots.Add(1)
		metrics.BoardSnapshots.Inc()
		if err != nil {
			failures++
			h.log.Warn("live updates: reading a leaderboard", "game", f.game, "err", err)
			// Try again later; streams keep the board they have.
			time.AfterFunc(min(time.Duration(failures)*listenBackoff, listenBackoffTo), func() { kick(f) })
			continue
		}
		failures = 0
		h.mu.Lock()
		f.snap = snap
		for s := range f.subs {
			offer(s, snap)
		}
		h.mu.Unlock()
	}
}

// maxBoardStreams bounds the board streams one process serves at once
// (they are public); beyond, pages stay as they were loaded.
const maxBoardStreams = 2000

// boardView is what one stream shows of a game's board: a page of the
// leaderboard (full), or the game page's top bots.
type boardView struct {
	full          bool
	limit, offset int
	owner         int64 // the "my bots" filter's owner; 0 for all bots
	viewer        *templates.Viewer
}

// events renders the view's SSE events from snap: "rows", the table's
// rows, and "ranked", its count.
func (v boardView) events(ctx context.Context, gameID string, snap *boardSnap) (string, error) {
	var viewerID int64
	if v.viewer != nil {
		viewerID = v.viewer.ID
	}
	// The language is part of the view: the rows' words are translated.
	key := fmt.Sprintf("%t/%d/%d/%d/%d/%s", v.full, v.limit, v.offset, v.owner, viewerID, i18n.Lang(ctx))
	return snap.view(key, func() (string, error) {
		var rows []domain.Standing
		ranked := snap.Board.Len()
		var empty, count string
		if v.full {
			rows, _ = snap.Board.Page(v.owner, v.limit, v.offset)
			rows = snap.withLast(rows)
			if v.owner != 0 {
				_, ranked = snap.Board.Page(v.owner, 0, 0)
			}
			empty, count = templates.LeaderboardEmpty(ctx, v.owner != 0), templates.RankedCount(ctx, ranked, v.owner != 0)
		} else {
			rows = snap.Board.Top(v.limit)
			empty, count = templates.TopEmpty(ctx, qualifierOf(gameID)), strconv.Itoa(ranked)
		}
		standings := standingRows(ctx, rows, v.viewer)
		for i := range standings {
			if v.full && v.viewer != nil && !standings[i].Mine && !standings[i].House {
				standings[i].Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", gameID, standings[i].BotID)
			}
		}
		var b strings.Builder
		if err := writeEvent(ctx, &b, "rows", templates.StandingRows(standings, v.full, empty)); err != nil {
			return "", err
		}
		if err := writeEvent(ctx, &b, "ranked", templates.Text(count)); err != nil {
			return "", err
		}
		return b.String(), nil
	})
}

// qualifierOf is the built-in bot a game's submissions must beat.
func qualifierOf(gameID string) string {
	if g, err := games.Get(gameID); err == nil {
		return g.Info().Qualifier
	}
	return "Dummy"
}

// GET /games/{game}/leaderboard/events[?page=N][&mine=1][&top=N]: a
// server-sent event stream that keeps a leaderboard page (or, with top,
// the game page's top N bots) live, for htmx's SSE extension: "rows" is
// the table's rows (static/board.js puts them in place, row by row) and
// "ranked" the count of ranked bots. It sends the board as it is once
// listening, then again whenever the board changed, as the game's feed
// reads it (see boardFeed); an unchanged view is not sent again.
func (s *Server) boardEvents(h *hub) http.HandlerFunc {
	streams := &streamLimit{max: maxBoardStreams}
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		g, err := s.publicGame(r)
		if err != nil {
			if errorStatus(err) == http.StatusNotFound {
				http.Error(w, "No such game.", http.StatusNotFound)
			} else {
				s.serverError(w, r, err)
			}
			return
		}
		release, ok := streams.take(w, "Too many live pages just now.")
		if !ok {
			return
		}
		defer release()
		q := r.URL.Query()
		v := boardView{full: true}
		if u := userFrom(ctx); u != nil {
			v.viewer = &templates.Viewer{ID: u.ID, Name: u.Name, Admin: u.Role == domain.RoleAdmin}
		}
		if top, err := strconv.Atoi(q.Get("top")); err == nil && top > 0 {
			v.full, v.limit = false, min(top, gameTop)
		} else {
			page, _ := strconv.Atoi(q.Get("page"))
			page = max(1, page)
			v.limit, v.offset = leaderboardPageSize, (page-1)*leaderboardPageSize
			if v.viewer != nil && q.Get("mine") == "1" {
				v.owner = v.viewer.ID
			}
		}

		sub := h.subscribeBoard(g.ID)
		sent := ""
		serveStream(h, w, r, liveStream[*boardSnap]{sub: sub, in: sub.boards, // the feed waits for the listener
			send: func(w io.Writer, snap *boardSnap) (bool, error) {
				ev, err := v.events(ctx, g.ID, snap)
				if err != nil || ev == sent {
					return false, err
				}
				sent = ev
				_, err = io.WriteString(w, ev)
				return false, err
			}})
	}
}

// myBoardEvents renders the rank, score and games cells of bots (the
// user's, in snap's game) as the My bots page shows them: events rank-ID,
// score-ID and games-ID; a bot off the board has no rank or score.
func myBoardEvents(ctx context.Context, snap *boardSnap, bots []int64) (map[string]string, error) {
	out := map[string]string{}
	all := len(snap.Board.Rows) // "#3 of 40", as the page says it
	for _, botID := range bots {
		id := strconv.FormatInt(botID, 10)
		cells := map[string]templ.Component{"rank-" + id: templates.MyBotRank(0, all), "score-" + id: templates.MyBotScore(nil)}
		if st, ok := snap.Board.Standing(botID); ok {
			score := st.Ordinal
			cells["rank-"+id], cells["score-"+id] = templates.MyBotRank(st.Rank, all), templates.MyBotScore(&score)
			cells["games-"+id] = templates.Text(strconv.Itoa(st.Games))
		}
		for name, c := range cells {
			var b strings.Builder
			if err := writeEvent(ctx, &b, name, c); err != nil {
				return nil, err
			}
			out[name] = b.String()
		}
	}
	return out, nil
}
