package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/rating"
	"arena.dev/sandbox"
	"arena.dev/store"
)

// MatchArgs asks for a match to be played.
type MatchArgs struct {
	MatchID int64 `json:"match_id"`
}

func (MatchArgs) Kind() string { return "match" }

func (MatchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMatch, MaxAttempts: 5}
}

// matchJob is the job that plays m, prioritised by the kind of match and
// tagged with it (the admin's job queue filters by tag).
func matchJob(m *domain.Match) river.InsertManyParams {
	return river.InsertManyParams{Args: MatchArgs{MatchID: m.ID},
		InsertOpts: &river.InsertOpts{Queue: QueueMatch, Priority: kindOf(m.Kind).priority, MaxAttempts: 5, Tags: []string{m.Kind}}}
}

// matchKind is what a kind of match is to the judge: how urgent its job
// is, and what landing one moves besides the match itself. A new kind of
// match is one more case in kindOf.
type matchKind struct {
	priority int
	// rated: a played match counts as a ladder game of its versions and
	// moves their ratings.
	rated bool
	// landed, when set, runs in the transaction that lands a match of the
	// kind, played or failed.
	landed func(ctx context.Context, tx pgx.Tx, m *domain.Match) error
}

// kindOf says what a kind of match does (a function, not a table: the
// tournament's step refers back to matchJob).
func kindOf(kind string) matchKind {
	switch kind {
	case domain.KindLadder:
		return matchKind{priority: PriorityLadder, rated: true}
	case domain.KindQualification:
		// The verdict once all the version's matches landed; a failed one
		// counts as not won, so the verdict never waits for ever.
		return matchKind{priority: PriorityQualification, landed: func(ctx context.Context, tx pgx.Tx, m *domain.Match) error {
			if m.BotVersionID == nil {
				return nil
			}
			return decideQualification(ctx, tx, *m.BotVersionID)
		}}
	case domain.KindTournament:
		// The round's last match, failed or not, starts the next round.
		return matchKind{priority: PriorityTournament, landed: func(ctx context.Context, tx pgx.Tx, m *domain.Match) error {
			return advanceTournament(ctx, tx, m.ID)
		}}
	case domain.KindChallenge:
		// Below the ladder, and it moves nothing: no rating, no games count.
		return matchKind{priority: PriorityChallenge}
	}
	return matchKind{priority: PriorityLadder}
}

// MatchWorker plays a match in the sandbox, then writes the result, the
// replay, the ratings and its own completion in one transaction, so a
// retried or rescued job never counts twice: the match row is locked and
// only a queued match is finished.
type MatchWorker struct {
	river.WorkerDefaults[MatchArgs]
	j *judge
}

// Timeout bounds a whole match: four budgets of CPU plus start-up, with room,
// and never past the moment River would hand the job to another worker.
func (w *MatchWorker) Timeout(*river.Job[MatchArgs]) time.Duration {
	return min(3*time.Minute, w.j.cfg.RescueAfter)
}

func (w *MatchWorker) Work(ctx context.Context, job *river.Job[MatchArgs]) error {
	pool := w.j.pool
	if err := w.j.yieldToRush(ctx, job.JobRow); err != nil {
		return err // a snooze: compiles and verdicts first (rush.go)
	}
	m, err := store.MatchByID(ctx, pool, job.Args.MatchID)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("match %d does not exist", job.Args.MatchID))
	}
	if err != nil {
		return err
	}
	if m.Status != domain.MatchQueued {
		return complete(ctx, pool, job)
	}
	seats, err := store.Seats(ctx, pool, m.ID)
	if err != nil {
		return err
	}
	replay, logs, err := w.j.play(ctx, m, seats)
	var bad badMatch
	if err != nil && !errors.As(err, &bad) && job.Attempt >= job.MaxAttempts {
		// The last attempt: the match fails rather than stay queued for
		// ever (a qualification's verdict or a tournament's round waits
		// for it), even if this attempt's context is done.
		bad = badMatch{fmt.Errorf("not played in %d attempts: %w", job.Attempt, err)}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
	}
	if bad.error != nil {
		return untilDatabaseBack(ctx, func() error {
			return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				return landMatchAndCompleteJob(ctx, tx, job, landing{failed: bad.Error()})
			})
		})
	}
	if err != nil {
		return err
	}
	gz, err := replay.Gzip()
	if err != nil {
		return err
	}
	// A played match is not lost to a database restart while it lands.
	return untilDatabaseBack(ctx, func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			return landMatchAndCompleteJob(ctx, tx, job, landing{seats: seats, replay: replay, gz: gz, logs: logs})
		})
	})
}

// badMatch is a match that can never be played (an unknown game, settings
// out of range): it fails at once instead of being retried.
type badMatch struct{ error }

