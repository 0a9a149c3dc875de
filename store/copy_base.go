package store

import (
	"context"
	"errors"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// CopyBaseFile is base code an admin added to a game's copy check.
type CopyBaseFile struct {
	ID       int64
	GameID   string
	Name     string
	Language string
	Source   string
	AddedBy  string // the admin's user name, "" if gone
	AddedAt  time.Time
}

// CopyBaseFiles returns a game's added base code, by name.
func CopyBaseFiles(ctx context.Context, db DB, gameID string) ([]CopyBaseFile, error) {
	rows, err := db.Query(ctx, `SELECT f.id, f.game_id, f.name, f.language, f.source, coalesce(u.name, '') AS added_by, f.added_at
		FROM copy_base_files f LEFT JOIN users u ON u.id = f.added_by WHERE f.game_id = $1 ORDER BY f.name`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[CopyBaseFile])
}

// CopyPutBaseFile adds a base file to a game, replacing the one of the
// same name.
func CopyPutBaseFile(ctx context.Context, db DB, f CopyBaseFile, by int64) error {
	_, err := db.Exec(ctx, `INSERT INTO copy_base_files (game_id, name, language, source, added_by) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (game_id, name) DO UPDATE SET language = EXCLUDED.language, source = EXCLUDED.source,
			added_by = EXCLUDED.added_by, added_at = now()`, f.GameID, f.Name, f.Language, f.Source, by)
	return err
}

// CopyDeleteBaseFile deletes a game's base file, returning its name;
// ErrNotFound if the game has no such file.
func CopyDeleteBaseFile(ctx context.Context, db DB, gameID string, id int64) (string, error) {
	var name string
	err := db.QueryRow(ctx, "DELETE FROM copy_base_files WHERE id = $1 AND game_id = $2 RETURNING name", id, gameID).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return name, err
}

// CopyResetGame forgets a game's copy check (fingerprints, index, common
// hashes, pairs), for it to be built again on other base code. The caller
// holds the game's lock (CopyLockGame).
func CopyResetGame(ctx context.Context, tx pgx.Tx, gameID string) error {
	for _, sql := range []string{"DELETE FROM copy_pairs WHERE game_id = $1", "DELETE FROM copy_common WHERE game_id = $1",
		"DELETE FROM copy_versions WHERE game_id = $1"} {
		if _, err := tx.Exec(ctx, sql, gameID); err != nil {
			return err
		}
	}
	return nil
}

// CopyCompiled lists a game's compiled versions, oldest first.
func CopyCompiled(ctx context.Context, db DB, gameID string) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT v.id FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.game_id = $1 AND v.artifact_sha256 IS NOT NULL ORDER BY v.id`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// CopyUncompared is a compiled version of a game the copy check compares
// with nothing: indexed with no fingerprint left once base code is out
// (Error ""), or whose check failed (its last job's error).
type CopyUncompared struct {
	VersionID int64
	BotID     int64
	Bot       string
	Number    int
	Language  domain.Language
	Status    string
	Owner     string
	Display   string
	// The failed check: its job, state (retryable or discarded), attempts
	// and last error.
	JobID             int64
	JobState          string
	Attempt, Attempts int
	Error             string
}

// copyUncomparedSelect lists versions u (version_id, job columns) with
// their bot and owner.
const copyUncomparedSelect = `SELECT u.version_id, b.id AS bot_id, b.name AS bot, v.number, v.language, v.status, o.name AS owner,
		o.display_name AS display, u.job_id, u.job_state, u.attempt, u.max_attempts AS attempts, u.error
	FROM u JOIN bot_versions v ON v.id = u.version_id JOIN bots b ON b.id = v.bot_id JOIN users o ON o.id = b.owner_id
	ORDER BY u.version_id DESC LIMIT $3`

// CopyEmpty lists (up to limit) a game's versions indexed in scheme with
// no fingerprint left, newest first.
func CopyEmpty(ctx context.Context, db DB, gameID, scheme string, limit int) ([]CopyUncompared, error) {
	return copyUncompared(ctx, db, `WITH u AS (SELECT version_id, 0::bigint AS job_id, '' AS job_state, 0 AS attempt, 0 AS max_attempts, '' AS error
		FROM copy_versions WHERE game_id = $1 AND scheme = $2 AND empty) `+copyUncomparedSelect, gameID, scheme, limit)
}

// CopyFailed lists (up to limit) a game's versions not indexed in scheme
// whose latest copy check failed (retryable: it will be tried again;
// discarded: given up), newest first.
func CopyFailed(ctx context.Context, db DB, gameID, scheme string, limit int) ([]CopyUncompared, error) {
	// Failed jobs are few: found by state, then by version among all the
	// copy checks (River's index on args), the newest only.
	return copyUncompared(ctx, db, `WITH j AS (
			SELECT DISTINCT ON ((args->>'version_id')::bigint) (args->>'version_id')::bigint AS version_id, id AS job_id,
				state::text AS job_state, attempt, max_attempts, coalesce(errors[cardinality(errors)]->>'error', '') AS error
			FROM river_job WHERE kind = 'copycheck' AND state IN ('retryable', 'discarded')
				AND jsonb_typeof(args->'version_id') = 'number'
			ORDER BY (args->>'version_id')::bigint, id DESC),
		u AS (SELECT j.* FROM j JOIN bot_versions v ON v.id = j.version_id JOIN bots b ON b.id = v.bot_id
			WHERE b.game_id = $1
				AND NOT EXISTS (SELECT 1 FROM copy_versions c WHERE c.version_id = j.version_id AND c.scheme = $2)
				AND NOT EXISTS (SELECT 1 FROM river_job k WHERE k.kind = 'copycheck' AND k.id > j.job_id
					AND k.args @> jsonb_build_object('version_id', j.version_id))) `+copyUncomparedSelect,
		gameID, scheme, limit)
}

func copyUncompared(ctx context.Context, db DB, sql, gameID, scheme string, limit int) ([]CopyUncompared, error) {
	rows, err := db.Query(ctx, sql, gameID, scheme, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[CopyUncompared])
}
