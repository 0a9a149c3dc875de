package store

import (
	"context"
	"errors"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// Blobs keeps immutable bytes by key: replays and compiled bots. Keys are
// never rewritten with other bytes, so an implementation on object storage
// can write outside the database transaction that references the key.
type Blobs interface {
	Put(ctx context.Context, key string, data []byte) error
	Get(ctx context.Context, key string) ([]byte, error)
}

// PGBlobs stores blobs in the blobs table. Given a transaction, its writes
// commit or roll back with the rest.
type PGBlobs struct{ DB DB }

// Put stores data under key; storing the same key again is a no-op.
func (b PGBlobs) Put(ctx context.Context, key string, data []byte) error {
	_, err := b.DB.Exec(ctx, "INSERT INTO blobs (key, data) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, data)
	return err
}

// Get returns the blob, or ErrNotFound.
func (b PGBlobs) Get(ctx context.Context, key string) ([]byte, error) {
	var data []byte
	err := b.DB.QueryRow(ctx, "SELECT data FROM blobs WHERE key = $1", key).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return data, err
}
