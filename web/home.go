package web

import (
	"net/http"
	"slices"

	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// Home shows per game its top bots, and the latest ladder and tournament
// matches (not qualification attempts: those are their owners' business).
const (
	homeTop    = 5
	homeRecent = 10
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p := s.page(r, i18n.T(r.Context(), "site.nav.games"), "games")
	gs, err := store.PublicGames(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	var d templates.HomeData
	// A visitor, or a user who has never submitted, is told how to start.
	d.Newcomer = p.User == nil
	if p.User != nil {
		submitted, err := store.HasSubmitted(ctx, s.Pool, p.User.ID)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		d.Newcomer = !submitted
	}
	titles := map[string]string{}
	for _, g := range gs {
		titles[g.ID] = g.Title
		top, err := s.topStandings(ctx, g.ID, homeTop)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		ranked, err := s.rankedCount(ctx, g.ID)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		d.Games = append(d.Games, templates.GameCard{ID: g.ID, Title: g.Title, Top: standingRows(r.Context(), top, p.User), Ranked: ranked})
		if d.StartGame == "" && submittable(g.ID) {
			d.StartGame = g.ID
		}
	}
	recent, err := store.PublicMatches(ctx, s.Pool, homeRecent)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	// Matches of a game disabled since are not shown.
	recent = slices.DeleteFunc(recent, func(m store.MatchSummary) bool { return titles[m.GameID] == "" })
	d.Recent = matchRows(r.Context(), recent, titles, 0)
	s.render(w, r, http.StatusOK, templates.Home(p, d))
}
