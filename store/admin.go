package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Overview is the admin dashboard's counts.
type Overview struct {
	Users, Admins, DisabledUsers  int
	Bots, DisabledBots            int
	Versions                      map[string]int // by status
	MatchesQueued, MatchesRunning int
	MatchesFinishedToday          int
	MatchesFailedToday            int
	Jobs                          map[string]int // River jobs by state
}

// AdminOverview counts what the dashboard shows, in one snapshot.
func AdminOverview(ctx context.Context, db DB) (*Overview, error) {
	o := &Overview{Versions: map[string]int{}}
	err := db.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM users WHERE role <> 'house'),
		       (SELECT count(*) FROM users WHERE role = 'admin'),
		       (SELECT count(*) FROM users WHERE disabled),
		       (SELECT count(*) FROM bots),
		       (SELECT count(*) FROM bots WHERE disabled),
		       (SELECT count(*) FROM matches WHERE status = 'queued'),
		       (SELECT count(*) FROM matches WHERE status = 'running'),
		       (SELECT count(*) FROM matches WHERE status = 'finished' AND finished_at >= date_trunc('day', now())),
		       (SELECT count(*) FROM matches WHERE status = 'failed' AND finished_at >= date_trunc('day', now()))`).
		Scan(&o.Users, &o.Admins, &o.DisabledUsers, &o.Bots, &o.DisabledBots,
			&o.MatchesQueued, &o.MatchesRunning, &o.MatchesFinishedToday, &o.MatchesFailedToday)
	if err != nil {
		return nil, err
	}
	if o.Versions, err = countBy(ctx, db, "SELECT status, count(*) FROM bot_versions GROUP BY status"); err != nil {
		return nil, err
	}
	if o.Jobs, err = JobCounts(ctx, db); err != nil {
		return nil, err
	}
	return o, nil
}

// JobCounts counts River's jobs by state. River's client has no count, and
// its table is in our database, so a plain query is the cheapest way.
func JobCounts(ctx context.Context, db DB) (map[string]int, error) {
	return countBy(ctx, db, "SELECT state::text, count(*) FROM river_job GROUP BY state")
}

func countBy(ctx context.Context, db DB, sql string) (map[string]int, error) {
	return collectMap[string, int](db.Query(ctx, sql))
}

// likePattern turns a search into an ILIKE pattern matching it anywhere,
// with the user's % and _ taken literally.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(q) + "%"
}

// UserListing is a user on the admin's list.
type UserListing struct {
	domain.User
	Bots int
}

// AdminUsers lists users whose name, email, display name or group contains
// q, by name, with the total number of matches for paging. The house
// account is no one's to administer: it is not listed.
func AdminUsers(ctx context.Context, db DB, q string, limit, offset int) ([]UserListing, int, error) {
	rows, err := db.Query(ctx, `
		SELECT u.id, u.name, u.email, u.role, u.disabled, u.created_at, u.display_name, u.group_name,
		       (SELECT count(*) FROM bots b WHERE b.owner_id = u.id) AS bots, count(*) OVER () AS total
		FROM users u
		WHERE u.role <> 'house' AND ($1 = '' OR u.name ILIKE $2 OR u.email ILIKE $2 OR u.display_name ILIKE $2 OR u.group_name ILIKE $2)
		ORDER BY lower(u.name) LIMIT $3 OFFSET $4`, q, likePattern(q), limit, offset)
	if err != nil {
		return nil, 0, err
	}
	type row struct {
		UserListing
		Total int
	}
	list, err := collectRows(rows, pgx.RowToStructByNameLax[row]) // Lax: no password hash, no language
	if err != nil {
		return nil, 0, err
	}
	var out []UserListing
	total := 0
	for _, r := range list {
		out, total = append(out, r.UserListing), r.Total
	}
	return out, total, nil
}

// SetUserRole changes a user's role.
func SetUserRole(ctx context.Context, db DB, id int64, role string) error {
	if role != domain.RoleStudent && role != domain.RoleAdmin {
		return fmt.Errorf("unknown role %q", role)
	}
	return updateOne(ctx, db, "UPDATE users SET role = $2 WHERE id = $1", id, role)
}

// SetUserDisabled disables or enables an account. A disabled user's
// sessions and tokens stop working (they are checked on every request) and
// their bots leave the leaderboards.
func SetUserDisabled(ctx context.Context, db DB, id int64, disabled bool) error {
	if err := updateOne(ctx, db, "UPDATE users SET disabled = $2 WHERE id = $1", id, disabled); err != nil {
		return err
	}
	// The boards they have bots on change.
	_, err := db.Exec(ctx, `SELECT pg_notify($2, json_build_object('board', g)::text)
		FROM (SELECT DISTINCT game_id AS g FROM bots WHERE owner_id = $1) games`, id, EventsChannel)
	return err
}

func updateOne(ctx context.Context, db DB, sql string, args ...any) error {
	tag, err := db.Exec(ctx, sql, args...)
	if err == nil && tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return err
}

// GameRow is a game as the games table records it.
type GameRow struct {
	ID       string
	Title    string
	Enabled  bool
	Settings map[string]int // the game's parameters plus qualification_matches
	// The ladder's and qualification's boards as an admin chose them
	// (Chosen; otherwise the game's default): generated from each seed,
	// and/or these uploaded boards, in turn (see SetGameBoards).
	LadderChosen, QualificationChosen       bool
	LadderGenerated, QualificationGenerated bool
	LadderBoardIDs, QualificationBoardIDs   []int64
	// SubmissionDeadline: new versions are refused after it; nil: none.
	SubmissionDeadline *time.Time
}

// AdminGames returns the games table by id.
func AdminGames(ctx context.Context, db DB) (map[string]GameRow, error) {
	rows, err := db.Query(ctx, `SELECT id, title, enabled, settings, ladder_chosen, ladder_generated, ladder_board_ids,
		qualification_chosen, qualification_generated, qualification_board_ids, submission_deadline FROM games`)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByName[GameRow])
	if err != nil {
		return nil, err
	}
	out := make(map[string]GameRow, len(list))
	for _, g := range list {
		out[g.ID] = g
	}
	return out, nil
}

// SetGameEnabled opens or closes a game: a disabled game leaves the home
// page and gets no ladder matches.
func SetGameEnabled(ctx context.Context, db DB, id string, enabled bool) error {
	return updateOne(ctx, db, "UPDATE games SET enabled = $2 WHERE id = $1", id, enabled)
}

// SetGameSettings replaces a game's default settings.
func SetGameSettings(ctx context.Context, db DB, id string, settings map[string]int) error {
	if settings == nil {
		settings = map[string]int{}
	}
	return updateOne(ctx, db, "UPDATE games SET settings = $2 WHERE id = $1", id, settings)
}

// CreateBoard stores a board file the game has already parsed. A name
// already used in that game gives ErrConflict.
func CreateBoard(ctx context.Context, db DB, gameID, name string, data []byte, settings map[string]int, uploadedBy int64) (int64, error) {
	if settings == nil {
		settings = map[string]int{}
	}
	var id int64
	err := db.QueryRow(ctx, `INSERT INTO boards (game_id, name, data, settings, uploaded_by)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, gameID, name, data, settings, uploadedBy).Scan(&id)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return 0, fmt.Errorf("board %q: %w", name, domain.ErrConflict)
	}
	return id, err
}

