package service

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
	"arena.dev/store"
)

// EnsureAdmin creates the first account, an admin named "admin" with this
// password (empty: a random one), when there is no account at all (the
// house's does not count). It returns the password it set, or "" when
// accounts already existed.
func EnsureAdmin(ctx context.Context, pool *pgxpool.Pool, password string) (string, error) {
	return store.EnsureAdmin(ctx, pool, func() (string, string, error) {
		if password == "" {
			password = auth.RandomPassword(16)
		}
		hash, err := auth.HashPassword(password)
		return password, hash, err
	})
}
