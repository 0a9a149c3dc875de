package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// The workers' liveness (judge/liveness.go): each River client holds an
// advisory lock (class, hashtext(client id)) on a session of its own and
// beats in worker_heartbeats; a running job whose client has neither is
// rescued.

// Beat records a sign of life of the client and takes its liveness lock
// in db's session unless that session holds it already (a lock taken
// twice must be released twice); held says whether the session holds it.
func Beat(ctx context.Context, db DB, class int, clientID string) (held bool, err error) {
	err = db.QueryRow(ctx, `
		WITH beat AS (
			INSERT INTO worker_heartbeats (client_id, seen_at) VALUES ($2, now())
			ON CONFLICT (client_id) DO UPDATE SET seen_at = now())
		SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
				AND pid = pg_backend_pid() AND classid = $1::int::oid AND objsubid = 2
				AND objid = (hashtext($2) & 2147483647)::oid)
			THEN true ELSE pg_try_advisory_lock($1, hashtext($2) & 2147483647) END`,
		class, clientID).Scan(&held)
	return held, err
}

// JobRun is one fetch of a River job: its id and when it was attempted.
type JobRun struct {
	ID int64     `db:"id"`
	At time.Time `db:"at"`
}

// LostRuns returns those of runs whose job is no longer theirs: gone,
// made available again or discarded by a rescue, or fetched again since.
func LostRuns(ctx context.Context, db DB, runs []JobRun) ([]JobRun, error) {
	ids, ats := make([]int64, len(runs)), make([]time.Time, len(runs))
	for i, r := range runs {
		ids[i], ats[i] = r.ID, r.At
	}
	rows, err := db.Query(ctx, `
		SELECT r.id, r.at FROM unnest($1::bigint[], $2::timestamptz[]) AS r(id, at)
		LEFT JOIN river_job j ON j.id = r.id
		WHERE j.id IS NULL OR j.attempted_at IS DISTINCT FROM r.at
			OR j.state IN ('available', 'scheduled', 'retryable', 'discarded')`, ids, ats)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[JobRun])
}

// RunningElsewhere says whether the job is running on another fetch than
// run.
func RunningElsewhere(ctx context.Context, db DB, run JobRun) (bool, error) {
	var other bool
	err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM river_job
		WHERE id = $1 AND state = 'running' AND attempted_at IS DISTINCT FROM $2)`, run.ID, run.At).Scan(&other)
	return other, err
}

// DeleteOldHeartbeats forgets the heartbeats of clients silent for a day
// (killed workers').
func DeleteOldHeartbeats(ctx context.Context, db DB) error {
	_, err := db.Exec(ctx, `DELETE FROM worker_heartbeats WHERE seen_at < now() - interval '1 day'`)
	return err
}

// RescueDead makes the running jobs of dead clients (no liveness lock of
// class, no sign of life for staleAfter, on a server up for that long)
// available again, in their place and without spending an attempt, or
// discards those already rescued max_attempts times (their errors start
// with "rescued:", as reason must), and returns their ids.
func RescueDead(ctx context.Context, db DB, class int, staleAfter time.Duration, reason string) ([]int64, error) {
	rows, err := db.Query(ctx, `
		WITH dead AS (
			SELECT j.id, j.max_attempts > 1 + (SELECT count(*) FROM unnest(j.errors) e
				WHERE e->>'error' LIKE 'rescued:%') AS again
			FROM river_job j
			WHERE j.state = 'running' AND j.attempted_at < now() - make_interval(secs => $2)
				AND cardinality(j.attempted_by) > 0
				AND pg_postmaster_start_time() < now() - make_interval(secs => $2)
				AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h
					WHERE h.client_id = j.attempted_by[cardinality(j.attempted_by)]
						AND h.seen_at >= now() - make_interval(secs => $2))
				AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
					AND l.classid = $1::int::oid AND l.objsubid = 2
					AND l.objid = (hashtext(j.attempted_by[cardinality(j.attempted_by)]) & 2147483647)::oid)
			FOR UPDATE OF j SKIP LOCKED)
		UPDATE river_job j SET
			state = CASE WHEN d.again THEN 'available' ELSE 'discarded' END::river_job_state,
			attempt = CASE WHEN d.again THEN greatest(j.attempt - 1, 0) ELSE j.attempt END,
			finalized_at = CASE WHEN d.again THEN NULL ELSE now() END,
			errors = array_append(j.errors, jsonb_build_object('at', now(), 'attempt', j.attempt,
				'error', $3::text, 'trace', ''))
		FROM dead d WHERE j.id = d.id
		RETURNING j.id`, class, staleAfter.Seconds(), reason)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// UrgentReady says whether a match job of a priority above below is ready
// to be worked (available, due) in matchQueue, or, when compiles is set, a
// compile in compileQueue.
func UrgentReady(ctx context.Context, db DB, compileQueue, matchQueue string, below int, compiles bool) (bool, error) {
	var ready bool
	err := db.QueryRow(ctx, `
		SELECT ($4 AND EXISTS (SELECT 1 FROM river_job WHERE state = 'available' AND queue = $1 AND kind = 'compile' AND scheduled_at <= now()))
		    OR EXISTS (SELECT 1 FROM river_job WHERE state = 'available' AND queue = $2 AND priority < $3 AND scheduled_at <= now())`,
		compileQueue, matchQueue, below, compiles).Scan(&ready)
	return ready, err
}
