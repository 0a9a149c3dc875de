package store_test

import (
	"context"
	"testing"
	"time"

	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// BenchmarkPruneReplays times one batch of the retention job (200 replays
// found and deleted, store.DefaultRetention) on a semester's ladder: 2,000
// versions and 400,000 ladder matches of four of them over 60 days, each
// with a replay blob (100 bytes: the time is in the rows, not the bytes).
//
//	go test ./store -run '^$' -bench PruneReplays -benchtime 100x
//
// It reports the time of a batch (ns/op: the query that finds the
// replays, without locks, then the short transaction that deletes them),
// and that of measuring the database's size by kind on those 400,000
// replays (measure-ms: Admin → Storage, the metrics, the daily sample).
func BenchmarkPruneReplays(b *testing.B) {
	ctx := context.Background()
	pool, err := store.Open(ctx, pgtest.FreshURL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool); err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO games (id, title) VALUES ('g', 'G')`,
		`INSERT INTO users (name, email, password_hash) VALUES ('u', 'u@x', 'x')`,
		`INSERT INTO bots (owner_id, game_id, name) SELECT (SELECT id FROM users WHERE name = 'u'), 'g', 'b' || i FROM generate_series(1, 2000) i`,
		`INSERT INTO bot_versions (bot_id, number, source, status) SELECT id, 1, '', 'accepted' FROM bots`,
		// Matches oldest first, one every 13 s over 60 days.
		`INSERT INTO matches (game_id, kind, seed, status, created_at, finished_at, replay_key, rated)
		 SELECT 'g', 'ladder', i, 'finished', now() - (400000 - i) * interval '13 seconds',
		        now() - (400000 - i) * interval '13 seconds', 'replay/' || i || '/1', true
		 FROM generate_series(1, 400000) i`,
		`INSERT INTO match_players (match_id, seat, bot_version_id, score, rank)
		 SELECT m.id, s, 1 + (m.id * 7 + s * 499) % 2000, 0, 1 FROM matches m, generate_series(0, 3) s`,
		`INSERT INTO blobs (key, data) SELECT replay_key, convert_to(repeat('x', 100), 'UTF8') FROM matches`,
		`VACUUM ANALYZE`,
	} {
		if _, err := pool.Exec(ctx, q); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	start := time.Now()
	if _, err := store.MeasureStorage(ctx, pool); err != nil {
		b.Fatal(err)
	}
	measured := time.Since(start)
	r := store.DefaultRetention
	var after int64
	var deleted int
	b.ResetTimer()
	for range b.N {
		p, err := store.PruneReplays(ctx, pool, r, after, 200)
		if err != nil {
			b.Fatal(err)
		}
		if p.Scanned == 0 {
			b.Fatal("nothing left to prune: use a smaller -benchtime")
		}
		after, deleted = p.Next, deleted+p.Deleted
	}
	b.StopTimer()
	if deleted == 0 {
		b.Fatal("no replay deleted")
	}
	b.ReportMetric(float64(deleted)/float64(b.N), "replays/batch")
	b.ReportMetric(float64(measured.Milliseconds()), "measure-ms")
}
