// Package judge holds Arena's River jobs and the clients that insert and work
// them: compiling submissions, qualification and ladder matches,
// matchmaking, ratings. Every background task runs through River on Postgres.
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

	"arena.dev/sandbox"
)

// Queues. Compiles have their own queue so a submission is never stuck
// behind a wall of ladder matches.
const (
	QueueCompile = "compile"
	QueueMatch   = "match"
	QueueDefault = river.QueueDefault // matchmaking, pings
)

// AllQueues is what a worker serves unless told otherwise, most urgent first.
var AllQueues = []string{QueueCompile, QueueMatch, QueueDefault}

// Job priorities within the match queue (1 is worked first): a tournament
// before a student waiting for a verdict, both before the ladder, and a
// student's challenge after all of them (River has four priorities). The
// ladder cannot starve challenges: matchmaking counts the queued ones in
// the ladder's queue (planLadder), so it lets the queue drain to them.
const (
	PriorityTournament    = 1
	PriorityQualification = 2
	PriorityLadder        = 3
	PriorityChallenge     = 4
)

// Config says what a working client does. Zero values take the defaults.
type Config struct {
	Queues     []string // queues to work; nil means AllQueues
	MaxWorkers int      // matches at once, and compiles at once; 0 means the number of cores
	WorkerName string   // recorded by jobs that say who worked them
	Logger     *slog.Logger
	Sandbox    Sandbox

	// RescueAfter is when River hands the job of a vanished worker to
	// another; default 5 minutes (a match never runs that long).
	RescueAfter time.Duration
	// LadderEvery is the matchmaking period; 0 means 10 s, negative disables it.
	LadderEvery time.Duration
	// LadderQueue is how many ladder matches per game matchmaking keeps
	// queued; 0 means 4 per core.
	LadderQueue int
	// RetentionEvery is the retention job's period (retention.go); 0
	// means 10 minutes, negative disables it.
	RetentionEvery time.Duration
	// RetentionBatch is how many replays or artifacts one of its
	// transactions deletes at most; 0 means 200.
	RetentionBatch int
	// RetentionPause is the rest between two of its batches; 0 means 50 ms.
	RetentionPause time.Duration
}

// Client is the River client type Arena uses.
type Client = river.Client[pgx.Tx]

// NewWorkingClient returns a client that works jobs once started.
func NewWorkingClient(pool *pgxpool.Pool, cfg Config) (*Client, error) {
	cores := runtime.NumCPU()
	if cfg.MaxWorkers <= 0 {
		cfg.MaxWorkers = cores
	}
	if len(cfg.Queues) == 0 {
		cfg.Queues = AllQueues
	}
	if cfg.RescueAfter <= 0 {
		cfg.RescueAfter = 5 * time.Minute
	}
	if cfg.LadderEvery == 0 {
		cfg.LadderEvery = 10 * time.Second
	}
	if cfg.LadderQueue <= 0 {
		cfg.LadderQueue = 4 * cores
	}
	if cfg.RetentionEvery == 0 {
		cfg.RetentionEvery = defaultRetentionEvery
	}
	if cfg.RetentionBatch <= 0 {
		cfg.RetentionBatch = defaultRetentionBatch
	}
	if cfg.RetentionPause <= 0 {
		cfg.RetentionPause = defaultRetentionPause
	}
	if cfg.Sandbox.Pool == nil {
		// Four seats per match at once, and room for the next match's bots.
		cfg.Sandbox.Pool = &sandbox.Pool{MaxIdle: 8 * cfg.MaxWorkers}
	}
	queues := map[string]river.QueueConfig{}
	for _, q := range cfg.Queues {
		switch q {
		case QueueCompile:
			// As many as the cores: in a deadline rush the compiles get
			// them, since no ladder match starts while one waits (rush.go).
			queues[q] = river.QueueConfig{MaxWorkers: cfg.MaxWorkers}
		case QueueMatch:
			queues[q] = river.QueueConfig{MaxWorkers: cfg.MaxWorkers}
		case QueueDefault:
			queues[q] = river.QueueConfig{MaxWorkers: 2}
		default:
			return nil, fmt.Errorf("unknown queue %q (known: %v)", q, AllQueues)
		}
	}
	j := &judge{pool: pool, cfg: cfg, logger: cfg.Logger}
	j.rebuilt.slots = make(chan struct{}, max(1, cfg.MaxWorkers/2)) // rebuilds within match jobs: half the cores
	if j.logger == nil {
		j.logger = slog.Default()
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &PingWorker{pool: pool, name: cfg.WorkerName})
	river.AddWorker(workers, &CompileWorker{j: j})
	river.AddWorker(workers, &MatchWorker{j: j})
	river.AddWorker(workers, &MatchmakingWorker{j: j})
	river.AddWorker(workers, &BuildBuiltinsWorker{j: j})
	river.AddWorker(workers, &TournamentStartWorker{j: j})
	river.AddWorker(workers, &CopyCheckWorker{j: j})
	river.AddWorker(workers, &CopyBackfillWorker{j: j})
	river.AddWorker(workers, &RetentionWorker{j: j})
	river.AddWorker(workers, &ReplayWorker{j: j})
	periodic := []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return BuildBuiltinsArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
	// The copy check's index gets the versions it lacks (an upgraded server's).
	periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return CopyBackfillArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true}))
	if cfg.RetentionEvery > 0 {
		every := cfg.RetentionEvery
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(every),
			func() (river.JobArgs, *river.InsertOpts) {
				return RetentionArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: every}}
			}, &river.PeriodicJobOpts{RunOnStart: true}))
	}
	if cfg.LadderEvery > 0 {
		every := cfg.LadderEvery
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(every),
			func() (river.JobArgs, *river.InsertOpts) {
				return MatchmakingArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: every}}
			}, &river.PeriodicJobOpts{RunOnStart: true}))
	}
	live := newLiveness(pool, j.logger)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:       quiet(cfg.Logger),
		Queues:       queues,
		Workers:      workers,
		PeriodicJobs: periodic,
		Middleware:   []rivertype.Middleware{&jobMetrics{}, live},
		ErrorHandler: jobErrors{logger: j.logger},
		// River's own rescue, for a worker that hangs: a dead one's jobs
		// come back within seconds (liveness.go).
		RescueStuckJobsAfter: cfg.RescueAfter,
		// River wants a job's timeout below the rescue delay; workers that
		// need longer (compile, match) say so themselves, within it.
		JobTimeout: min(time.Minute, cfg.RescueAfter),
	})
	if err != nil {
		return nil, err
	}
	live.id = client.ID()
	live.start()
	return client, nil
}

// NewInsertClient returns a client that only inserts jobs (the web server
// with --no-workers, command-line tools).
func NewInsertClient(pool *pgxpool.Pool, logger *slog.Logger) (*Client, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: quiet(logger)})
}

// judge is what the workers share.
type judge struct {
	pool    *pgxpool.Pool
	cfg     Config
	logger  *slog.Logger
	rebuilt rebuilds // versions built again against this binary's SDKs
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