// play runs the match: built-in seats in-process, submitted ones sandboxed,
// each from a build against this worker's SDK of the game (currentBuild),
// built again from its source when retention dropped it.
func (j *judge) play(ctx context.Context, m *domain.Match, seats []store.SeatResult) (*games.Replay, []seatLog, error) {
	game, err := games.Get(m.GameID)
	if err != nil {
		return nil, nil, badMatch{err}
	}
	blobs := store.PGBlobs{DB: j.pool}
	agents, err := games.StartAgents(len(seats), func(i int) (games.Agent, error) {
		s := seats[i]
		if s.Builtin != nil {
			a, err := game.NewBot(*s.Builtin)
			if err != nil {
				return nil, badMatch{err}
			}
			return a, nil
		}
		if s.ArtifactSHA256 == nil {
			return nil, badMatch{fmt.Errorf("seat %d: version %d has no artifact", i, *s.VersionID)}
		}
		sha, err := j.currentBuild(ctx, game.Info(), s)
		art := sandbox.Artifact{}
		if err == nil {
			art, err = j.cfg.Sandbox.artifact(ctx, blobs, sha)
			if errors.Is(err, domain.ErrNotFound) { // dropped by retention (retention.go)
				if sha, err = j.restore(ctx, game.Info(), s); err == nil {
					art, err = j.cfg.Sandbox.artifact(ctx, blobs, sha)
				}
			}
		}
		var stale *staleBuild
		if errors.As(err, &stale) {
			return games.FailedAgent{Err: stale}, nil
		}
		if err != nil {
			return nil, err
		}
		bot, err := j.cfg.Sandbox.startBot(ctx, art, game.Info().SeatSeed(uint64(m.Seed), i), game.Info().CPUBudget)
		if err != nil {
			// The bot would not even start: its player is frozen at setup.
			return games.FailedAgent{Err: err}, nil
		}
		return bot, nil
	})
	if err != nil {
		return nil, nil, err
	}
	players := make([]games.Player, len(seats))
	for i, s := range seats {
		players[i] = games.Player{Name: s.BotName, Agent: agents[i]}
	}
	var board games.Board
	if m.BoardID != nil {
		_, data, err := store.BoardData(ctx, j.pool, *m.BoardID)
		if err != nil {
			return nil, nil, fmt.Errorf("board %d: %w", *m.BoardID, err)
		}
		if board, err = game.ParseBoard(data); err != nil {
			return nil, nil, badMatch{fmt.Errorf("board %d: %w", *m.BoardID, err)}
		}
	}
	replay, err := games.Play(ctx, games.Config{Game: game, Settings: games.Settings(m.Settings), Board: board,
		Seed: uint64(m.Seed), Players: players})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, err
		}
		return nil, nil, badMatch{err}
	}
	logs := make([]seatLog, len(players))
	for i, p := range players {
		logs[i] = matchLog(replay, i, p.Agent)
	}
	return replay, logs, nil
}

// landing is how a match ended: played (replay set), or failed.
type landing struct {
	seats  []store.SeatResult
	replay *games.Replay
	gz     []byte    // the replay, compressed
	logs   []seatLog // each seat's debug log
	failed string    // why it could not be played, when it was not
}

// landMatchAndCompleteJob lands a match of any kind, played or failed, with all that its
// kind moves (kindOf), and completes its job: everything or nothing, in
// tx. Only a queued match lands: an attempt that finds it landed (a
// retried or rescued job) or failed (a cancelled tournament) completes its
// job and changes nothing.
func landMatchAndCompleteJob(ctx context.Context, tx pgx.Tx, job *river.Job[MatchArgs], l landing) error {
	if err := landQueuedMatch(ctx, tx, job.Args.MatchID, job.Attempt, l); err != nil {
		return err
	}
	_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
	return err
}

