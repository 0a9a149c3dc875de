package judge

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/games"
	"arena.dev/store"
)

// PrepareDatabase brings a database to what this build expects: every
// migration (the app's, then River's), a row for each registered game, and
// original boards uploaded before this build knew them recognised.
func PrepareDatabase(ctx context.Context, pool *pgxpool.Pool) error {
	if err := store.Migrate(ctx, pool); err != nil {
		return err
	}
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		if err := store.EnsureGame(ctx, pool, id, g.Info().Title); err != nil {
			return err
		}
	}
	return RecogniseOriginals(ctx, pool)
}
