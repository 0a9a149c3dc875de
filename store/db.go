package store

import (
	"context"
	"errors"

	"arena.dev/domain"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DB is what data access needs: a pool, a connection or a transaction, so
// that several stores compose inside one transaction.
type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Rows are read with pgx's helpers: pgx.CollectRows or pgx.CollectOneRow
// with pgx.RowToStructByName (columns matched to fields by name, snake
// case to Go's, or by a db tag) or pgx.RowTo for one column. A Scan is
// left where it reads a single row of loose values (a count, an EXISTS, an
// aggregate into several variables, a RETURNING into a struct being
// filled).

// notFound turns pgx's no-row error into domain.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// collectOne reads the one row of a query into a *T by name; no row is
// domain.ErrNotFound. Pass it a Query's results: collectOne[T](db.Query(...)).
func collectOne[T any](rows pgx.Rows, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	v, err := pgx.CollectOneRow(rows, pgx.RowToAddrOfStructByName[T])
	return v, notFound(err)
}

// pair is a row of two columns, read by position.
type pair[K comparable, V any] struct {
	Key   K
	Value V
}

// collectMap reads rows of two columns, a key and its value, into a map
// (empty, not nil, when there is no row). Pass it a Query's results.
func collectMap[K comparable, V any](rows pgx.Rows, err error) (map[K]V, error) {
	if err != nil {
		return nil, err
	}
	pairs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[pair[K, V]])
	if err != nil {
		return nil, err
	}
	out := make(map[K]V, len(pairs))
	for _, p := range pairs {
		out[p.Key] = p.Value
	}
	return out, nil
}

// collectRows is pgx.CollectRows except that no row gives a nil slice, as
// the loops it replaced did (an API answers null for it, as before).
func collectRows[T any](rows pgx.Rows, fn pgx.RowToFunc[T]) ([]T, error) {
	return pgx.AppendRows([]T(nil), rows, fn)
}
