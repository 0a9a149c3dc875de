package main

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"arena.dev/judge"
	"arena.dev/store"
)

func init() {
	register(&command{
		name:    "ping",
		summary: "check the job loop: insert N trivial jobs and wait until workers have done them",
		usage:   "arena ping [-n N] [--timeout 1m]",
		run:     runPing,
	})
}

func runPing(ctx context.Context, args []string) error {
	c := commands["ping"]
	fs := newFlags(c)
	n := fs.Int("n", 1, "number of jobs")
	timeout := fs.Duration("timeout", time.Minute, "how long to wait for the workers")
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	if *n < 1 || *n > 100000 {
		return usagef("-n must be between 1 and 100000")
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
	jobs, err := judge.NewInsertClient(pool, logger)
	if err != nil {
		return err
	}
	params := make([]river.InsertManyParams, *n)
	for i := range params {
		params[i] = river.InsertManyParams{Args: judge.PingArgs{}}
	}
	start := time.Now()
	res, err := jobs.InsertMany(ctx, params)
	if err != nil {
		return err
	}
	ids := make([]int64, len(res))
	for i, r := range res {
		ids[i] = r.Job.ID
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	for {
		done, err := store.PingsDone(ctx, pool, ids)
		if err != nil {
			return fmt.Errorf("%d of %d jobs worked: %w (is a worker running?)", done, len(ids), err)
		}
		if done == len(ids) {
			break
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%d of %d jobs worked before the timeout: is a worker running?", done, len(ids))
		case <-time.After(50 * time.Millisecond):
		}
	}
	workers, err := store.PingsByWorker(ctx, pool, ids)
	if err != nil {
		return err
	}
	fmt.Printf("%d jobs worked in %v\n", len(ids), time.Since(start).Round(time.Millisecond))
	for _, w := range workers {
		fmt.Printf("  %-30s %d\n", w.Worker, w.Jobs)
	}
	return nil
}
