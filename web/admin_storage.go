package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/metrics"
	"arena.dev/store"
	"arena.dev/templates"
)

// Admin → Storage: the database's size by kind, its growth over the last
// day and week (against the retention job's daily samples), and the
// retention settings in force, which the admin changes here.

// GET /admin/storage
func (s *Server) adminStorage(w http.ResponseWriter, r *http.Request) {
	ret, err := store.LoadRetention(r.Context(), s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.renderAdminStorage(w, r, http.StatusOK, retentionForm(ret), "")
}

// POST /admin/storage: the retention settings. Refused values re-render
// the form as typed, with the reason, and change nothing.
func (s *Server) adminSaveRetention(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	f := templates.AdminRetentionForm{
		Enabled:      r.PostFormValue("enabled") == "on",
		LadderRecent: strings.TrimSpace(r.PostFormValue("ladder_recent")),
		LadderDays:   strings.TrimSpace(r.PostFormValue("ladder_days")),
		ArtifactDay:  strings.TrimSpace(r.PostFormValue("artifact_days")),
		Errors:       map[string]string{},
	}
	ret := store.Retention{Enabled: f.Enabled}
	for _, field := range []struct {
		name, value string
		to          *int
	}{{"ladder_recent", f.LadderRecent, &ret.LadderRecent}, {"ladder_days", f.LadderDays, &ret.LadderDays},
		{"artifact_days", f.ArtifactDay, &ret.ArtifactDays}} {
		n, err := strconv.Atoi(field.value)
		if err != nil {
			f.Errors[field.name] = i18n.T(r.Context(), "admin.storage.whole_number")
			continue
		}
		*field.to = n
	}
	for k, v := range ret.Validate() {
		if f.Errors[k] == "" {
			f.Errors[k] = v
		}
	}
	if len(f.Errors) > 0 {
		s.renderAdminStorage(w, r, http.StatusUnprocessableEntity, f, i18n.T(r.Context(), "admin.storage.not_saved"))
		return
	}
	ctx := r.Context()
	if err := store.SaveRetention(ctx, s.Pool, ret); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "admin.storage.saved", map[string]any{"Kept": retentionWords(ctx, ret)}))
	http.Redirect(w, r, "/admin/storage", http.StatusSeeOther)
}

// POST /admin/storage/run: a retention pass now, on a worker.
func (s *Server) adminRunRetention(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if s.Jobs == nil {
		s.fail(w, r, domain.NewError(domain.Unavailable, "errors.no_jobs", "this server inserts no jobs", nil))
		return
	}
	if _, err := s.Jobs.Insert(ctx, judge.RetentionArgs{}, nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "admin.storage.queued"))
	http.Redirect(w, r, "/admin/storage", http.StatusSeeOther)
}

