package web

import (
	"io"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
)

// The live streams: server-sent events that keep pages current without
// reloading them (a version's status, a leaderboard, a tournament). Each
// follows the hub (live_hub.go); a page whose stream is down polls instead
// (static/live.js).

// registerLiveRoutes registers the event streams.
func (s *Server) registerLiveRoutes(r chi.Router) {
	r.Get("/tournaments/{id}/events", s.tournamentEvents(s.events)) // public, no session to load
	s.pages(r, func(r chi.Router) {
		r.Get("/games/{game}/leaderboard/events", s.boardEvents(s.events)) // marks the viewer's bots
		r.With(s.requireUser).Get("/bots/events", s.botEvents(s.events))
	})
}

// eventsHeartbeat keeps idle streams open through proxies that drop quiet
// connections, and notices clients that left without saying.
var eventsHeartbeat = 25 * time.Second

// openStream answers with the headers of an event stream. With ready (a
// subscription's), it then waits until the hub listens, so that no change
// is missed from there on; at most 5 s: when the database is slow or away
// it streams anyway, and the listener says when it is back (resync).
// Last it writes "listening", which tells tests (and the curious) that no
// change is missed from here on, and the browser's reconnection pace. ok
// is false when the client left, or the hub ended sub, meanwhile; the
// caller flushes what it writes next.
func openStream(w http.ResponseWriter, r *http.Request, sub *subscription, waitReady bool) (rc *http.ResponseController, ok bool) {
	rc = http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // a stream has no end to meet a deadline by
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no") // nginx: pass events through at once
	w.WriteHeader(http.StatusOK)
	if rc.Flush() != nil {
		return nil, false
	}
	if waitReady {
		select {
		case <-sub.ready:
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
			return nil, false
		case <-sub.gone:
			return nil, false
		}
	}
	_, err := io.WriteString(w, "retry: 3000\n: listening\n\n")
	return rc, err == nil
}

// ping is the heartbeat a stream sends every eventsHeartbeat.
func ping(w io.Writer) error {
	_, err := io.WriteString(w, ": ping\n\n")
	return err
}

// liveStream is the data-specific part of a live stream, which
// serveStream runs: what it follows, what it sends once listening, and
// what it sends for each change that comes in.
type liveStream[T any] struct {
	sub       *subscription // the hub's subscription it follows; serveStream ends it
	waitReady bool          // wait until the hub listens before start (see openStream)
	// start writes what the stream sends once listening (nil: nothing);
	// over ends the stream after it.
	start func(w io.Writer) (over bool, err error)
	in    <-chan T // the changes it follows
	// send writes what a change in means to the page (possibly nothing).
	send func(w io.Writer, v T) (over bool, err error)
}

// serveStream runs a live stream: it answers with the stream's headers
// (openStream), sends l's start, then l's events as they come in and a
// heartbeat every eventsHeartbeat, flushing each, until the client
// leaves, the hub ends the subscription (its shutdown: see
// closeOnShutdown), a write fails, or l says it is over.
func serveStream[T any](h *hub, w http.ResponseWriter, r *http.Request, l liveStream[T]) {
	defer h.unsubscribe(l.sub)
	h.closeOnShutdown(r)
	rc, ok := openStream(w, r, l.sub, l.waitReady)
	if !ok {
		return
	}
	var over bool
	var err error
	if l.start != nil {
		over, err = l.start(w)
	}
	beat := time.NewTicker(eventsHeartbeat)
	defer beat.Stop()
	for {
		if err == nil {
			err = rc.Flush()
		}
		if err != nil || over {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-l.sub.gone:
			return
		case <-beat.C:
			err = ping(w)
		case v := <-l.in:
			over, err = l.send(w, v)
		}
	}
}
