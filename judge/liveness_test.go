package judge

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// livenessDB is a migrated database of the test's own: the package's
// shared one has other tests' workers, which would rescue these jobs too.
func livenessDB(t *testing.T) (*pgxpool.Pool, *Client) {
	t.Helper()
	ctx := context.Background()
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
	return pool, ins
}

// runningJob inserts a job and marks it running on client, fetched age ago.
func runningJob(t *testing.T, pool *pgxpool.Pool, ins *Client, client, age string, attempt int) *rivertype.JobRow {
	t.Helper()
	ctx := context.Background()
	res, err := ins.Insert(ctx, MatchArgs{MatchID: 1}, &river.InsertOpts{Queue: "nobody-works-this", MaxAttempts: 3,
		Priority: 2, ScheduledAt: time.Now().Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	var job rivertype.JobRow
	if err := pool.QueryRow(ctx, `UPDATE river_job SET state = 'running', attempt = $2,
		attempted_at = now() - $3::interval, attempted_by = ARRAY['someone-before', $4] WHERE id = $1
		RETURNING id, kind, attempt, attempted_at, metadata`,
		res.Job.ID, attempt, age, client).Scan(&job.ID, &job.Kind, &job.Attempt, &job.AttemptedAt, &job.Metadata); err != nil {
		t.Fatal(err)
	}
	job.State = rivertype.JobStateRunning
	return &job
}

// The jobs of a client that holds no liveness lock and showed no sign of
// life for staleAfter are handed back at once, in their place and without
// spending an attempt; those of a live client, of one reconnecting (fresh
// heartbeat, no lock) and a job just fetched are not; a job rescued
// max_attempts times is discarded.
func TestRescueDeadWorkersJobs(t *testing.T) {
	ctx := context.Background()
	pool, ins := livenessDB(t)
	alive := newLiveness(pool, slog.Default())
	alive.id = "alive-worker"
	alive.check()
	if !alive.holds() {
		t.Fatal("a fresh client does not hold its lock")
	}
	defer alive.release()
	if _, err := pool.Exec(ctx, `INSERT INTO worker_heartbeats VALUES ('reconnecting-worker', now()),
		('long-dead-worker', now() - interval '1 minute')`); err != nil {
		t.Fatal(err)
	}
	dead := runningJob(t, pool, ins, "dead-worker", "1 minute", 1).ID
	longDead := runningJob(t, pool, ins, "long-dead-worker", "1 minute", 2).ID
	live := runningJob(t, pool, ins, "alive-worker", "1 minute", 1).ID
	reconnecting := runningJob(t, pool, ins, "reconnecting-worker", "1 minute", 1).ID
	fresh := runningJob(t, pool, ins, "dead-worker", "1 second", 1).ID
	last := runningJob(t, pool, ins, "dead-worker", "1 minute", 1).ID
	if _, err := pool.Exec(ctx, `UPDATE river_job SET errors = ARRAY['{"error": "rescued: before"}'::jsonb,
		'{"error": "rescued: again"}'::jsonb] WHERE id = $1`, last); err != nil {
		t.Fatal(err)
	}
	var before time.Time
	if err := pool.QueryRow(ctx, `SELECT scheduled_at FROM river_job WHERE id = $1`, dead).Scan(&before); err != nil {
		t.Fatal(err)
	}
	ids, err := rescueDead(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	if want := []int64{dead, longDead, last}; !slices.Equal(ids, want) {
		t.Fatalf("rescued %v, want %v", ids, want)
	}
	for id, want := range map[int64]struct {
		state   string
		attempt int
	}{dead: {"available", 0}, longDead: {"available", 1}, live: {"running", 1}, reconnecting: {"running", 1},
		fresh: {"running", 1}, last: {"discarded", 1}} {
		var state string
		var attempt, priority int
		var rescued bool
		var scheduled time.Time
		if err := pool.QueryRow(ctx, `SELECT state, attempt, priority, scheduled_at,
			coalesce(errors[cardinality(errors)]->>'error' LIKE 'rescued: its worker died%', false) FROM river_job WHERE id = $1`,
			id).Scan(&state, &attempt, &priority, &scheduled, &rescued); err != nil {
			t.Fatal(err)
		}
		if state != want.state || attempt != want.attempt || rescued != (want.state != "running") {
			t.Errorf("job %d: %s, attempt %d (rescue recorded: %v), want %s, attempt %d", id, state, attempt, rescued,
				want.state, want.attempt)
		}
		// Its place in the queue: the original schedule and priority.
		if priority != 2 || !scheduled.Equal(before) && id == dead || time.Since(scheduled) < 50*time.Minute {
			t.Errorf("job %d: priority %d, scheduled at %v; want 2 and its original schedule (%v)", id, priority, scheduled, before)
		}
	}
	// A client that lost its lock but beat a moment ago keeps its jobs;
	// once its heartbeat is stale they are rescued.
	alive.release()
	if ids, err = rescueDead(ctx, pool); err != nil || len(ids) > 0 {
		t.Fatalf("a client that lost its lock but beat a moment ago: rescued %v, %v; want none", ids, err)
	}
	if _, err := pool.Exec(ctx, `UPDATE worker_heartbeats SET seen_at = now() - interval '9 seconds'
		WHERE client_id IN ('alive-worker', 'reconnecting-worker')`); err != nil {
		t.Fatal(err)
	}
	ids, err = rescueDead(ctx, pool)
	slices.Sort(ids)
	if err != nil || !slices.Equal(ids, []int64{live, reconnecting}) {
		t.Fatalf("after the live worker died: rescued %v, %v; want [%d %d]", ids, err, live, reconnecting)
	}
}

// A lock connection the server closed while idle is noticed at the next
// check, and the lock taken again on a new one.
func TestLivenessLockTakenAgain(t *testing.T) {
	ctx := context.Background()
	pool, _ := livenessDB(t)
	l := newLiveness(pool, slog.Default())
	l.id = "cut-off-worker"
	l.check()
	defer l.release()
	holder := func() int32 {
		t.Helper()
		var pid int32
		err := pool.QueryRow(ctx, `SELECT coalesce(max(pid), 0) FROM pg_locks WHERE locktype = 'advisory' AND granted
			AND classid = $1::int::oid AND objsubid = 2 AND objid = (hashtext($2) & 2147483647)::oid`,
			livenessClass, l.id).Scan(&pid)
		if err != nil {
			t.Fatal(err)
		}
		return pid
	}
	first := holder()
	if !l.holds() || first == 0 {
		t.Fatalf("holds %v, lock's session %d", l.holds(), first)
	}
	if _, err := pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, first); err != nil {
		t.Fatal(err)
	}
	for holder() != 0 {
		time.Sleep(10 * time.Millisecond)
	}
	// The client's connection does not know yet.
	l.connMu.Lock()
	closed := l.conn.IsClosed()
	l.connMu.Unlock()
	if closed {
		t.Log("the connection knew at once it was closed (not the case this test is for)")
	}
	l.check()
	if second := holder(); !l.holds() || second == 0 || second == first {
		t.Fatalf("after its session was ended: holds %v, lock's session %d (was %d)", l.holds(), second, first)
	}
	var beats int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM worker_heartbeats WHERE client_id = $1 AND seen_at > now() - interval '5 seconds'`,
		l.id).Scan(&beats); err != nil || beats != 1 {
		t.Fatalf("heartbeat rows: %d, %v; want 1", beats, err)
	}
}

// A run whose job was rescued from its client is cancelled at the next
// check, and its end waits while another run has the job; a job whose
// database went away is made available again without spending an attempt.
func TestLivenessStopsLostRuns(t *testing.T) {
	ctx := context.Background()
	pool, ins := livenessDB(t)
	l := newLiveness(pool, slog.Default())
	l.id = "cut-off-worker"
	l.check()
	defer l.release()
	job := runningJob(t, pool, ins, l.id, "1 second", 1)
	ended := make(chan error, 1)
	started := make(chan struct{})
	go func() {
		ended <- l.Work(ctx, job, func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			return context.Cause(ctx)
		})
	}()
	<-started
	l.check()
	select {
	case err := <-ended:
		t.Fatalf("a run whose job is its own was stopped: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	// Rescued (as rescueDead does), then fetched by another worker.
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempted_at = now(),
		attempted_by = attempted_by || 'other-worker'::text WHERE id = $1`, job.ID); err != nil {
		t.Fatal(err)
	}
	l.check()
	select {
	case err := <-ended:
		t.Fatalf("the run ended while another run had its job: %v", err)
	case <-time.After(1500 * time.Millisecond):
	}
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = $1`, job.ID); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ended:
		if !errors.Is(err, errLost) {
			t.Fatalf("the lost run ended with %v, want %v", err, errLost)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the lost run did not end once the other run had completed")
	}

	job = runningJob(t, pool, ins, l.id, "1 second", 1)
	err := l.Work(ctx, job, func(context.Context) error {
		return &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}
	})
	var snooze *river.JobSnoozeError
	if !errors.As(err, &snooze) || snooze.Duration != 0 {
		t.Fatalf("a job whose database went away: %v, want a snooze of 0", err)
	}
	if err := l.Work(ctx, job, func(context.Context) error { return errors.New("a bot crashed") }); errors.As(err, &snooze) {
		t.Fatal("a job's own failure was snoozed")
	}
}
