package web

import (
	"net/http"

	"arena.dev/i18n"
	"arena.dev/templates"
	"arena.dev/web/request"
)

const leaderboardPageSize = 50

// GET /games/{game}/leaderboard[?page=N][&mine=1]: the full ranking, the
// viewer's bots highlighted; mine=1 keeps only them (logged-in users).
func (s *Server) leaderboardPage(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.page(r, i18n.T(r.Context(), "site.board.title", map[string]any{"Game": g.Title}), "games")
	page, size, _ := request.Page(r, leaderboardPageSize)
	var owner int64
	if p.User != nil {
		owner = p.User.ID
	}
	l, err := s.loadLeaderboard(r.Context(), g, page, size, p.User != nil && r.URL.Query().Get("mine") == "1", owner)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d, ok := leaderboardView(r.Context(), l, p.User)
	if !ok {
		s.notFound(w, r)
		return
	}
	s.render(w, r, http.StatusOK, templates.Leaderboard(p, d))
}
