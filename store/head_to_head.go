package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Rival is how a bot fared against another in the finished matches they
// shared: a win is a higher score in the same match. BotID is nil for a
// built-in bot such as the Dummy.
type Rival struct {
	BotID               *int64
	BotName, OwnerName  string
	Wins, Losses, Draws int
	Matches             int
}

// HeadToHead returns the n opponents a bot met most often in its last
// `last` finished matches (all its versions together), challenges left out:
// a student picks those opponents, and could pad a rival's record. Bounding the matches
// keeps the page an index walk (match_players_version_match_idx) and a few
// hundred primary-key lookups however long the bot has played.
func HeadToHead(ctx context.Context, db DB, botID int64, n, last int) ([]Rival, error) {
	rows, err := db.Query(ctx, `
		WITH me AS (
			SELECT mp.match_id, mp.seat, mp.score
			FROM bot_versions mv
			CROSS JOIN LATERAL (SELECT match_id, seat, score FROM match_players
				WHERE bot_version_id = mv.id AND score IS NOT NULL
				ORDER BY match_id DESC LIMIT $3) mp
			WHERE mv.bot_id = $1
			ORDER BY mp.match_id DESC LIMIT $3
		)
		SELECT ob.id AS bot_id, coalesce(ob.name, o.builtin) AS bot_name, coalesce(ou.name, '') AS owner_name,
		       count(*) FILTER (WHERE me.score > o.score) AS wins,
		       count(*) FILTER (WHERE me.score < o.score) AS losses,
		       count(*) FILTER (WHERE me.score = o.score) AS draws,
		       count(DISTINCT me.match_id) AS matches
		FROM me
		JOIN matches m ON m.id = me.match_id AND m.kind <> 'challenge'
		JOIN match_players o ON o.match_id = me.match_id AND o.seat <> me.seat AND o.score IS NOT NULL
		LEFT JOIN bot_versions ov ON ov.id = o.bot_version_id
		LEFT JOIN bots ob ON ob.id = ov.bot_id
		LEFT JOIN users ou ON ou.id = ob.owner_id
		WHERE ob.id IS DISTINCT FROM $1
		GROUP BY ob.id, coalesce(ob.name, o.builtin), coalesce(ou.name, '')
		ORDER BY count(DISTINCT me.match_id) DESC, 2 LIMIT $2`, botID, n, last)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToStructByName[Rival])
}
