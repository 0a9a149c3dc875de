// Package bench is the database side of the load and capacity tools
// (tools/loadgen, tools/rush): sampling ids to request, seeding a large
// database in bulk, following a rush's versions to their verdicts. The
// server never uses it; it lives under store so that no SQL is written
// outside store.
package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/store"
)

// FinishedMatches samples up to limit finished matches of a game: about
// 1 % of the table's pages, or every match when that finds fewer than 100
// (a small database).
func FinishedMatches(ctx context.Context, db store.DB, gameID string, limit int) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT id FROM matches TABLESAMPLE SYSTEM (1) WHERE status = 'finished' AND game_id = $1 LIMIT $2`,
		gameID, limit)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) >= 100 {
		return ids, err
	}
	rows, err = db.Query(ctx, `SELECT id FROM matches WHERE status = 'finished' AND game_id = $1 LIMIT $2`, gameID, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// RankedBots lists the bots of a game whose current version is accepted.
func RankedBots(ctx context.Context, db store.DB, gameID string) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT b.id FROM bots b JOIN bot_versions v ON v.id = b.current_version_id AND v.status = 'accepted'
		WHERE b.game_id = $1`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// CountBots counts every bot.
func CountBots(ctx context.Context, db store.DB) (int, error) {
	var n int
	err := db.QueryRow(ctx, "SELECT count(*) FROM bots").Scan(&n)
	return n, err
}

// SkipForeignKeys turns the foreign-key triggers off for the rest of tx
// (superusers only): rows consistent by construction then COPY several
// times faster. Otherwise tx goes on as it was, and the error says why.
func SkipForeignKeys(ctx context.Context, tx pgx.Tx) (notSkipped error, err error) {
	if _, err := tx.Exec(ctx, "SAVEPOINT fk"); err != nil {
		return nil, err
	}
	if _, notSkipped = tx.Exec(ctx, "SET LOCAL session_replication_role = replica"); notSkipped != nil {
		if _, err := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT fk"); err != nil {
			return notSkipped, err
		}
	}
	return notSkipped, nil
}

// LastIDs are the largest ids of the tables seeding adds to (0: empty).
type LastIDs struct{ User, Bot, Version, Match int64 }

// MaxIDs reads the largest ids in use, for new rows to follow.
func MaxIDs(ctx context.Context, db store.DB) (LastIDs, error) {
	var l LastIDs
	err := db.QueryRow(ctx, `SELECT (SELECT coalesce(max(id), 0) FROM users), (SELECT coalesce(max(id), 0) FROM bots),
		(SELECT coalesce(max(id), 0) FROM bot_versions), (SELECT coalesce(max(id), 0) FROM matches)`).
		Scan(&l.User, &l.Bot, &l.Version, &l.Match)
	return l, err
}

// User, Bot, Version, Match, Seat and Rating are the rows seeding writes,
// with the ids it chose.
type User struct {
	ID                        int64
	Name, Email, PasswordHash string
	CreatedAt                 time.Time
}

type Bot struct {
	ID, OwnerID  int64
	GameID, Name string
	CreatedAt    time.Time
}

type Version struct {
	ID, BotID    int64
	Number       int
	Source       string
	Status       string
	Mu, Sigma    float64
	Games        int
	CreatedAt    time.Time
	LastPlayedAt *time.Time
}

type Match struct {
	ID                    int64
	GameID, Kind          string
	Seed                  int64
	Status                string
	CreatedAt, FinishedAt time.Time
	ReplayKey             string
	Rated                 bool
}

type Seat struct {
	MatchID      int64
	Seat         int
	VersionID    int64
	Score        int64
	Rank         int
	CPUSeconds   float64
	InvalidCalls int
}

type Rating struct {
	VersionID, MatchID int64
	Mu, Sigma          float64
	At                 time.Time
}

// copyRows streams n rows, made by row(i) one at a time, into table by
// COPY; values may be reused between rows (pgx encodes each before asking
// for the next).
func copyRows(ctx context.Context, tx pgx.Tx, table string, columns []string, n int, row func(i int) []any) (int64, error) {
	written, err := tx.CopyFrom(ctx, pgx.Identifier{table}, columns, &copyFunc{n: n, row: row})
	if err != nil {
		return written, fmt.Errorf("%s: %w", table, err)
	}
	return written, nil
}

type copyFunc struct {
	n, i int
	row  func(i int) []any
	cur  []any
}

func (c *copyFunc) Next() bool {
	if c.i >= c.n {
		return false
	}
	c.cur = c.row(c.i)
	c.i++
	return true
}
func (c *copyFunc) Values() ([]any, error) { return c.cur, nil }
func (c *copyFunc) Err() error             { return nil }

