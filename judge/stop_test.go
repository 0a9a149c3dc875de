package judge_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"arena.dev/judge"
	"arena.dev/store/pgtest"
)

// A clean stop logs no error, even right after the client became the
// leader, while River's maintenance services are still starting (River
// 0.51.0 logged "PeriodicJobEnqueuer: Error starting transaction: context
// canceled" then).
func TestCleanStopLogsNoError(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	for i := range 3 {
		var log lockedBuffer
		logger := slog.New(slog.NewTextHandler(&log, nil))
		client, err := judge.NewWorkingClient(pool, judge.Config{Logger: logger, Sandbox: judge.Sandbox{Dir: sandboxDir()}})
		if err != nil {
			t.Fatal(err)
		}
		if err := client.Start(ctx); err != nil {
			t.Fatal(err)
		}
		// Stop as soon as this client leads: its maintenance services
		// (the periodic jobs' enqueuer among them) start then.
		deadline := time.Now().Add(30 * time.Second)
		for {
			var leads bool
			if err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM river_leader WHERE leader_id = $1)", client.ID()).Scan(&leads); err != nil {
				t.Fatal(err)
			}
			if leads {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("run %d: the client did not become the leader in 30 s", i)
			}
			time.Sleep(10 * time.Millisecond)
		}
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err = client.Stop(sctx)
		cancel()
		if err != nil {
			t.Fatalf("run %d: stop: %v", i, err)
		}
		for line := range strings.Lines(log.String()) {
			if strings.Contains(line, "level=ERROR") {
				t.Errorf("run %d: a clean stop logged an error: %s", i, line)
			}
		}
	}
}

// lockedBuffer is a log destination River's goroutines may share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
