package judge_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"arena.dev/copycheck"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
)

// A bot made only of starter code (the kit's unchanged, the Demo renamed,
// the C++ AINull.cc) has no fingerprint once base code is left out: it is
// indexed empty, pairs with nothing, and its check does not fail.
func TestCopyCheckStarterOnly(t *testing.T) {
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault}})
	ctx := context.Background()
	const game = "orkisland"
	demo, err := games.BotProgram(game, "Demo")
	if err != nil {
		t.Fatal(err)
	}
	null, err := games.CppBotProgram(game, "Null")
	if err != nil {
		t.Fatal(err)
	}
	ids := []int64{
		e.compiledVersion(t, e.user(t), game, "starter", "go", readSource(t, "../../games/orkisland/kit/main.go")),
		e.compiledVersion(t, e.user(t), game, "robin", "go", strings.ReplaceAll(string(demo), "Demo", "Robin")),
		e.compiledVersion(t, e.user(t), game, "null", "cpp", string(null)),
	}
	e.check(t, ids...)
	var empty, failed int
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM copy_versions
		WHERE version_id = ANY($1) AND cardinality(hashes) = 0 AND scheme = $2`, ids, copycheck.Scheme), &empty)
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'copycheck'
		AND (args->>'version_id')::bigint = ANY($1) AND state <> 'completed'`, ids), &failed)
	if empty != len(ids) || failed != 0 {
		t.Fatalf("%d of %d starter-only versions indexed empty; %d checks not completed", empty, len(ids), failed)
	}
	if pairs := e.pairsOf(t, ids...); len(pairs) != 0 {
		t.Errorf("starter-only versions pair: %+v", pairs)
	}
	listed, err := store.CopyEmpty(ctx, e.pool, game, copycheck.Scheme, 100)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]bool{}
	for _, u := range listed {
		got[u.VersionID] = true
	}
	for _, id := range ids {
		if !got[id] {
			t.Errorf("version %d is not listed as indexed empty: %+v", id, listed)
		}
	}
	if st := mustStatus(t, e, game); st.Indexed < len(ids) || st.Empty < len(ids) {
		t.Errorf("status %+v: the empty versions count as indexed and empty", st)
	}
}

func mustStatus(t *testing.T, e *env, game string) store.CopyGameStatus {
	t.Helper()
	all, err := store.CopyStatus(context.Background(), e.pool, copycheck.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	return all[game]
}

// A teacher's sample player, added as base code, stops counting: two
// students who built on it no longer pair once the game is re-indexed,
// and pair again when it is removed.
func TestCopyCheckAddedBaseCode(t *testing.T) {
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault}})
	ctx := context.Background()
	const game = "apocalypse-redux" // a game of its own: other tests pair apocalypse's bots
	if err := store.EnsureGame(ctx, e.pool, game, game); err != nil {
		t.Fatal(err)
	}
	sample := readSource(t, "../../games/apocalypse/testdata/strong.go")
	// Each student's own few lines on the sample.
	ownA := `
func spread(xs []int) (lo, hi int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		if x < lo {
			lo = x
		} else if x > hi {
			hi = x
		}
	}
	return lo, hi
}
`
	ownB := `
type queue struct{ items []string; head int }

func (q *queue) push(s string) { q.items = append(q.items, s) }

func (q *queue) pop() (string, bool) {
	if q.head == len(q.items) {
		return "", false
	}
	q.head++
	return q.items[q.head-1], true
}
`
	a := e.compiledVersion(t, e.user(t), game, "a", "go", sample+ownA)
	b := e.compiledVersion(t, e.user(t), game, "b", "go", sample+ownB)
	e.check(t, a, b)
	if pairs := e.pairsOf(t, a, b); len(pairs) != 1 || pairs[0].score < 0.8 {
		t.Fatalf("two students' versions of one sample, before it is base code: %+v", pairs)
	}

	reindex := func() {
		t.Helper()
		err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
			n, err := judge.ReindexCopies(ctx, tx, e.client, game)
			if err == nil && n < 2 {
				err = fmt.Errorf("%d versions queued, want 2 or more", n)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		e.waitJobs(t, time.Minute, "copycheck")
	}
	admin := e.user(t)
	if err := store.CopyPutBaseFile(ctx, e.pool, store.CopyBaseFile{GameID: game, Name: "sample.go", Language: lang.Go.ID, Source: sample}, admin); err != nil {
		t.Fatal(err)
	}
	reindex()
	var indexed, fps int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*), coalesce(sum(cardinality(hashes)), 0) FROM copy_versions WHERE version_id IN ($1, $2)", a, b), &indexed, &fps)
	if indexed != 2 || fps == 0 {
		t.Fatalf("after the base code changed: %d of 2 versions indexed, %d fingerprints (their own lines are left)", indexed, fps)
	}
	if pairs := e.pairsOf(t, a, b); len(pairs) != 0 {
		t.Errorf("the sample is base code, yet its two students pair: %+v", pairs)
	}

	files, err := store.CopyBaseFiles(ctx, e.pool, game)
	if err != nil || len(files) != 1 {
		t.Fatalf("base files %+v (%v)", files, err)
	}
	if _, err := store.CopyDeleteBaseFile(ctx, e.pool, game, files[0].ID); err != nil {
		t.Fatal(err)
	}
	reindex()
	if pairs := e.pairsOf(t, a, b); len(pairs) != 1 || pairs[0].score < 0.8 {
		t.Errorf("the sample removed from base code: pairs %+v", pairs)
	}
}

// badCopyCheck is a copy check whose arguments its worker cannot read.
type badCopyCheck struct {
	VersionID string `json:"version_id"`
}

func (badCopyCheck) Kind() string { return "copycheck" }

// Every failed job is in the server's log with its kind, id, attempt and
// error, as an error when River gives it up.
func TestFailedJobIsLogged(t *testing.T) {
	var log lockedBuffer
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault},
		Logger: slog.New(slog.NewTextHandler(&log, nil))})
	ctx := context.Background()
	res, err := e.client.Insert(ctx, badCopyCheck{VersionID: "seven"}, &river.InsertOpts{Queue: judge.QueueDefault, MaxAttempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, time.Minute, "copycheck")
	var state string
	scanOne(t, e.pool.QueryRow(ctx, "SELECT state::text FROM river_job WHERE id = $1", res.Job.ID), &state)
	if state != "discarded" {
		t.Fatalf("the job is %s, want discarded", state)
	}
	deadline := time.Now().Add(5 * time.Second)
	want := []string{"level=ERROR", "job failed for good", "kind=copycheck", fmt.Sprintf("job_id=%d", res.Job.ID), "attempt=1", "cannot unmarshal"}
	for {
		var line string
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.Contains(l, fmt.Sprintf("job_id=%d ", res.Job.ID)) {
				line = l
			}
		}
		missing := ""
		for _, w := range want {
			if !strings.Contains(line, w) {
				missing = w
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the failed job's log line lacks %q:\n%s", missing, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
