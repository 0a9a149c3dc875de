package web

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The public tournament pages: the list and a tournament's page. The part
// of the page that changes while it runs is tournaments_live.go's; the
// admin's actions are in tournaments_admin.go.

// GET /tournaments
func (s *Server) tournamentsPage(w http.ResponseWriter, r *http.Request) {
	l, err := s.loadTournaments(r.Context())
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Tournaments(s.page(r, i18n.T(r.Context(), "site.nav.tournaments"), "tournaments"), tournamentsView(r.Context(), l)))
}

// GET /tournaments/{id}
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
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
	s.render(w, r, http.StatusOK, templates.Tournament(s.page(r, t.Name, "tournaments"), d))
}

// tournamentData is what a tournament's page shows: its head, its facts
// and the live part; the live part's URL sends them all again. It reads
// the live part's rows (loadTournamentLive), the game's title and, for
// admins, the start job.
func (s *Server) tournamentData(ctx context.Context, t *domain.Tournament) (templates.TournamentData, error) {
	l := tournamentPageLoad{GameTitle: t.GameID}
	var err error
	if l.Live, err = s.loadTournamentLive(ctx, t); err != nil {
		return templates.TournamentData{}, err
	}
	if g, err := store.PublicGameByID(ctx, s.Pool, t.GameID); err == nil {
		l.GameTitle = g.Title
	}
	if v := l.Live.Viewer; v != nil && v.Role == domain.RoleAdmin {
		if state, at, ok, err := judge.TournamentStartJob(ctx, s.Pool, t.ID); err == nil && ok {
			l.StartJob, l.StartDue = state, &at
		}
	}
	return tournamentView(ctx, l), nil
}

// tournamentPageLoad is what a tournament's page is made of.
type tournamentPageLoad struct {
	Live      tournamentLoad
	GameTitle string
	StartJob  string     // admins: the start job's state ("" when none)
	StartDue  *time.Time // and when it is due
}

// tournamentView is a tournament's page.
func tournamentView(ctx context.Context, l tournamentPageLoad) templates.TournamentData {
	t, live := l.Live.T, tournamentLiveView(ctx, l.Live)
	rules := templates.TournamentRules{League: t.Format == domain.FormatLeague, LeagueRounds: t.LeagueRounds,
		GroupMatches: t.GroupMatches, DropCount: t.DropCount, FinalMatches: t.FinalMatches}
	if g, err := games.Get(t.GameID); err == nil {
		rules.Players = g.Info().Players
	}
	d := templates.TournamentData{ID: t.ID, Name: t.Name, GameID: t.GameID, GameTitle: l.GameTitle, Format: t.Format,
		Rules: rules, Settings: settingsText(t.Settings), Start: fullTime(ctx, &t.StartAt),
		Started: fullTime(ctx, t.StartedAt), Finished: fullTime(ctx, t.FinishedAt), Note: t.Note, Status: t.Status,
		Admin: live.Admin, Live: live, Changes: t.Changes}
	if l.StartJob != "" {
		d.StartJob, d.StartDue = l.StartJob, fullTime(ctx, l.StartDue)
	}
	return d
}

func settingsText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}

// tournamentLive gathers what the live part shows, from the viewer's side.
