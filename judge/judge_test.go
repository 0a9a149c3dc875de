package judge_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	_ "arena.dev/games/all"
	"arena.dev/judge"
	"arena.dev/sandbox"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) {
	sandbox.Child() // the sandbox re-executes this test binary
	pgtest.Main(m)
}

// sandboxDir is shared by every test of the package and kept between runs,
// so only the first compile of a machine is cold.
func sandboxDir() string { return filepath.Join(os.TempDir(), "arena-judge-test") }

type env struct {
	pool   *pgxpool.Pool
	client *judge.Client
	stop   func() // stops the workers gracefully (also done at cleanup)
}

// startJudge starts real River workers on the package database.
func startJudge(t testing.TB, cfg judge.Config) *env {
	t.Helper()
	pool := pgtest.Pool(t)
	if cfg.Sandbox.Dir == "" {
		cfg.Sandbox.Dir = sandboxDir()
	}
	if cfg.LadderEvery == 0 {
		cfg.LadderEvery = -1 // tests plan matches explicitly
	}
	if cfg.RetentionEvery == 0 {
		cfg.RetentionEvery = -1 // and run retention when they test it
	}
	client, err := judge.NewWorkingClient(pool, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		client.Stop(sctx)
	}
	t.Cleanup(stop)
	for _, id := range []string{"orkisland"} {
		if err := store.EnsureGame(ctx, pool, id, id); err != nil {
			t.Fatal(err)
		}
	}
	return &env{pool: pool, client: client, stop: stop}
}

var userSeq int

func (e *env) user(t testing.TB) int64 {
	t.Helper()
	userSeq++
	u := &domain.User{Name: "user" + time.Now().Format("150405.000000") + string(rune('a'+userSeq%26)), PasswordHash: "x"}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), e.pool, u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func readSource(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// waitStatus polls until the version reaches one of the final statuses.
func (e *env) waitStatus(t testing.TB, versionID int64, timeout time.Duration, final ...domain.VersionStatus) *domain.Version {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v, err := store.VersionByID(context.Background(), e.pool, versionID)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range final {
			if v.Status == f {
				return v
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("version %d still %s after %v", versionID, v.Status, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitJobs waits until no job of the given kinds is left to do.
func (e *env) waitJobs(t testing.TB, timeout time.Duration, kinds ...string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var pending int
		err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind = ANY($1) AND state NOT IN ('completed', 'cancelled', 'discarded')`, kinds).Scan(&pending)
		if err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			var which string
			e.pool.QueryRow(context.Background(), `SELECT string_agg(id || ' ' || kind || ' ' || state || ' ' || args::text || ' ' || scheduled_at::text, '; ') FROM river_job
				WHERE kind = ANY($1) AND state NOT IN ('completed', 'cancelled', 'discarded')`, kinds).Scan(&which)
			t.Fatalf("%d %v jobs still pending after %v: %s", pending, kinds, timeout, which)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// scanOne scans the one row a query returns, failing the test when the
// query fails: an ignored error leaves zeros that may pass the checks after.
func scanOne(t testing.TB, row pgx.Row, dest ...any) {
	t.Helper()
	if err := row.Scan(dest...); err != nil {
		t.Fatal(err)
	}
}

var _ = river.QueueDefault
var _ rivertype.JobState
