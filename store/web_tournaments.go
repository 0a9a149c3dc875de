package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// TournamentAllStandings is TournamentStandings of every round, keyed by
// round, and of round 0 (the totals over rounds), read in one query: a
// tournament's page makes one read of its standings, not one per round.
func TournamentAllStandings(ctx context.Context, db DB, tournamentID int64, format string) (map[int][]TourStanding, error) {
	// GROUPING SETS: the rows of each round's groups, and each entrant's
	// totals over every round (round 0, group 0), as TournamentStandings
	// computes them.
	rows, err := db.Query(ctx, `
		SELECT CASE WHEN GROUPING(g.round) = 1 THEN 0 ELSE g.round END,
		       CASE WHEN GROUPING(g.grp) = 1 THEN 0 ELSE g.grp END,
		       g.bot_version_id, e.seed_rating,
		       count(mp.score), coalesce(sum(mp.score), 0)::bigint, coalesce(avg(mp.rank), 0)::float8
		FROM tournament_groups g
		JOIN tournament_entrants e ON e.tournament_id = g.tournament_id AND e.bot_version_id = g.bot_version_id
		LEFT JOIN tournament_matches tm ON tm.tournament_id = g.tournament_id AND tm.round = g.round AND tm.grp = g.grp
		LEFT JOIN match_players mp ON mp.match_id = tm.match_id AND mp.bot_version_id = g.bot_version_id
		WHERE g.tournament_id = $1
		GROUP BY GROUPING SETS ((g.round, g.grp, g.bot_version_id, e.seed_rating), (g.bot_version_id, e.seed_rating))`,
		tournamentID)
	if err != nil {
		return nil, err
	}
	type roundStanding struct {
		round int
		TourStanding
	}
	all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (roundStanding, error) {
		var s roundStanding
		err := row.Scan(&s.round, &s.Group, &s.VersionID, &s.SeedRating, &s.Played, &s.Total, &s.MeanRank)
		return s, err
	})
	if err != nil {
		return nil, err
	}
	out := map[int][]TourStanding{}
	for _, s := range all {
		out[s.round] = append(out[s.round], s.TourStanding)
	}
	for _, st := range out {
		SortStandings(st, format)
	}
	return out, nil
}
