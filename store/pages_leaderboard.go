package store

import "context"

// boardFilter is who is on a game's leaderboard: bots whose current
// version is accepted, neither the bot nor its owner disabled, house bots
// included.
const boardFilter = `FROM bots b
	JOIN bot_versions v ON v.id = b.current_version_id AND v.status = 'accepted'
	JOIN users u ON u.id = b.owner_id
	WHERE b.game_id = $1 AND NOT b.disabled AND NOT u.disabled`

// rankedFilter is who is ranked: the board without the house bots.
const rankedFilter = boardFilter + ` AND u.role <> 'house'`

// TopStandings returns the first n ranked bots of a game (no house bot). It walks the
// μ−3σ index instead of ranking the whole board, so the home and game
// pages stay cheap however many bots there are. Ranks match Leaderboard's.
func TopStandings(ctx context.Context, db DB, gameID string, n int) ([]Standing, error) {
	rows, err := db.Query(ctx, `
		SELECT b.id, b.name, u.id, u.name, v.id, v.number, v.language, v.mu - 3 * v.sigma, v.mu, v.sigma, v.games
		`+rankedFilter+`
		ORDER BY v.mu - 3 * v.sigma DESC, v.games DESC, b.id LIMIT $2`, gameID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		s := Standing{Rank: len(out) + 1}
		if err := rows.Scan(&s.BotID, &s.BotName, &s.OwnerID, &s.OwnerName, &s.VersionID, &s.Version, &s.Language,
			&s.Ordinal, &s.Mu, &s.Sigma, &s.Games); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// BoardRank is a bot's rank on its game's leaderboard and the number of
// ranked bots; rank 0 when the bot is not ranked (a house bot is not).
func BoardRank(ctx context.Context, db DB, gameID string, botID int64) (rank, total int, err error) {
	err = db.QueryRow(ctx, `
		WITH me AS (SELECT v.mu - 3 * v.sigma AS o, v.games AS g `+rankedFilter+` AND b.id = $2)
		SELECT CASE WHEN me.o IS NULL THEN 0 ELSE (SELECT count(*) + 1 `+rankedFilter+` AND (v.mu - 3 * v.sigma > me.o
			OR (v.mu - 3 * v.sigma = me.o AND (v.games > me.g OR (v.games = me.g AND b.id < $2))))) END,
		       (SELECT count(*) `+rankedFilter+`)
		FROM (SELECT 1) one LEFT JOIN me ON true`, gameID, botID).Scan(&rank, &total)
	return rank, total, err
}

// RankedCount is the number of ranked bots of a game (house bots are not).
func RankedCount(ctx context.Context, db DB, gameID string) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) `+rankedFilter, gameID).Scan(&n)
	return n, err
}