// landQueuedMatch lands a match if it is still queued (see landMatchAndCompleteJob); attempt names its
// replay.
func landQueuedMatch(ctx context.Context, tx pgx.Tx, matchID int64, attempt int, l landing) error {
	m, err := store.MatchForUpdate(ctx, tx, matchID)
	if err != nil {
		return err
	}
	if m.Status == domain.MatchQueued {
		kind := kindOf(m.Kind)
		if l.replay != nil {
			err = storePlayedMatch(ctx, tx, m, attempt, kind.rated, l)
		} else {
			err = store.FailMatch(ctx, tx, m.ID, l.failed)
		}
		if err == nil && kind.landed != nil {
			err = kind.landed(ctx, tx, m)
		}
		if err == nil && l.replay == nil && m.BotVersionID != nil {
			// The judged version's page shows the failure live.
			err = store.NotifyVersionChanged(ctx, tx, *m.BotVersionID)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// CancelJob cancels a job as River's JobCancel does (a running one is told
// to stop) and, for a match's job, fails its match in the same transaction
// when it is still queued, with all that its kind moves: a cancelled match
// never stays queued, and a verdict or a tournament round waiting for it
// goes on.
func CancelJob(ctx context.Context, pool *pgxpool.Pool, client *Client, id int64) (*rivertype.JobRow, error) {
	var job *rivertype.JobRow
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if job, err = client.JobCancelTx(ctx, tx, id); err != nil {
			return err
		}
		if job.Kind != (MatchArgs{}).Kind() {
			return nil
		}
		var args MatchArgs
		if err := json.Unmarshal(job.EncodedArgs, &args); err != nil {
			return err
		}
		return landQueuedMatch(ctx, tx, args.MatchID, job.Attempt, landing{failed: "cancelled by an admin"})
	})
	return job, err
}

// storePlayedMatch stores a played match: its replay, each seat's result and log,
// and, when its kind is rated, the ladder game and the ratings it moves.
func storePlayedMatch(ctx context.Context, tx pgx.Tx, m *domain.Match, attempt int, rated bool, l landing) error {
	// One key per attempt: a stale attempt can never overwrite the
	// replay of the one that landed.
	key := fmt.Sprintf("replay/%d/%d", m.ID, attempt)
	if err := (store.PGBlobs{DB: tx}).Put(ctx, key, l.gz); err != nil {
		return err
	}
	replay := l.replay
	scores := make([]int64, len(replay.End.Scores))
	for i, s := range replay.End.Scores {
		scores[i] = int64(s)
	}
	ranks := rating.RanksFromScores(scores)
	outcomes := make([]store.SeatOutcome, len(l.seats))
	var versions []int64
	for i, s := range l.seats {
		outcomes[i] = store.SeatOutcome{Score: scores[i], Rank: ranks[i], CPUSeconds: cpuSeconds(replay, i),
			Invalid: replay.End.Invalid[i], Log: l.logs[i].text, LogRounds: l.logs[i].rounds}
		for _, f := range replay.End.Frozen {
			if f.Player == i {
				outcomes[i].FrozenRound, outcomes[i].FrozenKind, outcomes[i].FrozenReason = &f.Round, f.Kind, &f.Reason
				break
			}
		}
		if s.VersionID != nil {
			versions = append(versions, *s.VersionID)
		}
	}
	// Lock the rows in id order first: two matches landing at once with
	// shared players would otherwise deadlock on them.
	if err := store.LockVersions(ctx, tx, versions); err != nil {
		return err
	}
	moved := false
	if rated {
		// games counts ladder games: the ones that rate and that
		// matchmaking balances; the other kinds are counted apart.
		if err := store.CountLadderGame(ctx, tx, versions); err != nil {
			return err
		}
		var err error
		if moved, err = rate(ctx, tx, m.ID, l.seats, scores); err != nil {
			return err
		}
		if moved { // the leaderboard pages follow it live
			if err := store.NotifyBoard(ctx, tx, m.GameID); err != nil {
				return err
			}
		}
	}
	return store.FinishMatch(ctx, tx, m.ID, key, moved, outcomes)
}

// cpuSeconds is the CPU a player used in the match, a frozen player's up
// to its freeze; from a replay written before the end recorded it, the
// last fraction of the budget its rounds show (none once it is frozen).
func cpuSeconds(r *games.Replay, p int) float64 {
	budget := float64(r.CPUBudgetMS) / 1000
	if p < len(r.End.CPU) {
		return r.End.CPU[p] * budget
	}
	for i := len(r.Rounds) - 1; i >= 0; i-- {
		if f := r.Rounds[i].CPU[p]; f >= 0 {
			return f * budget
		}
	}
	return 0
}

// rate moves the ratings of a ladder match's versions, unless one of them
// is no longer its bot's current version (superseded results move nothing).
// Seats of plain built-in bots (a seat house bots could not fill) are not
// rated: the versions are rated among themselves, in the order the match
// put them (under Plackett–Luce, the order of some of the players follows
// the same model), when there are two or more. The rows are locked in id
// order, so concurrent matches cannot deadlock or lose an update.
func rate(ctx context.Context, tx pgx.Tx, matchID int64, seats []store.SeatResult, scores []int64) (bool, error) {
	var ids []int64
	var rated []int64 // their scores
	for i, s := range seats {
		if s.VersionID != nil {
			ids = append(ids, *s.VersionID)
			rated = append(rated, scores[i])
		}
	}
	if len(ids) < 2 {
		return false, nil
	}
	before, err := store.RatingsForUpdate(ctx, tx, ids)
	if err != nil || len(before) != len(ids) {
		return false, err
	}
	in := make([]rating.Rating, len(ids))
	for i, id := range ids {
		if !before[id].Current {
			return false, nil
		}
		in[i] = rating.Rating{Mu: before[id].Mu, Sigma: before[id].Sigma}
	}
	out, err := rating.Default().Rate(in, rating.RanksFromScores(rated))
	if err != nil {
		return false, err
	}
	for i, id := range ids {
		if err := store.SetRating(ctx, tx, id, matchID, out[i].Mu, out[i].Sigma); err != nil {
			return false, err
		}
	}
	return true, nil
}

// MatchJob is the River job that plays m, for the services that create
// matches (challenges) and insert it in their transaction.
func MatchJob(m *domain.Match) river.InsertManyParams { return matchJob(m) }
