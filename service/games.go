package service

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// Game administration: an admin's changes of a game's row (enabled, default
// settings, pace, submission deadline, boards), each in one transaction
// that first creates the row, which may not exist yet when no process has
// registered the game.

// changeGame runs change in a transaction on the game's row, created first.
func changeGame(ctx context.Context, pool *pgxpool.Pool, info games.Info, change func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := store.EnsureGame(ctx, tx, info.ID, info.Title); err != nil {
			return err
		}
		return change(tx)
	})
}

// SetGameEnabled opens or closes a game.
func SetGameEnabled(ctx context.Context, pool *pgxpool.Pool, info games.Info, enabled bool) error {
	return changeGame(ctx, pool, info, func(tx pgx.Tx) error { return store.SetGameEnabled(ctx, tx, info.ID, enabled) })
}

// SetGameSettings records a game's default settings, which the caller has
// checked (games.Info.Check).
func SetGameSettings(ctx context.Context, pool *pgxpool.Pool, info games.Info, settings map[string]int) error {
	return changeGame(ctx, pool, info, func(tx pgx.Tx) error { return store.SetGameSettings(ctx, tx, info.ID, settings) })
}

// SetGamePace records a game's ladder pace, which the caller has validated
// (ladder.Validate).
func SetGamePace(ctx context.Context, pool *pgxpool.Pool, info games.Info, p domain.Pace) error {
	return changeGame(ctx, pool, info, func(tx pgx.Tx) error { return store.SetGamePace(ctx, tx, info.ID, p) })
}

// SetSubmissionDeadline sets a game's submission deadline (nil: none).
func SetSubmissionDeadline(ctx context.Context, pool *pgxpool.Pool, info games.Info, deadline *time.Time) error {
	return changeGame(ctx, pool, info, func(tx pgx.Tx) error { return store.SetSubmissionDeadline(ctx, tx, info.ID, deadline) })
}

// AddBoard stores a board file of the game, checked by its parser (data as
// uploaded, fixed its settings), uploaded by userID. original names the
// original kit's board it is ("": none): an original already uploaded is
// not stored again, and already is its board. A name the game's boards
// have already is domain.ErrConflict.
func AddBoard(ctx context.Context, pool *pgxpool.Pool, info games.Info, name string, data []byte, fixed map[string]int,
	userID int64, original string) (already *domain.Board, err error) {
	err = changeGame(ctx, pool, info, func(tx pgx.Tx) error {
		if original == "" {
			_, err := store.CreateBoard(ctx, tx, info.ID, name, data, fixed, userID)
			return err
		}
		b, err := store.BoardWithOriginal(ctx, tx, info.ID, original)
		if err == nil {
			already = b
			return nil
		}
		if !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		id, err := store.CreateBoard(ctx, tx, info.ID, name, data, fixed, userID)
		if err != nil {
			return err
		}
		return store.SetBoardOriginal(ctx, tx, id, original)
	})
	return already, err
}

// ChooseGameBoards sets what a game's ladder or qualification (use) plays
// on: its default (byDefault), or generated boards, the uploaded boards
// given, or both. mismatch is set, and nothing changed, when a board given
// is not one of the game's.
func ChooseGameBoards(ctx context.Context, pool *pgxpool.Pool, info games.Info, use domain.BoardUse, byDefault, generated bool,
	boards []int64) (mismatch bool, err error) {
	err = changeGame(ctx, pool, info, func(tx pgx.Tx) error {
		if byDefault {
			return store.DefaultGameBoards(ctx, tx, info.ID, use)
		}
		n, err := store.CountGameBoards(ctx, tx, info.ID, boards)
		if err != nil {
			return err
		}
		if mismatch = n != len(boards); mismatch {
			return nil
		}
		return store.SetGameBoards(ctx, tx, info.ID, use, generated, boards)
	})
	return mismatch, err
}

// SetChallengesEnabled switches a game's challenges on or off (students'
// only: admins may always start them).
func SetChallengesEnabled(ctx context.Context, pool *pgxpool.Pool, info games.Info, on bool) error {
	return changeGame(ctx, pool, info, func(tx pgx.Tx) error { return store.SetChallengesEnabled(ctx, tx, info.ID, on) })
}
