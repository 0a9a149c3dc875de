package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
)

// Roles.
const (
	RoleStudent = "student"
	RoleAdmin   = "admin"
)

// User is an account.
type User struct {
	ID           int64
	Name         string
	Email        string
	PasswordHash string
	Role         string
	Disabled     bool
	CreatedAt    time.Time
}

// ErrConflict reports a unique value (a user name, an email) already taken.
var ErrConflict = errors.New("already taken")

// CreateUser inserts u and sets its ID and CreatedAt.
func CreateUser(ctx context.Context, db DB, u *User) error {
	if u.Role == "" {
		u.Role = RoleStudent
	}
	err := db.QueryRow(ctx, `
		INSERT INTO users (name, email, password_hash, role, disabled)
		VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
		u.Name, u.Email, u.PasswordHash, u.Role, u.Disabled).Scan(&u.ID, &u.CreatedAt)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("user %q: %w", u.Name, ErrConflict)
	}
	return err
}

// EnsureAdmin creates the first account, an admin named "admin", when there
// is no account at all. It returns the password it set, or "" when accounts
// already existed. An empty password argument means a random one. Safe when
// several processes start at once: the table is locked for the check.
func EnsureAdmin(ctx context.Context, pool *pgxpool.Pool, password string) (string, error) {
	var created string
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM users)").Scan(&exists); err != nil || exists {
			return err
		}
		if password == "" {
			password = auth.RandomPassword(16)
		}
		hash, err := auth.HashPassword(password)
		if err != nil {
			return err
		}
		u := &User{Name: "admin", Email: "admin@localhost", PasswordHash: hash, Role: RoleAdmin}
		if err := CreateUser(ctx, tx, u); err != nil {
			return err
		}
		created = password
		return nil
	})
	return created, err
}

// UserByName finds an account by name, case-insensitively.
func UserByName(ctx context.Context, db DB, name string) (*User, error) {
	u := &User{}
	err := db.QueryRow(ctx, `
		SELECT id, name, email, password_hash, role, disabled, created_at
		FROM users WHERE lower(name) = lower($1)`, name).
		Scan(&u.ID, &u.Name, &u.Email, &u.PasswordHash, &u.Role, &u.Disabled, &u.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return u, err
}

// ErrNotFound reports a row that does not exist.
var ErrNotFound = errors.New("not found")

// UserByID returns an account.
func UserByID(ctx context.Context, db DB, id int64) (*User, error) {
	u := &User{}
	err := db.QueryRow(ctx, `
		SELECT id, name, email, password_hash, role, disabled, created_at
		FROM users WHERE id = $1`, id).
		Scan(&u.ID, &u.Name, &u.Email, &u.PasswordHash, &u.Role, &u.Disabled, &u.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return u, err
}

// SetPassword replaces a user's password hash.
func SetPassword(ctx context.Context, db DB, id int64, hash string) error {
	_, err := db.Exec(ctx, "UPDATE users SET password_hash = $2 WHERE id = $1", id, hash)
	return err
}
