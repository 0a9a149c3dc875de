package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// MatchSummary is a finished match as lists show it: when, what kind, and
// how each seat did.
type MatchSummary struct {
	ID         int64
	GameID     string
	Kind       string
	HasReplay  bool
	FinishedAt *time.Time
	Players    []SeatBrief `db:"-"` // in seat order
}

// SeatBrief is one seat of a listed match. BotID is nil for a built-in.
type SeatBrief struct {
	Seat      int
	BotID     *int64
	BotName   string
	OwnerName string
	House     bool // a house bot (the house account's)
	Score     *int64
	Rank      *int
	Frozen    bool
}

// FinishedMatches lists a game's finished matches newest first ("" means
// every game), older than before when before > 0 (keyset pagination: no
// OFFSET walking a million rows).
func FinishedMatches(ctx context.Context, db DB, gameID string, before int64, limit int) ([]MatchSummary, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	q := `SELECT id, game_id, kind, replay_key IS NOT NULL AS has_replay, finished_at FROM matches
		WHERE status = 'finished' AND id < $1 ORDER BY id DESC LIMIT $2`
	args := []any{before, limit}
	if gameID != "" {
		q = `SELECT id, game_id, kind, replay_key IS NOT NULL AS has_replay, finished_at FROM matches
			WHERE game_id = $3 AND status = 'finished' AND id < $1 ORDER BY id DESC LIMIT $2`
		args = append(args, gameID)
	}
	return summaries(ctx, db, q, args...)
}

// PublicMatches lists the latest finished ladder and tournament matches of
// every game, newest first: what the home page shows of the site's
// activity. Qualification matches, a version's trials against the Dummy
// (failed ones included), and challenges, a student's trials against the
// bots they chose, are their owner's business and stay out.
func PublicMatches(ctx context.Context, db DB, limit int) ([]MatchSummary, error) {
	return summaries(ctx, db, `SELECT id, game_id, kind, replay_key IS NOT NULL AS has_replay, finished_at FROM matches
		WHERE status = 'finished' AND kind IN ('ladder', 'tournament') ORDER BY id DESC LIMIT $1`, limit)
}

// BotMatches lists the finished matches any version of a bot played,
// newest first, older than before when before > 0. It walks the
// (version, match) index once per version and merges.
func BotMatches(ctx context.Context, db DB, botID, before int64, limit int) ([]MatchSummary, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	return summaries(ctx, db, `
		SELECT m.id, m.game_id, m.kind, m.replay_key IS NOT NULL AS has_replay, m.finished_at
		FROM (SELECT DISTINCT mid FROM bot_versions v
			CROSS JOIN LATERAL (SELECT mp.match_id AS mid FROM match_players mp
				WHERE mp.bot_version_id = v.id AND mp.match_id < $2
				ORDER BY mp.match_id DESC LIMIT $3) p
			WHERE v.bot_id = $1) ids
		JOIN matches m ON m.id = ids.mid AND m.status = 'finished'
		ORDER BY m.id DESC LIMIT $3`, botID, before, limit)
}

func summaries(ctx context.Context, db DB, q string, args ...any) ([]MatchSummary, error) {
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out, err := collectRows(rows, pgx.RowToStructByName[MatchSummary])
	if err != nil || len(out) == 0 {
		return out, err
	}
	return out, fillSeats(ctx, db, out)
}

// fillSeats loads the seats of all the listed matches in one query.
func fillSeats(ctx context.Context, db DB, ms []MatchSummary) error {
	ids := make([]int64, len(ms))
	at := make(map[int64]int, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
		at[m.ID] = i
	}
	rows, err := db.Query(ctx, `
		SELECT mp.match_id, mp.seat, b.id AS bot_id, coalesce(b.name, mp.builtin) AS bot_name, coalesce(u.name, '') AS owner_name,
		       coalesce(u.role = 'house', false) AS house, mp.score, mp.rank, mp.frozen_round IS NOT NULL AS frozen
		FROM match_players mp
		LEFT JOIN bot_versions v ON v.id = mp.bot_version_id
		LEFT JOIN bots b ON b.id = v.bot_id
		LEFT JOIN users u ON u.id = b.owner_id
		WHERE mp.match_id = ANY($1) ORDER BY mp.match_id, mp.seat`, ids)
	if err != nil {
		return err
	}
	type seat struct {
		MatchID int64
		SeatBrief
	}
	seats, err := pgx.CollectRows(rows, pgx.RowToStructByName[seat])
	for _, s := range seats {
		ms[at[s.MatchID]].Players = append(ms[at[s.MatchID]].Players, s.SeatBrief)
	}
	return err
}
