package store

import (
	"context"
	"errors"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// The writes that move a tournament along (judge/tournament.go decides
// when; package bracket decides what). Each runs in the caller's
// transaction, after the tournament row was locked with TournamentForUpdate.

// FreezeField enters, once, the tournament's field: of the chosen bots
// (t.BotIDs), or of every student's bot of the game (nil: house bots enter
// only when chosen), each bot's current accepted version, or with
// t.VersionsBefore its last version accepted before that time; with
// t.OnePerStudent only each student's best-rated one (each house bot is
// its own). Entrants are rated by their version's μ−3σ for seeding;
// disabled bots and users stay out. It returns how many bots had a
// version to enter and how many entered.
func FreezeField(ctx context.Context, db DB, t *domain.Tournament) (eligible, entered int, err error) {
	err = db.QueryRow(ctx, `
		WITH eligible AS (
			SELECT v.id, coalesce(`+ordinalSQL+`, 0) AS rating,
			       row_number() OVER (PARTITION BY CASE WHEN u.role = 'house' THEN -b.id ELSE b.owner_id END
			                          ORDER BY coalesce(`+ordinalSQL+`, 0) DESC, v.id) AS nth
			FROM bots b JOIN users u ON u.id = b.owner_id
			CROSS JOIN LATERAL (
				SELECT v.id, v.mu, v.sigma FROM bot_versions v
				WHERE CASE WHEN $4::timestamptz IS NULL THEN v.id = b.current_version_id AND v.status = 'accepted'
				           ELSE v.bot_id = b.id AND v.status IN ('accepted', 'superseded') AND v.accepted_at < $4 END
				ORDER BY v.accepted_at DESC NULLS LAST, v.number DESC LIMIT 1) v
			WHERE b.game_id = $2 AND NOT b.disabled AND NOT u.disabled
			  AND CASE WHEN $3::bigint[] IS NULL THEN u.role <> 'house' ELSE b.id = ANY($3) END
		), entered AS (
			INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating)
			SELECT $1, id, rating FROM eligible WHERE NOT $5 OR nth = 1
			RETURNING 1
		)
		SELECT (SELECT count(*) FROM eligible), (SELECT count(*) FROM entered)`,
		t.ID, t.GameID, t.BotIDs, t.VersionsBefore, t.OnePerStudent).Scan(&eligible, &entered)
	return eligible, entered, err
}

// Seeded is an entrant of a tournament's field with its seed rating.
type Seeded struct {
	VersionID int64
	Rating    float64
}

// TournamentField lists a tournament's entrants, best seed first: all of
// them, or only those still in (not out of an elimination).
func TournamentField(ctx context.Context, db DB, tournamentID int64, stillIn bool) ([]Seeded, error) {
	rows, err := db.Query(ctx, `SELECT bot_version_id AS version_id, seed_rating AS rating FROM tournament_entrants
		WHERE tournament_id = $1 AND (NOT $2 OR out_round IS NULL)
		ORDER BY seed_rating DESC, bot_version_id`, tournamentID, stillIn)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Seeded])
}

// MarkTournamentStarted records the start (and a note about the field).
func MarkTournamentStarted(ctx context.Context, db DB, id int64, note string) error {
	_, err := db.Exec(ctx, "UPDATE tournaments SET status = 'running', started_at = now(), note = $2 WHERE id = $1", id, note)
	return err
}

// AddTournamentGroup records who plays in group grp of round r.
func AddTournamentGroup(ctx context.Context, db DB, tournamentID int64, round, grp int, versions []int64) error {
	_, err := db.Exec(ctx, `INSERT INTO tournament_groups (tournament_id, round, grp, bot_version_id)
		SELECT $1, $2, $3, unnest($4::bigint[])`, tournamentID, round, grp, versions)
	return err
}

// AddTournamentMatch links match matchID to its place in a round: the key
// (tournament, round, group, index) makes a doubled round fail.
func AddTournamentMatch(ctx context.Context, db DB, tournamentID int64, round, grp, idx int, matchID int64) error {
	_, err := db.Exec(ctx, `INSERT INTO tournament_matches (tournament_id, round, grp, idx, match_id)
		VALUES ($1, $2, $3, $4, $5)`, tournamentID, round, grp, idx, matchID)
	return err
}

// SetTournamentRound records the round being played.
func SetTournamentRound(ctx context.Context, db DB, id int64, round int, final bool) error {
	_, err := db.Exec(ctx, "UPDATE tournaments SET round = $2, final_round = $3 WHERE id = $1", id, round, final)
	return err
}

