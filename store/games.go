package store

import (
	"context"
	"errors"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// SettingQualificationMatches is the key of a game's settings that holds
// how many qualification matches a version plays; the other keys are the
// game's own parameters.
const SettingQualificationMatches = "qualification_matches"

// EnabledGameIDs lists the games open on this site.
func EnabledGameIDs(ctx context.Context, db DB) ([]string, error) {
	rows, err := db.Query(ctx, "SELECT id FROM games WHERE enabled ORDER BY id")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// GameEnabled reports whether a game exists and is open on this site.
func GameEnabled(ctx context.Context, db DB, id string) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = $1 AND enabled)", id).Scan(&ok)
	return ok, err
}

// GameMatchSettings are the settings an admin chose for a game's new
// matches: the game's parameters only, without the platform's own keys.
func GameMatchSettings(ctx context.Context, db DB, id string) (map[string]int, error) {
	var all map[string]any
	if err := db.QueryRow(ctx, "SELECT settings FROM games WHERE id = $1", id).Scan(&all); err != nil {
		return nil, err
	}
	out := map[string]int{}
	for k, v := range all {
		if f, ok := v.(float64); ok && k != SettingQualificationMatches {
			out[k] = int(f)
		}
	}
	return out, nil
}

// QualificationMatchCount is how many qualification matches a version of
// the game plays: the game's setting, or def when it has none.
func QualificationMatchCount(ctx context.Context, db DB, gameID string, def int) (int, error) {
	var q int
	err := db.QueryRow(ctx, `SELECT coalesce((settings->>'qualification_matches')::int, $2) FROM games WHERE id = $1`,
		gameID, def).Scan(&q)
	if q < 1 {
		q = def
	}
	return q, err
}

// CountGameBoards counts those of the given boards that are boards of the
// game.
func CountGameBoards(ctx context.Context, db DB, gameID string, ids []int64) (int, error) {
	var n int
	err := db.QueryRow(ctx, "SELECT count(*) FROM boards WHERE id = ANY($1) AND game_id = $2", ids, gameID).Scan(&n)
	return n, err
}

// BoardChoice is what a game's qualification or ladder plays on: uploaded
// boards in turn and, when Generated is set or there are none, a board
// generated from the match's seed taking its turn after them.
type BoardChoice struct {
	// Chosen: an admin chose the boards; otherwise they are the game's
	// default, its original boards for the use once uploaded, else
	// generated ones.
	Chosen    bool
	Generated bool
	Boards    []domain.Board // ID, GameID, Name, Original and Settings
}

// IDs are the ids of the uploaded boards, in turn.
func (c BoardChoice) IDs() []int64 {
	ids := make([]int64, len(c.Boards))
	for i, b := range c.Boards {
		ids[i] = b.ID
	}
	return ids
}

// GameBoards returns what a game's qualification or ladder plays on, as an
// admin chose with SetGameBoards (boards deleted since left out), or else
// the game's default: originals names the game's original boards the use
// plays on by default (games.Info.OriginalNames), in order, and those
// uploaded are its boards; without any, generated ones.
func GameBoards(ctx context.Context, db DB, gameID string, use domain.BoardUse, originals []string) (BoardChoice, error) {
	col := string(use)
	c := BoardChoice{Generated: true}
	err := db.QueryRow(ctx, "SELECT "+col+"_chosen, "+col+"_generated FROM games WHERE id = $1", gameID).Scan(&c.Chosen, &c.Generated)
	if errors.Is(err, pgx.ErrNoRows) {
		return BoardChoice{Generated: true}, nil // a game not recorded yet has no boards
	}
	if err != nil {
		return c, err
	}
	var rows pgx.Rows
	if c.Chosen {
		rows, err = db.Query(ctx, `SELECT b.id, b.game_id, b.name, coalesce(b.original, '') AS original, b.settings FROM games g
			CROSS JOIN LATERAL unnest(g.`+col+`_board_ids) WITH ORDINALITY AS x(id, n)
			JOIN boards b ON b.id = x.id AND b.game_id = g.id
			WHERE g.id = $1 ORDER BY x.n`, gameID)
	} else {
		rows, err = db.Query(ctx, `SELECT id, game_id, name, original, settings FROM boards
			WHERE game_id = $1 AND original = ANY($2) ORDER BY array_position($2, original)`, gameID, originals)
	}
	if err != nil {
		return c, err
	}
	c.Boards, err = pgx.CollectRows(rows, pgx.RowToStructByNameLax[domain.Board]) // Lax: no size, uploader or date
	if !c.Chosen {
		c.Generated = len(c.Boards) == 0
	}
	return c, err
}