// Boards lists the boards of all games, newest first.
func Boards(ctx context.Context, db DB) ([]domain.Board, error) {
	rows, err := db.Query(ctx, `
		SELECT b.id, b.game_id, b.name, length(b.data) AS size, b.settings, coalesce(b.original, '') AS original,
		       coalesce(u.name, '') AS uploaded_by, b.created_at
		FROM boards b LEFT JOIN users u ON u.id = b.uploaded_by
		ORDER BY b.game_id, b.id DESC`)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToStructByName[domain.Board])
}

// BoardByID returns a board (without its file) and whether a match was
// played, or is to be played, on it.
func BoardByID(ctx context.Context, db DB, id int64) (*domain.Board, bool, error) {
	type row struct {
		domain.Board
		Played bool
	}
	rows, err := db.Query(ctx, `SELECT id, game_id, name, coalesce(original, '') AS original, settings, length(data) AS size,
		EXISTS (SELECT 1 FROM matches WHERE board_id = $1) AS played FROM boards WHERE id = $1`, id)
	if err != nil {
		return nil, false, err
	}
	b, err := pgx.CollectOneRow(rows, pgx.RowToAddrOfStructByNameLax[row]) // Lax: no uploader or date
	if err != nil {
		return nil, false, notFound(err)
	}
	return &b.Board, b.Played, nil
}