// UnplayedRoundMatches counts the matches of a round still queued or running.
func UnplayedRoundMatches(ctx context.Context, db DB, tournamentID int64, round int) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
		WHERE tm.tournament_id = $1 AND tm.round = $2 AND m.status IN ('queued', 'running')`, tournamentID, round).Scan(&n)
	return n, err
}

// SetEntrantResult records an entrant's position (in a group, or its
// final place) and, for an elimination, the round it dropped out in (nil:
// still in, or a finalist).
func SetEntrantResult(ctx context.Context, db DB, tournamentID, versionID int64, place int, outRound *int) error {
	_, err := db.Exec(ctx, `UPDATE tournament_entrants SET place = $3, out_round = coalesce($4, out_round)
		WHERE tournament_id = $1 AND bot_version_id = $2`, tournamentID, versionID, place, outRound)
	return err
}

// EliminationEntrant is an entrant as an elimination left it.
type EliminationEntrant struct {
	VersionID  int64
	SeedRating float64
	OutRound   *int
	Place      *int // position in its last group until the final places are set
}

// EliminationEntrants lists a tournament's entrants with their results.
func EliminationEntrants(ctx context.Context, db DB, tournamentID int64) ([]EliminationEntrant, error) {
	rows, err := db.Query(ctx, `SELECT bot_version_id AS version_id, seed_rating, out_round, place FROM tournament_entrants
		WHERE tournament_id = $1 ORDER BY bot_version_id`, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[EliminationEntrant])
}

// FinishTournament marks a tournament finished; a non-empty note replaces
// its note.
func FinishTournament(ctx context.Context, db DB, id int64, note string) error {
	_, err := db.Exec(ctx, `UPDATE tournaments SET status = 'finished', finished_at = now(),
		note = CASE WHEN $2 = '' THEN note ELSE $2 END WHERE id = $1`, id, note)
	return err
}

// SetTournamentStatus sets the status of a running or paused tournament.
func SetTournamentStatus(ctx context.Context, db DB, id int64, status string) error {
	_, err := db.Exec(ctx, "UPDATE tournaments SET status = $2 WHERE id = $1", id, status)
	return err
}

// LockUnplayedTournamentMatches locks, in id order, a tournament's matches
// still queued or running, and returns them. Cancelling takes them before
// the tournament row: the order finishing a match takes them in, so the
// two never wait for each other.
func LockUnplayedTournamentMatches(ctx context.Context, tx pgx.Tx, tournamentID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT m.id FROM matches m JOIN tournament_matches tm ON tm.match_id = m.id
		WHERE tm.tournament_id = $1 AND m.status IN ('queued', 'running') ORDER BY m.id FOR UPDATE OF m`, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// CancelTournamentRow marks a tournament cancelled and its unplayed
// matches failed.
func CancelTournamentRow(ctx context.Context, db DB, id int64, unplayed []int64) error {
	if _, err := db.Exec(ctx, `UPDATE matches SET status = 'failed', error = 'tournament cancelled', finished_at = now()
		WHERE id = ANY($1)`, unplayed); err != nil {
		return err
	}
	_, err := db.Exec(ctx, "UPDATE tournaments SET status = 'cancelled', finished_at = now() WHERE id = $1", id)
	return err
}

// PendingTournamentJobs lists the River jobs not yet worked of a
// tournament: its start job and the match jobs of the given matches.
func PendingTournamentJobs(ctx context.Context, db DB, tournamentID int64, matchIDs []int64) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT id FROM river_job
		WHERE state IN ('available', 'scheduled', 'retryable', 'pending')
		  AND ((kind = 'match' AND (args->>'match_id')::bigint = ANY($1))
		    OR (kind = 'tournament_start' AND (args->>'tournament_id')::bigint = $2))`, matchIDs, tournamentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// AddTournamentReplay links a re-play to the tournament match it re-plays.
func AddTournamentReplay(ctx context.Context, db DB, tournamentID, originalID, matchID int64) error {
	_, err := db.Exec(ctx, "INSERT INTO tournament_replays (match_id, tournament_id, original_id) VALUES ($1, $2, $3)",
		matchID, tournamentID, originalID)
	return err
}

// TournamentStartJob says when a tournament's start job is due and in what
// state it is; ok is false when there is none.
func TournamentStartJob(ctx context.Context, db DB, id int64) (state string, at time.Time, ok bool, err error) {
	err = db.QueryRow(ctx, `SELECT state::text, scheduled_at FROM river_job
		WHERE kind = 'tournament_start' AND (args->>'tournament_id')::bigint = $1 ORDER BY id DESC LIMIT 1`, id).Scan(&state, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", time.Time{}, false, nil
	}
	return state, at, err == nil, err
}

// TournamentEntrantCounts counts every tournament's entrants, by id.
func TournamentEntrantCounts(ctx context.Context, db DB) (map[int64]int, error) {
	return collectMap[int64, int](db.Query(ctx, "SELECT tournament_id, count(*) FROM tournament_entrants GROUP BY 1"))
}
