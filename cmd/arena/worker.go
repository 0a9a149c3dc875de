package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"arena.dev/config"
	"arena.dev/judge"
	"arena.dev/sandbox"
)

func init() {
	register(&command{
		name:    "worker",
		summary: "work jobs (compile, matches) against the shared database; run any number",
		usage:   "arena worker [--queues q1,q2] [--require-jail] [--metrics ADDR]",
		run:     runWorker,
	})
}

func runWorker(ctx context.Context, args []string) error {
	c := commands["worker"]
	fs := newFlags(c)
	queues := fs.String("queues", strings.Join(judge.AllQueues, ","), "comma-separated queues to work")
	requireJail := fs.Bool("require-jail", false, "refuse to start unless every wall of the sandbox's jail is up")
	metricsAddr := fs.String("metrics", "", "serve Prometheus metrics on this address (like :9100)")
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	cfg, logger, err := loadConfig()
	if err != nil {
		return err
	}
	pool, err := openDatabase(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := checkJail(logger, *requireJail); err != nil {
		return err
	}
	if *metricsAddr != "" {
		stop, err := serveMetrics(ctx, *metricsAddr, logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	jobs, err := judge.NewWorkingClient(pool, judge.Config{
		Queues:      strings.Split(*queues, ","),
		MaxWorkers:  cfg.Workers,
		WorkerName:  workerName(),
		Logger:      logger,
		Sandbox:     judge.Sandbox{Dir: cfg.DataDir},
		RescueAfter: cfg.RescueAfter,
	})
	if err != nil {
		return usageError{err.Error()}
	}
	if err := jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	go trimCaches(ctx, cfg, logger)
	logger.Info("worker started", "name", workerName(), "queues", *queues, "client", jobs.ID())
	<-ctx.Done()
	logger.Info("worker stopping: finishing jobs in flight", "grace", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	return stopWorkers(sctx, jobs)
}

// workerName identifies this process in job records and logs.
func workerName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d", host, os.Getpid())
}

// trimEvery is how often a worker trims its bot caches.
const trimEvery = 15 * time.Minute

// trimCaches keeps this machine's compiled bots within ARENA_CACHE_MAX, now
// and every trimEvery, until ctx ends.
func trimCaches(ctx context.Context, cfg config.Config, logger *slog.Logger) {
	caches := sandbox.Caches{Dir: cfg.DataDir}
	tick := time.NewTicker(trimEvery)
	defer tick.Stop()
	for {
		removed, freed, err := caches.Trim(cfg.CacheMax)
		switch {
		case err != nil:
			logger.Warn("trimming the bot caches", "dir", caches.Root(), "err", err)
		case removed > 0:
			logger.Info("trimmed the bot caches", "dir", caches.Root(), "files", removed, "bytes", freed)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
