package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

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
			f.Errors[field.name] = "A whole number."
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
		s.renderAdminStorage(w, r, http.StatusUnprocessableEntity, f, "The retention settings were not saved: see below.")
		return
	}
	ctx := r.Context()
	if err := store.SaveRetention(ctx, s.Pool, ret); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, "Retention saved: "+retentionWords(ret))
	http.Redirect(w, r, "/admin/storage", http.StatusSeeOther)
}

// POST /admin/storage/run: a retention pass now, on a worker.
func (s *Server) adminRunRetention(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if s.Jobs == nil {
		s.fail(w, r, &refusal{http.StatusServiceUnavailable, "this server inserts no jobs"})
		return
	}
	if _, err := s.Jobs.Insert(ctx, judge.RetentionArgs{}, nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, "The retention job is queued: a worker runs it in a moment. This page shows what it did once it is done.")
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
		Error: errMsg, Kept: "Kept: " + retentionWords(ret)}
	growth := func(pick func(store.Storage) int64, then *store.Storage) string {
		if then == nil {
			return ""
		}
		return signed(pick(now) - pick(*then))
	}
	count := func(n int64) string { return strconv.FormatInt(n, 10) }
	for _, k := range []struct {
		kind, note string
		pick       func(store.Storage) int64
		count      string
	}{
		{"Replays", "gzip, as stored", func(s store.Storage) int64 { return s.Replays }, count(now.ReplayCount)},
		{"Compiled bots", "artifacts, as stored", func(s store.Storage) int64 { return s.Artifacts }, count(now.ArtifactCount)},
		{"Rows", "every other table with its indexes: matches, results, ratings, sources, jobs…", func(s store.Storage) int64 { return s.Rows }, ""},
		{"Blobs' index and free space", "space deleted blobs left, reused for new ones", func(s store.Storage) int64 { return s.BlobOther() }, ""},
		{"Database", "pg_database_size: all of it", func(s store.Storage) int64 { return s.Database }, ""},
	} {
		d.Rows = append(d.Rows, templates.AdminStorageRow{Kind: k.kind, Note: k.note, Bytes: templates.Bytes(k.pick(now)),
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
		d.FirstDay = "the retention job takes the first on its next run"
		if first != nil {
			d.FirstDay = "the first was taken " + fullTime(&first.At)
		}
	}
	for i, t := range now.Tables {
		if i == 12 {
			break
		}
		d.Tables = append(d.Tables, templates.AdminStorageRow{Kind: t.Name, Bytes: templates.Bytes(t.Bytes)})
	}
	s.render(w, r, status, templates.AdminStorage(s.page(r, "Storage · Admin", "admin"), d))
}

// retentionForm is the form as the settings r are.
func retentionForm(r store.Retention) templates.AdminRetentionForm {
	return templates.AdminRetentionForm{Enabled: r.Enabled, LadderRecent: strconv.Itoa(r.LadderRecent),
		LadderDays: strconv.Itoa(r.LadderDays), ArtifactDay: strconv.Itoa(r.ArtifactDays)}
}

// retentionWords says what the rules r keep.
func retentionWords(r store.Retention) string {
	if !r.Enabled {
		return "every replay and compiled bot (retention is off)."
	}
	return strings.TrimSuffix(templates.ReplayRetentionWords(retentionRules(r)), ".") + fmt.Sprintf("; compiled bots of current versions, "+
		"of versions in unfinished tournaments or waiting matches, and of those used in the last %s.", templates.Days(r.ArtifactDays))
}

// signed is a growth: "+1.2 MB", "-300 bytes", "0 bytes".
func signed(n int64) string {
	if n > 0 {
		return "+" + templates.Bytes(n)
	}
	return templates.Bytes(n)
}

// lastRetentionPass says what the newest finished retention pass did.
func lastRetentionPass(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	at, output, err := store.LastJobOutput(ctx, pool, judge.RetentionArgs{}.Kind())
	if err != nil || at == nil {
		return "No pass in the last day (River forgets finished jobs after a day).", err
	}
	var out judge.RetentionOutput
	if err := json.Unmarshal(output, &out); err != nil || len(output) == 0 {
		return "The last pass finished " + fullTime(at) + ".", nil
	}
	if !out.Enabled {
		return "The last pass, " + fullTime(at) + ", deleted nothing: retention is off.", nil
	}
	msg := fmt.Sprintf("The last pass, %s, deleted %d replays (%s) in %d batches and dropped %d compiled bots (%s).",
		fullTime(at), out.Replays, templates.Bytes(out.ReplayBytes), out.ReplayBatches, out.Artifacts, templates.Bytes(out.ArtifactBytes))
	if out.Unfinished {
		msg += " It ran out of time: the next pass goes on."
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
