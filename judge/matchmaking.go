package judge

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/ladder"
	"arena.dev/store"
)

// MatchmakingArgs is the periodic job that keeps the ladder going.
type MatchmakingArgs struct {
	// At is the time the matchmaker plans at (its pacing's clock); zero,
	// as the periodic job inserts it, means now. Tests and the semester
	// benchmark set it to move through simulated hours.
	At time.Time `json:"at,omitzero"`
}

func (MatchmakingArgs) Kind() string { return "matchmaking" }

// MatchmakingWorker plans each enabled game's ladder matches at the pace
// package ladder decides (ladder/pace.go): while a version of the game is
// unsettled, its queue is kept full and every match seeds one; once all
// are settled, a trickle; never past the game's hourly cap, and none while
// it is paused (Admin → Games). The matches are chosen in the Halite style
// by package ladder, each with a fresh seed, on the boards the game's
// admin chose for its ladder; house bots fill the seats too few owners
// leave empty (house.go). It runs every Config.LadderEvery (10 s), so a
// new version brings its game back to full pace within that.
type MatchmakingWorker struct {
	river.WorkerDefaults[MatchmakingArgs]
	j *judge
}

func (w *MatchmakingWorker) Work(ctx context.Context, job *river.Job[MatchmakingArgs]) error {
	now := job.Args.At
	if now.IsZero() {
		now = time.Now()
	}
	rng := rand.New(rand.NewPCG(uint64(newSeed()), uint64(time.Now().UnixNano())))
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		jobs, err := matchmake(ctx, tx, w.j.logger, w.j.cfg.LadderQueue, now, rng)
		if err != nil {
			return err
		}
		if err := insertJobs(ctx, tx, jobs); err != nil {
			return err
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// matchmake is one matchmaking tick at now, in tx: every enabled game's
// ladder matches are planned, and their jobs returned.
func matchmake(ctx context.Context, tx pgx.Tx, logger *slog.Logger, full int, now time.Time, rng *rand.Rand) ([]river.InsertManyParams, error) {
	// One matchmaker at a time, even if a period's job were doubled.
	if err := store.LockMatchmaking(ctx, tx); err != nil {
		return nil, err
	}
	gameIDs, err := store.EnabledGameIDs(ctx, tx)
	if err != nil {
		return nil, err
	}
	var jobs []river.InsertManyParams
	for _, g := range gameIDs {
		if _, err := games.Get(g); err != nil {
			// A game row this build does not know (a game since removed
			// from the code) must not stop every other game's ladder.
			logger.Warn("matchmaking skips a game this build does not know", "game", g)
			continue
		}
		planned, err := planLadder(ctx, tx, g, full, now, rng)
		if err != nil {
			return nil, err
		}
		jobs = append(jobs, planned...)
	}
	return jobs, nil
}

// planLadder plans one game's ladder matches at now, as many as its pace
// decides (ladder.Decide: at full pace, enough to bring its queue, its
// queued ladder matches and challenges, to full), records the tick, and
// returns their jobs.
func planLadder(ctx context.Context, tx pgx.Tx, gameID string, full int, now time.Time, rng *rand.Rand) ([]river.InsertManyParams, error) {
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
	game, err := games.Get(gameID)
	if err != nil {
		return nil, err
	}
	info := game.Info()
	cands, err := ladderCandidates(ctx, tx, gameID, info)
	if err != nil {
		return nil, err
	}
	pace, err := store.GamePace(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	tick := ladder.Tick{Now: now, Unsettled: ladder.Unsettled(cands), Queued: queued + challenges, Full: full,
		HourStart: pace.HourStart, HourPlanned: pace.HourPlanned, LastPlanned: pace.LastPlanned}
	for _, c := range cands {
		if !c.House {
			tick.Versions++
		}
	}
	mode, k := ladder.Decide(pace.Pace, tick)
	jobs, err := createLadderMatches(ctx, tx, gameID, info, cands, mode, k, rng)
	if err != nil {
		return nil, err
	}
	if err := store.RecordPaceTick(ctx, tx, gameID, now, mode, tick.Unsettled, len(jobs)); err != nil {
		return nil, err
	}
	return jobs, nil
}

// createLadderMatches creates k ladder matches of a game among cands (at
// full pace each seeded by an unsettled version) and returns their jobs.
func createLadderMatches(ctx context.Context, tx pgx.Tx, gameID string, info games.Info, cands []ladder.Candidate,
	mode ladder.Mode, k int, rng *rand.Rand) ([]river.InsertManyParams, error) {
	if k <= 0 {
		return nil, nil
	}
	settings, err := store.GameMatchSettings(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	choose := ladder.Plan
	if mode == ladder.ModeFull {
		choose = ladder.PlanUnsettled
	}
	plan, err := choose(cands, info.Players, k, rng)
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
		seats := make([]domain.Seat, info.Players)
		for i := range seats {
			if i < len(ids) {
				seats[i] = domain.Seat{VersionID: &ids[i]}
			} else { // more empty seats than house bots: the qualifier, unrated
				seats[i] = domain.Seat{Builtin: info.Qualifier}
			}
		}
		// The seed bot is first in the plan; rotate so it is not always seat 0.
		rng.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
		m := &domain.Match{GameID: gameID, Kind: domain.KindLadder, Seed: newSeed(), Settings: settings}
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
func ladderBoards(ctx context.Context, tx pgx.Tx, gameID string, n int) (map[int]domain.Board, error) {
	choice, err := GameBoards(ctx, tx, gameID, domain.ForLadder)
	if err != nil || len(choice.Boards) == 0 {
		return nil, err
	}
	last, err := store.LastLadderBoard(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	byID := map[int64]domain.Board{}
	for _, b := range choice.Boards {
		byID[b.ID] = b
	}
	out := map[int]domain.Board{}
	for k, id := range ladder.Boards(choice.IDs(), choice.Generated, last, n) {
		if id != 0 {
			out[k] = byID[id]
		}
	}
	return out, nil
}

// boardSettings are the settings of a match on an uploaded board
// (games.OnBoard).
func boardSettings(game map[string]int, b domain.Board) map[string]int {
	return games.OnBoard(game, b.Settings)
}
