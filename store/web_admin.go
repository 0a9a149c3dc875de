package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
)

// Batched reads of the admin's pages: each loads what its page shows for
// every game in one query, instead of one query per game.

// AllLadderCandidates is LadderCandidates for every game at once, by game
// id (a game without candidates is absent).
func AllLadderCandidates(ctx context.Context, db DB) (map[string][]domain.Candidate, error) {
	rows, err := db.Query(ctx, `
		SELECT b.game_id, v.id, b.owner_id, v.mu, v.sigma, v.games, coalesce(v.last_played_at, 'epoch'), u.role = 'house'
		FROM bots b JOIN bot_versions v ON v.id = b.current_version_id
		JOIN users u ON u.id = b.owner_id
		WHERE NOT b.disabled AND NOT u.disabled AND v.status = 'accepted'`)
	if err != nil {
		return nil, err
	}
	out := map[string][]domain.Candidate{}
	var game string
	var c domain.Candidate
	_, err = pgx.ForEachRow(rows, []any{&game, &c.BotID, &c.OwnerID, &c.Mu, &c.Sigma, &c.Games, &c.LastPlayed, &c.House}, func() error {
		out[game] = append(out[game], c)
		return nil
	})
	return out, err
}