func (s *Server) renderAdminStorage(w http.ResponseWriter, r *http.Request, status int, f templates.AdminRetentionForm, errMsg string) {
	ctx := r.Context()
	now, err := store.MeasureStorage(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	day, err := store.StorageSampleBefore(ctx, s.Pool, now.At.Add(-24*time.Hour))
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	week, err := store.StorageSampleBefore(ctx, s.Pool, now.At.Add(-7*24*time.Hour))
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	ret, err := store.LoadRetention(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	last, err := lastRetentionPass(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := templates.AdminStorageData{Measured: fullTime(&now.At), Form: f, LastPass: last, NoJobs: s.Jobs == nil,
		Error: errMsg, Kept: i18n.T(ctx, "admin.storage.kept", map[string]any{"Kept": retentionWords(ctx, ret)})}
	growth := func(pick func(store.Storage) int64, then *store.Storage) string {
		if then == nil {
			return ""
		}
		return signed(ctx, pick(now)-pick(*then))
	}
	count := func(n int64) string { return templates.Number(ctx, n) }
	// kind names the row for the page's scripts and tests (data-kind); the
	// label and note are its words, admin.storage.kind.<id> and .note.<id>.
	for _, k := range []struct {
		kind, id string
		pick     func(store.Storage) int64
		count    string
	}{
		{"Replays", "replays", func(s store.Storage) int64 { return s.Replays }, count(now.ReplayCount)},
		{"Compiled bots", "artifacts", func(s store.Storage) int64 { return s.Artifacts }, count(now.ArtifactCount)},
		{"Rows", "rows", func(s store.Storage) int64 { return s.Rows }, ""},
		{"Blobs' index and free space", "blobs_other", func(s store.Storage) int64 { return s.BlobOther() }, ""},
		{"Database", "database", func(s store.Storage) int64 { return s.Database }, ""},
	} {
		d.Rows = append(d.Rows, templates.AdminStorageRow{Kind: k.kind, Label: i18n.T(ctx, "admin.storage.kind."+k.id),
			Note: i18n.T(ctx, "admin.storage.note."+k.id), Bytes: templates.BytesIn(ctx, k.pick(now)),
			Count: k.count, Day: growth(k.pick, day), Week: growth(k.pick, week)})
	}
	if day != nil {
		d.DaySince = fullTime(&day.At)
	}
	if week != nil {
		d.WeekSince = fullTime(&week.At)
	}
	if day == nil {
		first, err := store.OldestStorageSample(ctx, s.Pool)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		d.FirstDay = i18n.T(ctx, "admin.storage.first_next_run")
		if first != nil {
			d.FirstDay = i18n.T(ctx, "admin.storage.first_taken", map[string]any{"When": fullTime(&first.At)})
		}
	}
	for i, t := range now.Tables {
		if i == 12 {
			break
		}
		d.Tables = append(d.Tables, templates.AdminStorageRow{Kind: t.Name, Bytes: templates.BytesIn(ctx, t.Bytes)})
	}
	s.render(w, r, status, templates.AdminStorage(s.page(r, adminTitle(ctx, "admin.storage.title"), "admin"), d))
}

// retentionForm is the form as the settings r are.
func retentionForm(r store.Retention) templates.AdminRetentionForm {
	return templates.AdminRetentionForm{Enabled: r.Enabled, LadderRecent: strconv.Itoa(r.LadderRecent),
		LadderDays: strconv.Itoa(r.LadderDays), ArtifactDay: strconv.Itoa(r.ArtifactDays)}
}

// retentionWords says what the rules r keep.
func retentionWords(ctx context.Context, r store.Retention) string {
	if !r.Enabled {
		return i18n.T(ctx, "admin.storage.words.all_off")
	}
	return i18n.T(ctx, "admin.storage.words.kept", map[string]any{"Replays": templates.ReplayRetentionWords(ctx, retentionRules(r)),
		"Days": i18n.N(ctx, "admin.storage.words.in_days", r.ArtifactDays)})
}

// signed is a growth: "+1.2 MB", "-300 bytes", "0 bytes".
func signed(ctx context.Context, n int64) string {
	if n > 0 {
		return "+" + templates.BytesIn(ctx, n)
	}
	return templates.BytesIn(ctx, n)
}

// lastRetentionPass says what the newest finished retention pass did.
func lastRetentionPass(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	at, output, err := store.LastJobOutput(ctx, pool, judge.RetentionArgs{}.Kind())
	if err != nil || at == nil {
		return i18n.T(ctx, "admin.storage.pass.none"), err
	}
	var out judge.RetentionOutput
	if err := json.Unmarshal(output, &out); err != nil || len(output) == 0 {
		return i18n.T(ctx, "admin.storage.pass.finished", map[string]any{"When": fullTime(at)}), nil
	}
	if !out.Enabled {
		return i18n.T(ctx, "admin.storage.pass.off", map[string]any{"When": fullTime(at)}), nil
	}
	// One sentence of three counted parts, each with its own plural.
	msg := i18n.T(ctx, "admin.storage.pass.did", map[string]any{"When": fullTime(at),
		"Replays": i18n.N(ctx, "admin.storage.pass.replays", int(out.Replays), map[string]any{"Size": templates.BytesIn(ctx, out.ReplayBytes)}),
		"Batches": i18n.N(ctx, "admin.storage.pass.batches", out.ReplayBatches),
		"Bots":    i18n.N(ctx, "admin.storage.pass.bots", int(out.Artifacts), map[string]any{"Size": templates.BytesIn(ctx, out.ArtifactBytes)})})
	if out.Unfinished {
		msg += " " + i18n.T(ctx, "admin.storage.pass.unfinished")
	}
	return msg, nil
}

// StorageMetrics is the Prometheus collector of the database's size by
// kind (arena_storage_bytes, arena_storage_objects, arena_database_bytes),
// measured at most once a minute. The process that serves the web app
// registers it.
func StorageMetrics(pool *pgxpool.Pool) *metrics.Storage {
	return &metrics.Storage{MaxAge: time.Minute, Measure: func(ctx context.Context) (metrics.StorageSizes, error) {
		st, err := store.MeasureStorage(ctx, pool)
		return metrics.StorageSizes{
			Database: float64(st.Database),
			Bytes: map[string]float64{"replays": float64(st.Replays), "artifacts": float64(st.Artifacts),
				"rows": float64(st.Rows), "blobs_other": float64(st.BlobOther())},
			Count: map[string]float64{"replays": float64(st.ReplayCount), "artifacts": float64(st.ArtifactCount)},
		}, err
	}}
}
