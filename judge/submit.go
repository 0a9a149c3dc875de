package judge

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/games"
	"arena.dev/store"
)

// MaxSource is the largest source file accepted, checked before anything
// is stored (the sandbox checks again).
const MaxSource = 256 << 10

// SubmitError is a submission refused for a reason the user can fix.
type SubmitError struct{ Msg string }

func (e *SubmitError) Error() string { return e.Msg }

// Submit stores a new version of the user's bot and queues its compile job
// in the same transaction: either both exist or neither.
func Submit(ctx context.Context, pool *pgxpool.Pool, jobs *Client, userID int64, gameID, botName, source string) (*store.Version, error) {
	botName = strings.TrimSpace(botName)
	switch {
	case len(source) > MaxSource:
		return nil, &SubmitError{fmt.Sprintf("the source is %d bytes; the limit is %d", len(source), MaxSource)}
	case strings.TrimSpace(source) == "":
		return nil, &SubmitError{"the source is empty"}
	case !utf8.ValidString(source):
		return nil, &SubmitError{"the source is not UTF-8 text"}
	case botName == "" || utf8.RuneCountInString(botName) > 64:
		return nil, &SubmitError{"a bot name has 1 to 64 characters"}
	}
	game, err := games.Get(gameID)
	if err != nil {
		return nil, &SubmitError{err.Error()}
	}
	var v *store.Version
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := store.EnsureGame(ctx, tx, gameID, game.Info().Title); err != nil {
			return err
		}
		bot, err := store.BotByName(ctx, tx, userID, gameID, botName)
		if err != nil {
			return err
		}
		if bot.Disabled {
			return &SubmitError{"this bot has been disabled by an admin"}
		}
		if v, err = store.CreateVersion(ctx, tx, bot.ID, source); err != nil {
			return err
		}
		_, err = jobs.InsertTx(ctx, tx, CompileArgs{VersionID: v.ID}, nil)
		return err
	})
	return v, err
}
