package store

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

const tournamentColumns = `id, name, game_id, format, settings, bot_ids, board_ids, group_matches, final_matches, drop_count,
	league_rounds, seed, status, round, final_round, note, changes, start_at, created_by, created_at, started_at, finished_at,
	versions_before, one_per_student`

// CreateTournament inserts a scheduled tournament, setting t.ID.
func CreateTournament(ctx context.Context, db DB, t *domain.Tournament) error {
	if t.Settings == nil {
		t.Settings = map[string]int{}
	}
	if t.BoardIDs == nil {
		t.BoardIDs = []int64{}
	}
	return db.QueryRow(ctx, `INSERT INTO tournaments (name, game_id, format, settings, bot_ids, board_ids, group_matches,
			final_matches, drop_count, league_rounds, seed, start_at, created_by, versions_before, one_per_student)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id, status, created_at`,
		t.Name, t.GameID, t.Format, t.Settings, t.BotIDs, t.BoardIDs, t.GroupMatches, t.FinalMatches, t.DropCount, t.LeagueRounds,
		t.Seed, t.StartAt, t.CreatedBy, t.VersionsBefore, t.OnePerStudent).Scan(&t.ID, &t.Status, &t.CreatedAt)
}

// TournamentByID returns a tournament.
func TournamentByID(ctx context.Context, db DB, id int64) (*domain.Tournament, error) {
	return collectOne[domain.Tournament](db.Query(ctx, "SELECT "+tournamentColumns+" FROM tournaments WHERE id = $1", id))
}

// TournamentForUpdate returns a tournament locked until tx ends: every
// change of its state (start, a round landing, pause, cancel) takes this
// lock, so they happen one after the other.
func TournamentForUpdate(ctx context.Context, tx pgx.Tx, id int64) (*domain.Tournament, error) {
	return collectOne[domain.Tournament](tx.Query(ctx, "SELECT "+tournamentColumns+" FROM tournaments WHERE id = $1 FOR UPDATE", id))
}

// Tournaments lists the latest tournaments, newest start first.
func Tournaments(ctx context.Context, db DB, limit int) ([]*domain.Tournament, error) {
	rows, err := db.Query(ctx, "SELECT "+tournamentColumns+" FROM tournaments ORDER BY start_at DESC, id DESC LIMIT $1", limit)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToAddrOfStructByName[domain.Tournament])
}

// TournamentMatchOf says which tournament round a match belongs to; ok is
// false for any other match (including a tournament match's re-play).
func TournamentMatchOf(ctx context.Context, db DB, matchID int64) (tournamentID int64, round int, ok bool, err error) {
	err = db.QueryRow(ctx, "SELECT tournament_id, round FROM tournament_matches WHERE match_id = $1", matchID).
		Scan(&tournamentID, &round)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, false, nil
	}
	return tournamentID, round, err == nil, err
}

// TournamentOfReplay says which tournament a re-played match belongs to;
// ok is false for any other match.
func TournamentOfReplay(ctx context.Context, db DB, matchID int64) (tournamentID int64, ok bool, err error) {
	err = db.QueryRow(ctx, "SELECT tournament_id FROM tournament_replays WHERE match_id = $1", matchID).Scan(&tournamentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return tournamentID, err == nil, err
}

// TournamentMatch is one match of a tournament's round.
type TournamentMatch struct {
	Round, Group, Index int
	MatchID             int64
	Status              string
	Seats               []SeatBrief `db:"-"` // filled by TournamentMatches, in seat order
}

// TournamentMatches lists every match of a tournament with its seats.
func TournamentMatches(ctx context.Context, db DB, tournamentID int64) ([]TournamentMatch, error) {
	rows, err := db.Query(ctx, `
		SELECT tm.round, tm.grp AS "group", tm.idx AS index, m.id AS match_id, m.status, mp.seat, b.id AS bot_id,
		       coalesce(b.name, mp.builtin) AS bot_name, coalesce(u.name, '') AS owner_name,
		       coalesce(u.role = 'house', false) AS house, mp.score, mp.rank, mp.frozen_round IS NOT NULL AS frozen
		FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
		JOIN match_players mp ON mp.match_id = m.id
		LEFT JOIN bot_versions v ON v.id = mp.bot_version_id
		LEFT JOIN bots b ON b.id = v.bot_id
		LEFT JOIN users u ON u.id = b.owner_id
		WHERE tm.tournament_id = $1 ORDER BY tm.round, tm.grp, tm.idx, mp.seat`, tournamentID)
	if err != nil {
		return nil, err
	}
	type seat struct {
		TournamentMatch
		SeatBrief
	}
	seats, err := pgx.CollectRows(rows, pgx.RowToStructByName[seat])
	if err != nil {
		return nil, err
	}
	var out []TournamentMatch
	for _, s := range seats {
		if n := len(out); n > 0 && out[n-1].MatchID == s.MatchID {
			out[n-1].Seats = append(out[n-1].Seats, s.SeatBrief)
			continue
		}
		tm := s.TournamentMatch
		tm.Seats = []SeatBrief{s.SeatBrief}
		out = append(out, tm)
	}
	return out, nil
}

// TournamentReplay is a re-play of one of a tournament's matches.
type TournamentReplay struct {
	MatchID, OriginalID int64
	Status              string
}

// TournamentReplays lists a tournament's re-played matches.
func TournamentReplays(ctx context.Context, db DB, tournamentID int64) ([]TournamentReplay, error) {
	rows, err := db.Query(ctx, `SELECT r.match_id, r.original_id, m.status FROM tournament_replays r
		JOIN matches m ON m.id = r.match_id WHERE r.tournament_id = $1 ORDER BY r.match_id`, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[TournamentReplay])
}

// Entrant is a bot version in a tournament, with how it is doing.
type Entrant struct {
	VersionID  int64
	BotID      int64
	BotName    string
	OwnerID    int64
	OwnerName  string
	Language   domain.Language // the entered version's (package lang's id)
	SeedRating float64
	OutRound   *int
	Place      *int
}

// TournamentEntrants lists a tournament's field, by final place when it
// has one, else by seed.
func TournamentEntrants(ctx context.Context, db DB, tournamentID int64) ([]Entrant, error) {
	rows, err := db.Query(ctx, `
		SELECT e.bot_version_id AS version_id, b.id AS bot_id, b.name AS bot_name, u.id AS owner_id, u.name AS owner_name,
		       v.language, e.seed_rating, e.out_round, e.place
		FROM tournament_entrants e JOIN bot_versions v ON v.id = e.bot_version_id
		JOIN bots b ON b.id = v.bot_id JOIN users u ON u.id = b.owner_id
		WHERE e.tournament_id = $1 ORDER BY e.place NULLS LAST, e.seed_rating DESC, e.bot_version_id`, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Entrant])
}

