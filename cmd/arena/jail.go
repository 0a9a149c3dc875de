package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"arena.dev/metrics"
	"arena.dev/sandbox"
)

// checkJail probes the sandbox's walls around bots before workers start,
// reports them in one log line and on /metrics (arena_sandbox_wall_up), and
// with require refuses to go on when one is missing. A degraded jail is
// logged at ERROR when a wall of the jail is missing, at WARN when only the
// CPU clock is.
func checkJail(logger *slog.Logger, require bool) error {
	j, err := sandbox.ProbeJail()
	if err != nil {
		for _, w := range sandbox.Walls {
			metrics.SandboxWalls.WithLabelValues(string(w)).Set(0)
		}
		logger.Error("sandbox jail: the probe failed; assume no wall is up", "err", err)
		if require {
			return fmt.Errorf("--require-jail: the sandbox's walls could not be probed: %w", err)
		}
		return nil
	}
	attrs := make([]any, 0, 2*len(j)+2)
	why := make([]any, 0, 2*len(j))
	for _, w := range j {
		state, up := "down", 0.0
		switch {
		case w.Up:
			state, up = "up", 1
		case w.Off:
			state = "off"
		}
		metrics.SandboxWalls.WithLabelValues(string(w.Wall)).Set(up)
		attrs = append(attrs, string(w.Wall), state)
		if w.Why != "" {
			why = append(why, string(w.Wall), w.Why)
		}
	}
	missing := j.Missing()
	if len(missing) == 0 {
		if len(why) > 0 {
			attrs = append(attrs, slog.Group("why", why...))
		}
		logger.Info("sandbox jail: every wall is up", attrs...)
		return nil
	}
	names := make([]string, len(missing))
	level := slog.LevelWarn
	for i, w := range missing {
		names[i] = string(w.Wall)
		if w.Wall != sandbox.WallCPUClock {
			level = slog.LevelError
		}
	}
	attrs = append(attrs, "missing", strings.Join(names, ","), slog.Group("why", why...))
	logger.Log(context.Background(), level, "sandbox jail degraded: bots run behind fewer walls", attrs...)
	if require {
		var b strings.Builder
		for _, w := range missing {
			fmt.Fprintf(&b, "\n  %s: %s", w.Wall, w.Why)
		}
		return fmt.Errorf("--require-jail: the sandbox's jail misses %s:%s", strings.Join(names, ", "), b.String())
	}
	return nil
}

// serveMetrics serves /metrics on addr until ctx ends (a worker has no web
// server of its own).
func serveMetrics(ctx context.Context, addr string, logger *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--metrics %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics server stopped", "addr", addr, "err", err)
		}
	}()
	logger.Info("serving metrics", "url", "http://"+ln.Addr().String()+"/metrics")
	return func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}, nil
}
