package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// The writes that land a match's results and put versions on the ladder
// (judge/match.go and judge/qualify.go), in the caller's transaction.

// LockVersions locks bot versions in id order: two matches landing at once
// with shared players would otherwise deadlock on their rows. NO KEY: a
// match being created takes key-share locks on its seats' versions (their
// foreign keys) in seat order, which FOR UPDATE would wait for, and so
// deadlock with the matchmaker.
func LockVersions(ctx context.Context, db DB, ids []int64) error {
	_, err := db.Exec(ctx, "SELECT 1 FROM bot_versions WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE", ids)
	return err
}

// CountLadderGame counts one more ladder game, played now, for each version.
func CountLadderGame(ctx context.Context, db DB, ids []int64) error {
	_, err := db.Exec(ctx, "UPDATE bot_versions SET games = games + 1, last_played_at = now() WHERE id = ANY($1)", ids)
	return err
}

// VersionRating is a version's rating and whether it may still move: an
// accepted version that is its bot's current one.
type VersionRating struct {
	Mu, Sigma float64
	Current   bool
}

// RatingsForUpdate returns the ratings of the versions that exist, by id,
// and locks their rows (in id order) until the transaction ends.
func RatingsForUpdate(ctx context.Context, db DB, ids []int64) (map[int64]VersionRating, error) {
	rows, err := db.Query(ctx, `
		SELECT v.id, coalesce(v.mu, 0) AS mu, coalesce(v.sigma, 0) AS sigma,
		       v.status = 'accepted' AND b.current_version_id = v.id AS current
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE v.id = ANY($1) ORDER BY v.id FOR NO KEY UPDATE OF v`, ids)
	if err != nil {
		return nil, err
	}
	type row struct {
		ID int64
		VersionRating
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByName[row])
	if err != nil {
		return nil, err
	}
	out := make(map[int64]VersionRating, len(list))
	for _, r := range list {
		out[r.ID] = r.VersionRating
	}
	return out, nil
}

// SetRating moves a version's rating after a match and records it in the
// rating history.
func SetRating(ctx context.Context, db DB, versionID, matchID int64, mu, sigma float64) error {
	if _, err := db.Exec(ctx, "UPDATE bot_versions SET mu = $2, sigma = $3 WHERE id = $1", versionID, mu, sigma); err != nil {
		return err
	}
	_, err := db.Exec(ctx, "INSERT INTO rating_history (bot_version_id, match_id, mu, sigma) VALUES ($1, $2, $3, $4)",
		versionID, matchID, mu, sigma)
	return err
}

// AcceptVersion puts a version on the ladder with its starting rating,
// recorded in the rating history (without a match). accepted_at keeps the
// first time it was accepted (a rejudge that accepts it again keeps it).
func AcceptVersion(ctx context.Context, db DB, versionID int64, mu, sigma float64) error {
	if _, err := db.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = $3, status_changed_at = now(),
		accepted_at = coalesce(accepted_at, now()) WHERE id = $1`, versionID, mu, sigma); err != nil {
		return err
	}
	_, err := db.Exec(ctx, "INSERT INTO rating_history (bot_version_id, mu, sigma) VALUES ($1, $2, $3)", versionID, mu, sigma)
	return err
}

// BotCurrentVersionForUpdate locks a bot's row and returns its current
// version (nil when it has none): accepting versions of one bot happens
// one at a time.
func BotCurrentVersionForUpdate(ctx context.Context, db DB, botID int64) (*int64, error) {
	var current *int64
	err := db.QueryRow(ctx, "SELECT current_version_id FROM bots WHERE id = $1 FOR UPDATE", botID).Scan(&current)
	return current, err
}

// SetCurrentVersion makes a version its bot's current one: the one on the
// ladder.
func SetCurrentVersion(ctx context.Context, db DB, botID, versionID int64) error {
	_, err := db.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", botID, versionID)
	return err
}

// QualificationTally counts a version's qualification matches since it
// was last judged, those of them that ended (finished or failed), and
// those it ended alone on top of (games.AloneFirst).
func QualificationTally(ctx context.Context, db DB, versionID int64) (matches, ended, firsts int, err error) {
	err = db.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE m.status IN ('finished', 'failed')),
		       count(*) FILTER (WHERE m.status = 'finished' AND me.score > (
			SELECT max(o.score) FROM match_players o WHERE o.match_id = m.id AND o.seat <> me.seat))
		FROM matches m JOIN match_players me ON me.match_id = m.id AND me.bot_version_id = $1
		WHERE `+judgedNow+``,
		versionID).Scan(&matches, &ended, &firsts)
	return matches, ended, firsts, err
}

// judgedNow picks, from matches m, the qualification matches of version
// $1 since it was last judged: after a rejudge, only the new ones count.
const judgedNow = `m.bot_version_id = $1 AND m.kind = 'qualification'
	AND m.created_at >= coalesce((SELECT rejudged_at FROM bot_versions WHERE id = $1), '-infinity')`
