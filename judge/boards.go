package judge

import (
	"context"
	"errors"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// GameBoards is what a game's qualification or ladder plays on: as its
// admin chose, or else the game's original boards for the use once
// uploaded (games.Info.OriginalNames), else generated ones.
func GameBoards(ctx context.Context, db store.DB, gameID string, use domain.BoardUse) (store.BoardChoice, error) {
	var originals []string
	if g, err := games.Get(gameID); err == nil {
		originals = g.Info().OriginalNames(use == domain.ForLadder)
	}
	return store.GameBoards(ctx, db, gameID, use, originals)
}

// ChallengeBoards are the uploaded boards a challenge of the game may be
// played on: the ladder's, then qualification's, in their order. They are
// public through those matches' replays; a board an admin keeps for a
// tournament stays unseen.
func ChallengeBoards(ctx context.Context, db store.DB, gameID string) ([]domain.Board, error) {
	var out []domain.Board
	seen := map[int64]bool{}
	for _, use := range []domain.BoardUse{domain.ForLadder, domain.ForQualification} {
		c, err := GameBoards(ctx, db, gameID, use)
		if err != nil {
			return nil, err
		}
		for _, b := range c.Boards {
			if !seen[b.ID] {
				seen[b.ID] = true
				out = append(out, b)
			}
		}
	}
	return out, nil
}

// RecogniseOriginals records which uploaded boards are original boards of
// their game (games.Info.Original) among those not recorded yet: boards
// uploaded before the game knew its originals. A board that is an
// original already recorded on another board stays as it is.
func RecogniseOriginals(ctx context.Context, db store.DB) error {
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		info := g.Info()
		if len(info.Originals) == 0 {
			continue
		}
		files, err := store.UnknownBoardFiles(ctx, db, id)
		if err != nil {
			return err
		}
		for board, data := range files {
			o, ok := info.Original(data)
			if !ok {
				continue
			}
			if err := store.SetBoardOriginal(ctx, db, board, o.Name); err != nil && !errors.Is(err, domain.ErrConflict) {
				return err
			}
		}
	}
	return nil
}
