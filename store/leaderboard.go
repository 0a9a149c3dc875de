package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
)

// BotSummary is one of a user's bots with its latest version.
type BotSummary struct {
	Bot    domain.Bot
	Latest *domain.Version // nil if none
	Active *domain.Version // the version on the ladder, if any
}

// QualificationMatches lists the matches of a version's qualification
// since it was last judged, in order (match i first).
func QualificationMatches(ctx context.Context, db DB, versionID int64) ([]*domain.Match, error) {
	rows, err := db.Query(ctx, "SELECT "+matchColumns+" FROM matches m WHERE "+judgedNow+" ORDER BY id", versionID)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToAddrOfStructByName[domain.Match])
}

// boardFilter is who is on a game's leaderboard: bots whose current
// version is accepted, neither the bot nor its owner disabled, house bots
// included.
const boardFilter = `FROM bots b
	JOIN bot_versions v ON v.id = b.current_version_id AND v.status = 'accepted'
	JOIN users u ON u.id = b.owner_id
	WHERE b.game_id = $1 AND NOT b.disabled AND NOT u.disabled`

// rankedFilter is who is ranked: the board without the house bots.
const rankedFilter = boardFilter + ` AND u.role <> 'house'`
