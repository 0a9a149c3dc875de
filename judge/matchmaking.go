package judge

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/games"
	"arena.dev/ladder"
	"arena.dev/store"
)

// MatchmakingArgs is the periodic job that keeps the ladder busy.
type MatchmakingArgs struct{}

func (MatchmakingArgs) Kind() string { return "matchmaking" }

// MatchmakingWorker tops up each enabled game's queue of ladder matches,
// chosen in the Halite style by package ladder, each with a fresh seed, on
// the boards the game's admin chose for its ladder; house bots fill the
// seats too few owners leave empty (house.go).
type MatchmakingWorker struct {
	river.WorkerDefaults[MatchmakingArgs]
	j *judge
}

func (w *MatchmakingWorker) Work(ctx context.Context, job *river.Job[MatchmakingArgs]) error {
	rng := rand.New(rand.NewPCG(uint64(newSeed()), uint64(time.Now().UnixNano())))
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		// One matchmaker at a time, even if a period's job were doubled.
		if err := store.LockMatchmaking(ctx, tx); err != nil {
			return err
		}
		gameIDs, err := store.EnabledGameIDs(ctx, tx)
		if err != nil {
			return err
		}
		var jobs []river.InsertManyParams
		for _, g := range gameIDs {
			if _, err := games.Get(g); err != nil {
				// A game row this build does not know (a game since removed
				// from the code) must not stop every other game's ladder.
				w.j.logger.Warn("matchmaking skips a game this build does not know", "game", g)
				continue
			}
			planned, err := planLadder(ctx, tx, g, w.j.cfg.LadderQueue, rng)
			if err != nil {
				return err
			}
			jobs = append(jobs, planned...)
		}
		if err := insertJobs(ctx, tx, jobs); err != nil {
			return err
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// planLadder creates enough ladder matches for one game to bring its queue
// (its queued ladder matches and challenges) to target, and returns their
// jobs.
func planLadder(ctx context.Context, tx pgx.Tx, gameID string, target int, rng *rand.Rand) ([]river.InsertManyParams, error) {
	queued, err := store.QueuedLadderMatches(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	// Challenges are worked after every ladder match: counting them in,
	// matchmaking lets the queue drain down to them instead of starving
	// them behind a ladder it keeps full.
	challenges, err := store.QueuedChallenges(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	k := target - queued - challenges
	if k <= 0 {
		return nil, nil
	}
	game, err := games.Get(gameID)
	if err != nil {
		return nil, err
	}
	info := game.Info()
	cands, err := ladderCandidates(ctx, tx, gameID, info)
	if err != nil {
		return nil, err
	}
	settings, err := store.GameMatchSettings(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	plan, err := ladder.Plan(cands, info.Players, k, rng)
	if errors.Is(err, ladder.ErrTooFewOwners) {
		return nil, nil // not enough players yet
	}
	if err != nil {
		return nil, err
	}
	boards, err := ladderBoards(ctx, tx, gameID, len(plan))
	if err != nil {
		return nil, err
	}
	var jobs []river.InsertManyParams
	for k, ids := range plan {
		seats := make([]store.Seat, info.Players)
		for i := range seats {
			if i < len(ids) {
				seats[i] = store.Seat{VersionID: &ids[i]}
			} else { // more empty seats than house bots: the qualifier, unrated
				seats[i] = store.Seat{Builtin: info.Qualifier}
			}
		}
		// The seed bot is first in the plan; rotate so it is not always seat 0.
		rng.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
		m := &store.Match{GameID: gameID, Kind: store.KindLadder, Seed: newSeed(), Settings: settings}
		if b, ok := boards[k]; ok {
			m.BoardID, m.Settings = &b.ID, boardSettings(settings, b)
		}
		if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
			return nil, err
		}
		jobs = append(jobs, matchJob(m))
	}
	return jobs, nil
}

// ladderBoards chooses the boards of a game's next n ladder matches
// (GameBoards), going on from the board of its latest ladder match: by
// match index, the uploaded board to play on (none: a board generated from
// the match's seed).
func ladderBoards(ctx context.Context, tx pgx.Tx, gameID string, n int) (map[int]store.Board, error) {
	choice, err := GameBoards(ctx, tx, gameID, store.ForLadder)
	if err != nil || len(choice.Boards) == 0 {
		return nil, err
	}
	last, err := store.LastLadderBoard(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	byID := map[int64]store.Board{}
	for _, b := range choice.Boards {
		byID[b.ID] = b
	}
	out := map[int]store.Board{}
	for k, id := range ladder.Boards(choice.IDs(), choice.Generated, last, n) {
		if id != 0 {
			out[k] = byID[id]
		}
	}
	return out, nil
}

// boardSettings are the settings of a match on an uploaded board
// (games.OnBoard).
func boardSettings(game map[string]int, b store.Board) map[string]int {
	return games.OnBoard(game, b.Settings)
}
