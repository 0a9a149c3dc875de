package service_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// The service tests share the package's database (pgtest): each names its
// users and games afresh (fresh), and counts only the rows and jobs of
// its own.

var serial atomic.Int64

// fresh is a name no other test of the package uses.
func fresh(prefix string) string { return fmt.Sprintf("%s%d", prefix, serial.Add(1)) }

// env is the package's database and a client that only inserts jobs (no
// worker runs: the jobs a service queues stay in river_job to be counted).
func env(t *testing.T) (*pgxpool.Pool, *judge.Client) {
	t.Helper()
	pool := pgtest.Pool(t)
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pool, jobs
}

func newUser(t *testing.T, pool *pgxpool.Pool, role string) *domain.User {
	t.Helper()
	u := &domain.User{Name: fresh("user"), Email: fresh("e") + "@example.com", PasswordHash: "x", Role: role}
	if err := store.CreateUser(context.Background(), pool, u); err != nil {
		t.Fatal(err)
	}
	return u
}

// newGame records a game of its own (not a registered one: for the
// services that only need its row).
func newGame(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	id := fresh("game")
	if err := store.EnsureGame(context.Background(), pool, id, "Game "+id); err != nil {
		t.Fatal(err)
	}
	return id
}

// newVersion submits a version of a new bot of owner's in gameID; compiled
// gives it an artifact, as a successful build does.
func newVersion(t *testing.T, pool *pgxpool.Pool, ownerID int64, gameID string, compiled bool) *domain.Version {
	t.Helper()
	ctx := context.Background()
	b, err := store.BotByName(ctx, pool, ownerID, gameID, fresh("bot"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, pool, b.ID, "go", "package main")
	if err != nil {
		t.Fatal(err)
	}
	if compiled {
		if err := store.SetCompiled(ctx, pool, v.ID, "ok", fresh("sha"), ""); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// jobs counts the jobs of kind whose args hold key = id.
func jobCount(t *testing.T, pool *pgxpool.Pool, kind, key string, id int64) int {
	t.Helper()
	var n int
	err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
		WHERE kind = $1 AND args @> jsonb_build_object($2::text, $3::bigint)`, kind, key, id).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// errJobRefused is what failJobs makes inserting a job fail with.
const errJobRefused = "test: job refused"

// failJobs makes every insert of a job of kind fail until the test ends,
// so that a service fails at its last step, after its other writes.
func failJobs(t *testing.T, pool *pgxpool.Pool, kind string) {
	t.Helper()
	ctx := context.Background()
	fn := pgx.Identifier{fresh("refuse_jobs_")}.Sanitize()
	_, err := pool.Exec(ctx, `CREATE FUNCTION `+fn+`() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION '`+errJobRefused+`'; END $$`)
	if err != nil {
		t.Fatal(err)
	}
	trigger := pgx.Identifier{fresh("refuse_jobs_")}.Sanitize()
	_, err = pool.Exec(ctx, `CREATE TRIGGER `+trigger+` BEFORE INSERT ON river_job FOR EACH ROW
		WHEN (NEW.kind = '`+kind+`') EXECUTE FUNCTION `+fn+`()`)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := pool.Exec(ctx, "DROP TRIGGER "+trigger+" ON river_job; DROP FUNCTION "+fn+"()"); err != nil {
			t.Error(err)
		}
	})
}

// wantCode fails unless err is a domain error of code.
func wantCode(t *testing.T, err error, code domain.ErrorCode) {
	t.Helper()
	if got := domain.CodeOf(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
}

// wantKey fails unless err is a domain.Error of that catalogue key.
func wantKey(t *testing.T, err error, key string) {
	t.Helper()
	var e *domain.Error
	if !errors.As(err, &e) || e.Key != key {
		t.Fatalf("error %v, want one of key %q", err, key)
	}
}

// wantRefused fails unless err is the job failJobs makes fail.
func wantRefused(t *testing.T, err error) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), errJobRefused) {
		t.Fatalf("error %v, want the refused job's", err)
	}
}

// completeJobs marks the waiting jobs of kind whose args hold key = id
// completed, as a worker would: a unique job can then be queued again.
func completeJobs(t *testing.T, pool *pgxpool.Pool, kind, key string, id int64) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `UPDATE river_job SET state = 'completed', finalized_at = now()
		WHERE kind = $1 AND args @> jsonb_build_object($2::text, $3::bigint) AND state = 'available'`, kind, key, id)
	if err != nil {
		t.Fatal(err)
	}
}
