package judge

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// A worker killed mid-match would leave its jobs "running" until River's
// rescuer hands them back, which it does only once a job is older than
// RescueAfter and its kind's timeout (minutes: a match may rightly run that
// long), checking every 30 s. Postgres knows sooner that a worker is gone:
// each working client holds a session advisory lock named after its River
// client ID, on a connection of its own, from before its first job until
// its process ends; the lock goes the moment that connection closes. Every
// worker looks every few seconds for jobs running on a client whose lock is
// gone and makes them available again at once. A rescued match is played
// again from the start, and lands once: a match is finished in one
// transaction that checks it is still queued. River's rescuer stays, for a
// worker that hangs with its connections alive.
type liveness struct {
	river.MiddlewareDefaults
	pool   *pgxpool.Pool
	logger *slog.Logger
	id     string // this worker's River client ID, set once the client exists

	mu   sync.Mutex
	conn *pgx.Conn // holds the lock
}

const (
	// livenessClass is the first key of the workers' locks ("Aren").
	livenessClass = 0x4172656e
	// rescueEvery is how often a worker looks for jobs of dead workers.
	rescueEvery = 5 * time.Second
	// rescueGrace spares jobs just fetched: a client marks a job running
	// before its first job takes the lock.
	rescueGrace = 10 * time.Second
)

// Work holds the lock before any job of this client runs.
func (l *liveness) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	if err := l.hold(ctx); err != nil {
		return fmt.Errorf("worker liveness lock: %w", err)
	}
	return doInner(ctx)
}

var _ rivertype.WorkerMiddleware = (*liveness)(nil)

// hold takes the lock, on a new connection if the last one is gone.
func (l *liveness) hold(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn != nil && !l.conn.IsClosed() {
		return nil
	}
	conn, err := pgx.ConnectConfig(ctx, l.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	// Try, not wait: a session of ours the server has not noticed closing
	// may hold it still, which says the same for now; the next job tries
	// again, so the lock is ours once that session is gone.
	var locked bool
	err = conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, hashtext($2) & 2147483647)`, livenessClass, l.id).Scan(&locked)
	if err != nil || !locked {
		conn.Close(ctx)
		return err
	}
	l.conn = conn
	return nil
}

// release drops the lock with its connection.
func (l *liveness) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn != nil {
		l.conn.Close(context.Background())
		l.conn = nil
	}
}

// rescueLoop rescues dead workers' jobs until the pool is closed.
func (l *liveness) rescueLoop() {
	defer l.release()
	t := time.NewTicker(rescueEvery)
	defer t.Stop()
	for range t.C {
		ctx, cancel := context.WithTimeout(context.Background(), rescueEvery)
		ids, err := rescueDead(ctx, l.pool)
		cancel()
		switch {
		case err != nil && strings.Contains(err.Error(), "closed pool"):
			return
		case err != nil:
			l.logger.Warn("looking for jobs of dead workers", "err", err)
		case len(ids) > 0:
			l.logger.Info("rescued the jobs of a dead worker", "jobs", ids)
		}
	}
}

// rescueDead makes the running jobs of clients that hold no liveness lock
// available again (or discards those out of attempts, as River's rescuer
// does) and returns their ids.
func rescueDead(ctx context.Context, db *pgxpool.Pool) ([]int64, error) {
	rows, err := db.Query(ctx, `
		UPDATE river_job j SET
			state = CASE WHEN j.attempt < j.max_attempts THEN 'available' ELSE 'discarded' END::river_job_state,
			scheduled_at = now(),
			finalized_at = CASE WHEN j.attempt < j.max_attempts THEN NULL ELSE now() END,
			errors = array_append(j.errors, jsonb_build_object('at', now(), 'attempt', j.attempt,
				'error', 'rescued: its worker died (its database session ended)', 'trace', ''))
		WHERE j.state = 'running' AND j.attempted_at < now() - make_interval(secs => $2)
			AND cardinality(j.attempted_by) > 0
			AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
				AND l.classid = $1::int::oid AND l.objsubid = 2
				AND l.objid = (hashtext(j.attempted_by[cardinality(j.attempted_by)]) & 2147483647)::oid)
		RETURNING j.id`, livenessClass, rescueGrace.Seconds())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