// CopyUsers writes n users, row(i) the i-th.
func CopyUsers(ctx context.Context, tx pgx.Tx, n int, row func(i int) User) (int64, error) {
	return copyRows(ctx, tx, "users", []string{"id", "name", "email", "password_hash", "created_at"}, n, func(i int) []any {
		u := row(i)
		return []any{u.ID, u.Name, u.Email, u.PasswordHash, u.CreatedAt}
	})
}

// CopyBots writes n bots, row(i) the i-th.
func CopyBots(ctx context.Context, tx pgx.Tx, n int, row func(i int) Bot) (int64, error) {
	return copyRows(ctx, tx, "bots", []string{"id", "owner_id", "game_id", "name", "created_at"}, n, func(i int) []any {
		b := row(i)
		return []any{b.ID, b.OwnerID, b.GameID, b.Name, b.CreatedAt}
	})
}

// CopyVersions writes versions (without artifacts) and makes each bot's
// accepted one its current version.
func CopyVersions(ctx context.Context, tx pgx.Tx, vs []Version) (int64, error) {
	n, err := copyRows(ctx, tx, "bot_versions",
		[]string{"id", "bot_id", "number", "source", "status", "artifact_sha256", "mu", "sigma", "games", "created_at", "last_played_at"},
		len(vs), func(i int) []any {
			v := vs[i]
			return []any{v.ID, v.BotID, v.Number, v.Source, v.Status, nil, v.Mu, v.Sigma, v.Games, v.CreatedAt, v.LastPlayedAt}
		})
	if err != nil || len(vs) == 0 {
		return n, err
	}
	first := vs[0].BotID
	for _, v := range vs {
		first = min(first, v.BotID)
	}
	_, err = tx.Exec(ctx, `UPDATE bots b SET current_version_id = v.id FROM bot_versions v
		WHERE v.bot_id = b.id AND v.status = 'accepted' AND b.id >= $1`, first)
	return n, err
}

// CopyMatches writes n matches, row(i) the i-th.
func CopyMatches(ctx context.Context, tx pgx.Tx, n int, row func(i int) Match) (int64, error) {
	return copyRows(ctx, tx, "matches",
		[]string{"id", "game_id", "kind", "seed", "status", "created_at", "finished_at", "replay_key", "rated"}, n, func(i int) []any {
			m := row(i)
			return []any{m.ID, m.GameID, m.Kind, m.Seed, m.Status, m.CreatedAt, m.FinishedAt, m.ReplayKey, m.Rated}
		})
}

// CopySeats writes n match players, row(i) the i-th.
func CopySeats(ctx context.Context, tx pgx.Tx, n int, row func(i int) Seat) (int64, error) {
	values := make([]any, 7)
	return copyRows(ctx, tx, "match_players",
		[]string{"match_id", "seat", "bot_version_id", "score", "rank", "cpu_seconds", "invalid_commands"}, n, func(i int) []any {
			s := row(i)
			values[0], values[1], values[2], values[3], values[4], values[5], values[6] =
				s.MatchID, s.Seat, s.VersionID, s.Score, s.Rank, s.CPUSeconds, s.InvalidCalls
			return values
		})
}

// CopyRatings writes n rating changes, row(i) the i-th.
func CopyRatings(ctx context.Context, tx pgx.Tx, n int, row func(i int) Rating) (int64, error) {
	return copyRows(ctx, tx, "rating_history", []string{"bot_version_id", "match_id", "mu", "sigma", "created_at"}, n, func(i int) []any {
		r := row(i)
		return []any{r.VersionID, r.MatchID, r.Mu, r.Sigma, r.At}
	})
}

// PutBlob stores data under key, replacing what it held.
func PutBlob(ctx context.Context, db store.DB, key string, data []byte) error {
	_, err := db.Exec(ctx, `INSERT INTO blobs (key, data) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data`, key, data)
	return err
}

// seededTables are the tables whose ids seeding chooses.
var seededTables = []string{"users", "bots", "bot_versions", "matches"}

// ResetSequences moves the id sequences of the seeded tables past the ids
// written, so that rows inserted later get new ones.
func ResetSequences(ctx context.Context, db store.DB) error {
	for _, t := range seededTables {
		if _, err := db.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM `+pgx.Identifier{t}.Sanitize()+`))`, t); err != nil {
			return err
		}
	}
	return nil
}

// VacuumAnalyze leaves fresh statistics and visibility maps on the seeded
// tables, as autovacuum would on a database that grew over months. Not in
// a transaction.
func VacuumAnalyze(ctx context.Context, conn store.DB) error {
	for _, t := range append(seededTables, "match_players", "rating_history") {
		if _, err := conn.Exec(ctx, "VACUUM ANALYZE "+pgx.Identifier{t}.Sanitize()); err != nil {
			return err
		}
	}
	return nil
}
