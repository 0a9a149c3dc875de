package web

import (
	"context"
	"encoding/json"
	"time"

	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// adminStorageLoad is what the storage page shows, as the database has
// it: loadAdminStorage reads it in at most six queries, adminStorageView
// makes the page of it without one.
type adminStorageLoad struct {
	Now       store.Storage
	Day, Week *store.Storage // the newest samples a day and a week before Now; nil: none
	First     *store.Storage // the oldest sample, read only when there is none a day old
	Retention store.Retention
	PassAt    *time.Time // when the last retention pass finished; nil: never
	PassOut   []byte     // its output (judge.RetentionOutput)
}

func (s *Server) loadAdminStorage(ctx context.Context) (adminStorageLoad, error) {
	var l adminStorageLoad
	var err error
	if l.Now, err = store.MeasureStorage(ctx, s.Pool); err != nil {
		return l, err
	}
	if l.Day, err = store.StorageSampleBefore(ctx, s.Pool, l.Now.At.Add(-24*time.Hour)); err != nil {
		return l, err
	}
	if l.Week, err = store.StorageSampleBefore(ctx, s.Pool, l.Now.At.Add(-7*24*time.Hour)); err != nil {
		return l, err
	}
	if l.Retention, err = store.LoadRetention(ctx, s.Pool); err != nil {
		return l, err
	}
	if l.PassAt, l.PassOut, err = store.LastJobOutput(ctx, s.Pool, judge.RetentionArgs{}.Kind()); err != nil {
		return l, err
	}
	if l.Day == nil {
		l.First, err = store.OldestStorageSample(ctx, s.Pool)
	}
	return l, err
}

// adminStorageTables is how many of the largest tables the page lists.
const adminStorageTables = 12

// adminStorageView is the storage page: the sizes by kind with their
// growth over a day and a week (blank without a sample that old, then
// saying when the first will be), the largest tables, the rules kept and
// what the last retention pass did. The form and errors are the caller's.
func adminStorageView(ctx context.Context, l adminStorageLoad) templates.AdminStorageData {
	now := l.Now
	d := templates.AdminStorageData{Measured: fullTime(ctx, &now.At), LastPass: retentionPassWords(ctx, l.PassAt, l.PassOut),
		Kept: i18n.T(ctx, "admin.storage.kept", map[string]any{"Kept": retentionWords(ctx, l.Retention)})}
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
			Count: k.count, Day: growth(k.pick, l.Day), Week: growth(k.pick, l.Week)})
	}
	if l.Day != nil {
		d.DaySince = fullTime(ctx, &l.Day.At)
	} else {
		d.FirstDay = i18n.T(ctx, "admin.storage.first_next_run")
		if l.First != nil {
			d.FirstDay = i18n.T(ctx, "admin.storage.first_taken", map[string]any{"When": fullTime(ctx, &l.First.At)})
		}
	}
	if l.Week != nil {
		d.WeekSince = fullTime(ctx, &l.Week.At)
	}
	for i, t := range now.Tables {
		if i == adminStorageTables {
			break
		}
		d.Tables = append(d.Tables, templates.AdminStorageRow{Kind: t.Name, Bytes: templates.BytesIn(ctx, t.Bytes)})
	}
	return d
}

// retentionPassWords says what the newest finished retention pass did,
// from when it finished (nil: never) and its output.
func retentionPassWords(ctx context.Context, at *time.Time, output []byte) string {
	if at == nil {
		return i18n.T(ctx, "admin.storage.pass.none")
	}
	var out judge.RetentionOutput
	if err := json.Unmarshal(output, &out); err != nil || len(output) == 0 {
		return i18n.T(ctx, "admin.storage.pass.finished", map[string]any{"When": fullTime(ctx, at)})
	}
	if !out.Enabled {
		return i18n.T(ctx, "admin.storage.pass.off", map[string]any{"When": fullTime(ctx, at)})
	}
	// One sentence of three counted parts, each with its own plural.
	msg := i18n.T(ctx, "admin.storage.pass.did", map[string]any{"When": fullTime(ctx, at),
		"Replays": i18n.N(ctx, "admin.storage.pass.replays", int(out.Replays), map[string]any{"Size": templates.BytesIn(ctx, out.ReplayBytes)}),
		"Batches": i18n.N(ctx, "admin.storage.pass.batches", out.ReplayBatches),
		"Bots":    i18n.N(ctx, "admin.storage.pass.bots", int(out.Artifacts), map[string]any{"Size": templates.BytesIn(ctx, out.ArtifactBytes)})})
	if out.Unfinished {
		msg += " " + i18n.T(ctx, "admin.storage.pass.unfinished")
	}
	return msg
}
