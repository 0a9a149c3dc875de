package judge

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/store"
)

// PingArgs is the trivial job that proves the whole loop: inserted by one
// process, worked by any worker, its effect and its completion committed in
// one transaction. `arena ping` uses it to check a deployment.
type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" }

// PingWorker records which worker ran the job.
type PingWorker struct {
	river.WorkerDefaults[PingArgs]
	pool *pgxpool.Pool
	name string
}

func (w *PingWorker) Work(ctx context.Context, job *river.Job[PingArgs]) error {
	return pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		if err := store.RecordPing(ctx, tx, job.ID, w.name); err != nil {
			return fmt.Errorf("ping %d: %w", job.ID, err)
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}
