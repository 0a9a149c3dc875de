package web

import (
	"net/http"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/templates"
)

// GET /bots: the user's bots per game, with their latest version's status
// (followed live) and their standing on the ladder.
func (s *Server) myBots(w http.ResponseWriter, r *http.Request) {
	l, err := s.loadMyBots(r.Context(), userFrom(r.Context()).ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.MyBots(s.page(r, i18n.T(r.Context(), "site.nav.mybots"), "bots"), myBotsView(l)))
}

// submittable says whether bots can be built for a game (it has an SDK).
func submittable(gameID string) bool {
	_, err := games.SDKFiles(gameID)
	return err == nil
}
