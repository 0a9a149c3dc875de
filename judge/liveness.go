package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"arena.dev/store"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// A worker killed mid-match would leave its jobs "running" until River's
// rescuer hands them back, which it does only once a job is older than
// RescueAfter and its kind's timeout (minutes: a match may rightly run that
// long), checking every 30 s. Postgres knows sooner that a worker is gone:
// each working client holds a session advisory lock named after its River
// client ID on a connection of its own, and writes a heartbeat
// (worker_heartbeats) on it every second. Every checkEvery the client
// checks on that connection that the lock is its own (pg_locks), taking it
// again on a new connection when the old one is gone: a connection the
// server closed while idle looks open until it is used, so only a query
// tells. Every rescueEvery each worker that holds its own lock hands back
// the running jobs of clients that hold no lock AND showed no sign of life
// (heartbeat, or fetching the job) for staleAfter, and only when the server
// itself has been up that long: after a PostgreSQL restart no client holds
// its lock until it has reconnected, and none is rescued for that. A
// rescued job keeps its place in the queue (its schedule and priority) and
// its attempt (as River's snooze does; a job rescued max_attempts times is
// discarded, so one that kills its worker every time ends). A match is
// played again from the start and lands once: it is finished in one
// transaction that checks it is still queued. A run whose job was handed
// to another worker (its client lost its lock for good) has its context
// cancelled within checkEvery of the client reconnecting. River's rescuer
// stays, for a worker that hangs with its connections alive.
type liveness struct {
	river.MiddlewareDefaults
	pool   *pgxpool.Pool
	logger *slog.Logger
	id     string // this worker's River client ID, set once the client exists

	connMu sync.Mutex
	conn   *pgx.Conn // holds the lock; used by the keeper alone

	mu     sync.Mutex
	held   bool // the last check found the lock ours
	lostAt time.Time
	runs   map[*run]struct{}
	stop   chan struct{} // closed when the pool is closed
	once   sync.Once
}

// run is one job being worked by this client.
type run struct {
	id     int64
	at     time.Time // its attempted_at: another fetch of the job changes it
	cancel context.CancelCauseFunc
	lost   bool
}

const (
	// livenessClass is the first key of the workers' locks ("Aren").
	livenessClass = 0x4172656e
	// checkEvery is how often a client checks its lock and beats.
	checkEvery = time.Second
	// staleAfter is how long a client without its lock must have shown no
	// sign of life before its jobs are rescued; also how long the server
	// must have been up. A restart takes a few seconds, a reconnect one
	// checkEvery.
	staleAfter = 8 * time.Second
	// rescueEvery is how often a worker looks for jobs of dead workers: a
	// killed worker's job is available again staleAfter to
	// staleAfter+rescueEvery after its last heartbeat.
	rescueEvery = 2 * time.Second
	// dbWait is how long a job's final write waits for a database that
	// went away (a restart) before it fails.
	dbWait = 30 * time.Second
	// maxDBSnoozes bounds the jobs made available again, without spending
	// an attempt, because the database went away while they ran.
	maxDBSnoozes = 10
)

// errLost cancels a run whose job was handed to another worker.
var errLost = errors.New("rescued: its worker lost its liveness lock, and the job was handed to another worker")

func newLiveness(pool *pgxpool.Pool, logger *slog.Logger) *liveness {
	return &liveness{pool: pool, logger: logger, runs: map[*run]struct{}{}, stop: make(chan struct{})}
}

// start checks the lock and beats, and rescues dead workers' jobs, until
// the pool is closed.
func (l *liveness) start() {
	l.check()
	go l.keep()
	go l.rescueLoop()
}

// Work runs a job under watch: its context is cancelled if the job is
// handed to another worker, and a job interrupted by the database going
// away is made available again without spending an attempt.
func (l *liveness) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	if job.AttemptedAt == nil {
		return doInner(ctx)
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	r := &run{id: job.ID, at: *job.AttemptedAt, cancel: cancel}
	l.mu.Lock()
	l.runs[r] = struct{}{}
	l.mu.Unlock()
	err := doInner(runCtx)
	l.mu.Lock()
	delete(l.runs, r)
	lost := r.lost
	l.mu.Unlock()
	switch {
	case lost:
		l.logger.Warn("stopped a job handed to another worker while this one was cut off", "job", job.ID,
			"kind", job.Kind, "err", err)
		// River completes a job by id if it is running: wait while
		// another run has it, so this run's end cannot overwrite that one's.
		l.waitForOthers(ctx, r)
		return fmt.Errorf("%w (this run: %v)", errLost, err)
	case err != nil && databaseGone(ctx, err) && snoozes(job) < maxDBSnoozes:
		l.logger.Warn("job interrupted by the database going away: made available again, no attempt spent",
			"job", job.ID, "kind", job.Kind, "err", err)
		return river.JobSnooze(0)
	}
	return err
}

var _ rivertype.WorkerMiddleware = (*liveness)(nil)

// waitForOthers waits while the job is running on another fetch than r.
func (l *liveness) waitForOthers(ctx context.Context, r *run) {
	for {
		other, err := store.RunningElsewhere(ctx, l.pool, store.JobRun{ID: r.id, At: r.at})
		if err != nil || !other {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-l.stop:
			return
		case <-time.After(checkEvery):
		}
	}
}

// keep checks every checkEvery until the pool is closed.
func (l *liveness) keep() {
	t := time.NewTicker(checkEvery)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			l.release()
			return
		case <-t.C:
			l.check()
		}
	}
}

