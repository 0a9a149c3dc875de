package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
)

// userColumns are the users columns of a domain.User, for a table aliased
// u: read them with collectOne[domain.User].
const userColumns = "u.id, u.name, u.email, u.password_hash, u.role, u.disabled, u.created_at, u.must_change_password, " +
	"u.display_name, u.group_name, u.language"

// CreateUser inserts u and sets its ID and CreatedAt.
func CreateUser(ctx context.Context, db DB, u *domain.User) error {
	if u.Role == "" {
		u.Role = domain.RoleStudent
	}
	err := db.QueryRow(ctx, `
		INSERT INTO users (name, email, password_hash, role, disabled, must_change_password, display_name, group_name)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, created_at`,
		u.Name, u.Email, u.PasswordHash, u.Role, u.Disabled, u.MustChangePassword, u.DisplayName, u.Group).Scan(&u.ID, &u.CreatedAt)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("user %q: %w", u.Name, domain.ErrConflict)
	}
	return err
}

// EnsureAdmin creates the first account, an admin named "admin", when there
// is no account at all (the house's does not count). It returns the password it set, or "" when accounts
// already existed. credentials gives the password and its hash, called only
// when the account is created (hashing is slow, and not the store's
// business: service.EnsureAdmin). Safe when several processes start at
// once: the table is locked for the check.
func EnsureAdmin(ctx context.Context, pool *pgxpool.Pool, credentials func() (password, hash string, err error)) (string, error) {
	var created string
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM users WHERE role <> 'house')").Scan(&exists); err != nil || exists {
			return err
		}
		password, hash, err := credentials()
		if err != nil {
			return err
		}
		u := &domain.User{Name: "admin", Email: "admin@localhost", PasswordHash: hash, Role: domain.RoleAdmin}
		if err := CreateUser(ctx, tx, u); err != nil {
			return err
		}
		created = password
		return nil
	})
	return created, err
}

// UserByName finds an account by name, case-insensitively.
func UserByName(ctx context.Context, db DB, name string) (*domain.User, error) {
	return collectOne[domain.User](db.Query(ctx, "SELECT "+userColumns+" FROM users u WHERE lower(u.name) = lower($1)", name))
}

// LockUser locks the user's row until the transaction ends and returns
// the user's role: the transaction is then the only one submitting or
// starting a challenge for the user, so that two at once cannot both pass
// the limits.
func LockUser(ctx context.Context, db DB, userID int64) (role string, err error) {
	err = db.QueryRow(ctx, "SELECT role FROM users WHERE id = $1 FOR UPDATE", userID).Scan(&role)
	if errors.Is(err, pgx.ErrNoRows) {
		err = domain.ErrNotFound
	}
	return role, err
}

// UserByID returns an account.
func UserByID(ctx context.Context, db DB, id int64) (*domain.User, error) {
	return collectOne[domain.User](db.Query(ctx, "SELECT "+userColumns+" FROM users u WHERE u.id = $1", id))
}

// SetPassword replaces a user's password hash and, in the same
// transaction, ends every session of the user but the one whose token is
// keep ("" ends them all) and revokes the user's API tokens: whoever knew
// the old password is out. mustChange says whether the user must choose
// another password before doing anything else (an admin's reset).
func SetPassword(ctx context.Context, pool *pgxpool.Pool, id int64, hash string, mustChange bool, keep string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := updateOne(ctx, tx, "UPDATE users SET password_hash = $2, must_change_password = $3 WHERE id = $1", id, hash, mustChange)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token IN
			(SELECT token FROM user_sessions WHERE user_id = $1 AND token <> $2)`, id, keep); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM api_tokens WHERE user_id = $1", id)
		return err
	})
}
