package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/domain"
	"arena.dev/lang"
	"arena.dev/sandbox"
	"arena.dev/store"
)

// CompileArgs asks for a submitted version to be built.
type CompileArgs struct {
	VersionID int64 `json:"version_id"`
}

func (CompileArgs) Kind() string { return "compile" }

func (CompileArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCompile, MaxAttempts: 5}
}

// compileSnooze is how long a compile waits when its user already has
// one running (River's scheduler may add a few seconds).
const compileSnooze = time.Second

// CompilePriority is the River priority of a user's compile job when
// queued behind n of the user's versions still waiting for or in a
// compile: a user's first is served before anyone's second.
func CompilePriority(queued int) int { return min(4, 1+queued) }

// CompileWorker builds a version in the sandbox, in its language. A compile error is a
// verdict, not a failure: the job completes with the log recorded. On
// success the artifact, the status and the qualification matches land in
// one transaction with the job's completion.
type CompileWorker struct {
	river.WorkerDefaults[CompileArgs]
	j *judge
}

// Timeout leaves room for the build's own limit (60 s) and the precompile.
func (w *CompileWorker) Timeout(*river.Job[CompileArgs]) time.Duration {
	return min(2*time.Minute, w.j.cfg.RescueAfter)
}

func (w *CompileWorker) Work(ctx context.Context, job *river.Job[CompileArgs]) error {
	pool := w.j.pool
	v, err := store.VersionByID(ctx, pool, job.Args.VersionID)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("version %d does not exist", job.Args.VersionID))
	}
	if err != nil {
		return err
	}
	if v.Status != domain.StatusQueued && v.Status != domain.StatusCompiling {
		return complete(ctx, pool, job) // an earlier attempt landed
	}
	// One compile at a time per user: a second waits behind the first,
	// and behind everyone else's jobs meanwhile (Submit queues a user's
	// second behind others' first already; this covers a worker that
	// would otherwise take both at once).
	if busy, err := store.OtherCompileRunning(ctx, pool, job.ID, v.ID); err != nil {
		return err
	} else if busy {
		return river.JobSnooze(compileSnooze)
	}
	bot, err := store.BotByID(ctx, pool, v.BotID)
	if err != nil {
		return err
	}
	l, err := lang.Get(string(v.Language))
	if err != nil {
		return river.JobCancel(err)
	}
	if err := store.SetVersionStatus(ctx, pool, v.ID, domain.StatusCompiling); err != nil {
		return err
	}
	art, log, err := lang.Compile(ctx, l, bot.GameID, []byte(v.Source), w.j.cfg.Sandbox.caches().CompileOptions())
	var ce *sandbox.CompileError
	if errors.As(err, &ce) {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if err := store.SetCompileError(ctx, tx, v.ID, ce.Log); err != nil {
				return err
			}
			if ce.Limit {
				if err := store.SetCompileLimited(ctx, tx, v.ID); err != nil {
					return err
				}
			}
			_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("compiling version %d: %w", v.ID, err) // the host's fault: retry
	}
	wasm, err := os.ReadFile(art.Path)
	if err != nil {
		return err
	}
	// The SDK it was built against: a release that changes it has the
	// version rebuilt before its next match (rebuild.go).
	key, err := sdkKey(l, bot.GameID)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := (store.PGBlobs{DB: tx}).Put(ctx, wasmKey(art.Hash), wasm); err != nil {
			return err
		}
		if err := store.SetCompiled(ctx, tx, v.ID, string(log), art.Hash, key); err != nil {
			return err
		}
		if err := scheduleQualification(ctx, tx, bot.GameID, v.ID); err != nil {
			return err
		}
		if err := scheduleCopyCheck(ctx, tx, v.ID); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// complete marks a job done when there is nothing left for it to do.
func complete[T river.JobArgs](ctx context.Context, pool interface {
	Begin(context.Context) (pgx.Tx, error)
}, job *river.Job[T]) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
