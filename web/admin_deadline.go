package web

import (
	"context"
	"net/http"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/templates"
)

// Submission deadlines: per game, set on the admin's games page. After it,
// service.Submit refuses students' new versions (page and API say when it
// was); the ladder goes on. The game and submit pages show it.

// deadlineLayout is how a datetime-local input writes a time (read as UTC).
const deadlineLayout = "2006-01-02T15:04"

// parseFormTime reads a datetime-local input's value as a UTC time.
func parseFormTime(raw string) (time.Time, error) {
	at, err := time.ParseInLocation(deadlineLayout, raw, time.UTC)
	if err != nil { // browsers may add seconds
		at, err = time.ParseInLocation(deadlineLayout+":05", raw, time.UTC)
	}
	return at, err
}

// adminDeadline is a game's deadline as the games page shows it at now,
// with the admin's input after a refusal (f: nil or a refused form about
// this game).
func adminDeadline(ctx context.Context, deadline *time.Time, f *adminGamesForm, now time.Time) templates.AdminDeadline {
	var d templates.AdminDeadline
	if deadline != nil {
		d.Value, d.Text, d.Passed = deadline.UTC().Format(deadlineLayout), fullTime(ctx, deadline), !deadline.After(now)
	}
	if f != nil && f.deadlineError != "" {
		d.Value, d.Error = f.deadline, f.deadlineError
	}
	return d
}

// POST /admin/games/{game}/deadline (deadline, or clear=1)
func (s *Server) adminGameDeadline(w http.ResponseWriter, r *http.Request, g games.Game) {
	info := g.Info()
	raw := strings.TrimSpace(r.PostFormValue("deadline"))
	var deadline *time.Time
	if r.PostFormValue("clear") == "" {
		at, err := parseFormTime(raw)
		if err != nil {
			msg := i18n.T(r.Context(), "admin.games.deadline.not_date", map[string]any{"Value": raw})
			if raw == "" {
				msg = i18n.T(r.Context(), "admin.games.deadline.empty")
			}
			s.renderAdminGames(w, r, http.StatusUnprocessableEntity, &adminGamesForm{gameID: info.ID, deadline: raw, deadlineError: msg})
			return
		}
		deadline = &at
	}
	ctx := r.Context()
	err := service.SetSubmissionDeadline(ctx, s.Pool, info, deadline)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	msg := i18n.T(ctx, "admin.games.deadline.removed", map[string]any{"Game": info.Title})
	if deadline != nil {
		msg = i18n.T(ctx, "admin.games.deadline.saved", map[string]any{"Game": info.Title, "When": fullTime(ctx, deadline)})
	}
	s.flash(ctx, msg)
	http.Redirect(w, r, "/admin/games#game-"+info.ID, http.StatusSeeOther)
}
