package store

import (
	"context"
	"time"
)

// Standing is one line of a game's leaderboard: a bot's current version.
type Standing struct {
	Rank       int // among students' bots; 0 for a house bot
	House      bool
	BotID      int64
	BotName    string
	OwnerID    int64
	OwnerName  string
	VersionID  int64
	Version    int
	Language   Language // the version's (package lang's id)
	Ordinal    float64  // μ − 3σ, the order of the board
	Mu, Sigma  float64
	Games      int
	LastChange *time.Time
}

// Leaderboard returns a page of a game's leaderboard by μ−3σ, house bots
// (see house.go) in their place but unranked, and the number of rows it
// is cut from. ownerID > 0 keeps only that owner's bots, with their
// overall ranks. The last rating change is looked up only for the rows of
// the page.
func Leaderboard(ctx context.Context, db DB, gameID string, ownerID int64, limit, offset int) ([]Standing, int, error) {
	rows, err := db.Query(ctx, `
		WITH board AS (
			SELECT row_number() OVER w AS pos,
			       CASE WHEN u.role = 'house' THEN 0 ELSE count(*) FILTER (WHERE u.role <> 'house') OVER w END AS rank,
			       u.role = 'house' AS house,
			       b.id AS bot_id, b.name AS bot_name, u.id AS owner_id, u.name AS owner_name,
			       v.id AS version_id, v.number, v.language, v.mu - 3 * v.sigma AS ordinal, v.mu, v.sigma, v.games
			`+boardFilter+`
			WINDOW w AS (ORDER BY v.mu - 3 * v.sigma DESC, v.games DESC, b.id)
		), page AS (
			SELECT *, count(*) OVER () AS total FROM board
			WHERE $2 = 0 OR owner_id = $2
			ORDER BY pos LIMIT $3 OFFSET $4
		)
		SELECT rank, house, bot_id, bot_name, owner_id, owner_name, version_id, number, language, ordinal, mu, sigma, games,
		       (SELECT max(h.created_at) FROM rating_history h WHERE h.bot_version_id = page.version_id), total
		FROM page ORDER BY pos`, gameID, ownerID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Standing
	total := 0
	for rows.Next() {
		var s Standing
		if err := rows.Scan(&s.Rank, &s.House, &s.BotID, &s.BotName, &s.OwnerID, &s.OwnerName, &s.VersionID, &s.Version, &s.Language,
			&s.Ordinal, &s.Mu, &s.Sigma, &s.Games, &s.LastChange, &total); err != nil {
			return nil, 0, err
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && offset > 0 {
		// Past the last page: the total is still worth knowing.
		err = db.QueryRow(ctx, `SELECT count(*) `+boardFilter+` AND ($2 = 0 OR u.id = $2)`, gameID, ownerID).Scan(&total)
	}
	return out, total, err
}

// BotSummary is one of a user's bots with its latest version.
type BotSummary struct {
	Bot    Bot
	Latest *Version // nil if none
	Active *Version // the version on the ladder, if any
}

// BotsOfOwner lists a user's bots, optionally in one game.
func BotsOfOwner(ctx context.Context, db DB, ownerID int64, gameID string) ([]BotSummary, error) {
	rows, err := db.Query(ctx, `SELECT id, owner_id, game_id, name, disabled, current_version_id, created_at
		FROM bots WHERE owner_id = $1 AND ($2 = '' OR game_id = $2) ORDER BY game_id, lower(name)`, ownerID, gameID)
	if err != nil {
		return nil, err
	}
	var out []BotSummary
	for rows.Next() {
		var b Bot
		if err := rows.Scan(&b.ID, &b.OwnerID, &b.GameID, &b.Name, &b.Disabled, &b.CurrentVersionID, &b.CreatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, BotSummary{Bot: b})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		v, err := scanVersion(db.QueryRow(ctx, "SELECT "+versionColumns+" FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC LIMIT 1", out[i].Bot.ID))
		if err != nil && err != ErrNotFound {
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
func QualificationMatches(ctx context.Context, db DB, versionID int64) ([]*Match, error) {
	rows, err := db.Query(ctx, "SELECT "+matchColumns+" FROM matches m WHERE "+judgedNow+" ORDER BY id", versionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
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