// BoardData returns a board's file and name.
func BoardData(ctx context.Context, db DB, id int64) (name string, data []byte, err error) {
	err = db.QueryRow(ctx, "SELECT name, data FROM boards WHERE id = $1", id).Scan(&name, &data)
	if errors.Is(err, pgx.ErrNoRows) {
		err = domain.ErrNotFound
	}
	return name, data, err
}

// SetBoardOriginal records which of its game's original boards a board
// is. A board already recorded as that original gives ErrConflict.
func SetBoardOriginal(ctx context.Context, db DB, id int64, original string) error {
	err := updateOne(ctx, db, "UPDATE boards SET original = $2 WHERE id = $1", id, original)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("board %d is the original %q: %w", id, original, domain.ErrConflict)
	}
	return err
}

// BoardWithOriginal is the board of a game recorded as one of its
// originals, or ErrNotFound.
func BoardWithOriginal(ctx context.Context, db DB, gameID, original string) (*domain.Board, error) {
	rows, err := db.Query(ctx, "SELECT id, game_id, name, original, settings FROM boards WHERE game_id = $1 AND original = $2", gameID, original)
	if err != nil {
		return nil, err
	}
	b, err := pgx.CollectOneRow(rows, pgx.RowToAddrOfStructByNameLax[domain.Board]) // Lax: no size, uploader or date
	return b, notFound(err)
}

// UnknownBoardFiles returns the files of a game's boards not recorded as
// originals, by id: the ones to recognise when the game learns of more
// originals than when they were uploaded.
func UnknownBoardFiles(ctx context.Context, db DB, gameID string) (map[int64][]byte, error) {
	return collectMap[int64, []byte](db.Query(ctx, "SELECT id, data FROM boards WHERE game_id = $1 AND original IS NULL", gameID))
}

// DeleteBoard removes an uploaded board and takes it out of its game's
// ladder and qualification boards, in one statement. A board a match was
// played on stays (the match refers to it): ErrInUse.
func DeleteBoard(ctx context.Context, db DB, id int64) error {
	var n int
	err := db.QueryRow(ctx, `
		WITH d AS (DELETE FROM boards WHERE id = $1 RETURNING id, game_id),
		     u AS (UPDATE games g SET ladder_board_ids = array_remove(g.ladder_board_ids, d.id),
		                              qualification_board_ids = array_remove(g.qualification_board_ids, d.id)
		           FROM d WHERE g.id = d.game_id)
		SELECT count(*) FROM d`, id).Scan(&n)
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "23503": // foreign_key_violation
		return fmt.Errorf("board %d was played on, and its matches keep it: %w", id, domain.ErrInUse)
	case err != nil:
		return err
	case n == 0:
		return domain.ErrNotFound
	}
	return nil
}

// BotListing is a bot on the admin's list with its versions' state.
type BotListing struct {
	domain.Bot
	OwnerName     string
	OwnerDisabled bool
	Versions      int
	Current       *VersionBrief // the ladder's version, if any
	Latest        *VersionBrief // the newest submission, if any
}

