package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Storage is the database's size by kind. Replays and compiled bots share
// the blobs table, so their sizes are their values as stored (read from
// each value's header, without reading the value itself); the rest of that
// table (its index, the free space deleted values left for new ones to
// reuse) is Blobs less both.
type Storage struct {
	At        time.Time
	Database  int64 // pg_database_size: all of it, catalogs and free space included
	Replays   int64 // replay blobs as stored (gzip: PostgreSQL stores them as they are)
	Artifacts int64 // compiled bots' blobs as stored (after PostgreSQL's own compression)
	Blobs     int64 // the blobs table in all: the two above, its index and its free space
	Rows      int64 // every other table (Arena's and River's), with its indexes
	// How many replays and compiled bots are stored.
	ReplayCount, ArtifactCount int64
	Tables                     []TableSize // every table, largest first (not in samples)
}

// TableSize is one table's pg_total_relation_size.
type TableSize struct {
	Name  string
	Bytes int64
}

// BlobOther is the blobs table beyond its values: index, free space.
func (s Storage) BlobOther() int64 { return max(0, s.Blobs-s.Replays-s.Artifacts) }

// MeasureStorage measures the database now. It reads every blob's header
// (not its value): tens of milliseconds for a hundred thousand blobs.
func MeasureStorage(ctx context.Context, db DB) (Storage, error) {
	s := Storage{At: time.Now()}
	err := db.QueryRow(ctx, `
		SELECT pg_database_size(current_database()),
		       coalesce(sum(pg_column_size(data)) FILTER (WHERE key LIKE 'replay/%'), 0),
		       count(*) FILTER (WHERE key LIKE 'replay/%'),
		       coalesce(sum(pg_column_size(data)) FILTER (WHERE key LIKE 'wasm/%'), 0),
		       count(*) FILTER (WHERE key LIKE 'wasm/%')
		FROM blobs`).Scan(&s.Database, &s.Replays, &s.ReplayCount, &s.Artifacts, &s.ArtifactCount)
	if err != nil {
		return s, err
	}
	rows, err := db.Query(ctx, `
		SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
		ORDER BY 2 DESC, 1`)
	if err != nil {
		return s, err
	}
	s.Tables, err = pgx.CollectRows(rows, pgx.RowToStructByName[TableSize])
	for _, t := range s.Tables {
		if t.Name == "blobs" {
			s.Blobs = t.Bytes
		} else {
			s.Rows += t.Bytes
		}
	}
	return s, err
}

// RecordStorageSample keeps s as today's sample unless today has one: a
// day's sample is its first measurement. It says whether it kept it.
func RecordStorageSample(ctx context.Context, db DB, s Storage) (bool, error) {
	tag, err := db.Exec(ctx, `INSERT INTO storage_samples (day, taken_at, database_bytes, replay_bytes,
		artifact_bytes, blob_bytes, row_bytes, replays, artifacts)
		VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (day) DO NOTHING`,
		s.At, s.Database, s.Replays, s.Artifacts, s.Blobs, s.Rows, s.ReplayCount, s.ArtifactCount)
	return err == nil && tag.RowsAffected() == 1, err
}

const sampleColumns = `taken_at, database_bytes, replay_bytes, artifact_bytes, blob_bytes, row_bytes, replays, artifacts`

func scanSample(row pgx.Row) (*Storage, error) {
	s := &Storage{}
	err := row.Scan(&s.At, &s.Database, &s.Replays, &s.Artifacts, &s.Blobs, &s.Rows, &s.ReplayCount, &s.ArtifactCount)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return s, err
}

// StorageSampleBefore returns the newest sample taken at or before at,
// or nil when there is none.
func StorageSampleBefore(ctx context.Context, db DB, at time.Time) (*Storage, error) {
	return scanSample(db.QueryRow(ctx, "SELECT "+sampleColumns+" FROM storage_samples WHERE taken_at <= $1 ORDER BY taken_at DESC LIMIT 1", at))
}

// OldestStorageSample returns the first sample kept, or nil.
func OldestStorageSample(ctx context.Context, db DB) (*Storage, error) {
	return scanSample(db.QueryRow(ctx, "SELECT "+sampleColumns+" FROM storage_samples ORDER BY taken_at LIMIT 1"))
}

// LastJobOutput returns when the newest completed job of a kind finished
// and the output it recorded (river.RecordOutput), or a nil time when
// River keeps none (it deletes finished jobs after a day).
func LastJobOutput(ctx context.Context, db DB, kind string) (*time.Time, []byte, error) {
	var at *time.Time
	var out []byte
	err := db.QueryRow(ctx, `SELECT finalized_at, metadata->'output' FROM river_job
		WHERE kind = $1 AND state = 'completed' ORDER BY id DESC LIMIT 1`, kind).Scan(&at, &out)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, nil
	}
	return at, out, err
}
