package service

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// A user's request to play again a finished match whose replay retention
// deleted; the job that plays it is judge's (judge.ReplayArgs).

// The limits of each user's requests to play a match again, as for
// challenges: each is a match's worth of a worker. Admins have none.
const (
	MaxPendingReplays = 3
	MaxReplaysPerHour = 20
)

// ReplayAgain asks for the deleted replay of a finished match to be
// played again, on behalf of a user (admin: without limits). queued is
// false when a request for it already waits (this one joins it).
func ReplayAgain(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, userID int64, matchID int64) (queued bool, err error) {
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
		res, err := jobs.InsertTx(ctx, tx, judge.ReplayArgs{MatchID: m.ID, RequestedBy: userID}, nil)
		if err != nil {
			return err
		}
		queued = !res.UniqueSkippedAsDuplicate
		return nil
	})
	return queued, err
}
