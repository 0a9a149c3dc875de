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
	"arena.dev/games"
	"arena.dev/lang"
	"arena.dev/store"
)

// BuiltinWasmKey is the blob key of a built-in bot compiled to WebAssembly.
// It names the hash of everything that goes into the build (lang's
// BuildHash: the bot's program, the SDK it imports, the build's language
// version and flags, the Go release), so a change to any of them gets a
// new build instead of serving a stale one.
func BuiltinWasmKey(gameID, bot string) (string, error) {
	src, err := games.BotProgram(gameID, bot)
	if err != nil {
		return "", err
	}
	sdk, err := lang.Go.SDK(gameID)
	if err != nil {
		return "", err
	}
	sum, err := lang.Go.BuildHash(src, sdk)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("wasm/builtin/%s/%s/%s", gameID, bot, sum[:16]), nil
}

// BuildBuiltinsArgs is the job that compiles the downloadable built-in bots
// that are missing; it runs when a worker pool starts, and hourly.
type BuildBuiltinsArgs struct{}

func (BuildBuiltinsArgs) Kind() string { return "build_builtins" }

func (BuildBuiltinsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCompile, Priority: 4, UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
}

// BuildBuiltinsWorker compiles each game's downloadable bots (its
// Info.Downloads, as on Jutge: students test against the Dummy locally)
// with the same locked-down toolchain as students' bots. Built-in bots are
// Go.
type BuildBuiltinsWorker struct {
	river.WorkerDefaults[BuildBuiltinsArgs]
	j *judge
}

func (w *BuildBuiltinsWorker) Timeout(*river.Job[BuildBuiltinsArgs]) time.Duration {
	return min(5*time.Minute, w.j.cfg.RescueAfter)
}

func (w *BuildBuiltinsWorker) Work(ctx context.Context, job *river.Job[BuildBuiltinsArgs]) error {
	blobs := store.PGBlobs{DB: w.j.pool}
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		for _, bot := range g.Info().Downloads {
			key, err := BuiltinWasmKey(id, bot)
			if err != nil {
				return err
			}
			if _, err := blobs.Get(ctx, key); err == nil {
				continue
			} else if !errors.Is(err, domain.ErrNotFound) {
				return err
			}
			src, _ := games.BotProgram(id, bot)
			art, _, err := lang.Compile(ctx, lang.Go, id, src, w.j.cfg.Sandbox.caches().CompileOptions())
			if err != nil {
				return fmt.Errorf("building %s's %s: %w", id, bot, err)
			}
			wasm, err := os.ReadFile(art.Path)
			if err != nil {
				return err
			}
			if err := blobs.Put(ctx, key, wasm); err != nil {
				return err
			}
			w.j.logger.Info("built a downloadable bot", "game", id, "bot", bot, "bytes", len(wasm))
		}
	}
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}
