package store

import (
	"context"
	"time"

	"arena.dev/domain"
)

// QueuePlace is where a version waiting for its verdict stands in the
// judge's queues, and when the verdict is likely.
type QueuePlace struct {
	Stage   string // "compile" or "qualification"
	Running bool   // its compile is running, or one of its qualification matches is played now
	// Ahead is how many jobs River hands out before the version's next one
	// (River's order: priority, then time, then id); 0 while running.
	Ahead int
	// Left is how many of its own jobs are still to be done: its compile,
	// or its qualification matches not yet played.
	Left int
	// Workers is how many jobs of the stage's kind run now, at least 1: how
	// many go at once while the queue is not empty.
	Workers int
	// Compile and Match are the recent mean durations of a compile and a
	// qualification match (the defaults when none finished in the last
	// hour), which Estimate is made of.
	Compile, Match time.Duration
	Estimate       time.Duration // until the verdict
}

// Default durations when no job of the kind finished in the last hour.
const (
	defaultCompileTime = 5 * time.Second
	defaultMatchTime   = 5 * time.Second
)

// VersionQueue says where a version stands while it waits for its verdict:
// ok is false when it is not waiting (compiled and judged, or refused).
// qualMatches is how many qualification matches a compiled version plays,
// for the estimate of one still to compile; compile and match are the
// mean durations the estimate is made of (RecentDurations).
func VersionQueue(ctx context.Context, db DB, versionID int64, qualMatches int, compile, match time.Duration) (p QueuePlace, ok bool, err error) {
	var status domain.VersionStatus
	if err := db.QueryRow(ctx, `SELECT status FROM bot_versions WHERE id = $1`, versionID).Scan(&status); err != nil {
		return p, false, err
	}
	p.Compile, p.Match = compile, match
	switch status {
	case domain.StatusQueued, domain.StatusCompiling:
		return versionCompileQueue(ctx, db, versionID, qualMatches, p)
	case domain.StatusQualifying:
		return versionQualificationQueue(ctx, db, versionID, p)
	}
	return p, false, nil
}

// RecentDurations are the mean durations of the last hour's compiles and
// qualification matches (at most 100 of each), or defaults when there
// were none. It reads the last hour's finished jobs: callers keep it a
// while (web's queue place, for 30 s).
func RecentDurations(ctx context.Context, db DB) (compile, match time.Duration, err error) {
	var c, m *float64
	err = db.QueryRow(ctx, `
		WITH done AS (SELECT kind, tags, extract(epoch FROM finalized_at - attempted_at) AS secs FROM river_job
			WHERE state = 'completed' AND finalized_at > now() - interval '1 hour' AND attempted_at IS NOT NULL)
		SELECT (SELECT avg(secs) FROM (SELECT secs FROM done WHERE kind = 'compile' LIMIT 100) c),
		       (SELECT avg(secs) FROM (SELECT secs FROM done WHERE kind = 'match' AND tags @> ARRAY[$1]::varchar[] LIMIT 100) m)`,
		domain.KindQualification).Scan(&c, &m)
	compile, match = defaultCompileTime, defaultMatchTime
	if c != nil {
		compile = time.Duration(*c * float64(time.Second))
	}
	if m != nil {
		match = time.Duration(*m * float64(time.Second))
	}
	return compile, match, err
}

func versionCompileQueue(ctx context.Context, db DB, versionID int64, qualMatches int, p QueuePlace) (QueuePlace, bool, error) {
	var state string
	var runningFor float64
	var matchWorkers int
	err := db.QueryRow(ctx, `
		WITH j AS (SELECT id, state, queue, priority, scheduled_at, attempted_at FROM river_job
			WHERE kind = 'compile' AND args @> jsonb_build_object('version_id', $1::bigint) ORDER BY id DESC LIMIT 1)
		SELECT j.state::text,
			CASE WHEN j.state = 'running' THEN 0 ELSE (SELECT count(*) FROM river_job a
				WHERE a.state IN ('available', 'scheduled', 'retryable') AND a.queue = j.queue AND a.kind = 'compile'
				  AND (a.priority, a.scheduled_at, a.id) < (j.priority, j.scheduled_at, j.id)) END,
			CASE WHEN j.state = 'running' THEN extract(epoch FROM now() - j.attempted_at) ELSE 0 END,
			(SELECT count(*) FROM river_job WHERE state = 'running' AND kind = 'compile'),
			(SELECT count(*) FROM river_job WHERE state = 'running' AND kind = 'match')
		FROM j`, versionID).Scan(&state, &p.Ahead, &runningFor, &p.Workers, &matchWorkers)
	if err != nil {
		return p, false, err
	}
	p.Stage, p.Running, p.Left = "compile", state == "running", 1
	p.Workers = max(1, p.Workers)
	if p.Running {
		p.Estimate = max(p.Compile-time.Duration(runningFor*float64(time.Second)), 0)
	} else {
		p.Estimate = p.Compile * time.Duration(p.Ahead/p.Workers+1)
	}
	p.Estimate += p.Match * time.Duration((qualMatches+max(1, matchWorkers)-1)/max(1, matchWorkers))
	return p, true, nil
}

func versionQualificationQueue(ctx context.Context, db DB, versionID int64, p QueuePlace) (QueuePlace, bool, error) {
	var running int
	var ahead *int
	err := db.QueryRow(ctx, `
		WITH j AS (SELECT DISTINCT ON (m.id) r.id, r.state, r.queue, r.priority, r.scheduled_at FROM matches m
			JOIN river_job r ON r.kind = 'match' AND r.args @> jsonb_build_object('match_id', m.id)
			WHERE m.bot_version_id = $1 AND m.kind = $2 AND m.status = 'queued' ORDER BY m.id, r.id DESC)
		SELECT count(*), count(*) FILTER (WHERE state = 'running'),
			min((SELECT count(*) FROM river_job a WHERE a.state = 'available' AND a.queue = j.queue
				AND (a.priority, a.scheduled_at, a.id) < (j.priority, j.scheduled_at, j.id))) FILTER (WHERE state <> 'running'),
			(SELECT count(*) FROM river_job WHERE state = 'running' AND kind = 'match')
		FROM j`, versionID, domain.KindQualification).Scan(&p.Left, &running, &ahead, &p.Workers)
	if err != nil || p.Left == 0 {
		return p, false, err
	}
	p.Stage, p.Running = "qualification", running > 0
	if ahead != nil && !p.Running {
		p.Ahead = *ahead
	}
	p.Workers = max(1, p.Workers)
	p.Estimate = p.Match * time.Duration((p.Ahead+p.Left+p.Workers-1)/p.Workers)
	return p, true, nil
}