// TourStanding is how an entrant did over some matches.
type TourStanding struct {
	Group      int // 0 when totalled over rounds
	VersionID  int64
	SeedRating float64
	Played     int
	Total      int64   // sum of scores
	MeanRank   float64 // mean placement, 1 is best; 0 when nothing was played
}

// MeanScore is the mean score of the matches played.
func (s TourStanding) MeanScore() float64 {
	if s.Played == 0 {
		return 0
	}
	return float64(s.Total) / float64(s.Played)
}

// TournamentStandings totals the finished matches of one round per group,
// or, with round 0, of every round per entrant. Failed matches count for
// no one. Rows come sorted for format (see SortStandings).
func TournamentStandings(ctx context.Context, db DB, tournamentID int64, round int, format string) ([]TourStanding, error) {
	rows, err := db.Query(ctx, `
		SELECT CASE WHEN $2 = 0 THEN 0 ELSE g.grp END AS "group", g.bot_version_id AS version_id, e.seed_rating,
		       count(mp.score) AS played, coalesce(sum(mp.score), 0)::bigint AS total, coalesce(avg(mp.rank), 0)::float8 AS mean_rank
		FROM tournament_groups g
		JOIN tournament_entrants e ON e.tournament_id = g.tournament_id AND e.bot_version_id = g.bot_version_id
		LEFT JOIN tournament_matches tm ON tm.tournament_id = g.tournament_id AND tm.round = g.round AND tm.grp = g.grp
		LEFT JOIN match_players mp ON mp.match_id = tm.match_id AND mp.bot_version_id = g.bot_version_id
		WHERE g.tournament_id = $1 AND ($2 = 0 OR g.round = $2)
		GROUP BY 1, 2, 3`, tournamentID, round)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByName[TourStanding])
	SortStandings(out, format)
	return out, err
}

// SortStandings orders standings by group, then best first: in an
// elimination group by total score, then mean placement (every member of a
// group played the same matches, so totals compare); in a league by mean
// placement, then mean score (groups differ between rounds). The seed
// rating, then the version id, break the remaining ties deterministically.
func SortStandings(s []TourStanding, format string) {
	slices.SortStableFunc(s, func(a, b TourStanding) int {
		if c := cmp.Compare(a.Group, b.Group); c != 0 {
			return c
		}
		ra, rb := a.MeanRank, b.MeanRank
		if a.Played == 0 {
			ra = 99
		}
		if b.Played == 0 {
			rb = 99
		}
		var c int
		if format == domain.FormatLeague {
			c = cmp.Or(cmp.Compare(ra, rb), cmp.Compare(b.MeanScore(), a.MeanScore()))
		} else {
			c = cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(ra, rb))
		}
		return cmp.Or(c, cmp.Compare(b.SeedRating, a.SeedRating), cmp.Compare(a.VersionID, b.VersionID))
	})
}

// TournamentGroup is one group of one round: who is in it.
type TournamentGroup struct {
	Round, Group int
	Versions     []int64
}

// TournamentGroups lists every group of a tournament.
func TournamentGroups(ctx context.Context, db DB, tournamentID int64) ([]TournamentGroup, error) {
	rows, err := db.Query(ctx, `SELECT round, grp AS "group", array_agg(bot_version_id ORDER BY bot_version_id) AS versions
		FROM tournament_groups WHERE tournament_id = $1 GROUP BY round, grp ORDER BY round, grp`, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[TournamentGroup])
}

// EntrantCandidate is a bot the admin may enter in a tournament of its
// game: one on its leaderboard.
type EntrantCandidate struct {
	BotID          int64
	BotName, Owner string
	Language       domain.Language
	DisplayName    string
	Rating         float64 // μ − 3σ
	House          bool
}

// EntrantCandidates lists a game's bots on its leaderboard for the
// tournament form: students' by owner, best rated first, then the house
// bots.
func EntrantCandidates(ctx context.Context, db DB, gameID string) ([]EntrantCandidate, error) {
	rows, err := db.Query(ctx, `
		SELECT b.id AS bot_id, b.name AS bot_name, u.name AS owner, v.language, u.display_name, `+ordinalSQL+` AS rating,
		       u.role = 'house' AS house
		`+boardFilter+`
		ORDER BY u.role = 'house', lower(u.name), `+ordinalSQL+` DESC, b.id`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[EntrantCandidate])
}

// CountGameBots counts those of the given bots that are bots of the game.
func CountGameBots(ctx context.Context, db DB, gameID string, ids []int64) (int, error) {
	var n int
	err := db.QueryRow(ctx, "SELECT count(*) FROM bots WHERE id = ANY($1) AND game_id = $2", ids, gameID).Scan(&n)
	return n, err
}