// check beats and makes sure the lock is ours, on a new connection if need
// be, then stops the runs whose jobs were handed to another worker.
func (l *liveness) check() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*checkEvery)
	defer cancel()
	l.connMu.Lock()
	defer l.connMu.Unlock()
	held, err := l.beat(ctx)
	if err != nil && ctx.Err() == nil {
		held, err = l.beat(ctx) // the old connection was gone: a new one at once
	}
	l.mu.Lock()
	was, since := l.held, l.lostAt
	l.held = held
	if !held && was {
		l.lostAt = time.Now()
	}
	l.mu.Unlock()
	switch {
	case was && !held:
		l.logger.Warn("worker liveness lock lost: taking it again", "client", l.id, "err", err)
	case !was && held && !since.IsZero():
		l.logger.Info("worker liveness lock held again", "client", l.id, "after", time.Since(since).Round(time.Millisecond))
	}
	if err == nil {
		if err := l.stopLost(ctx); err != nil {
			l.logger.Warn("checking this worker's jobs", "err", err)
		}
	}
}

// beat writes the heartbeat on the lock's connection and reports whether
// the lock is its session's, taking it if not; a connection that fails is
// closed.
func (l *liveness) beat(ctx context.Context) (bool, error) {
	if l.conn == nil {
		cfg := l.pool.Config().ConnConfig.Copy()
		cfg.ConnectTimeout = 2 * checkEvery
		cfg.RuntimeParams["application_name"] = "arena worker liveness"
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			return false, err
		}
		l.conn = conn
	}
	// A lock taken twice in a session must be released twice: take it
	// only when this session does not hold it. It fails while a session of
	// ours the server has not noticed closing holds it still; the
	// heartbeat keeps our jobs meanwhile.
	held, err := store.Beat(ctx, l.conn, livenessClass, l.id)
	if err != nil {
		l.conn.Close(context.Background())
		l.conn = nil
		return false, err
	}
	return held, nil
}

// stopLost cancels the runs whose job is no longer theirs: made available
// again or discarded by a rescue, or fetched again since.
func (l *liveness) stopLost(ctx context.Context) error {
	l.mu.Lock()
	var runs []store.JobRun
	for r := range l.runs {
		runs = append(runs, store.JobRun{ID: r.id, At: r.at})
	}
	l.mu.Unlock()
	if len(runs) == 0 {
		return nil
	}
	lost, err := store.LostRuns(ctx, l.conn, runs)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for r := range l.runs {
		for _, k := range lost {
			if r.id == k.ID && r.at.Equal(k.At) && !r.lost {
				r.lost = true
				r.cancel(errLost)
			}
		}
	}
	return nil
}

// holds reports whether the last check found the lock ours.
func (l *liveness) holds() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held
}

// release drops the lock with its connection.
func (l *liveness) release() {
	l.connMu.Lock()
	defer l.connMu.Unlock()
	if l.conn != nil {
		l.conn.Close(context.Background())
		l.conn = nil
	}
	l.mu.Lock()
	l.held = false
	l.mu.Unlock()
}

// rescueLoop rescues dead workers' jobs until the pool is closed, then
// stops the keeper.
func (l *liveness) rescueLoop() {
	defer l.once.Do(func() { close(l.stop) })
	t := time.NewTicker(rescueEvery)
	defer t.Stop()
	for n := 0; ; n++ {
		<-t.C
		if n%1800 == 0 { // about hourly: killed workers' heartbeats
			err := store.DeleteOldHeartbeats(context.Background(), l.pool)
			if err != nil && strings.Contains(err.Error(), "closed pool") {
				return
			}
		}
		if !l.holds() {
			// Not sure it is alive itself (cut off, reconnecting): it
			// judges no one.
			if err := l.pool.Ping(context.Background()); err != nil && strings.Contains(err.Error(), "closed pool") {
				return
			}
			continue
		}
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

// rescueDead makes the running jobs of dead clients (no liveness lock, no
// sign of life for staleAfter, on a server up for that long) available
// again, in their place and without spending an attempt, or discards those
// rescued max_attempts times, and returns their ids.
func rescueDead(ctx context.Context, db *pgxpool.Pool) ([]int64, error) {
	return store.RescueDead(ctx, db, livenessClass, staleAfter,
		fmt.Sprintf("rescued: its worker died (no liveness lock, no sign of life for %v)", staleAfter))
}

// snoozes is how many times River snoozed the job.
func snoozes(job *rivertype.JobRow) int {
	var m struct {
		Snoozes int `json:"snoozes"`
	}
	json.Unmarshal(job.Metadata, &m)
	return m.Snoozes
}

// databaseGone reports whether err says the database went away (closed
// connections, refused connections, a server shutting down or starting
// up) rather than the job's own failure or ctx's end.
func databaseGone(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) || errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, io.EOF) || pgconn.SafeToRetry(err) || strings.Contains(err.Error(), "conn closed")
}

// untilDatabaseBack runs f, again while it fails because the database went
// away, for up to dbWait: a job's final write outlives a server restart
// instead of failing an attempt that did its work. f must be safe to run
// again after a commit whose answer was lost (a match lands only once).
func untilDatabaseBack(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(dbWait)
	for {
		err := f()
		if err == nil || !databaseGone(ctx, err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(250 * time.Millisecond):
		}
	}
}
