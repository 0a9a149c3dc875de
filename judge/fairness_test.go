package judge_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// macroBomb is a preprocessor bomb: a #define expanded tenfold seven
// levels deep, used n times (10^7 tokens each).
func macroBomb(n int) string {
	var b strings.Builder
	b.WriteString("#include \"Player.hh\"\n#define A0 x+\n")
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&b, "#define A%d%s\n", i, strings.Repeat(fmt.Sprintf(" A%d", i-1), 10))
	}
	b.WriteString("int x = 1;\n")
	for i := range n {
		fmt.Fprintf(&b, "int f%d() { return A7 1; }\n", i)
	}
	return b.String()
}

func needClang(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("clang++"); err != nil {
		t.Skip("no clang++ (.ci/run installs it)")
	}
}

// compileDone waits until a version has left the compile queue and returns
// when its compile ended.
func (e *env) compileDone(t testing.TB, id int64) (*domain.Version, time.Time) {
	t.Helper()
	v := e.waitStatus(t, id, 2*time.Minute, domain.StatusCompileError, domain.StatusQualifying, domain.StatusAccepted, domain.StatusRejected)
	var at time.Time
	scanOne(t, e.pool.QueryRow(context.Background(), `SELECT finalized_at FROM river_job
		WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, id), &at)
	return v, at
}

// builtinsBuilt waits for the build of the downloadable bots a judge
// queues at start (on the compile queue).
func (e *env) builtinsBuilt(t testing.TB) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		var done bool
		scanOne(t, e.pool.QueryRow(context.Background(), `SELECT EXISTS (SELECT 1 FROM river_job WHERE kind = 'build_builtins' AND state = 'completed')`), &done)
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the built-in bots' build did not run")
		}
	}
}

// Issue 33.3: a student submitting preprocessor bombs delays another
// student's compile by at most one compile's length (with one compile
// worker, the worst case): each bomb stops at the preprocessor's bound in
// about a second, the other student's first compile goes before the
// bomber's second, and the bombs, having run into a limit, count towards
// the bomber's submission limit (a plain compile error does not).
func TestCompileFairBetweenUsers(t *testing.T) {
	needClang(t)
	e := startJudge(t, judge.Config{MaxWorkers: 1, Queues: []string{judge.QueueCompile}})
	ctx := context.Background()
	null, err := games.CppBotProgram(fake.ID, "Null")
	if err != nil {
		t.Fatal(err)
	}
	// A warm compile first (the SDK's precompiled header), then one timed.
	warm := e.user(t)
	for range 2 {
		v, err := service.Submit(ctx, e.pool, e.client, warm, fake.ID, "warm", "cpp", string(null))
		if err != nil {
			t.Fatal(err)
		}
		e.compileDone(t, v.ID)
	}
	start := time.Now()
	v, err := service.Submit(ctx, e.pool, e.client, warm, fake.ID, "warm", "cpp", string(null))
	if err != nil {
		t.Fatal(err)
	}
	e.compileDone(t, v.ID)
	alone := time.Since(start)
	// The hourly build of the downloadable bots, queued at start, is not
	// part of the measure.
	e.builtinsBuilt(t)

	bomber, other := e.user(t), e.user(t)
	var bombs []int64
	bombStart := time.Now()
	for range service.MaxQueuedCompiles {
		v, err := service.Submit(ctx, e.pool, e.client, bomber, fake.ID, "bomb", "cpp", macroBomb(4))
		if err != nil {
			t.Fatal(err)
		}
		bombs = append(bombs, v.ID)
	}
	time.Sleep(200 * time.Millisecond) // the first bomb is being compiled
	start = time.Now()
	v, err = service.Submit(ctx, e.pool, e.client, other, fake.ID, "plain", "cpp", string(null))
	if err != nil {
		t.Fatal(err)
	}
	got, otherDone := e.compileDone(t, v.ID)
	waited := time.Since(start)
	if got.Status == domain.StatusCompileError {
		t.Fatalf("AINull.cc: %s", got.CompileLog)
	}
	var before int
	var longest time.Duration
	for i, id := range bombs {
		b, done := e.compileDone(t, id)
		if b.Status != domain.StatusCompileError || !strings.Contains(b.CompileLog, "the preprocessor grew past") {
			t.Fatalf("bomb %d: %s\n%s", i, b.Status, b.CompileLog)
		}
		if done.Before(otherDone) {
			before++
		}
		var took time.Duration
		scanOne(t, e.pool.QueryRow(ctx, `SELECT finalized_at - attempted_at FROM river_job
			WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, id), &took)
		longest = max(longest, took)
	}
	t.Logf("AINull.cc alone %v; behind 4 bombs %v (bombs took at most %v each, all 4 in %v)",
		alone.Round(time.Millisecond), waited.Round(time.Millisecond), longest.Round(time.Millisecond), time.Since(bombStart).Round(time.Millisecond))
	if before > 1 {
		t.Errorf("%d of the bomber's compiles ran before the other student's; want at most the one already running", before)
	}
	if waited > longest+alone+3*time.Second {
		t.Errorf("the other student waited %v: more than one bomb (%v) and its own compile (%v)", waited, longest, alone)
	}
	if longest > 10*time.Second {
		t.Errorf("a bomb held the compiler %v", longest)
	}

	// The bombs ran into a limit: they count towards the limit of
	// submissions; a plain compile error does not.
	bad, err := service.Submit(ctx, e.pool, e.client, bomber, fake.ID, "bomb", "cpp", "#include \"Player.hh\"\nint f() { return nope; }\n")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := e.compileDone(t, bad.ID); b.Status != domain.StatusCompileError {
		t.Fatalf("a syntax error: %s", b.Status)
	}
	load, err := store.UserSubmissionLoad(ctx, e.pool, bomber, service.SubmitWindow)
	if err != nil || load.Recent != len(bombs) {
		t.Fatalf("the bomber's recent submissions count %d (%v); want the %d bombs", load.Recent, err, len(bombs))
	}
	if _, err := service.Submit(ctx, e.pool, e.client, bomber, fake.ID, "bomb", "cpp", macroBomb(1)); err != nil {
		t.Fatal(err) // the fifth
	}
	_, err = service.Submit(ctx, e.pool, e.client, bomber, fake.ID, "bomb", "cpp", macroBomb(1))
	if le, ok := err.(*domain.Error); !ok || le.Code != domain.TooMany || le.RetryAfter <= 0 {
		t.Fatalf("a sixth submission within the window: %v", err)
	}
}

