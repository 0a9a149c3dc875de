package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// The admin's tournament actions, each a POST that calls into package judge
// inside one transaction, and the form that schedules a tournament.

// GET /admin/tournaments/new[?game=ID]
func (s *Server) adminTournamentNew(w http.ResponseWriter, r *http.Request) {
	d := templates.TournamentFormData{Games: gameOptions(), Format: domain.FormatElimination,
		GroupMatches: "3", FinalMatches: "5", DropCount: "2", LeagueRounds: "4"}
	if len(d.Games) > 0 {
		d.Game = d.Games[0].ID
	}
	if g := r.URL.Query().Get("game"); slices.ContainsFunc(d.Games, func(o templates.GameOption) bool { return o.ID == g }) {
		d.Game = g // ?game=ID chooses the game
	}
	var err error
	if d.Fields, err = s.tournamentGameFields(r.Context(), d.Game, nil, nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	d.Fields.AllBots, d.Fields.OnePerStudent = true, true
	s.render(w, r, http.StatusOK, templates.TournamentForm(s.page(r, adminTitle(r.Context(), "admin.tournaments.form.page"), "admin"), d))
}

// GET /admin/tournaments/new/game?game=ID: the form's boards and entrants
// for another game (htmx swaps them in when the game changes).
func (s *Server) adminTournamentGameFields(w http.ResponseWriter, r *http.Request) {
	game := r.URL.Query().Get("game")
	if _, err := games.Get(game); err != nil {
		s.notFound(w, r)
		return
	}
	f, err := s.tournamentGameFields(r.Context(), game, nil, nil)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	f.AllBots, f.OnePerStudent = true, true
	s.render(w, r, http.StatusOK, templates.TournamentGameFieldset(f))
}

// gameOptions are the registered games, by title.
func gameOptions() []templates.GameOption {
	var out []templates.GameOption
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		out = append(out, templates.GameOption{ID: id, Title: g.Info().Title})
	}
	slices.SortFunc(out, func(a, b templates.GameOption) int { return strings.Compare(a.Title, b.Title) })
	return out
}

