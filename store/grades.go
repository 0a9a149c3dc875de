package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Grades: what a teacher exports to grade a class (web/admin_grades.go).

// GradeRow is one line of a grades export: a student and one of their
// bots, or a student without a bot (BotName "").
type GradeRow struct {
	User, DisplayName, Group string
	BotName                  string
	Version                  int  // the version ranked or entered; else the latest; 0 without a bot
	Place                    *int // the rank on the board or the tournament's place; nil if none
	Mu, Sigma                *float64
	Matches                  int        // ladder matches of the ranked version; tournament matches played
	QualifiedAt              *time.Time // when the bot first qualified (the entered version, in a tournament); nil: never
}

// GameGrades lists a game's standings for grading: every student, each
// of their bots in the game (or one line without a bot), ranked as on the
// leaderboard (house bots take no rank), ranked bots first.
func GameGrades(ctx context.Context, db DB, gameID string) ([]GradeRow, error) {
	rows, err := db.Query(ctx, `
		WITH ranked AS (
			SELECT b.id AS bot_id, row_number() OVER (ORDER BY `+rankOrderSQL+`) AS place
			`+rankedFilter+`
		)
		SELECT u.name AS "user", u.display_name, u.group_name AS "group", coalesce(b.name, '') AS bot_name,
		       coalesce(cv.number, (SELECT max(number) FROM bot_versions WHERE bot_id = b.id), 0) AS version,
		       r.place, cv.mu, cv.sigma, coalesce(cv.games, 0) AS matches,
		       (SELECT min(accepted_at) FROM bot_versions WHERE bot_id = b.id) AS qualified_at
		FROM users u
		LEFT JOIN bots b ON b.owner_id = u.id AND b.game_id = $1
		LEFT JOIN bot_versions cv ON cv.id = b.current_version_id AND cv.status = 'accepted'
		LEFT JOIN ranked r ON r.bot_id = b.id
		WHERE u.role = 'student'
		ORDER BY r.place NULLS LAST, lower(u.name), lower(b.name)`, gameID)
	if err != nil {
		return nil, err
	}
	return collectGrades(rows)
}

// TournamentGrades lists a tournament's entrants for grading, by final
// place (seed order before it ends).
func TournamentGrades(ctx context.Context, db DB, tournamentID int64) ([]GradeRow, error) {
	rows, err := db.Query(ctx, `
		SELECT u.name AS "user", u.display_name, u.group_name AS "group", b.name AS bot_name, v.number AS version, e.place, v.mu, v.sigma,
		       (SELECT count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id AND m.status = 'finished'
		        JOIN match_players mp ON mp.match_id = m.id AND mp.bot_version_id = v.id
		        WHERE tm.tournament_id = e.tournament_id)::int AS matches,
		       v.accepted_at AS qualified_at
		FROM tournament_entrants e JOIN bot_versions v ON v.id = e.bot_version_id
		JOIN bots b ON b.id = v.bot_id JOIN users u ON u.id = b.owner_id
		WHERE e.tournament_id = $1
		ORDER BY e.place NULLS LAST, e.seed_rating DESC, e.bot_version_id`, tournamentID)
	if err != nil {
		return nil, err
	}
	return collectGrades(rows)
}

func collectGrades(rows pgx.Rows) ([]GradeRow, error) {
	return pgx.CollectRows(rows, pgx.RowToStructByName[GradeRow])
}