// SetGameBoards chooses the boards of a game's qualification or ladder
// matches: generated from each match's seed, the uploaded boards ids in
// turn, or both (a generated board takes its turn after the uploaded
// ones). The caller checks that the boards are the game's
// (CountGameBoards).
func SetGameBoards(ctx context.Context, db DB, gameID string, use domain.BoardUse, generated bool, ids []int64) error {
	if ids == nil {
		ids = []int64{}
	}
	col := string(use)
	return updateOne(ctx, db, "UPDATE games SET "+col+"_chosen = true, "+col+"_generated = $2, "+col+"_board_ids = $3 WHERE id = $1",
		gameID, generated, ids)
}

// DefaultGameBoards gives a game's qualification or ladder back its
// default boards (GameBoards), following the uploads.
func DefaultGameBoards(ctx context.Context, db DB, gameID string, use domain.BoardUse) error {
	col := string(use)
	return updateOne(ctx, db, "UPDATE games SET "+col+"_chosen = false, "+col+"_generated = true, "+col+"_board_ids = '{}' WHERE id = $1",
		gameID)
}

// LastLadderBoard is the board of a game's latest ladder match: 0 when it
// was generated, or when there is none.
func LastLadderBoard(ctx context.Context, db DB, gameID string) (int64, error) {
	var id *int64
	err := db.QueryRow(ctx, `SELECT board_id FROM matches WHERE game_id = $1 AND kind = 'ladder'
		ORDER BY created_at DESC, id DESC LIMIT 1`, gameID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) || id == nil {
		return 0, nil
	}
	return *id, err
}

// SubmissionDeadline is a game's submission deadline (nil: none) and
// whether it has passed, by the database's clock.
func SubmissionDeadline(ctx context.Context, db DB, gameID string) (deadline *time.Time, passed bool, err error) {
	err = db.QueryRow(ctx, "SELECT submission_deadline, coalesce(submission_deadline <= now(), false) FROM games WHERE id = $1",
		gameID).Scan(&deadline, &passed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	return deadline, passed, err
}

// SetSubmissionDeadline sets a game's submission deadline; nil removes it.
func SetSubmissionDeadline(ctx context.Context, db DB, gameID string, deadline *time.Time) error {
	return updateOne(ctx, db, "UPDATE games SET submission_deadline = $2 WHERE id = $1", gameID, deadline)
}

// PublicGame is an enabled game as the public pages list it.
type PublicGame struct {
	ID, Title string
	Deadline  *time.Time // submissions close then; nil: never
}

// PublicGames lists the enabled games by title.
func PublicGames(ctx context.Context, db DB) ([]PublicGame, error) {
	rows, err := db.Query(ctx, "SELECT id, title, submission_deadline FROM games WHERE enabled ORDER BY title")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PublicGame])
}

// PublicGameByID returns an enabled game, or ErrNotFound.
func PublicGameByID(ctx context.Context, db DB, id string) (*PublicGame, error) {
	return collectOne[PublicGame](db.Query(ctx, "SELECT id, title, submission_deadline AS deadline FROM games WHERE id = $1 AND enabled", id))
}