// tournamentGameFields are a game's boards and qualified bots for the
// form, the chosen ones ticked: two queries.
func (s *Server) tournamentGameFields(ctx context.Context, gameID string, boards, bots []int64) (templates.TournamentGameFields, error) {
	all, err := store.Boards(ctx, s.Pool)
	if err != nil {
		return templates.TournamentGameFields{}, err
	}
	cands, err := store.EntrantCandidates(ctx, s.Pool, gameID)
	if err != nil {
		return templates.TournamentGameFields{}, err
	}
	return tournamentGameFieldsView(gameID, all, cands, boards, bots), nil
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

// formIDs reads a form's repeated id field (board, bot), each once.
func formIDs(vs []string) ([]int64, bool) {
	var out []int64
	for _, v := range vs {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return nil, false
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, true
}

// POST /admin/tournaments
func (s *Server) adminTournamentCreate(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, i18n.T(r.Context(), "admin.form_too_large"), http.StatusRequestEntityTooLarge)
		return
	}
	f := r.PostForm
	boardIDs, ok := formIDs(f["board"])
	botIDs, ok2 := formIDs(f["bot"])
	if !ok || !ok2 {
		http.Error(w, i18n.T(r.Context(), "admin.tournaments.form.bad_ids"), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	t, err := readTournament(f, boardIDs, botIDs)
	if err == nil {
		if u := userFrom(ctx); u != nil {
			t.CreatedBy = &u.ID
		}
		err = service.CreateTournament(ctx, s.Pool, s.Jobs, t)
	}
	if err != nil {
		s.tournamentFormRefused(w, r, boardIDs, botIDs, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "admin.tournaments.form.scheduled", map[string]any{"Name": t.Name, "When": fullTime(ctx, &t.StartAt)}))
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", t.ID), http.StatusSeeOther)
}

// readTournament reads the new tournament form (parsed into f): a refusal
// says what is wrong with it. Times are UTC; a tournament without a start
// starts now.
func readTournament(f url.Values, boardIDs, botIDs []int64) (*domain.Tournament, error) {
	t := &domain.Tournament{Name: strings.TrimSpace(f.Get("name")), GameID: f.Get("game"), Format: f.Get("format"),
		StartAt: time.Now(), BoardIDs: boardIDs, OnePerStudent: f.Get("one_per_student") != "",
		// The other format's numbers are hidden on the form: their defaults.
		GroupMatches: 3, FinalMatches: 5, DropCount: 2, LeagueRounds: 4}
	if n := len([]rune(t.Name)); n < 1 || n > 100 {
		return nil, domain.Refusal("errors.tournament.name", "the name must have 1 to 100 characters", nil)
	}
	var err error
	if t.Settings, err = parseSettings(f.Get("settings")); err != nil {
		return nil, domain.Refusal("errors.tournament.form_settings", "{{.Reason}}", domain.Data{"Reason": err.Error()})
	}
	type number struct {
		name, field string
		to          *int
	}
	numbers := []number{{"N", "group_matches", &t.GroupMatches}}
	if t.Format == domain.FormatLeague {
		numbers = append(numbers, number{"R", "league_rounds", &t.LeagueRounds})
	} else {
		numbers = append(numbers, number{"M", "final_matches", &t.FinalMatches}, number{"K", "drop_count", &t.DropCount})
	}
	for _, x := range numbers {
		raw := f.Get(x.field)
		if *x.to, err = strconv.Atoi(strings.TrimSpace(raw)); err != nil {
			return nil, domain.Refusal("errors.tournament.whole_number", "{{.Field}}: {{.Value}} is not a whole number",
				domain.Data{"Field": x.name, "Value": domain.Quote(raw)})
		}
	}
	if f.Get("entrants") == "list" {
		if len(botIDs) < 2 {
			return nil, domain.Refusal("errors.tournament.two_bots", "tick at least two bots, or choose every student's bot", nil)
		}
		t.BotIDs = botIDs
	}
	if raw := strings.TrimSpace(f.Get("versions_before")); raw != "" {
		at, err := parseFormTime(raw)
		if err != nil {
			return nil, domain.Refusal("errors.tournament.versions_before", "versions before: {{.Value}} is not a date and time",
				domain.Data{"Value": domain.Quote(raw)})
		}
		t.VersionsBefore = &at
	}
	if raw := strings.TrimSpace(f.Get("start")); raw != "" {
		at, err := parseFormTime(raw)
		if err != nil {
			return nil, domain.Refusal("errors.tournament.start", "start: {{.Value}} is not a date and time", domain.Data{"Value": domain.Quote(raw)})
		}
		t.StartAt = at
	}
	return t, nil
}

// tournamentFormRefused answers a tournament that was not scheduled: the
// form again as it was sent, with why (the form's or judge's refusal); a
// 500 for anything else.
func (s *Server) tournamentFormRefused(w http.ResponseWriter, r *http.Request, boardIDs, botIDs []int64, err error) {
	if domain.CodeOf(err) != domain.Invalid { // the form's refusals, and judge's
		s.serverError(w, r, err)
		return
	}
	f := r.PostForm
	d := templates.TournamentFormData{Games: gameOptions(), Name: strings.TrimSpace(f.Get("name")), Game: f.Get("game"),
		Format: f.Get("format"), Settings: f.Get("settings"),
		GroupMatches: f.Get("group_matches"), FinalMatches: f.Get("final_matches"), DropCount: f.Get("drop_count"),
		LeagueRounds: f.Get("league_rounds"), Start: f.Get("start"), Error: i18n.T(r.Context(), "admin.tournaments.form.not_scheduled", map[string]any{"Reason": userMessage(r.Context(), err)})}
	if fields, err := s.tournamentGameFields(r.Context(), d.Game, boardIDs, botIDs); err == nil {
		d.Fields = fields
	}
	d.Fields.AllBots, d.Fields.OnePerStudent, d.Fields.VersionsBefore = f.Get("entrants") != "list", f.Get("one_per_student") != "", f.Get("versions_before")
	s.render(w, r, http.StatusUnprocessableEntity, templates.TournamentForm(s.page(r, adminTitle(r.Context(), "admin.tournaments.form.page"), "admin"), d))
}

// tournamentAction runs one admin action on the URL's tournament (a
// service operation) and goes back to its page with what happened.
func (s *Server) tournamentAction(w http.ResponseWriter, r *http.Request, done string, act func(context.Context, int64) error) {
	t, err := byID(r, "id", s.Pool, store.TournamentByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	err = act(ctx, t.ID)
	switch {
	case domain.CodeOf(err) == domain.Invalid: // the tournament's state refuses it
		s.flash(ctx, i18n.T(ctx, "admin.tournaments.refused", map[string]any{"Reason": userMessage(ctx, err)}))
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
	s.tournamentAction(w, r, i18n.T(r.Context(), "admin.tournaments.paused"), func(ctx context.Context, id int64) error {
		return service.PauseTournament(ctx, s.Pool, id)
	})
}

// POST /admin/tournaments/{id}/resume
func (s *Server) adminTournamentResume(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, i18n.T(r.Context(), "admin.tournaments.resumed"), func(ctx context.Context, id int64) error {
		return service.ResumeTournament(ctx, s.Pool, s.Jobs, id)
	})
}

// POST /admin/tournaments/{id}/cancel
func (s *Server) adminTournamentCancel(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, i18n.T(r.Context(), "admin.tournaments.cancelled"), func(ctx context.Context, id int64) error {
		return service.CancelTournament(ctx, s.Pool, s.Jobs, id)
	})
}

// GET /admin/tournaments/{id}/matches/{match}/rerun: what running the
// match again does, and a button to do it.
func (s *Server) adminTournamentRerunPage(w http.ResponseWriter, r *http.Request) {
	t, err := byID(r, "id", s.Pool, store.TournamentByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	matchID, ok := request.PositiveInt(r, "match")
	if !ok {
		s.notFound(w, r)
		return
	}
	of, _, ok, err := store.TournamentMatchOf(ctx, s.Pool, matchID)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	if !ok || of != t.ID {
		s.notFound(w, r)
		return
	}
	m, seats, err := s.matchWithSeats(r, "match")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d := rerunView(t, m, seats)
	s.render(w, r, http.StatusOK, templates.TournamentRerun(s.page(r, i18n.T(ctx, "admin.tournaments.rerun.page", map[string]any{"Match": m.ID}), "tournaments"), d))
}

// POST /admin/tournaments/{id}/matches/{match}/rerun: the match again,
// from its seed, as a new match that does not count.
func (s *Server) adminTournamentRerun(w http.ResponseWriter, r *http.Request) {
	matchID, ok := request.PositiveInt(r, "match")
	if !ok {
		s.notFound(w, r)
		return
	}
	s.tournamentAction(w, r, "", func(ctx context.Context, id int64) error {
		again, err := service.ReplayTournamentMatch(ctx, s.Pool, s.Jobs, id, matchID)
		if err == nil {
			s.flash(ctx, i18n.T(ctx, "admin.tournaments.rerun.queued", map[string]any{"Match": matchID, "Again": again}))
		}
		return err
	})
}
