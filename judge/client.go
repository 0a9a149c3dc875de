// Package judge holds Arena's River jobs and the clients that insert and work
// them: every background task runs through River on Postgres.
package judge

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
)

// Queues, in the order a worker should care about them.
const (
	QueueDefault = river.QueueDefault
)

// AllQueues is what a worker serves unless told otherwise.
var AllQueues = []string{QueueDefault}

// Config says what a working client does.
type Config struct {
	Queues     []string // queues to work; nil means AllQueues
	MaxWorkers int      // per queue; 0 means the number of cores
	WorkerName string   // recorded by jobs that say who worked them
	Logger     *slog.Logger
}

// Client is the River client type Arena uses.
type Client = river.Client[pgx.Tx]

// NewWorkingClient returns a client that works jobs once started.
func NewWorkingClient(pool *pgxpool.Pool, cfg Config) (*Client, error) {
	if cfg.MaxWorkers <= 0 {
		cfg.MaxWorkers = runtime.NumCPU()
	}
	if len(cfg.Queues) == 0 {
		cfg.Queues = AllQueues
	}
	queues := map[string]river.QueueConfig{}
	for _, q := range cfg.Queues {
		if !knownQueue(q) {
			return nil, fmt.Errorf("unknown queue %q (known: %v)", q, AllQueues)
		}
		queues[q] = river.QueueConfig{MaxWorkers: cfg.MaxWorkers}
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &PingWorker{pool: pool, name: cfg.WorkerName})
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:     quiet(cfg.Logger),
		Queues:     queues,
		Workers:    workers,
		Middleware: []rivertype.Middleware{&jobMetrics{}},
		// A worker killed mid-job leaves it running; River rescues it after this.
		RescueStuckJobsAfter: 5 * time.Minute,
	})
}

// NewInsertClient returns a client that only inserts jobs (the web server
// with --no-workers, command-line tools).
func NewInsertClient(pool *pgxpool.Pool, logger *slog.Logger) (*Client, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: quiet(logger)})
}

func knownQueue(q string) bool {
	for _, k := range AllQueues {
		if k == q {
			return true
		}
	}
	return false
}

// quiet keeps River's own chatter at warnings and above.
func quiet(l *slog.Logger) *slog.Logger {
	if l == nil {
		l = slog.Default()
	}
	return slog.New(levelFloor{l.Handler(), slog.LevelWarn})
}

type levelFloor struct {
	slog.Handler
	min slog.Level
}

func (h levelFloor) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h levelFloor) WithAttrs(a []slog.Attr) slog.Handler {
	return levelFloor{h.Handler.WithAttrs(a), h.min}
}

func (h levelFloor) WithGroup(n string) slog.Handler {
	return levelFloor{h.Handler.WithGroup(n), h.min}
}
