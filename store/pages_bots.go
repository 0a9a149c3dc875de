package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// BotProfile is what a bot's public page shows. It never carries a
// version's source or logs: those are for the owner and admins only.
type BotProfile struct {
	Bot       Bot
	OwnerName string
	Current   *PublicVersion // the version on the ladder, if any
	Versions  []PublicVersion
}

// PublicVersion is a version without its source, compile log or artifact.
type PublicVersion struct {
	ID        int64
	Number    int
	Language  string
	Status    VersionStatus
	Mu, Sigma *float64
	Games     int
	CreatedAt time.Time
}

// BotProfileByID returns a bot's public profile, or ErrNotFound.
func BotProfileByID(ctx context.Context, db DB, id int64) (*BotProfile, error) {
	p := &BotProfile{}
	b := &p.Bot
	err := db.QueryRow(ctx, `SELECT b.id, b.owner_id, b.game_id, b.name, b.disabled, b.current_version_id, b.created_at, u.name
		FROM bots b JOIN users u ON u.id = b.owner_id WHERE b.id = $1`, id).
		Scan(&b.ID, &b.OwnerID, &b.GameID, &b.Name, &b.Disabled, &b.CurrentVersionID, &b.CreatedAt, &p.OwnerName)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(ctx, `SELECT id, number, language, status, mu, sigma, games, created_at
		FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var v PublicVersion
		if err := rows.Scan(&v.ID, &v.Number, &v.Language, &v.Status, &v.Mu, &v.Sigma, &v.Games, &v.CreatedAt); err != nil {
			return nil, err
		}
		p.Versions = append(p.Versions, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range p.Versions {
		if b.CurrentVersionID != nil && p.Versions[i].ID == *b.CurrentVersionID {
			p.Current = &p.Versions[i]
		}
	}
	return p, nil
}

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
		SELECT at, number, mu, sigma FROM (
			SELECT h.created_at AS at, v.number, h.mu, h.sigma
			FROM bot_versions v JOIN rating_history h ON h.bot_version_id = v.id
			WHERE v.bot_id = $1 ORDER BY h.created_at DESC LIMIT $2) last
		ORDER BY at`, botID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatingPoint
	for rows.Next() {
		var p RatingPoint
		if err := rows.Scan(&p.At, &p.Version, &p.Mu, &p.Sigma); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

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
// `last` finished matches (all its versions together). Bounding the matches
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
		SELECT ob.id, coalesce(ob.name, o.builtin), coalesce(ou.name, ''),
		       count(*) FILTER (WHERE me.score > o.score),
		       count(*) FILTER (WHERE me.score < o.score),
		       count(*) FILTER (WHERE me.score = o.score),
		       count(DISTINCT me.match_id)
		FROM me
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
	defer rows.Close()
	var out []Rival
	for rows.Next() {
		var r Rival
		if err := rows.Scan(&r.BotID, &r.BotName, &r.OwnerName, &r.Wins, &r.Losses, &r.Draws, &r.Matches); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
