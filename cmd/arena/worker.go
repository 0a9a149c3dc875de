package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"arena.dev/judge"
)

func init() {
	register(&command{
		name:    "worker",
		summary: "work jobs (compile, matches) against the shared database; run any number",
		usage:   "arena worker [--queues q1,q2]",
		run:     runWorker,
	})
}

func runWorker(ctx context.Context, args []string) error {
	c := commands["worker"]
	fs := newFlags(c)
	queues := fs.String("queues", strings.Join(judge.AllQueues, ","), "comma-separated queues to work")
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
	logger.Info("worker started", "name", workerName(), "queues", *queues)
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
