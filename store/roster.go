package store

import (
	"context"
	"errors"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Class rosters (web/admin_roster.go): accounts made from a teacher's list,
// each with a one-time password that the admin downloads once.

// RosterStudent is one student of an imported roster.
type RosterStudent struct {
	Name, DisplayName, Group string
	PasswordHash             string // of the one-time password
}

// TakenUserNames returns which of names are already user names (compared
// case-insensitively), as they are written in names.
func TakenUserNames(ctx context.Context, db DB, names []string) (map[string]bool, error) {
	rows, err := db.Query(ctx, `SELECT n FROM unnest($1::text[]) n WHERE EXISTS (SELECT 1 FROM users u WHERE lower(u.name) = lower(n))`, names)
	if err != nil {
		return nil, err
	}
	taken, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := map[string]bool{}
	for _, n := range taken {
		out[n] = true
	}
	return out, err
}

// ImportRoster creates the students' accounts in one transaction, each a
// student who must choose a new password at the first log-in. A user name
// taken meanwhile is left as it is and reported in existing; created lists
// the others.
func ImportRoster(ctx context.Context, pool *pgxpool.Pool, students []RosterStudent) (created, existing []string, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		created, existing = nil, nil
		for _, s := range students {
			var id int64
			err := tx.QueryRow(ctx, `INSERT INTO users (name, email, password_hash, role, must_change_password, display_name, group_name)
				VALUES ($1, '', $2, 'student', true, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
				s.Name, s.PasswordHash, s.DisplayName, s.Group).Scan(&id)
			switch {
			case errors.Is(err, pgx.ErrNoRows):
				existing = append(existing, s.Name)
			case err != nil:
				return err
			default:
				created = append(created, s.Name)
			}
		}
		return nil
	})
	return created, existing, err
}

// RosterCredentialsTTL is how long an import's sealed credentials wait for
// their download, as a PostgreSQL interval.
const RosterCredentialsTTL = "1 hour"

// SaveRosterCredentials keeps an import's sealed credentials for their one
// download and returns their id; expired ones go.
func SaveRosterCredentials(ctx context.Context, db DB, by int64, sealed []byte, users int) (int64, error) {
	if _, err := db.Exec(ctx, "DELETE FROM roster_credentials WHERE created_at < now() - $1::interval", RosterCredentialsTTL); err != nil {
		return 0, err
	}
	var id int64
	err := db.QueryRow(ctx, "INSERT INTO roster_credentials (created_by, sealed, users) VALUES ($1, $2, $3) RETURNING id",
		by, sealed, users).Scan(&id)
	return id, err
}

// TakeRosterCredentials returns the sealed credentials id of the admin by,
// locked until tx ends, or ErrNotFound when they were downloaded already,
// have expired, or are another admin's. The caller deletes them
// (DeleteRosterCredentials) once it could open them.
func TakeRosterCredentials(ctx context.Context, tx pgx.Tx, id, by int64) ([]byte, error) {
	var sealed []byte
	err := tx.QueryRow(ctx, `SELECT sealed FROM roster_credentials
		WHERE id = $1 AND created_by = $2 AND created_at >= now() - $3::interval FOR UPDATE`, id, by, RosterCredentialsTTL).Scan(&sealed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return sealed, err
}

// DeleteRosterCredentials deletes an import's sealed credentials.
func DeleteRosterCredentials(ctx context.Context, db DB, id int64) error {
	_, err := db.Exec(ctx, "DELETE FROM roster_credentials WHERE id = $1", id)
	return err
}

// AwaitingStudent is a student who has not logged in yet and still has
// the one-time password an admin gave (by a roster or a reset).
type AwaitingStudent struct {
	ID                       int64
	Name, DisplayName, Group string
}

// awaitingWhere selects, in users u, the students awaiting their first
// log-in.
const awaitingWhere = `u.role = 'student' AND u.must_change_password AND u.first_login_at IS NULL AND NOT u.disabled`

// StudentsAwaitingFirstLogin lists the students who have not logged in yet
// with their one-time password, by group and name.
func StudentsAwaitingFirstLogin(ctx context.Context, db DB) ([]AwaitingStudent, error) {
	rows, err := db.Query(ctx, `SELECT u.id, u.name, u.display_name, u.group_name AS "group" FROM users u WHERE `+awaitingWhere+`
		ORDER BY u.group_name, u.name`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[AwaitingStudent])
}

// CountStudentsAwaitingFirstLogin counts them.
func CountStudentsAwaitingFirstLogin(ctx context.Context, db DB) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM users u WHERE `+awaitingWhere).Scan(&n)
	return n, err
}

// ReplaceOneTimePasswords sets new one-time password hashes, by user id,
// of the students still awaiting their first log-in (who have no session
// to end), and returns the ids it changed: a student who logged in
// meanwhile keeps the password they used.
func ReplaceOneTimePasswords(ctx context.Context, pool *pgxpool.Pool, hashes map[int64]string) (map[int64]bool, error) {
	ids := make([]int64, 0, len(hashes))
	hs := make([]string, 0, len(hashes))
	for id, h := range hashes {
		ids = append(ids, id)
		hs = append(hs, h)
	}
	changed := map[int64]bool{}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE users u SET password_hash = t.hash
			FROM unnest($1::bigint[], $2::text[]) AS t (id, hash) WHERE u.id = t.id AND `+awaitingWhere+` RETURNING u.id`, ids, hs)
		if err != nil {
			return err
		}
		done, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range done {
			changed[id] = true
		}
		return nil
	})
	return changed, err
}
