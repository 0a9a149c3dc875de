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

// BotsOfOwner lists a user's bots, optionally in one game.
func BotsOfOwner(ctx context.Context, db DB, ownerID int64, gameID string) ([]BotSummary, error) {
	rows, err := db.Query(ctx, `SELECT id, owner_id, game_id, name, disabled, current_version_id, created_at
		FROM bots WHERE owner_id = $1 AND ($2 = '' OR game_id = $2) ORDER BY game_id, lower(name)`, ownerID, gameID)
	if err != nil {
		return nil, err
	}
	bots, err := pgx.CollectRows(rows, pgx.RowToStructByName[domain.Bot])
	if err != nil {
		return nil, err
	}
	var out []BotSummary
	for _, b := range bots {
		out = append(out, BotSummary{Bot: b})
	}
	for i := range out {
		v, err := collectOne[domain.Version](db.Query(ctx, "SELECT "+versionColumns+" FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC LIMIT 1", out[i].Bot.ID))
		if err != nil && err != domain.ErrNotFound {
			return nil, err
		}
		out[i].Latest = v
		if id := out[i].Bot.CurrentVersionID; id != nil {
			if out[i].Active, err = VersionByID(ctx, db, *id); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
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
