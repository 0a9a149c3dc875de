package store

import (
	"context"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// Session is one logged-in session of a user, as its owner sees it.
type Session struct {
	ID         int64
	Token      string // the session cookie's value; never shown
	CreatedAt  time.Time
	LastSeenAt time.Time
	Address    string
	UserAgent  string
}

// AddSession records that the session whose token is given (scs's row in
// sessions, committed first) is logged in as the user.
func AddSession(ctx context.Context, db DB, userID int64, token, address, userAgent string) error {
	_, err := db.Exec(ctx, `INSERT INTO user_sessions (user_id, token, address, user_agent) VALUES ($1, $2, $3, $4)`,
		userID, token, address, userAgent)
	if err != nil {
		return err
	}
	// The first log-in ends the time a one-time password can be given again.
	_, err = db.Exec(ctx, "UPDATE users SET first_login_at = now() WHERE id = $1 AND first_login_at IS NULL", userID)
	return err
}

// UserBySession returns the user the session with this token is logged in
// as, or ErrNotFound, and notes that the session was seen (at most once a
// minute, so browsing writes little).
func UserBySession(ctx context.Context, db DB, token string) (*domain.User, error) {
	return collectOne[domain.User](db.Query(ctx, `
		WITH seen AS (
			UPDATE user_sessions SET last_seen_at = now()
			WHERE token = $1 AND last_seen_at < now() - interval '1 minute')
		SELECT `+userColumns+` FROM user_sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token = $1`, token))
}

// Sessions lists a user's live sessions, most recently seen first.
func Sessions(ctx context.Context, db DB, userID int64) ([]Session, error) {
	rows, err := db.Query(ctx, `
		SELECT us.id, us.token, us.created_at, us.last_seen_at, us.address, us.user_agent
		FROM user_sessions us JOIN sessions s ON s.token = us.token
		WHERE us.user_id = $1 AND s.expiry > now()
		ORDER BY us.last_seen_at DESC, us.id DESC`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Session])
}

// EndSession logs out one of the user's sessions, or answers ErrNotFound.
func EndSession(ctx context.Context, db DB, userID, id int64) error {
	return updateOne(ctx, db, `DELETE FROM sessions WHERE token =
		(SELECT token FROM user_sessions WHERE id = $1 AND user_id = $2)`, id, userID)
}
