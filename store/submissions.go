package store

import (
	"context"
	"time"
)

// SubmissionLoad is what a user's submission limits are checked against.
type SubmissionLoad struct {
	// Recent counts the user's versions created within the window, but for
	// those the compiler refused; OldestRecent is the first of them.
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
		SELECT count(*) FILTER (WHERE v.created_at > now() - $2::interval AND v.status <> $3),
		       min(v.created_at) FILTER (WHERE v.created_at > now() - $2::interval AND v.status <> $3),
		       count(*) FILTER (WHERE v.status IN ($4, $5))
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND (v.created_at > now() - $2::interval OR v.status IN ($4, $5))`,
		userID, window, StatusCompileError, StatusQueued, StatusCompiling).Scan(&l.Recent, &oldest, &l.Compiling)
	if oldest != nil {
		l.OldestRecent = *oldest
	}
	return l, err
}
