package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"arena.dev/migrations"
)

// migrateLock is the advisory lock key that serialises migrations, so that
// any number of processes may start at once ("arena" in ASCII).
const migrateLock = 0x6172656e61

// Migrate applies the application's migrations, then River's. It holds a
// session advisory lock throughout, so concurrent callers wait and then find
// nothing left to do.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrateLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrateLock)

	provider, closeDB, err := gooseProvider(pool)
	if err != nil {
		return err
	}
	defer closeDB()
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate river: %w", err)
	}
	return nil
}

// MigrationState is one migration and whether it is applied.
type MigrationState struct {
	Source  string // "app" or "river"
	Version int64
	Name    string
	Applied bool
}

// MigrationStatus lists every known migration, the app's then River's.
func MigrationStatus(ctx context.Context, pool *pgxpool.Pool) ([]MigrationState, error) {
	provider, closeDB, err := gooseProvider(pool)
	if err != nil {
		return nil, err
	}
	defer closeDB()
	app, err := provider.Status(ctx)
	if err != nil {
		return nil, err
	}
	var out []MigrationState
	for _, s := range app {
		out = append(out, MigrationState{"app", s.Source.Version, s.Source.Path, s.State == goose.StateApplied})
	}
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return nil, err
	}
	applied := map[int]bool{}
	if existing, err := migrator.ExistingVersions(ctx); err == nil {
		for _, m := range existing {
			applied[m.Version] = true
		}
	}
	for _, m := range migrator.AllVersions() {
		out = append(out, MigrationState{"river", int64(m.Version), m.Name, applied[m.Version]})
	}
	return out, nil
}

func gooseProvider(pool *pgxpool.Pool) (*goose.Provider, func() error, error) {
	db := stdlib.OpenDBFromPool(pool)
	p, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return p, db.Close, nil
}
