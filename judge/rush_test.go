package judge_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// A deadline rush is served first (issue 32): no ladder match starts while
// a compile or a qualification match is ready to be worked. One worker of
// each queue, four students' versions waiting to compile and six ladder
// matches queued: without the rule the match worker plays the ladder
// while the compile worker has the students' versions waiting.
func TestNoLadderMatchStartsWhileCompilesWait(t *testing.T) {
	e := startJudge(t, judge.Config{MaxWorkers: 1})
	ctx := context.Background()
	e.builtinsBuilt(t)
	src := readSource(t, "walker.go")
	// A first version through, so both queues' workers are under way.
	warm, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "walker", "go", src)
	if err != nil {
		t.Fatal(err)
	}
	e.waitStatus(t, warm.ID, 3*time.Minute, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	var since time.Time // the jobs of this test (other tests share the database)
	scanOne(t, e.pool.QueryRow(ctx, `SELECT now()`), &since)
	var versions []int64
	for range 4 {
		v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "walker", "go", src)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v.ID)
	}
	var ladder []int64
	for i := range 6 {
		m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: int64(100 + i), Settings: map[string]int{"nb_rounds": 20}}
		seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Demo"}, {Builtin: "Dummy"}, {Builtin: "Demo"}}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{Queue: judge.QueueMatch, Priority: judge.PriorityLadder}); err != nil {
			t.Fatal(err)
		}
		ladder = append(ladder, m.ID)
	}
	for _, id := range versions {
		e.waitStatus(t, id, 3*time.Minute, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	for _, id := range ladder {
		if m, err := store.MatchByID(ctx, e.pool, id); err != nil || m.Status != domain.MatchFinished {
			t.Fatalf("ladder match %d: %+v %v", id, m, err)
		}
	}
	// When each urgent job was ready (queued, until a worker took it), and
	// when each ladder match started (its last attempt: earlier ones
	// snoozed).
	type span struct {
		what     string
		from, to time.Time
	}
	var urgent []span
	rows, err := e.pool.Query(ctx, `SELECT kind || ' ' || id, created_at, coalesce(attempted_at, now()) FROM river_job
		WHERE (kind = 'compile' OR (kind = 'match' AND priority < $1)) AND created_at >= $2`, judge.PriorityLadder, since)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s span
		if err := rows.Scan(&s.what, &s.from, &s.to); err != nil {
			t.Fatal(err)
		}
		urgent = append(urgent, s)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if len(urgent) < 3+3*4 {
		t.Fatalf("%d compile and qualification jobs", len(urgent))
	}
	var starts []time.Time
	var snoozed int
	rows, err = e.pool.Query(ctx, `SELECT attempted_at, attempt FROM river_job WHERE kind = 'match' AND priority = $1 AND created_at >= $2`,
		judge.PriorityLadder, since)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var at time.Time
		var attempt int
		if err := rows.Scan(&at, &attempt); err != nil {
			t.Fatal(err)
		}
		starts = append(starts, at)
	}
	if len(starts) != len(ladder) {
		t.Fatalf("%d ladder jobs", len(starts))
	}
	for _, at := range starts {
		for _, u := range urgent {
			// A job taken within the check's own moment is not waiting.
			if !at.Before(u.from) && at.Before(u.to.Add(-50*time.Millisecond)) {
				t.Errorf("a ladder match started at %s while %s waited (queued %s, taken %s)",
					at.Format("15:04:05.000"), u.what, u.from.Format("15:04:05.000"), u.to.Format("15:04:05.000"))
			}
		}
	}
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'match' AND priority = $1 AND metadata ? 'snoozes'
		AND created_at >= $2`, judge.PriorityLadder, since), &snoozed)
	t.Logf("%d of %d ladder jobs yielded at least once", snoozed, len(ladder))
	if snoozed == 0 {
		t.Error("no ladder job was fetched while the students' versions waited: the test did not test the rule")
	}
}

// A worker that compiles nothing (`arena worker --queues match`) does not
// hold the ladder for compiles it would never take: with a version
// waiting for a compiler that nobody runs, its ladder match is played.
func TestMatchOnlyWorkerPlaysLadderWhileCompilesWait(t *testing.T) {
	e := startJudge(t, judge.Config{MaxWorkers: 1, Queues: []string{judge.QueueMatch}})
	ctx := context.Background()
	v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "walker", "go", readSource(t, "walker.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 7, Settings: map[string]int{"nb_rounds": 20}}
	if err := store.CreateMatch(ctx, e.pool, m, []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Demo"}, {Builtin: "Dummy"}, {Builtin: "Demo"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{Queue: judge.QueueMatch, Priority: judge.PriorityLadder}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		got, err := store.MatchByID(ctx, e.pool, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == domain.MatchFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the ladder match is still %s after a minute", got.Status)
		}
	}
	if got, _ := store.VersionByID(ctx, e.pool, v.ID); got.Status != domain.StatusQueued {
		t.Fatalf("the version is %s: something compiled it", got.Status)
	}
}
