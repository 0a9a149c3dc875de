package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// RatingPoint is a bot's rating after one rated match.
type RatingPoint struct {
	At        time.Time
	Version   int
	Mu, Sigma float64
}

// BotRatingHistory returns the last n rating changes of all of a bot's
// versions, oldest first.
func BotRatingHistory(ctx context.Context, db DB, botID int64, n int) ([]RatingPoint, error) {
	rows, err := db.Query(ctx, `
		SELECT at, number AS version, mu, sigma FROM (
			SELECT h.created_at AS at, v.number, h.mu, h.sigma
			FROM bot_versions v JOIN rating_history h ON h.bot_version_id = v.id
			WHERE v.bot_id = $1 ORDER BY h.created_at DESC LIMIT $2) last
		ORDER BY at`, botID, n)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToStructByName[RatingPoint])
}
