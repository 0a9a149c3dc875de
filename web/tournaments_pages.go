package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

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
	ctx := r.Context()
	ts, err := store.Tournaments(ctx, s.Pool, 200)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	counts, err := store.TournamentEntrantCounts(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := templates.TournamentsData{}
	if u := userFrom(ctx); u != nil && u.Role == store.RoleAdmin {
		d.Admin = true
	}
	for _, t := range ts {
		row := templates.TournamentRow{ID: t.ID, Name: t.Name, Game: t.GameID, Format: t.Format, Status: t.Status,
			When: fullTime(&t.StartAt), Entrants: counts[t.ID]}
		switch t.Status {
		case store.TournamentScheduled:
			d.Upcoming = append(d.Upcoming, row)
		case store.TournamentRunning, store.TournamentPaused:
			d.Running = append(d.Running, row)
		default:
			row.When = fullTime(t.FinishedAt)
			d.Finished = append(d.Finished, row)
		}
	}
	// Upcoming soonest first; the others as listed, latest first.
	slices.Reverse(d.Upcoming)
	s.render(w, r, http.StatusOK, templates.Tournaments(s.page(r, i18n.T(r.Context(), "site.nav.tournaments"), "tournaments"), d))
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
// and the live part; the live part's URL sends them all again.
func (s *Server) tournamentData(ctx context.Context, t *store.Tournament) (templates.TournamentData, error) {
	live, err := s.tournamentLive(ctx, t)
	if err != nil {
		return templates.TournamentData{}, err
	}
	d := templates.TournamentData{ID: t.ID, Name: t.Name, GameID: t.GameID, GameTitle: t.GameID, Format: t.Format,
		Rules: tournamentRules(t), Settings: settingsText(t.Settings), Start: fullTime(&t.StartAt),
		Started: fullTime(t.StartedAt), Finished: fullTime(t.FinishedAt), Note: t.Note, Status: t.Status,
		Admin: live.Admin, Live: live, Changes: t.Changes}
	if g, err := store.PublicGameByID(ctx, s.Pool, t.GameID); err == nil {
		d.GameTitle = g.Title
	}
	if d.Admin {
		if state, at, ok, err := judge.TournamentStartJob(ctx, s.Pool, t.ID); err == nil && ok {
			d.StartJob = state + ", due " + fullTime(&at)
		}
	}
	return d, nil
}

func tournamentRules(t *store.Tournament) string {
	size := "players" // a game this binary does not know
	if g, err := games.Get(t.GameID); err == nil {
		size = countWord(g.Info().Players)
	}
	if t.Format == store.FormatLeague {
		return fmt.Sprintf("league: %s of shuffled groups of %s, %s per group, ranked by mean place, then mean score",
			counted(t.LeagueRounds, "round", "rounds"), size, counted(t.GroupMatches, "match", "matches"))
	}
	return fmt.Sprintf("elimination: groups of %s seeded by μ−3σ, %s per group, the last %d of each group out, "+
		"then a final group of %s plays %s", size, counted(t.GroupMatches, "match", "matches"), t.DropCount, size,
		counted(t.FinalMatches, "match", "matches"))
}

// counted says n of a thing: "1 match", "3 matches".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// countWord spells a small count the way the rules are written.
func countWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
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
