package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/config"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
)

// openDatabase connects (creating the database if missing) and applies every
// migration, the app's then River's, so each command starts on a current
// schema, records the registered games and recognises original boards
// uploaded before this build knew them.
func openDatabase(ctx context.Context, cfg config.Config) (*pgxpool.Pool, error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := store.Migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		if err := store.EnsureGame(ctx, pool, id, g.Info().Title); err != nil {
			pool.Close()
			return nil, err
		}
	}
	if err := judge.RecogniseOriginals(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}
