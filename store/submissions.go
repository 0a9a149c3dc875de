package store

import (
	"context"
	"time"

	"arena.dev/domain"
)

// SubmissionLoad is what a user's submission limits are checked against.
type SubmissionLoad struct {
	// Recent counts the user's versions created within the window, but for
	// those the compiler refused (unless the build ran into a limit);
	// OldestRecent is the first of them.
	Recent       int
	OldestRecent time.Time
	// Compiling counts the user's versions waiting for or in a compile.
	Compiling int
}

// UserSubmissionLoad counts the user's submissions of the last window and
// those queued to compile.
func UserSubmissionLoad(ctx context.Context, db DB, userID int64, window time.Duration) (SubmissionLoad, error) {
	var l SubmissionLoad
	var oldest *time.Time
	err := db.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE v.created_at > now() - $2::interval AND (v.status <> $3 OR v.compile_limited)),
		       min(v.created_at) FILTER (WHERE v.created_at > now() - $2::interval AND (v.status <> $3 OR v.compile_limited)),
		       count(*) FILTER (WHERE v.status IN ($4, $5))
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND (v.created_at > now() - $2::interval OR v.status IN ($4, $5))`,
		userID, window, domain.StatusCompileError, domain.StatusQueued, domain.StatusCompiling).Scan(&l.Recent, &oldest, &l.Compiling)
	if oldest != nil {
		l.OldestRecent = *oldest
	}
	return l, err
}

// OtherCompileRunning says whether another compile job of the owner of
// version versionID is running, started before job jobID (or at the same
// moment with a smaller id): the compile worker lets that one go first,
// so each user has one compile at a time.
func OtherCompileRunning(ctx context.Context, db DB, jobID, versionID int64) (bool, error) {
	var running bool
	err := db.QueryRow(ctx, `
		WITH me AS (
			SELECT b.owner_id, j.attempted_at FROM bot_versions v JOIN bots b ON b.id = v.bot_id, river_job j
			WHERE v.id = $2 AND j.id = $1)
		SELECT EXISTS (
			SELECT 1 FROM river_job j, me, bot_versions v JOIN bots b ON b.id = v.bot_id
			WHERE j.kind = 'compile' AND j.state = 'running' AND j.id <> $1
			  AND v.id = (j.args->>'version_id')::bigint AND b.owner_id = me.owner_id
			  AND (j.attempted_at, j.id) < (me.attempted_at, $1))`, jobID, versionID).Scan(&running)
	return running, err
}
