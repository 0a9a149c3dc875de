package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Freeze is a match in which a version was frozen: when and why.
type Freeze struct {
	MatchID   int64
	MatchKind string // qualification, ladder, tournament
	Seat      int
	Round     int    // from 0; -1 at setup
	Kind      string // games.Freeze*; "" for a match from before kinds
	Reason    string
	When      time.Time
}

// VersionFreezes returns the latest matches in which a version was frozen,
// newest first (at most limit), and how many there are in all.
func VersionFreezes(ctx context.Context, db DB, versionID int64, limit int) ([]Freeze, int, error) {
	rows, err := db.Query(ctx, `
		SELECT m.id AS match_id, m.kind AS match_kind, mp.seat, mp.frozen_round AS round, coalesce(mp.frozen_kind, '') AS kind,
		       coalesce(mp.frozen_reason, '') AS reason, coalesce(m.finished_at, m.created_at) AS "when"
		FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE mp.bot_version_id = $1 AND mp.frozen_round IS NOT NULL
		ORDER BY mp.match_id DESC LIMIT $2`, versionID, limit)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByName[Freeze])
	if err != nil || len(out) < limit {
		return out, len(out), err
	}
	var n int
	err = db.QueryRow(ctx, `SELECT count(*) FROM match_players WHERE bot_version_id = $1 AND frozen_round IS NOT NULL`,
		versionID).Scan(&n)
	return out, n, err
}
