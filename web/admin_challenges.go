package web

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/store"
)

// POST /admin/games/{game}/challenges (on=1 or on=0): switches a game's
// challenges on or off (for an exam, say). Challenges already queued are
// still played; students' new ones are refused until they are on again.
func (s *Server) adminGameChallenges(w http.ResponseWriter, r *http.Request, g games.Game) {
	info := g.Info()
	on := r.PostFormValue("on") == "1"
	ctx := r.Context()
	err := s.changeGame(ctx, info, func(tx pgx.Tx) error {
		return store.SetChallengesEnabled(ctx, tx, info.ID, on)
	})
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	msg := "Challenges of " + info.Title + " are off: students' new challenges are refused (those already queued are played); admins may still start them."
	if on {
		msg = "Challenges of " + info.Title + " are on."
	}
	s.adminDone(w, r, "/admin/games#game-"+info.ID, msg)
}
