package web

import (
	"net/http"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/service"
)

// POST /admin/games/{game}/challenges (on=1 or on=0): switches a game's
// challenges on or off (for an exam, say). Challenges already queued are
// still played; students' new ones are refused until they are on again.
func (s *Server) adminGameChallenges(w http.ResponseWriter, r *http.Request, g games.Game) {
	info := g.Info()
	on := r.PostFormValue("on") == "1"
	ctx := r.Context()
	err := service.SetChallengesEnabled(ctx, s.Pool, info, on)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	msg := i18n.T(ctx, "admin.challenges.now_off", map[string]any{"Game": info.Title})
	if on {
		msg = i18n.T(ctx, "admin.challenges.now_on", map[string]any{"Game": info.Title})
	}
	s.adminDone(w, r, "/admin/games#game-"+info.ID, msg)
}
