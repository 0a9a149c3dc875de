package judge_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
)

func TestBrokenBotGetsCompileErrorWithLog(t *testing.T) {
	e := startJudge(t, judge.Config{})
	v, err := judge.Submit(context.Background(), e.pool, e.client, e.user(t), "orkisland", "broken", readSource(t, "broken.go"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Number != 1 {
		t.Fatalf("first version numbered %d", v.Number)
	}
	got := e.waitStatus(t, v.ID, 2*time.Minute, store.StatusCompileError, store.StatusQualifying)
	if got.Status != store.StatusCompileError {
		t.Fatalf("status %s, want compile_error", got.Status)
	}
	if !strings.Contains(got.CompileLog, "bot.go:8:") || !strings.Contains(got.CompileLog, "undefinedThing") {
		t.Fatalf("the log should point at the user's line 8:\n%s", got.CompileLog)
	}
}

// The Null bot compiles, plays its qualification matches and loses them.
func TestWeakBotRejectedByTheDummy(t *testing.T) {
	e := startJudge(t, judge.Config{})
	null, err := games.KitTemplate("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	v, err := judge.Submit(context.Background(), e.pool, e.client, e.user(t), "orkisland", "idle", string(null))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 3*time.Minute, store.StatusRejected, store.StatusAccepted, store.StatusCompileError)
	if got.Status != store.StatusRejected {
		t.Fatalf("status %s, want rejected (log: %s)", got.Status, got.CompileLog)
	}
	var matches, finished int
	err = e.pool.QueryRow(context.Background(), `SELECT count(*), count(*) FILTER (WHERE status = 'finished')
		FROM matches WHERE bot_version_id = $1 AND kind = 'qualification'`, v.ID).Scan(&matches, &finished)
	if err != nil {
		t.Fatal(err)
	}
	if matches != judge.DefaultQualificationMatches || finished != matches {
		t.Fatalf("%d qualification matches, %d finished; want %d finished", matches, finished, judge.DefaultQualificationMatches)
	}
	if got.Games != matches {
		t.Fatalf("the version counts %d games, the results table %d", got.Games, matches)
	}
}

func TestSubmitRefusesBadInput(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	uid := e.user(t)
	for name, c := range map[string]struct{ game, bot, src string }{
		"empty":        {"orkisland", "b", "  \n"},
		"too large":    {"orkisland", "b", strings.Repeat("x", judge.MaxSource+1)},
		"unknown game": {"chess", "b", "package main"},
		"no name":      {"orkisland", " ", "package main"},
	} {
		_, err := judge.Submit(ctx, e.pool, e.client, uid, c.game, c.bot, c.src)
		var se *judge.SubmitError
		if !errors.As(err, &se) {
			t.Errorf("%s: got %v, want a SubmitError", name, err)
		}
	}
	var n int
	e.pool.QueryRow(ctx, "SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE b.owner_id = $1", uid).Scan(&n)
	if n != 0 {
		t.Fatalf("%d versions stored from refused submissions", n)
	}
}
