// Package store is Arena's Postgres layer: connecting (creating the database
// when it is missing), migrating, and the data access later issues add.
package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Redact returns the database URL with its password hidden, for messages.
func Redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.Scheme == "" {
		return "(unparsable database URL)"
	}
	return u.Redacted()
}

// UnreachableError says the database server could not be reached; its
// message names the URL without the password, on one line.
type UnreachableError struct {
	URL string // redacted
	Err error
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("cannot reach the database at %s: %v", e.URL, e.Err)
}

func (e *UnreachableError) Unwrap() error { return e.Err }

// Open connects to databaseURL, creating the database first when the server
// answers but the database does not exist, and checks that it answers.
func Open(ctx context.Context, databaseURL string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("invalid DATABASE_URL %s: %v", Redact(databaseURL), errors.Unwrap(err))
	}
	if err := ensureDatabase(ctx, cfg.ConnConfig); err != nil {
		return nil, &UnreachableError{URL: Redact(databaseURL), Err: shortError(err)}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, &UnreachableError{URL: Redact(databaseURL), Err: shortError(err)}
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, &UnreachableError{URL: Redact(databaseURL), Err: shortError(err)}
	}
	return pool, nil
}

// ensureDatabase creates the target database through the server's
// maintenance database when connecting to it fails with "does not exist".
func ensureDatabase(ctx context.Context, target *pgx.ConnConfig) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, target)
	if err == nil {
		return conn.Close(ctx)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "3D000" { // invalid_catalog_name
		return err
	}
	admin := target.Copy()
	admin.Database = "postgres"
	conn, err = pgx.ConnectConfig(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{target.Database}.Sanitize())
	if errors.As(err, &pgErr) && (pgErr.Code == "42P04" || pgErr.Code == "23505") {
		err = nil // another process created it first
	}
	return err
}

// shortError keeps the most specific cause of a connection error, on one
// line: pgconn wraps the same dial error in several layers, one per host.
func shortError(err error) error {
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return opErr
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr
	}
	return errors.New(strings.Join(strings.Fields(err.Error()), " "))
}
