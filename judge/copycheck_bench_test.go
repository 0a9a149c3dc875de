package judge_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/copycheck/copytest"
	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// copyClass makes n students in a game, each with one compiled version
// that is on the ladder, from copytest.Class, and returns the versions'
// ids in order.
func copyClass(tb testing.TB, pool *pgxpool.Pool, game string, n int) []int64 {
	tb.Helper()
	ctx := context.Background()
	subs, err := copytest.Class("..", n, 1)
	if err != nil {
		tb.Fatal(err)
	}
	if err := store.EnsureGame(ctx, pool, game, game); err != nil {
		tb.Fatal(err)
	}
	ids := make([]int64, n)
	for i, s := range subs {
		u := &domain.User{Name: fmt.Sprintf("class-%s-%d", game, i), PasswordHash: "x"}
		u.Email = u.Name + "@example.org"
		if err := store.CreateUser(ctx, pool, u); err != nil {
			tb.Fatal(err)
		}
		e := &env{pool: pool}
		ids[i] = e.compiledVersion(tb, u.ID, game, "bot", s.Language, string(s.Source))
		if _, err := pool.Exec(ctx, `UPDATE bots SET current_version_id = $1 WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)`, ids[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return ids
}

// indexAll runs the copy check of each version in turn, as the job does,
// with the checks a common fragment causes.
func indexAll(tb testing.TB, pool *pgxpool.Pool, ids []int64) {
	tb.Helper()
	ctx := context.Background()
	queue := append([]int64{}, ids...)
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			more, err := judge.CopyCheck(ctx, tx, id)
			queue = append(queue, more...)
			return err
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkCopyCheck1000th measures the copy check's update for the
// 1,000th version of a game (its fingerprints, the index, its pairs; the
// job's work without River's bookkeeping), rolled back after each run:
// target well under 100 ms. The class is copytest.Class: each version is
// a disguised copy of one of the repository's 35 bots, so each pairs with
// some 28 others, many more than a real class.
func BenchmarkCopyCheck1000th(b *testing.B) {
	pool := pgtest.Pool(b)
	ctx := context.Background()
	ids := copyClass(b, pool, "wasteland", 1000)
	indexAll(b, pool, ids[:999])
	var pairs, postings int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM copy_pairs WHERE game_id = 'wasteland'),
		(SELECT count(*) FROM copy_index WHERE game_id = 'wasteland')`).Scan(&pairs, &postings); err != nil {
		b.Fatal(err)
	}
	b.Logf("999 versions indexed: %d fingerprints in the index, %d pairs", postings, pairs)
	last := ids[999]
	b.ResetTimer()
	for b.Loop() {
		tx, err := pool.Begin(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := judge.CopyCheck(ctx, tx, last); err != nil {
			b.Fatal(err)
		}
		if err := tx.Rollback(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
