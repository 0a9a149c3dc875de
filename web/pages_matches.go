package web

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
	"arena.dev/web/response"
)

const matchListSize = 30

// GET /games/{game}/matches[?before=ID]: finished matches, newest first.
func (s *Server) gameMatchesPage(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	before := request.QueryInt(r, "before")
	ms, err := store.FinishedMatches(r.Context(), s.Pool, g.ID, before, matchListSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.MatchList(s.page(r, i18n.T(r.Context(), "site.matches.title", map[string]any{"Game": g.Title}), "games"),
		matchListView(r.Context(), g, before, ms)))
}

// GET /matches/{id}: who played, how it ended, and the replay. Until it
// is over, its live part follows it (matchLivePart).
func (s *Server) matchPage(w http.ResponseWriter, r *http.Request) {
	d, err := s.matchPageData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Match(s.page(r, i18n.T(r.Context(), "site.match.title", map[string]any{"ID": d.ID}), "games"), d))
}

// GET /matches/{id}/live: the part of the match page that changes until
// the match is over, which that part fetches every few seconds meanwhile,
// with the page's badges out of band.
func (s *Server) matchLivePart(w http.ResponseWriter, r *http.Request) {
	d, err := s.matchPageData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.MatchLiveResponse(d))
}

// POST /matches/{id}/again: the match again as a challenge of the user's,
// each of their seats taken by its bot's newest version.
func (s *Server) matchAgain(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	m, err := service.ChallengeAgain(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "site.match.again_flash", map[string]any{"ID": m.ID, "Of": id}))
	http.Redirect(w, r, "/matches/"+strconv.FormatInt(m.ID, 10), http.StatusSeeOther)
}

// matchPageData reads the match of the URL as its page shows it to the
// viewer.
func (s *Server) matchPageData(r *http.Request) (templates.MatchData, error) {
	m, seats, err := s.matchWithSeats(r, "id")
	if err != nil {
		return templates.MatchData{}, err
	}
	l, err := s.loadMatch(r.Context(), m, seats)
	if err != nil {
		return templates.MatchData{}, err
	}
	return matchView(r.Context(), l), nil
}

// POST /matches/{id}/replay/again: play again a match whose replay
// retention deleted; its page follows it.
func (s *Server) matchReplayAgain(w http.ResponseWriter, r *http.Request) {
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	queued, err := service.ReplayAgain(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	msg := "site.match.replay_queued"
	if !queued {
		msg = "site.match.replay_waiting"
	}
	s.flash(ctx, i18n.T(ctx, msg, map[string]any{"ID": id}))
	http.Redirect(w, r, "/matches/"+strconv.FormatInt(id, 10), http.StatusSeeOther)
}

// matchWithSeats loads the match the URL parameter param names, and its
// seats.
func (s *Server) matchWithSeats(r *http.Request, param string) (*domain.Match, []store.SeatResult, error) {
	m, err := byID(r, param, s.Pool, store.MatchByID)
	if err != nil {
		return nil, nil, err
	}
	seats, err := store.Seats(r.Context(), s.Pool, m.ID)
	return m, seats, err
}

// GET /matches/{id}/replay: the gzip replay, inflated by the browser.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		http.NotFound(w, r)
		return
	}
	m, err := store.MatchByID(r.Context(), s.Pool, id)
	if err == nil && m.Status == domain.MatchFinished && m.ReplayKey == nil {
		// Deleted by retention: the viewer shows this text.
		http.Error(w, fmt.Sprintf("The replay of match %d was deleted to save space; its page (/matches/%d) offers to play it again.",
			m.ID, m.ID), http.StatusGone)
		return
	}
	if errors.Is(err, domain.ErrNotFound) || (err == nil && m.ReplayKey == nil) {
		http.Error(w, "no replay for this match (yet)", http.StatusNotFound)
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	data, err := s.blobs().Get(r.Context(), *m.ReplayKey)
	if errors.Is(err, domain.ErrNotFound) {
		// Retention deleted it between the two reads.
		http.Error(w, fmt.Sprintf("The replay of match %d was deleted to save space; its page (/matches/%d) offers to play it again.",
			m.ID, m.ID), http.StatusGone)
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Encoding", "gzip")
	// A finished match's replay never changes.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}

// GET /matches/{id}/log (and /api/matches/{id}/log with a token): the
// debug logs of the match's seats whose bot the user owns (an admin: every
// bot's, as version pages show them), cut by round, for the viewer's
// debugging panel; no seats for anyone else. Logs from
// before they were kept by round are left out (the page shows them whole).
func (s *Server) matchLog(w http.ResponseWriter, r *http.Request) {
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		response.APIError(w, http.StatusNotFound, localMessage(r.Context(), errNoSuchMatch))
		return
	}
	out := struct {
		Seats []games.SeatLog `json:"seats"`
	}{Seats: []games.SeatLog{}}
	if u := userFrom(r.Context()); u != nil {
		owner := u.ID
		if u.Role == domain.RoleAdmin {
			owner = 0 // an admin reads every bot's log, as on version pages
		}
		logs, err := store.SeatRoundLogs(r.Context(), s.Pool, id, owner)
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		for _, seat := range slices.Sorted(maps.Keys(logs)) {
			sl := games.SeatLog{Seat: seat, Rounds: []games.LogRound{}}
			for _, l := range logs[seat] {
				if l.Round >= -1 {
					sl.Rounds = append(sl.Rounds, games.LogRound{Round: l.Round, Text: l.Text})
				}
			}
			if len(sl.Rounds) > 0 {
				out.Seats = append(out.Seats, sl)
			}
		}
	}
	response.JSON(w, http.StatusOK, out) // no-store: a log is its owner's
}
