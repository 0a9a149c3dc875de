package web

import (
	"net/http"

	"arena.dev/i18n"
	"arena.dev/templates"
)

// Home shows per game its top bots, and the latest ladder and tournament
// matches (not qualification attempts: those are their owners' business).
const (
	homeTop    = 5
	homeRecent = 10
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	p := s.page(r, i18n.T(r.Context(), "site.nav.games"), "games")
	l, err := s.loadHome(r.Context(), p.User)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Home(p, homeView(r.Context(), l, p.User)))
}
