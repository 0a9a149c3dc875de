package judge

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// The jobs of a client that holds no liveness lock are handed back at
// once; those of a live client, a job just fetched and a job out of
// attempts are not, or are discarded.
func TestRescueDeadWorkersJobs(t *testing.T) {
	ctx := context.Background()
	// A database of its own: the package's shared one has other tests'
	// workers, which would rescue these jobs too, and whose tests wait
	// for every match job to end.
	url := pgtest.FreshURL(t)
	admin, err := pgx.Connect(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	name := url[strings.LastIndex(url, "/")+1:]
	name, _, _ = strings.Cut(name, "?")
	_, err = admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	admin.Close(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := store.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	ins, err := NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	alive := &liveness{pool: pool, logger: slog.Default(), id: "alive-worker"}
	if err := alive.hold(ctx); err != nil {
		t.Fatal(err)
	}
	defer alive.release()
	job := func(client string, age string, attempt int) int64 {
		t.Helper()
		res, err := ins.Insert(ctx, MatchArgs{MatchID: 1}, &river.InsertOpts{Queue: "nobody-works-this", MaxAttempts: 3})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = $2,
			attempted_at = now() - $3::interval, attempted_by = ARRAY['someone-before', $4] WHERE id = $1`,
			res.Job.ID, attempt, age, client); err != nil {
			t.Fatal(err)
		}
		return res.Job.ID
	}
	dead := job("dead-worker", "1 minute", 1)
	live := job("alive-worker", "1 minute", 1)
	fresh := job("dead-worker", "1 second", 1)
	last := job("dead-worker", "1 minute", 3)
	ids, err := rescueDead(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []int64{dead, last}) {
		t.Fatalf("rescued %v, want %v", ids, []int64{dead, last})
	}
	for id, want := range map[int64]string{dead: "available", live: "running", fresh: "running", last: "discarded"} {
		var state string
		var rescued bool
		if err := pool.QueryRow(ctx, `SELECT state, coalesce(errors::text LIKE '%rescued%', false) FROM river_job WHERE id = $1`, id).Scan(&state, &rescued); err != nil {
			t.Fatal(err)
		}
		if state != want || rescued != (want != "running") {
			t.Errorf("job %d: %s (rescue recorded: %v), want %s", id, state, rescued, want)
		}
	}
	// Once the live worker's session ends (the server notices within
	// moments), its job is rescued too.
	alive.release()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if ids, err = rescueDead(ctx, pool); err != nil || len(ids) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || !slices.Equal(ids, []int64{live}) {
		t.Fatalf("after the live worker died: rescued %v, %v; want [%d]", ids, err, live)
	}
}
