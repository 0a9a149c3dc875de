package judge_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// A bot that crashes at setup keeps the log of its start: the version
// page's debug logs show what it wrote and the panic, not nothing.
func TestStartCrashKeepsLog(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "initcrash", "go", readSource(t, "initcrash.go"))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	if got.Status != domain.StatusRejected {
		t.Fatalf("status %s, want rejected (log: %s)", got.Status, got.CompileLog)
	}
	logs, err := store.VersionLogs(ctx, e.pool, v.ID, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != games.QualificationMatches {
		t.Fatalf("%d debug logs, want one per qualification match (%d)", len(logs), games.QualificationMatches)
	}
	for _, l := range logs {
		if !strings.Contains(l.Text, "loading my tables") || !strings.Contains(l.Text, "assignment to entry in nil map") {
			t.Fatalf("match %d's log:\n%s", l.MatchID, l.Text)
		}
	}
	var reason string
	if err := e.pool.QueryRow(ctx, `SELECT coalesce(frozen_reason, '') FROM match_players WHERE bot_version_id = $1 LIMIT 1`, v.ID).Scan(&reason); err != nil {
		t.Logf("no frozen reason column: %v", err)
	} else {
		t.Logf("frozen: %s", reason)
	}
}
