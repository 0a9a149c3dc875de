package web

import (
	"fmt"
	"io"
	"net/http"
	"strconv"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// The live part of a tournament's page: progress, podium, standings, the
// rounds with their groups and matches, and the viewer's own path. While
// the tournament is not over, the page follows its event stream
// (tournamentEvents) and fetches the live part again when the stream says
// it changed; while the stream is down (a proxy that buffers, a restart),
// the part polls itself every 3 s instead (static/live.js decides).

// GET /tournaments/{id}/live: the fragment htmx fetches, with the page's
// head and facts out of band (its status and buttons change too).
func (s *Server) tournamentLivePart(w http.ResponseWriter, r *http.Request) {
	t, err := byID(r, "id", s.Pool, store.TournamentByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.tournamentData(r.Context(), t)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.TournamentLiveResponse(d))
}

// maxTournamentStreams bounds the tournament streams one process serves at
// once (they are public); beyond, pages poll instead.
const maxTournamentStreams = 2000

// GET /tournaments/{id}/events[?seen=N]: a server-sent event stream that
// says when the tournament changed (a match landed, a round started, its
// status changed), for htmx's SSE extension: the page then fetches its live
// part. Each "changed" event carries the tournament's change count as its
// id and data. On connecting (and after the listener lost its connection)
// the stream compares the count with the one the page showed (seen, or the
// browser's Last-Event-ID on a reconnection) and says "changed" if it
// missed one: a page never stays older than its stream. When the
// tournament is over the stream says "over" and ends; the page closes it.
func (s *Server) tournamentEvents(h *hub) http.HandlerFunc {
	streams := &streamLimit{max: maxTournamentStreams}
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		t, err := byID(r, "id", s.Pool, store.TournamentByID)
		if err != nil {
			// Plain answers: a stream has no session, so no page frame.
			if errorStatus(err) == http.StatusNotFound {
				http.Error(w, "No such tournament.", http.StatusNotFound)
			} else {
				s.serverError(w, r, err)
			}
			return
		}
		release, ok := streams.take(w, "Too many live pages: this one polls instead.")
		if !ok {
			return
		}
		defer release()
		seen, _ := strconv.ParseInt(r.URL.Query().Get("seen"), 10, 64)
		if id, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil {
			seen = max(seen, id)
		}

		// current reads the tournament and reports what the page missed.
		current := func() (store.TournamentEvent, error) {
			t, err := store.TournamentByID(ctx, s.Pool, t.ID)
			if err != nil {
				return store.TournamentEvent{}, err
			}
			return store.TournamentEvent{TournamentID: t.ID, Changes: t.Changes, Status: t.Status}, nil
		}
		// send says "changed" when e is news to the page, and "over" when
		// the tournament is.
		send := func(w io.Writer, e store.TournamentEvent) (over bool, err error) {
			if e == tournamentResync {
				if e, err = current(); err != nil {
					return false, err
				}
			}
			if e.Changes > seen {
				seen = e.Changes
				if _, err := fmt.Fprintf(w, "event: changed\nid: %d\ndata: %d\n\n", e.Changes, e.Changes); err != nil {
					return false, err
				}
			}
			if e.Status == domain.TournamentFinished || e.Status == domain.TournamentCancelled {
				_, err := fmt.Fprintf(w, "event: over\ndata: %s\n\n", e.Status)
				return true, err
			}
			return false, nil
		}
		sub := h.subscribeTournament(t.ID)
		serveStream(h, w, r, liveStream[store.TournamentEvent]{sub: sub, waitReady: true, in: sub.tournaments, send: send,
			start: func(w io.Writer) (bool, error) { return send(w, tournamentResync) }})
	}
}
