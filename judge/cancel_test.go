package judge_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// A match never stays queued for ever: cancelling its job fails it (with
// what its kind moves), and so does its last attempt when it cannot be
// played.
func TestCancelledMatchFails(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 7}
	seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	res, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	job, err := judge.CancelJob(ctx, e.pool, e.client, res.Job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if job.State != rivertype.JobStateCancelled {
		t.Errorf("job %s, want cancelled", job.State)
	}
	var status, reason string
	scanOne(t, e.pool.QueryRow(ctx, "SELECT status, coalesce(error, '') FROM matches WHERE id = $1", m.ID), &status, &reason)
	if status != domain.MatchFailed || reason != "cancelled by an admin" {
		t.Errorf("match %s (%q), want failed, cancelled by an admin", status, reason)
	}
	// Cancelling again changes nothing and fails nothing.
	if _, err := judge.CancelJob(ctx, e.pool, e.client, res.Job.ID); err != nil {
		t.Fatal(err)
	}
}

func TestMatchFailsOnItsLastAttempt(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	v := e.accepted(t, readSource(t, "walker.go"))
	// Its stored module is corrupt (its bytes do not hash to its name):
	// the match cannot be played, which is an error worth retrying, until
	// the last attempt. (A module gone from everywhere is built again from
	// its source: TestArtifactDroppedAndRebuilt.)
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET artifact_sha256 = repeat('0', 64) WHERE id = $1`, v); err != nil {
		t.Fatal(err)
	}
	if err := (store.PGBlobs{DB: e.pool}).Put(ctx, "wasm/"+strings.Repeat("0", 64), []byte("not this module")); err != nil {
		t.Fatal(err)
	}
	// Off the ladder: the other tests' matches must not seat it.
	if _, err := e.pool.Exec(ctx, `UPDATE bots SET disabled = true WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)`, v); err != nil {
		t.Fatal(err)
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 7}
	seats := []domain.Seat{{VersionID: &v}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{MaxAttempts: 1}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		var status, reason string
		scanOne(t, e.pool.QueryRow(ctx, "SELECT status, coalesce(error, '') FROM matches WHERE id = $1", m.ID), &status, &reason)
		if status != domain.MatchQueued {
			if status != domain.MatchFailed || !strings.Contains(reason, "not played in 1 attempts") {
				t.Fatalf("match %s (%q), want failed after its attempt", status, reason)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the match is still queued after its last attempt")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
