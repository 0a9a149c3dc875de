package judge

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// Playing a match again for its replay. Engines and bots are seeded: the
// same versions, seed, board and settings play the same match, so a match
// whose replay retention deleted can have it back. A job plays it among
// the ladder's matches (PriorityLadder: below a challenge's priority the
// ladder, always refilled, would keep it waiting) and stores the replay,
// which is then kept like a fresh one; the results, scores and ratings stay the
// recorded ones. CPU time is measured, not replayed: a bot frozen for CPU
// may be frozen at another moment, and the match then ends otherwise
// (the match records that its replay differs).

// ReplayArgs asks for a finished match's deleted replay to be played
// again. One job per match waits at a time, whoever asked.
type ReplayArgs struct {
	MatchID     int64 `json:"match_id" river:"unique"`
	RequestedBy int64 `json:"requested_by"`
}

func (ReplayArgs) Kind() string { return "replay" }

// waitingStates are a job's states until it is over.
var waitingStates = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
	rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}

func (ReplayArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMatch, Priority: PriorityLadder, MaxAttempts: 3, Tags: []string{"replay"},
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: waitingStates}}
}

// ReplayWorker plays a match again and stores its replay.
type ReplayWorker struct {
	river.WorkerDefaults[ReplayArgs]
	j *judge
}

// Timeout is a match's.
func (w *ReplayWorker) Timeout(*river.Job[ReplayArgs]) time.Duration {
	return min(3*time.Minute, w.j.cfg.RescueAfter)
}

func (w *ReplayWorker) Work(ctx context.Context, job *river.Job[ReplayArgs]) error {
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
	if m.Status != domain.MatchFinished || m.ReplayKey != nil {
		return complete(ctx, pool, job) // nothing to play again
	}
	seats, err := store.Seats(ctx, pool, m.ID)
	if err != nil {
		return err
	}
	replay, _, err := w.j.play(ctx, m, seats)
	var bad badMatch
	if errors.As(err, &bad) {
		return river.JobCancel(fmt.Errorf("match %d cannot be played again: %w", m.ID, bad.error))
	}
	if err != nil {
		return err
	}
	gz, err := replay.Gzip()
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		m, err := store.MatchForUpdate(ctx, tx, m.ID)
		if err != nil {
			return err
		}
		if m.ReplayKey == nil {
			// Under the match's own prefix (retention deletes only those).
			key := fmt.Sprintf("replay/%d/again-%d", m.ID, job.ID)
			if err := (store.PGBlobs{DB: tx}).Put(ctx, key, gz); err != nil {
				return err
			}
			if err := store.SetReplayRegenerated(ctx, tx, m.ID, key, !sameEnd(seats, replay)); err != nil {
				return err
			}
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// sameEnd says whether a replay ends as the recorded result: every seat's
// score and, for a frozen one, the round it was frozen in.
func sameEnd(seats []store.SeatResult, r *games.Replay) bool {
	frozen := map[int]int{}
	for _, f := range r.End.Frozen {
		frozen[f.Player] = f.Round
	}
	for i, s := range seats {
		if i >= len(r.End.Scores) || s.Score == nil || *s.Score != int64(r.End.Scores[i]) {
			return false
		}
		round, ok := frozen[i]
		if (s.FrozenRound != nil) != ok || (ok && *s.FrozenRound != round) {
			return false
		}
	}
	return len(seats) == len(r.End.Scores)
}
