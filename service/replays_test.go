package service_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// newMatch creates a ladder match of built-in bots in gameID; finished
// plays it (with a replay), and pruned then deletes its replay as
// retention does.
func newMatch(t *testing.T, pool *pgxpool.Pool, gameID string, finished, pruned bool) int64 {
	t.Helper()
	ctx := context.Background()
	m := &domain.Match{GameID: gameID, Kind: domain.KindLadder, Seed: 7}
	if err := store.CreateMatch(ctx, pool, m, []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}}); err != nil {
		t.Fatal(err)
	}
	if finished {
		if err := store.FinishMatch(ctx, pool, m.ID, "replay/test", true, nil); err != nil {
			t.Fatal(err)
		}
	}
	if pruned {
		if n, _, err := store.DeleteReplays(ctx, pool, []int64{m.ID}, time.Now().Add(time.Hour)); err != nil || n != 1 {
			t.Fatalf("pruning the replay: %d, %v", n, err)
		}
	}
	return m.ID
}

func TestReplayAgainRefusals(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	game := newGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)

	_, err := service.ReplayAgain(ctx, pool, jobs, student.ID, 1<<40)
	wantCode(t, err, domain.NotFound)

	unplayed := newMatch(t, pool, game, false, false)
	_, err = service.ReplayAgain(ctx, pool, jobs, student.ID, unplayed)
	wantKey(t, err, "errors.replay.unplayed")
	wantCode(t, err, domain.Invalid)

	kept := newMatch(t, pool, game, true, false)
	_, err = service.ReplayAgain(ctx, pool, jobs, student.ID, kept)
	wantKey(t, err, "errors.replay.present")

	pruned := newMatch(t, pool, game, true, true)
	_, err = service.ReplayAgain(ctx, pool, jobs, 1<<40, pruned) // no such user
	wantCode(t, err, domain.NotFound)

	for _, id := range []int64{unplayed, kept, pruned} {
		if n := jobCount(t, pool, "replay", "match_id", id); n != 0 {
			t.Fatalf("match %d: %d replay jobs after refusals", id, n)
		}
	}
}

func TestReplayAgainQueuesOnce(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	game := newGame(t, pool)
	a, b := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleStudent)
	m := newMatch(t, pool, game, true, true)

	queued, err := service.ReplayAgain(ctx, pool, jobs, a.ID, m)
	if err != nil || !queued {
		t.Fatalf("first request: queued %v, %v", queued, err)
	}
	// Another request for it, by anyone, joins the one waiting.
	queued, err = service.ReplayAgain(ctx, pool, jobs, b.ID, m)
	if err != nil || queued {
		t.Fatalf("second request: queued %v, %v; want it joined to the first", queued, err)
	}
	if n := jobCount(t, pool, "replay", "match_id", m); n != 1 {
		t.Fatalf("%d replay jobs, want 1", n)
	}
	if n := jobCount(t, pool, "replay", "requested_by", a.ID); n != 1 {
		t.Fatalf("the job is not the first requester's")
	}
}

func TestReplayAgainLimits(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	game := newGame(t, pool)
	student, admin := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleAdmin)

	for range service.MaxPendingReplays {
		if _, err := service.ReplayAgain(ctx, pool, jobs, student.ID, newMatch(t, pool, game, true, true)); err != nil {
			t.Fatal(err)
		}
	}
	over := newMatch(t, pool, game, true, true)
	_, err := service.ReplayAgain(ctx, pool, jobs, student.ID, over)
	wantCode(t, err, domain.TooMany)
	wantKey(t, err, "errors.replay.pending")
	var e *domain.Error
	if errors.As(err, &e); e.RetryAfter != 30*time.Second {
		t.Fatalf("retry after %v", e.RetryAfter)
	}
	if n := jobCount(t, pool, "replay", "match_id", over); n != 0 {
		t.Fatalf("%d jobs for a refused request", n)
	}

	// Admins have no limit.
	for range service.MaxPendingReplays + 1 {
		if _, err := service.ReplayAgain(ctx, pool, jobs, admin.ID, newMatch(t, pool, game, true, true)); err != nil {
			t.Fatalf("admin: %v", err)
		}
	}

	// Once played, the student's requests still count in the hour.
	for id := int64(1); id <= service.MaxReplaysPerHour-service.MaxPendingReplays; id++ {
		if _, err := jobs.Insert(ctx, judge.ReplayArgs{MatchID: -id - student.ID*1000, RequestedBy: student.ID}, nil); err != nil {
			t.Fatal(err)
		}
	}
	completeJobs(t, pool, "replay", "requested_by", student.ID)
	_, err = service.ReplayAgain(ctx, pool, jobs, student.ID, over)
	wantCode(t, err, domain.TooMany)
	wantKey(t, err, "errors.replay.hourly")
	if errors.As(err, &e); e.RetryAfter <= 0 || e.RetryAfter > time.Hour {
		t.Fatalf("retry after %v, want within the hour", e.RetryAfter)
	}
	if n := jobCount(t, pool, "replay", "match_id", over); n != 0 {
		t.Fatalf("%d jobs for a refused request", n)
	}
}
