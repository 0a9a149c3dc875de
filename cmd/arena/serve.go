package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"arena.dev/judge"
	"arena.dev/metrics"
	"arena.dev/service"
	"arena.dev/web"
)

// shutdownGrace is how long in-flight requests and jobs get after Ctrl-C.
const shutdownGrace = 30 * time.Second

func init() {
	register(&command{
		name:    "serve",
		summary: "run the web app and, unless --no-workers, a worker pool",
		usage:   "arena serve [--no-workers] [--require-jail]",
		run:     runServe,
	})
}

func runServe(ctx context.Context, args []string) error {
	c := commands["serve"]
	fs := newFlags(c)
	noWorkers := fs.Bool("no-workers", false, "serve the web app only; jobs are worked by 'arena worker' processes")
	requireJail := fs.Bool("require-jail", false, "refuse to start the worker pool unless every wall of the sandbox's jail is up")
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	if *noWorkers && *requireJail {
		return usagef("--require-jail is about the worker pool, and --no-workers runs none")
	}
	cfg, logger, err := loadConfig()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", ":"+strconv.Itoa(cfg.Port))
	if err != nil {
		return err
	}
	defer ln.Close()
	// DATABASE_URL, the default address, or an embedded PostgreSQL.
	dbURL, stopDatabase, err := serveDatabase(cfg, logger)
	if err != nil {
		return err
	}
	defer stopDatabase() // after the pool closes
	cfg.DatabaseURL = dbURL
	pool, err := openDatabase(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	if !*noWorkers {
		// The pool runs bots: report its jail, and refuse a degraded one
		// if asked, before serving anything.
		if err := checkJail(logger, *requireJail); err != nil {
			return err
		}
	}

	password, err := service.EnsureAdmin(ctx, pool, cfg.AdminPassword)
	if err != nil {
		return fmt.Errorf("creating the admin account: %w", err)
	}
	switch {
	case password != "" && cfg.AdminPassword == "":
		fmt.Printf("Created the admin account.\n  user: admin\n  password: %s\n(shown once: change it after logging in)\n", password)
	case password != "":
		fmt.Println("Created the admin account 'admin' with the password in ARENA_ADMIN_PASSWORD.")
	}

	var jobs *judge.Client
	if *noWorkers {
		jobs, err = judge.NewInsertClient(pool, logger)
	} else {
		jobs, err = judge.NewWorkingClient(pool, judge.Config{MaxWorkers: cfg.Workers, WorkerName: workerName(), Logger: logger,
			Sandbox: judge.Sandbox{Dir: cfg.DataDir}, RescueAfter: cfg.RescueAfter})
	}
	if err != nil {
		return err
	}
	if !*noWorkers {
		// Start's context would cancel running jobs when done; stopping is
		// done explicitly below, gracefully.
		if err := jobs.Start(context.WithoutCancel(ctx)); err != nil {
			return err
		}
		go trimCaches(ctx, cfg, logger)
	}

	// The database's size by kind on /metrics (Admin → Storage shows it too).
	storage := web.StorageMetrics(pool)
	metrics.Registry.MustRegister(storage)
	defer metrics.Registry.Unregister(storage)
	tools := downloadsBuilder(cfg)
	defer tools.Close() // no go build outlives the server
	if cfg.DownloadsBuild == "start" {
		tools.Start() // in the background: the first download does not wait for its build
	}
	srv := &http.Server{
		Handler: (&web.Server{Pool: pool, Jobs: jobs, Logger: logger, Boards: web.NewBoardCache(2 * time.Second),
			HTTPS: cfg.HTTPS(), TrustedProxies: cfg.TrustedProxies, SignupsPerHour: cfg.SignupsPerHour,
			PublicURL: cfg.PublicURL, Downloads: tools, Version: versionString()}).Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	// The listener is open: say so before serving, so that whoever sees the
	// first answer has seen the URL too.
	fmt.Printf("Arena is running on http://localhost:%d (workers: %v). Press Ctrl-C to stop.\n", cfg.Port, !*noWorkers)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing requests and jobs in flight", "grace", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	errHTTP := srv.Shutdown(sctx)
	var errJobs error
	if !*noWorkers {
		errJobs = stopWorkers(sctx, jobs)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		errHTTP = errors.Join(errHTTP, err)
	}
	return errors.Join(errHTTP, errJobs)
}

// stopWorkers stops fetching and lets running jobs finish; jobs still running
// when ctx ends are cancelled, which hands them back to River for a retry.
func stopWorkers(ctx context.Context, jobs *judge.Client) error {
	err := jobs.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		hard, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return jobs.StopAndCancel(hard)
	}
	return err
}
