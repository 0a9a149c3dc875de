package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/a-h/templ"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/templates"
)

// maxFollowed bounds the versions a stream sends the current state of.
const maxFollowed = 200

// GET /bots/events[?v=ID&v=ID...]: a server-sent event stream of the
// user's bots (an admin's: every bot), for htmx's SSE extension. Each event
// is named version-ID and its data is the version's status badge, rendered,
// so that sse-swap="version-ID" puts it in place. Once listening, and again
// after the listener lost its connection, the stream sends the current
// state of the versions named by v: a page never keeps a status older than
// its stream, whatever changed between its rendering and the connection.
// With g=GAME (My bots), it also follows those games' boards and sends
// the user's bots' cells there as they change: rank-ID, score-ID and
// games-ID (see myBoardEvents).
func (s *Server) botEvents(h *hub) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		u := userFrom(ctx)
		admin := u.Role == domain.RoleAdmin
		ids := parseIDs(r.URL.Query()["v"], maxFollowed)

		sub := h.subscribe(u.ID, admin)
		in := make(chan botChange)
		mine, err := s.followBoards(ctx, h, u.ID, r.URL.Query()["g"], in)
		if err != nil {
			h.unsubscribe(sub)
			s.serverError(w, r, err)
			return
		}
		// The versions' changes, on the same channel as the boards'.
		go forward(ctx, sub.gone, sub.events, in, func(e store.VersionEvent) botChange { return botChange{version: e} })
		sentCells := map[string]string{}
		serveStream(h, w, r, liveStream[botChange]{sub: sub, waitReady: true, in: in,
			start: func(w io.Writer) (bool, error) {
				err := s.sendCurrent(ctx, w, u.ID, admin, ids)
				if err != nil {
					s.logger().Warn("live updates: sending current state", "err", err)
				}
				return false, err
			},
			send: func(w io.Writer, c botChange) (bool, error) {
				switch {
				case c.board != nil:
					cells, err := myBoardEvents(ctx, c.board, mine[c.board.Board.GameID])
					for name, ev := range cells {
						if err == nil && sentCells[name] != ev {
							sentCells[name] = ev
							_, err = io.WriteString(w, ev)
						}
					}
					return false, err
				case c.version == resync:
					return false, s.sendCurrent(ctx, w, u.ID, admin, ids)
				default:
					return false, writeEvent(ctx, w, "version-"+strconv.FormatInt(c.version.VersionID, 10), templates.StatusBadge(c.version.Status))
				}
			}})
	}
}

// botChange is what a bots stream follows: a version's change, or a
// snapshot of one of the user's games' boards.
type botChange struct {
	version store.VersionEvent
	board   *boardSnap
}

// forward sends on to what comes from a subscription, made a botChange by
// wrap, until ctx ends or the subscription is gone.
func forward[T any](ctx context.Context, gone <-chan struct{}, from <-chan T, to chan<- botChange, wrap func(T) botChange) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-gone:
			return
		case x := <-from:
			select {
			case to <- wrap(x):
			case <-ctx.Done():
				return
			}
		}
	}
}

// maxBoardsFollowed bounds the boards one My bots stream follows.
const maxBoardsFollowed = 10

// followBoards subscribes to the boards of the games named (known games
// only, at most maxBoardsFollowed) and sends their snapshots on out,
// until ctx ends; it returns the user's bots in each game.
func (s *Server) followBoards(ctx context.Context, h *hub, userID int64, names []string, out chan<- botChange) (map[string][]int64, error) {
	var gameIDs []string
	for _, g := range names {
		if slices.Contains(games.IDs(), g) && !slices.Contains(gameIDs, g) && len(gameIDs) < maxBoardsFollowed {
			gameIDs = append(gameIDs, g)
		}
	}
	if len(gameIDs) == 0 {
		return nil, nil
	}
	bots, err := store.BotsOfOwner(ctx, s.Pool, userID, "")
	if err != nil {
		return nil, err
	}
	mine := map[string][]int64{}
	for _, b := range bots {
		mine[b.Bot.GameID] = append(mine[b.Bot.GameID], b.Bot.ID)
	}
	for _, g := range gameIDs {
		sub := h.subscribeBoard(g)
		go func() {
			defer h.unsubscribe(sub)
			forward(ctx, sub.gone, sub.boards, out, func(snap *boardSnap) botChange { return botChange{board: snap} })
		}()
	}
	return mine, nil
}

// sendCurrent sends the state of those of ids the user may follow.
func (s *Server) sendCurrent(ctx context.Context, w io.Writer, userID int64, admin bool, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	evs, err := store.VersionStates(ctx, s.Pool, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		e, ok := evs[id]
		if !ok || (!admin && e.OwnerID != userID) {
			continue // not a word about other people's versions
		}
		if err := writeEvent(ctx, w, "version-"+strconv.FormatInt(id, 10), templates.StatusBadge(e.Status)); err != nil {
			return err
		}
	}
	return nil
}

// writeEvent writes one SSE event whose data is a rendered component.
func writeEvent(ctx context.Context, w io.Writer, name string, c templ.Component) error {
	var b bytes.Buffer
	if err := c.Render(ctx, &b); err != nil {
		return err
	}
	var out strings.Builder
	fmt.Fprintf(&out, "event: %s\n", name)
	for line := range strings.Lines(strings.ReplaceAll(b.String(), "\r", "")) {
		fmt.Fprintf(&out, "data: %s\n", strings.TrimSuffix(line, "\n"))
	}
	out.WriteString("\n")
	_, err := io.WriteString(w, out.String())
	return err
}

// parseIDs reads positive ids, without duplicates, at most max of them.
func parseIDs(vals []string, max int) []int64 {
	var ids []int64
	seen := map[int64]bool{}
	for _, v := range vals {
		for f := range strings.SplitSeq(v, ",") {
			id, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil || id <= 0 || seen[id] {
				continue
			}
			if len(ids) == max {
				return ids
			}
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// streamLimit bounds the streams of one kind a process serves at once.
type streamLimit struct {
	open atomic.Int64
	max  int64
}

// take counts a new stream in, or answers 503 with Retry-After and busy
// when max are open; release counts it out.
func (l *streamLimit) take(w http.ResponseWriter, busy string) (release func(), ok bool) {
	if l.open.Add(1) > l.max {
		l.open.Add(-1)
		w.Header().Set("Retry-After", "60")
		http.Error(w, busy, http.StatusServiceUnavailable)
		return nil, false
	}
	return func() { l.open.Add(-1) }, true
}
