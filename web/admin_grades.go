package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"arena.dev/store"
	"arena.dev/templates"
)

// Grades out: a game's standings and a tournament's final places as CSV,
// one click each from the admin's grades page (and the games page). A
// download changes nothing, so these are GETs, behind requireAdmin.

// GET /admin/grades
func (s *Server) adminGrades(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ts, err := store.Tournaments(ctx, s.Pool, 200)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := adminGradesView(r.Context(), ts)
	s.render(w, r, http.StatusOK, templates.AdminGrades(s.page(r, adminTitle(r.Context(), "admin.grades.page"), "admin"), d))
}

// GET /admin/games/{game}/grades.csv
func (s *Server) adminGameGrades(w http.ResponseWriter, r *http.Request) {
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows, err := store.GameGrades(r.Context(), s.Pool, g.Info().ID)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	name := fmt.Sprintf("%s-standings-%s.csv", g.Info().ID, time.Now().UTC().Format("20060102-1504"))
	writeGrades(w, name, "rank", rows)
}

// GET /admin/tournaments/{id}/grades.csv
func (s *Server) adminTournamentGrades(w http.ResponseWriter, r *http.Request) {
	t, err := byID(r, "id", s.Pool, store.TournamentByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows, err := store.TournamentGrades(r.Context(), s.Pool, t.ID)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	writeGrades(w, fmt.Sprintf("tournament-%d-places.csv", t.ID), "place", rows)
}

// writeGrades sends grade rows as a CSV file named name; place names the
// rank column ("rank" or "place").
func writeGrades(w http.ResponseWriter, name, place string, rows []store.GradeRow) {
	csvHeaders(w, name)
	cw := newCSVFile(w)
	cw.Row("user", "display name", "group", "bot", "version", place, "mu", "sigma", "matches", "qualified", "qualified at (UTC)")
	num := func(x *float64) string {
		if x == nil {
			return ""
		}
		return strconv.FormatFloat(*x, 'f', 3, 64)
	}
	for _, g := range rows {
		rec := []string{g.User, g.DisplayName, g.Group, g.BotName, "", "", num(g.Mu), num(g.Sigma),
			strconv.Itoa(g.Matches), "no", ""}
		if g.Version > 0 {
			rec[4] = strconv.Itoa(g.Version)
		}
		if g.Place != nil {
			rec[5] = strconv.Itoa(*g.Place)
		}
		if g.QualifiedAt != nil {
			rec[9], rec[10] = "yes", g.QualifiedAt.UTC().Format("2006-01-02 15:04:05")
		}
		cw.Row(rec...)
	}
	cw.Flush()
}

// csvHeaders makes the response a CSV file named name to download, never
// cached (grades, copy check pairs, one-time passwords).
func csvHeaders(w http.ResponseWriter, name string) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
}
