package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

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
	g := &PublicGame{}
	err := db.QueryRow(ctx, "SELECT id, title, submission_deadline FROM games WHERE id = $1 AND enabled", id).Scan(&g.ID, &g.Title, &g.Deadline)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return g, err
}
