package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// tokenPrefix makes Arena tokens recognisable (in logs, secret scanners).
const tokenPrefix = "arena_"

// APIToken is a personal token for scripts; only its hash is stored.
type APIToken struct {
	ID         int64
	UserID     int64
	Name       string
	CreatedAt  time.Time
	LastUsedAt *time.Time
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateAPIToken makes a new token for the user and returns it: the only
// time it is seen in clear.
func CreateAPIToken(ctx context.Context, db DB, userID int64, name string) (string, *APIToken, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, err
	}
	token := tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	t := &APIToken{UserID: userID, Name: name}
	err := db.QueryRow(ctx, `INSERT INTO api_tokens (user_id, name, token_sha256) VALUES ($1, $2, $3)
		RETURNING id, created_at`, userID, name, hashToken(token)).Scan(&t.ID, &t.CreatedAt)
	return token, t, err
}

// UserByToken returns the enabled user a token belongs to, or ErrNotFound.
func UserByToken(ctx context.Context, db DB, token string) (*domain.User, error) {
	if !strings.HasPrefix(token, tokenPrefix) {
		return nil, domain.ErrNotFound
	}
	return collectOne[domain.User](db.Query(ctx, `
		UPDATE api_tokens t SET last_used_at = now()
		FROM users u WHERE t.token_sha256 = $1 AND u.id = t.user_id AND NOT u.disabled
		RETURNING `+userColumns, hashToken(token)))
}

// APITokens lists a user's tokens, newest first.
func APITokens(ctx context.Context, db DB, userID int64) ([]APIToken, error) {
	rows, err := db.Query(ctx, `SELECT id, user_id, name, created_at, last_used_at FROM api_tokens
		WHERE user_id = $1 ORDER BY created_at DESC`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[APIToken])
}

// DeleteAPIToken revokes one of the user's tokens.
func DeleteAPIToken(ctx context.Context, db DB, userID, id int64) error {
	tag, err := db.Exec(ctx, "DELETE FROM api_tokens WHERE id = $1 AND user_id = $2", id, userID)
	if err == nil && tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return err
}
