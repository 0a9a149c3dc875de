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
		SELECT CASE WHEN GROUPING(g.round) = 1 THEN 0 ELSE g.round END AS round,
		       CASE WHEN GROUPING(g.grp) = 1 THEN 0 ELSE g.grp END AS "group",
		       g.bot_version_id AS version_id, e.seed_rating,
		       count(mp.score) AS played, coalesce(sum(mp.score), 0)::bigint AS total, coalesce(avg(mp.rank), 0)::float8 AS mean_rank
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
		Round int
		TourStanding
	}
	all, err := pgx.CollectRows(rows, pgx.RowToStructByName[roundStanding])
	if err != nil {
		return nil, err
	}
	out := map[int][]TourStanding{}
	for _, s := range all {
		out[s.Round] = append(out[s.Round], s.TourStanding)
	}
	for _, st := range out {
		SortStandings(st, format)
	}
	return out, nil
}