// One compile at a time per user: with two compile workers and nobody
// else waiting, a user's two versions are still compiled one after the
// other (the second snoozes while the first runs), while another user's
// compile runs beside them.
func TestCompileOneAtATimePerUser(t *testing.T) {
	needClang(t)
	e := startJudge(t, judge.Config{MaxWorkers: 2, Queues: []string{judge.QueueCompile}})
	ctx := context.Background()
	null, err := games.CppBotProgram(fake.ID, "Null")
	if err != nil {
		t.Fatal(err)
	}
	u, other := e.user(t), e.user(t)
	var mine []int64
	for range 3 {
		v, err := service.Submit(ctx, e.pool, e.client, u, fake.ID, "a", "cpp", string(null))
		if err != nil {
			t.Fatal(err)
		}
		mine = append(mine, v.ID)
	}
	v, err := service.Submit(ctx, e.pool, e.client, other, fake.ID, "b", "cpp", string(null))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range append(mine, v.ID) {
		if got, _ := e.compileDone(t, id); got.Status == domain.StatusCompileError {
			t.Fatalf("version %d: %s", id, got.CompileLog)
		}
	}
	type span struct{ from, to time.Time }
	spans := func(ids []int64) []span {
		var out []span
		for _, id := range ids {
			var s span
			scanOne(t, e.pool.QueryRow(ctx, `SELECT attempted_at, finalized_at FROM river_job
				WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, id), &s.from, &s.to)
			out = append(out, s)
		}
		return out
	}
	s := spans(mine)
	for i := range s {
		for j := range i {
			if s[i].from.Before(s[j].to) && s[j].from.Before(s[i].to) {
				t.Errorf("the user's compiles %d and %d ran at once: %v–%v and %v–%v", j, i, s[j].from, s[j].to, s[i].from, s[i].to)
			}
		}
	}
	// The other user's compile, submitted last, did not wait for all three.
	if o := spans([]int64{v.ID})[0]; !o.from.Before(s[2].from) {
		t.Errorf("the other user's compile started at %v, after the user's third (%v)", o.from, s[2].from)
	}
}
