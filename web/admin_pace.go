package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/ladder"
	"arena.dev/service"
)

// adminPaceForm is a refused pace form, re-rendered with the admin's input.
type adminPaceForm struct {
	trickle, hourlyCap string
	paused             bool
	errors             map[string]string
}

// POST /admin/games/{game}/pace (trickle, hourly_cap, paused=on): sets a
// game's ladder pace; out-of-range input is refused and shown again.
func (s *Server) adminGamePace(w http.ResponseWriter, r *http.Request, g games.Game) {
	info := g.Info()
	f := &adminPaceForm{trickle: strings.TrimSpace(r.PostForm.Get("trickle")),
		hourlyCap: strings.TrimSpace(r.PostForm.Get("hourly_cap")), paused: r.PostForm.Get("paused") == "on"}
	p := ladder.Pace{Paused: f.paused}
	bad := map[string]string{}
	read := func(name, raw string, dst *int) {
		if raw == "" {
			raw = "0"
		}
		v, err := strconv.Atoi(raw)
		if err != nil {
			bad[name] = i18n.T(r.Context(), "admin.games.pace.not_number", map[string]any{"Value": raw})
			return
		}
		*dst = v
	}
	read("trickle", f.trickle, &p.Trickle)
	read("hourly_cap", f.hourlyCap, &p.HourlyCap)
	for k, v := range ladder.Validate(p) {
		if bad[k] == "" {
			bad[k] = v
		}
	}
	if len(bad) > 0 {
		f.errors = bad
		s.renderAdminGames(w, r, http.StatusUnprocessableEntity, &adminGamesForm{gameID: info.ID, pace: f})
		return
	}
	ctx := r.Context()
	err := service.SetGamePace(ctx, s.Pool, info, p)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/games#game-"+info.ID, adminPaceWords(ctx, info, p))
}

// adminPaceWords says what a saved pace does.
func adminPaceWords(ctx context.Context, info games.Info, p ladder.Pace) string {
	if p.Paused {
		return i18n.T(ctx, "admin.games.pace.saved_paused", map[string]any{"Game": info.Title})
	}
	if p.HourlyCap > 0 {
		return i18n.N(ctx, "admin.games.pace.saved_cap", p.Trickle, map[string]any{"Game": info.Title, "Cap": p.HourlyCap})
	}
	return i18n.N(ctx, "admin.games.pace.saved", p.Trickle, map[string]any{"Game": info.Title})
}
