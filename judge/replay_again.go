package judge

import (
	"context"
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

// The limits of each user's requests to play a match again, as for
// challenges: each is a match's worth of a worker. Admins have none.
const (
	MaxPendingReplays = 3
	MaxReplaysPerHour = 20
)

// RegenerateReplay asks for the deleted replay of a finished match to be
// played again, on behalf of a user (admin: without limits). queued is
// false when a request for it already waits (this one joins it).
func RegenerateReplay(ctx context.Context, pool *pgxpool.Pool, jobs *Client, userID int64, matchID int64) (queued bool, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		m, err := store.MatchByID(ctx, tx, matchID)
		if err != nil {
			return err
		}
		switch {
		case m.Status != domain.MatchFinished:
			return domain.Refusal("errors.replay.unplayed", "match {{.Match}} was not played: it has no replay to play again", domain.Data{"Match": m.ID})
		case m.ReplayKey != nil:
			return domain.Refusal("errors.replay.present", "match {{.Match}} has its replay", domain.Data{"Match": m.ID})
		}
		role, err := store.LockUser(ctx, tx, userID) // serialises the user's requests over the limits
		if err != nil {
			return err
		}
		if role != domain.RoleAdmin {
			waiting, lastHour, oldest, err := store.ReplayRequests(ctx, tx, userID, time.Hour)
			if err != nil {
				return err
			}
			if waiting >= MaxPendingReplays {
				e := domain.NewError(domain.TooMany, "errors.replay.pending",
					"you have {{.Waiting}} matches waiting to be played again: wait until one is done", domain.Data{"Waiting": waiting})
				e.RetryAfter = 30 * time.Second
				return e
			}
			if lastHour >= MaxReplaysPerHour {
				e := domain.NewError(domain.TooMany, "errors.replay.hourly",
					"you asked for {{.Recent}} matches to be played again in the last hour, the most there may be", domain.Data{"Recent": lastHour})
				e.RetryAfter = max(time.Second, time.Until(oldest.Add(time.Hour)))
				return e
			}
		}
		res, err := jobs.InsertTx(ctx, tx, ReplayArgs{MatchID: m.ID, RequestedBy: userID}, nil)
		if err != nil {
			return err
		}
		queued = !res.UniqueSkippedAsDuplicate
		return nil
	})
	return queued, err
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
