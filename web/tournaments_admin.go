package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The admin's tournament actions, each a POST that calls into package judge
// inside one transaction, and the form that schedules a tournament.

// GET /admin/tournaments/new
func (s *Server) adminTournamentNew(w http.ResponseWriter, r *http.Request) {
	d := templates.TournamentFormData{Games: games.IDs(), AllBots: true, Format: store.FormatElimination,
		GroupMatches: "3", FinalMatches: "5", DropCount: "2", LeagueRounds: "4"}
	if len(d.Games) > 0 {
		d.Game = d.Games[0]
	}
	var err error
	if d.Boards, err = s.boardOptions(r.Context(), nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.TournamentForm(s.page(r, "New tournament · Admin", "admin"), d))
}

// boardOptions lists the uploaded boards for the form, chosen ones checked.
func (s *Server) boardOptions(ctx context.Context, chosen []int64) ([]templates.BoardOption, error) {
	boards, err := store.Boards(ctx, s.Pool)
	if err != nil {
		return nil, err
	}
	out := make([]templates.BoardOption, len(boards))
	for i, b := range boards {
		out[i] = templates.BoardOption{ID: b.ID, Game: b.GameID, Name: b.Name, Checked: slices.Contains(chosen, b.ID)}
	}
	return out, nil
}

// parseSettings reads "k=v k=v" (spaces, commas or new lines between) or a
// JSON object of whole numbers.
func parseSettings(raw string) (map[string]int, error) {
	out := map[string]int{}
	raw = strings.TrimSpace(raw)
	if strings.HasPrefix(raw, "{") {
		if err := json.Unmarshal([]byte(raw), &out); err != nil {
			return nil, fmt.Errorf("settings: %v", err)
		}
		return out, nil
	}
	for _, f := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' }) {
		k, v, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("settings: %q is not name=number", f)
		}
		out[strings.TrimSpace(k)] = n
	}
	return out, nil
}

// POST /admin/tournaments
func (s *Server) adminTournamentCreate(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
		return
	}
	f := r.PostForm
	d := templates.TournamentFormData{Games: games.IDs(), Name: strings.TrimSpace(f.Get("name")), Game: f.Get("game"),
		Format: f.Get("format"), Settings: f.Get("settings"), BotIDs: f.Get("bot_ids"), AllBots: f.Get("entrants") != "list",
		GroupMatches: f.Get("group_matches"), FinalMatches: f.Get("final_matches"), DropCount: f.Get("drop_count"),
		LeagueRounds: f.Get("league_rounds"), Start: f.Get("start")}
	var boardIDs []int64
	for _, v := range f["board"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			http.Error(w, "Bad board id.", http.StatusBadRequest)
			return
		}
		boardIDs = append(boardIDs, id)
	}
	fail := func(msg string) {
		if opts, err := s.boardOptions(r.Context(), boardIDs); err == nil {
			d.Boards = opts
		}
		d.Error = "Not scheduled: " + msg
		s.render(w, r, http.StatusUnprocessableEntity, templates.TournamentForm(s.page(r, "New tournament · Admin", "admin"), d))
	}
	t := &store.Tournament{Name: d.Name, GameID: d.Game, Format: d.Format, StartAt: time.Now(), BoardIDs: boardIDs}
	if n := len([]rune(t.Name)); n < 1 || n > 100 {
		fail("the name must have 1 to 100 characters.")
		return
	}
	var err error
	if t.Settings, err = parseSettings(d.Settings); err != nil {
		fail(err.Error() + ".")
		return
	}
	for _, x := range []struct {
		name, raw string
		to        *int
	}{{"N", d.GroupMatches, &t.GroupMatches}, {"M", d.FinalMatches, &t.FinalMatches},
		{"K", d.DropCount, &t.DropCount}, {"R", d.LeagueRounds, &t.LeagueRounds}} {
		if *x.to, err = strconv.Atoi(strings.TrimSpace(x.raw)); err != nil {
			fail(fmt.Sprintf("%s: %q is not a whole number.", x.name, x.raw))
			return
		}
	}
	if !d.AllBots {
		t.BotIDs = []int64{}
		for _, f := range strings.FieldsFunc(d.BotIDs, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil || id <= 0 {
				fail(fmt.Sprintf("%q is not a bot id.", f))
				return
			}
			t.BotIDs = append(t.BotIDs, id)
		}
		if len(t.BotIDs) < 2 {
			fail("choose at least two bots.")
			return
		}
	}
	if raw := strings.TrimSpace(d.Start); raw != "" {
		at, err := time.ParseInLocation("2006-01-02T15:04", raw, time.UTC)
		if err != nil { // browsers may add seconds
			at, err = time.ParseInLocation("2006-01-02T15:04:05", raw, time.UTC)
		}
		if err != nil {
			fail(fmt.Sprintf("start: %q is not a date and time.", raw))
			return
		}
		t.StartAt = at
	}
	if u := userFrom(r.Context()); u != nil {
		t.CreatedBy = &u.ID
	}
	ctx := r.Context()
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return judge.CreateTournament(ctx, tx, s.Jobs, t) })
	if errors.Is(err, judge.ErrTournament) {
		fail(strings.TrimPrefix(err.Error(), "tournament: ") + ".")
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, fmt.Sprintf("Tournament %q scheduled for %s.", t.Name, fullTime(&t.StartAt)))
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", t.ID), http.StatusSeeOther)
}

// tournamentAction runs one admin action on the URL's tournament in a
// transaction and goes back to its page with what happened.
func (s *Server) tournamentAction(w http.ResponseWriter, r *http.Request, done string, act func(context.Context, pgx.Tx, int64) error) {
	t, ok := s.tournamentOf(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return act(ctx, tx, t.ID) })
	switch {
	case errors.Is(err, judge.ErrTournament):
		s.flash(ctx, "Refused: "+strings.TrimPrefix(err.Error(), "tournament: ")+".")
	case err != nil:
		s.serverError(w, r, err)
		return
	case done != "":
		s.flash(ctx, done)
	}
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", t.ID), http.StatusSeeOther)
}

// POST /admin/tournaments/{id}/pause
func (s *Server) adminTournamentPause(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Paused: matches already queued finish, no new round starts.", judge.PauseTournament)
}

// POST /admin/tournaments/{id}/resume
func (s *Server) adminTournamentResume(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Resumed.", func(ctx context.Context, tx pgx.Tx, id int64) error {
		return judge.ResumeTournament(ctx, tx, s.Jobs, id)
	})
}

// POST /admin/tournaments/{id}/cancel
func (s *Server) adminTournamentCancel(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Cancelled: its queued matches will not be played.", func(ctx context.Context, tx pgx.Tx, id int64) error {
		return judge.CancelTournament(ctx, tx, s.Jobs, id)
	})
}

// POST /admin/tournaments/{id}/matches/{match}/replay
func (s *Server) adminTournamentReplay(w http.ResponseWriter, r *http.Request) {
	matchID, ok := urlInt64(r, "match")
	if !ok {
		s.notFound(w, r)
		return
	}
	var replay int64
	s.tournamentAction(w, r, "", func(ctx context.Context, tx pgx.Tx, id int64) (err error) {
		replay, err = judge.ReplayTournamentMatch(ctx, tx, s.Jobs, id, matchID)
		if err == nil {
			s.flash(ctx, fmt.Sprintf("Match #%d will be played again as #%d; the standings do not change.", matchID, replay))
		}
		return err
	})
}
