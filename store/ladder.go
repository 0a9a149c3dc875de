package store

import (
	"context"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// The reads matchmaking needs (judge/matchmaking.go); package ladder
// chooses the matches.

// LockMatchmaking makes the transaction the only matchmaker until it ends,
// even if a period's job were doubled.
func LockMatchmaking(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('arena-matchmaking'))")
	return err
}

// QueuedLadderMatches counts a game's ladder matches waiting to be played.
func QueuedLadderMatches(ctx context.Context, db DB, gameID string) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM matches WHERE game_id = $1 AND kind = 'ladder' AND status = 'queued'`,
		gameID).Scan(&n)
	return n, err
}

// LadderCandidates lists the versions that may play a game's ladder: each
// bot's current accepted version, unless the bot or its owner is disabled,
// house bots included (marked). A candidate's BotID is the version's id.
func LadderCandidates(ctx context.Context, db DB, gameID string) ([]domain.Candidate, error) {
	rows, err := db.Query(ctx, `
		SELECT v.id AS bot_id, b.owner_id, v.mu, v.sigma, v.games, coalesce(v.last_played_at, 'epoch') AS last_played, u.role = 'house' AS house
		FROM bots b JOIN bot_versions v ON v.id = b.current_version_id
		JOIN users u ON u.id = b.owner_id
		WHERE b.game_id = $1 AND NOT b.disabled AND NOT u.disabled AND v.status = 'accepted'`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[domain.Candidate])
}
