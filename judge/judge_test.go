package judge_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/judge"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A ping inserted by one client is worked by a real River worker, which
// records it and completes it in the same transaction.
func TestPingWorkedOnce(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := judge.NewWorkingClient(pool, judge.Config{WorkerName: "test-worker", MaxWorkers: 2})
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := client.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed)
	defer cancel()
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer client.Stop(ctx)

	inserter, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 10
	params := make([]river.InsertManyParams, n)
	for i := range params {
		params[i] = river.InsertManyParams{Args: judge.PingArgs{}}
	}
	if _, err := inserter.InsertMany(ctx, params); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		select {
		case ev := <-done:
			if ev.Kind != river.EventKindJobCompleted || ev.Job.State != rivertype.JobStateCompleted {
				t.Fatalf("job %d: event %s, state %s, errors %v", ev.Job.ID, ev.Kind, ev.Job.State, ev.Job.Errors)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("only %d of %d jobs completed", i, n)
		}
	}
	var rows, workers int
	if err := pool.QueryRow(ctx, "SELECT count(*), count(DISTINCT worker) FROM pings").Scan(&rows, &workers); err != nil {
		t.Fatal(err)
	}
	if rows != n || workers != 1 {
		t.Fatalf("pings: %d rows by %d workers, want %d by 1", rows, workers, n)
	}
}

func TestUnknownQueueRefused(t *testing.T) {
	if _, err := judge.NewWorkingClient(pgtest.Pool(t), judge.Config{Queues: []string{"nope"}}); err == nil {
		t.Fatal("a worker on an unknown queue was accepted")
	}
}
