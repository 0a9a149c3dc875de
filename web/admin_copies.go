package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"arena.dev/copycheck"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The copy check's admin pages (issue 24): every game's index; per game,
// the pairs of different owners' versions that share code, ranked, with a
// threshold and a mode, and as CSV; a pair side by side with its shared
// fragments. judge/copycheck.go keeps the index and the pairs current. All
// behind requireAdmin: students never see any of it.

// copiesDefaultMin is the threshold the ranked pairs open with, in percent.
// On the repository's bots (copycheck's TestCorpusSeparation) disguised
// copies score 62% and more, independent bots 25% and less.
const copiesDefaultMin = 30

// copiesFilter is what the ranked pairs and their CSV show.
type copiesFilter struct {
	min     float64 // percent
	minText string  // as typed
	all     bool
	page    int
}

// readCopiesFilter reads ?min=, ?mode= and ?page=; a value it cannot use
// gives the defaults and a message saying why (the text typed is kept).
func readCopiesFilter(ctx context.Context, q url.Values) (copiesFilter, string) {
	f := copiesFilter{min: copiesDefaultMin, minText: strconv.Itoa(copiesDefaultMin), page: adminPageNumber(q)}
	var problems []string
	if raw := strings.TrimSpace(q.Get("min")); raw != "" {
		f.minText = raw
		v, err := strconv.ParseFloat(strings.TrimSuffix(raw, "%"), 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 100 {
			problems = append(problems, i18n.T(ctx, "admin.copies.bad_min", map[string]any{"Value": raw, "Default": copiesDefaultMin}))
		} else {
			f.min = v
		}
	}
	// Every compiled version by default: a copied bot that fails
	// qualification, or was replaced since, is still a copy.
	f.all = true
	switch mode := q.Get("mode"); mode {
	case "", "all":
	case "latest":
		f.all = false
	default:
		problems = append(problems, i18n.T(ctx, "admin.copies.bad_mode", map[string]any{"Value": mode}))
	}
	if len(problems) > 0 {
		return f, capitalize(strings.Join(problems, "; ")) + "."
	}
	return f, ""
}

// query is the store's query for the filter, limit rows from the filter's
// page (0: all).
func (f copiesFilter) query(gameID string, limit int) store.CopyQuery {
	q := store.CopyQuery{GameID: gameID, MinScore: f.min / 100, AllVersions: f.all}
	if limit > 0 {
		q.Limit, q.Offset = limit, (f.page-1)*limit
	}
	return q
}

// values is the filter as a query string's values, the page left out.
func (f copiesFilter) values() url.Values {
	v := url.Values{"min": {f.minText}, "mode": {"latest"}}
	if f.all {
		v.Set("mode", "all")
	}
	return v
}

// copyPercent shows a share rounded down, as the threshold compares it:
// a pair shown at 95% passes "95".
func copyPercent(x float64) string {
	return strconv.Itoa(int(math.Floor(100*x+1e-4))) + "%"
}

// copyStatus returns a game's copy check status.
func (s *Server) copyStatus(r *http.Request, g games.Game) (templates.AdminCopyStatus, error) {
	all, err := store.CopyStatus(r.Context(), s.Pool, copycheck.Scheme)
	return copyStatusOf(all, g), err
}

// copyStatusOf is a game's row of store.CopyStatus (zeros when it has no
// compiled version).
func copyStatusOf(all map[string]store.CopyGameStatus, g games.Game) templates.AdminCopyStatus {
	info := g.Info()
	st := all[info.ID]
	return templates.AdminCopyStatus{ID: info.ID, Title: info.Title, Compiled: st.Compiled, Indexed: st.Indexed, Empty: st.Empty, Pairs: st.Pairs}
}

// GET /admin/copies
func (s *Server) adminCopiesIndex(w http.ResponseWriter, r *http.Request) {
	all, err := store.CopyStatus(r.Context(), s.Pool, copycheck.Scheme)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := adminCopiesIndexView(all)
	s.render(w, r, http.StatusOK, templates.AdminCopiesIndex(s.page(r, adminTitle(r.Context(), "admin.copies.page"), "admin"), d))
}

// POST /admin/copies/backfill: index what the index lacks now, not at the
// next hourly backfill.
func (s *Server) adminCopiesBackfill(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if s.Jobs == nil {
		s.serverError(w, r, errors.New("copy check backfill: the server has no job client"))
		return
	}
	if _, err := s.Jobs.Insert(r.Context(), judge.CopyBackfillArgs{}, nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/copies", i18n.T(r.Context(), "admin.copies.backfill_queued"))
}

// GET /admin/games/{game}/copies
func (s *Server) adminCopies(w http.ResponseWriter, r *http.Request) {
	s.renderAdminCopies(w, r, http.StatusOK, "")
}

// copiesUncomparedMax bounds each list of versions compared with nothing.
const copiesUncomparedMax = 200

// renderAdminCopies shows a game's ranked pairs, its base code and the
// versions compared with nothing; errMsg is a refused base file's reason.
func (s *Server) renderAdminCopies(w http.ResponseWriter, r *http.Request, status int, errMsg string) {
	ctx := r.Context()
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, problem := readCopiesFilter(r.Context(), r.URL.Query())
	if problem != "" && status == http.StatusOK {
		status = http.StatusUnprocessableEntity
	}
	if errMsg == "" {
		errMsg = problem
	}
	l, err := s.loadAdminCopies(ctx, g, f)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := adminCopiesView(ctx, l, f)
	d.Error = errMsg
	s.render(w, r, status, templates.AdminCopies(s.page(r, adminTitle(ctx, "admin.copies.game_page", map[string]any{"Game": l.Game.Title}), "admin"), d))
}

func copyUncompared(u store.CopyUncompared) templates.AdminCopyUncompared {
	return templates.AdminCopyUncompared{Side: templates.AdminCopySide{User: u.Owner, Display: u.Display, Bot: u.Bot,
		BotID: u.BotID, Version: u.Number, Language: u.Language, Status: u.Status},
		JobID: u.JobID, JobState: u.JobState, Attempt: u.Attempt, Attempts: u.Attempts, Error: adminClip(u.Error, 500)}
}

func copyPairPath(p store.CopyPairRow) string {
	return fmt.Sprintf("/admin/copies/%d/%d", p.A.VersionID, p.B.VersionID)
}

func copySide(s store.CopySide) templates.AdminCopySide {
	return templates.AdminCopySide{User: s.Owner, Display: s.Display, Bot: s.Bot, BotID: s.BotID, Version: s.Number,
		Language: s.Language, Status: s.Status, Share: copyPercent(s.Share), Lines: s.Lines, Fingerprints: s.Total}
}

// GET /admin/games/{game}/copies.csv: the ranked pairs of the same filter,
// all of them.
func (s *Server) adminCopiesCSV(w http.ResponseWriter, r *http.Request) {
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, problem := readCopiesFilter(r.Context(), r.URL.Query())
	if problem != "" {
		http.Error(w, problem, http.StatusUnprocessableEntity)
		return
	}
	id := g.Info().ID
	pairs, _, err := store.CopyPairs(r.Context(), s.Pool, f.query(id, 0))
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	mode := "latest"
	if f.all {
		mode = "all"
	}
	name := fmt.Sprintf("%s-copies-%s-%s.csv", id, mode, time.Now().UTC().Format("20060102-1504"))
	csvHeaders(w, name)
	cw := newCSVFile(w)
	side := func(prefix string) []string {
		return []string{prefix + " user", prefix + " display name", prefix + " bot", prefix + " version", prefix + " language",
			prefix + " share (%)", prefix + " longest run (lines)"}
	}
	head := append([]string{"rank", "score (%)", "shared fingerprints", "longest run (lines)"}, side("A")...)
	head = append(append(head, side("B")...), "pairs of versions", "side by side")
	cw.Row(head...)
	pct := func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }
	base := s.baseURL(r)
	for i, p := range pairs {
		rec := []string{strconv.Itoa(i + 1), pct(p.Score), strconv.Itoa(p.Shared), strconv.Itoa(p.Lines())}
		for _, c := range []store.CopySide{p.A, p.B} {
			rec = append(rec, c.Owner, c.Display, c.Bot, strconv.Itoa(c.Number), string(c.Language),
				pct(c.Share), strconv.Itoa(c.Lines))
		}
		rec = append(rec, strconv.Itoa(p.Versions), base+copyPairPath(p))
		cw.Row(rec...)
	}
	cw.Flush()
}
