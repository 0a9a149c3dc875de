package judge_test

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// BenchmarkLadderStorage is what a ladder match costs the database, before
// and after retention, per game:
//
//	go test ./judge -run '^$' -bench LadderStorage -benchtime 200x
//
// It plays b.N rated ladder matches of the game's default settings
// between four versions playing in-process as its Demo (house bots do the
// same; a sandboxed bot writes the same replay), then deletes their
// replays as retention does, and plays b.N more. It reports per match: its
// replay as stored (replay-B/match), its rows in every other table but
// River's jobs, indexes included (rows-B/match), River's job row, which
// River deletes after a day (jobs-B/match), and how much the blobs table
// grew per match of the second b.N, against its size before the deletion
// (blobs-after-B/match: the deleted replays' space is reused; each
// measurement follows a VACUUM, as autovacuum does on its own).
func BenchmarkLadderStorage(b *testing.B) {
	for _, game := range []string{"orkisland", "wasteland", "poquemon", "apocalypse"} {
		b.Run(game, func(b *testing.B) {
			e := startJudge(b, judge.Config{MaxWorkers: 2})
			ctx := context.Background()
			var versions []int64
			for _, name := range []string{"a", "b", "c", "d"} {
				versions = append(versions, e.inProcess(b, game, name, "Demo"))
			}
			sizes := func() (rows, jobs, blobs int64) {
				b.Helper()
				if _, err := e.pool.Exec(ctx, "VACUUM"); err != nil {
					b.Fatal(err)
				}
				s, err := store.MeasureStorage(ctx, e.pool)
				if err != nil {
					b.Fatal(err)
				}
				for _, t := range s.Tables {
					if t.Name == "river_job" {
						jobs = t.Bytes
					}
				}
				return s.Rows - jobs, jobs, s.Blobs
			}
			play := func(seed int64) []int64 {
				ids := e.queue(b, game, domain.KindLadder, b.N, seed, seats(versions), nil)
				e.waitLanded(b, ids, 10*time.Minute)
				return ids
			}
			rows0, jobs0, _ := sizes()
			b.ResetTimer()
			ids := play(1)
			b.StopTimer()
			rows1, jobs1, blobs1 := sizes()
			var replays int64
			scanOne(b, e.pool.QueryRow(ctx, `SELECT coalesce(sum(pg_column_size(bl.data)), 0) FROM matches m
				JOIN blobs bl ON bl.key = m.replay_key WHERE m.id = ANY($1)`, ids), &replays)
			if n, _, err := store.DeleteReplays(ctx, e.pool, ids, time.Now()); err != nil || n != b.N {
				b.Fatalf("deleted %d replays of %d: %v", n, b.N, err)
			}
			sizes()
			play(int64(b.N) + 1)
			_, _, blobs3 := sizes()
			n := float64(b.N)
			b.ReportMetric(float64(replays)/n, "replay-B/match")
			b.ReportMetric(float64(rows1-rows0)/n, "rows-B/match")
			b.ReportMetric(float64(jobs1-jobs0)/n, "jobs-B/match")
			b.ReportMetric(float64(blobs3-blobs1)/n, "blobs-after-B/match")
		})
	}
}
