package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/config"
	"arena.dev/judge"
	"arena.dev/store"
)

// openDatabase connects (creating the database if missing) and prepares it
// (judge.PrepareDatabase), so each command starts on a current schema with
// the registered games recorded.
func openDatabase(ctx context.Context, cfg config.Config) (*pgxpool.Pool, error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := judge.PrepareDatabase(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}
