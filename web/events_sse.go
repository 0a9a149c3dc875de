package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"arena.dev/store"
	"arena.dev/templates"
)

// eventsHeartbeat keeps idle streams open through proxies that drop quiet
// connections, and notices clients that left without saying.
var eventsHeartbeat = 25 * time.Second

// maxFollowed bounds the versions a stream sends the current state of.
const maxFollowed = 200

// GET /bots/events[?v=ID&v=ID...]: a server-sent event stream of the
// user's bots (an admin's: every bot), for htmx's SSE extension. Each event
// is named version-ID and its data is the version's status badge, rendered,
// so that sse-swap="version-ID" puts it in place. Once listening, and again
// after the listener lost its connection, the stream sends the current
// state of the versions named by v: a page never keeps a status older than
// its stream, whatever changed between its rendering and the connection.
func (s *Server) botEvents(h *hub) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		u := userFrom(ctx)
		admin := u.Role == store.RoleAdmin
		ids := parseIDs(r.URL.Query()["v"], maxFollowed)

		sub := h.subscribe(u.ID, admin)
		defer h.unsubscribe(sub)
		h.closeOnShutdown(r)

		rc := http.NewResponseController(w)
		rc.SetWriteDeadline(time.Time{}) // a stream has no end to meet a deadline by
		hd := w.Header()
		hd.Set("Content-Type", "text/event-stream")
		hd.Set("Cache-Control", "no-store")
		hd.Set("X-Accel-Buffering", "no") // nginx: pass events through at once
		w.WriteHeader(http.StatusOK)
		if rc.Flush() != nil {
			return
		}

		select {
		case <-sub.ready:
		case <-time.After(5 * time.Second):
			// The database is slow or away: stream anyway, the listener
			// keeps trying and says when it is back (resync).
		case <-ctx.Done():
			return
		case <-sub.gone:
			return
		}
		// "listening" tells tests (and the curious) that no change is
		// missed from here on; retry paces the browser's reconnections.
		io.WriteString(w, "retry: 3000\n: listening\n\n")
		if err := s.sendCurrent(ctx, w, u.ID, admin, ids); err != nil {
			s.logger().Warn("live updates: sending current state", "err", err)
			return
		}
		if rc.Flush() != nil {
			return
		}

		beat := time.NewTicker(eventsHeartbeat)
		defer beat.Stop()
		for {
			var err error
			select {
			case <-ctx.Done():
				return
			case <-sub.gone:
				return
			case <-beat.C:
				_, err = io.WriteString(w, ": ping\n\n")
			case e := <-sub.events:
				if e == resync {
					err = s.sendCurrent(ctx, w, u.ID, admin, ids)
				} else {
					err = writeEvent(ctx, w, "version-"+strconv.FormatInt(e.VersionID, 10), templates.StatusBadge(e.Status))
				}
			}
			if err == nil {
				err = rc.Flush()
			}
			if err != nil {
				return
			}
		}
	}
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
