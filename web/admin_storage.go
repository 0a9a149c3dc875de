package web

import (
	"context"
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
	l, err := s.loadAdminStorage(ctx)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := adminStorageView(ctx, l)
	d.Form, d.Error, d.NoJobs = f, errMsg, s.Jobs == nil
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