// VersionBrief is a version's number, language and status.
type VersionBrief struct {
	ID       int64
	Number   int
	Language domain.Language
	Status   domain.VersionStatus
}

// AdminBots lists bots whose name or owner's name contains q, in a game
// (all games when gameID is empty), newest first, with the total for paging.
func AdminBots(ctx context.Context, db DB, q, gameID string, limit, offset int) ([]BotListing, int, error) {
	rows, err := db.Query(ctx, `
		SELECT b.id, b.owner_id, b.game_id, b.name, b.disabled, b.current_version_id, b.created_at,
		       u.name, u.disabled, (SELECT count(*) FROM bot_versions v WHERE v.bot_id = b.id),
		       cv.id, cv.number, cv.language, cv.status, lv.id, lv.number, lv.language, lv.status, count(*) OVER ()
		FROM bots b
		JOIN users u ON u.id = b.owner_id
		LEFT JOIN bot_versions cv ON cv.id = b.current_version_id
		LEFT JOIN LATERAL (SELECT id, number, language, status FROM bot_versions
			WHERE bot_id = b.id ORDER BY number DESC LIMIT 1) lv ON true
		WHERE ($1 = '' OR b.name ILIKE $2 OR u.name ILIKE $2) AND ($3 = '' OR b.game_id = $3)
		ORDER BY b.id DESC LIMIT $4 OFFSET $5`, q, likePattern(q), gameID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []BotListing
	total := 0
	for rows.Next() {
		var b BotListing
		var cID, lID *int64
		var cNum, lNum *int
		var cLang, lLang *domain.Language
		var cStatus, lStatus *domain.VersionStatus
		if err := rows.Scan(&b.ID, &b.OwnerID, &b.GameID, &b.Name, &b.Disabled, &b.CurrentVersionID, &b.CreatedAt,
			&b.OwnerName, &b.OwnerDisabled, &b.Versions, &cID, &cNum, &cLang, &cStatus, &lID, &lNum, &lLang, &lStatus, &total); err != nil {
			return nil, 0, err
		}
		if cID != nil {
			b.Current = &VersionBrief{ID: *cID, Number: *cNum, Language: *cLang, Status: *cStatus}
		}
		if lID != nil {
			b.Latest = &VersionBrief{ID: *lID, Number: *lNum, Language: *lLang, Status: *lStatus}
		}
		out = append(out, b)
	}
	return out, total, rows.Err()
}

// SetBotDisabled takes a bot off the ladder or puts it back; a disabled bot
// also refuses new submissions.
func SetBotDisabled(ctx context.Context, db DB, id int64, disabled bool) error {
	if err := updateOne(ctx, db, "UPDATE bots SET disabled = $2 WHERE id = $1", id, disabled); err != nil {
		return err
	}
	_, err := db.Exec(ctx, `SELECT pg_notify($2, json_build_object('board', game_id)::text) FROM bots WHERE id = $1`, id, EventsChannel)
	return err
}

// RequeueVersion sends a version back to the start of judging: queued, its
// old compile log cleared, rejudged_at set so that its earlier
// qualification matches can be told apart from the new ones. The caller
// inserts the compile job in the same transaction.
func RequeueVersion(ctx context.Context, tx pgx.Tx, id int64) error {
	if err := updateOne(ctx, tx, `UPDATE bot_versions SET status = 'queued', compile_log = '',
		status_changed_at = now(), rejudged_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	// A current version leaves the leaderboard while it is judged again.
	_, err := tx.Exec(ctx, `SELECT pg_notify($2, json_build_object('board', b.game_id)::text)
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE v.id = $1`, id, EventsChannel)
	return err
}

// JobKinds lists the kinds of River jobs present, for the queue's filter.
func JobKinds(ctx context.Context, db DB) ([]string, error) {
	rows, err := db.Query(ctx, "SELECT DISTINCT kind FROM river_job ORDER BY kind")
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowTo[string])
}
