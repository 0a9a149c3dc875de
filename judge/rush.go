package judge

import (
	"context"
	"slices"
	"time"

	"arena.dev/store"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// A deadline rush is served first (issue 32): compile workers are as many
// as the cores (client.go), and no ladder match (nor a challenge, nor a
// replay played again) starts while a compile (on a worker that compiles)
// or a more urgent match (qualification, tournament) is ready to be
// worked: its job snoozes, and the cores go to the students waiting for a
// verdict. Matches already
// running go on; a ladder match waits at most a snooze after the rush.
// (A replay played again on request yields as the ladder does.)

// rushSnooze is how long a yielding match waits before it looks again
// (River's scheduler may add a few seconds).
const rushSnooze = 2 * time.Second

// urgentReady says whether a match job of a priority above the ladder's
// is ready to be worked (available, due), or a compile when this worker
// compiles too: a worker that serves no compile queue (`arena worker
// --queues match`) frees no core for compiles by waiting, and would wait
// for ever if no worker compiled.
func (j *judge) urgentReady(ctx context.Context) (bool, error) {
	return store.UrgentReady(ctx, j.pool, QueueCompile, QueueMatch, PriorityLadder, slices.Contains(j.cfg.Queues, QueueCompile))
}

// yieldToRush returns a snooze for a background match job (the ladder's
// priority or below) while urgent work is ready, nil otherwise.
func (j *judge) yieldToRush(ctx context.Context, job *rivertype.JobRow) error {
	if job.Priority < PriorityLadder {
		return nil
	}
	ready, err := j.urgentReady(ctx)
	if err != nil {
		return err
	}
	if ready {
		return river.JobSnooze(rushSnooze)
	}
	return nil
}
