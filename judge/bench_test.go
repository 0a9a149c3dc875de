package judge_test

// Throughput and latency of the judge through its real River workers:
//
//	go test ./judge -run '^$' -bench . -benchtime 20x
//
// BenchmarkLadderMatch reports ladder matches per hour (target ≥ 10,000 on
// a 2-core machine with default settings); BenchmarkSubmitToVerdict the
// median time from a submission to its compile verdict with a warm Go build
// cache (target ≤ 3 s).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/service"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"arena.dev/judge"
	"arena.dev/rating"
	"arena.dev/store"
)

// benchJudge starts a working client for the given queues on the package
// database, with its caches in dir; stop ends it.
func benchJudge(tb testing.TB, dir string, queues ...string) (e *env, stop func()) {
	e = startJudge(tb, judge.Config{Queues: queues, Sandbox: judge.Sandbox{Dir: dir}})
	return e, e.stop
}

// benchSource is the built-in Demo as a student would submit it.
func benchSource(tb testing.TB) string {
	tb.Helper()
	b, err := games.BotProgram("orkisland", "Demo")
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// verdict waits until a version has left queued and compiling.
func (e *env) verdict(tb testing.TB, versionID int64, timeout time.Duration) string {
	status, _ := e.verdictSeen(tb, versionID, timeout)
	return status
}

// verdictSeen is verdict, also returning when the version was first seen
// compiling (zero if never), to tell waiting for a worker from building.
func (e *env) verdictSeen(tb testing.TB, versionID int64, timeout time.Duration) (string, time.Time) {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	var compiling time.Time
	for {
		var status string
		if err := e.pool.QueryRow(context.Background(), "SELECT status FROM bot_versions WHERE id = $1",
			versionID).Scan(&status); err != nil {
			tb.Fatal(err)
		}
		if status == domain.StatusCompiling && compiling.IsZero() {
			compiling = time.Now()
		}
		if status != domain.StatusQueued && status != domain.StatusCompiling {
			return status, compiling
		}
		if time.Now().After(deadline) {
			tb.Fatalf("version %d still %s after %v", versionID, status, timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// demoVersions are benchDemos' versions, made once per test binary (the
// testing package runs a benchmark function more than once).
var demoVersions []int64

// benchDemos compiles the Demo bot for four new users through the compile
// worker and puts the versions on the ladder, as if they had qualified.
func benchDemos(b *testing.B) []int64 {
	b.Helper()
	if demoVersions != nil {
		return demoVersions
	}
	e, stop := benchJudge(b, sandboxDir(), judge.QueueCompile)
	ctx := context.Background()
	src := benchSource(b)
	var ids []int64
	for range 4 {
		v, err := service.Submit(ctx, e.pool, e.client, e.user(b), "orkisland", "demobot", "go", src)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	for _, id := range ids {
		if s := e.verdict(b, id, 3*time.Minute); s != domain.StatusQualifying {
			b.Fatalf("version %d: %s after compiling, want qualifying", id, s)
		}
	}
	stop()
	r := rating.Default().Initial()
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		// Their qualification matches are not part of the benchmark.
		if _, err := tx.Exec(ctx, `DELETE FROM river_job WHERE kind = 'match'
			AND (args->>'match_id')::bigint IN (SELECT id FROM matches WHERE bot_version_id = ANY($1))`, ids); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM matches WHERE bot_version_id = ANY($1)`, ids); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = $3, games = 0
			WHERE id = ANY($1)`, ids, r.Mu, r.Sigma); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE bots b SET current_version_id = v.id FROM bot_versions v
			WHERE v.bot_id = b.id AND v.id = ANY($1)`, ids)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	demoVersions = ids
	return ids
}

// playLadder inserts n ladder matches between the versions with default
// settings, and their jobs, and waits until they have all landed.
func playLadder(b *testing.B, e *env, versions []int64, n int, seed int64) {
	b.Helper()
	ctx := context.Background()
	var ids []int64
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		var jobs []river.InsertManyParams
		for i := range n {
			seats := make([]domain.Seat, 4)
			for s := range seats {
				seats[s] = domain.Seat{VersionID: &versions[(i+s)%len(versions)]}
			}
			m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: seed + int64(i)}
			if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
				return err
			}
			ids = append(ids, m.ID)
			jobs = append(jobs, river.InsertManyParams{Args: judge.MatchArgs{MatchID: m.ID},
				InsertOpts: &river.InsertOpts{Queue: judge.QueueMatch, Priority: judge.PriorityLadder}})
		}
		_, err := e.client.InsertManyTx(ctx, tx, jobs)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(time.Duration(n)*10*time.Second + time.Minute)
	for {
		var finished, failed int
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'finished'),
			count(*) FILTER (WHERE status = 'failed') FROM matches WHERE id = ANY($1)`, ids).Scan(&finished, &failed); err != nil {
			b.Fatal(err)
		}
		if failed > 0 {
			b.Fatalf("%d of %d matches failed", failed, n)
		}
		if finished == n {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d matches finished before the deadline", finished, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// BenchmarkLadderMatch plays Ork Island ladder matches (default settings:
// 200 rounds) between four sandboxed Demo bots through the real match
// worker, one River client working as many matches at once as the machine
// has cores. One op is one match.
func BenchmarkLadderMatch(b *testing.B) {
	versions := benchDemos(b)
	e, _ := benchJudge(b, sandboxDir(), judge.QueueMatch)
	// Warm-up: fetch the artifacts into the worker's cache and load them
	// once, which a worker does once per bot, not per match.
	playLadder(b, e, versions, 2, 1)
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime()
	playLadder(b, e, versions, b.N, 1000)
	elapsed, cpu := time.Since(start), cpuTime()-cpu0
	b.StopTimer()
	b.ReportMetric(float64(b.N)/elapsed.Hours(), "matches/h")
	// On a shared machine the wall clock depends on the neighbours; the CPU
	// a match costs (the worker and its bots) does not: cores × 1 h / this
	// is the throughput of an otherwise idle machine, Postgres aside.
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/match")

	// The CPU the bots were charged per seat (start-up not included).
	var charged float64
	if err := e.pool.QueryRow(context.Background(), `SELECT coalesce(avg(mp.cpu_seconds), 0)
		FROM matches m JOIN match_players mp ON mp.match_id = m.id
		WHERE m.status = 'finished' AND m.kind = 'ladder' AND mp.bot_version_id = ANY($1)`, versions).Scan(&charged); err == nil {
		b.ReportMetric(charged*1000, "bot-cpu-ms/seat")
	}
}

// BenchmarkSubmitToVerdict measures a submission (service.Submit) to its
// compile verdict, the version leaving queued and compiling, with a warm Go
// build cache. Every submission is a distinct source, so no artifact is
// reused. One op is one submission, worked by the compile queue alone.
func BenchmarkSubmitToVerdict(b *testing.B) {
	// The package's Go build cache, warm, but the artifacts and wazero's
	// compilation cache (about 12 MB a submission, never evicted) in a
	// directory removed at the end.
	dir := b.TempDir()
	if err := os.MkdirAll(filepath.Join(sandboxDir(), "gocache"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(sandboxDir(), "gocache"), filepath.Join(dir, "gocache")); err != nil {
		b.Fatal(err)
	}
	e, _ := benchJudge(b, dir, judge.QueueCompile)
	ctx := context.Background()
	src := benchSource(b)
	run := time.Now().UnixNano() // distinct sources on every run of the benchmark
	// submit returns the time to the verdict and the part of it spent
	// waiting for a worker to take the job. Each submission is another
	// user's: one user's are limited (service.MaxRecentSubmissions).
	submit := func(i int) (took, waited time.Duration) {
		user := e.user(b)
		t0 := time.Now()
		v, err := service.Submit(ctx, e.pool, e.client, user, "orkisland", "demobot", "go",
			fmt.Sprintf("%s\n// run %d, submission %d\n", src, run, i))
		if err != nil {
			b.Fatal(err)
		}
		s, compiling := e.verdictSeen(b, v.ID, 3*time.Minute)
		if s != domain.StatusQualifying {
			b.Fatalf("version %d: %s, want qualifying", v.ID, s)
		}
		took = time.Since(t0)
		if !compiling.IsZero() {
			waited = compiling.Sub(t0)
		}
		return took, waited
	}
	submit(-1) // warms the Go build cache on a new machine
	b.ResetTimer()
	var took, waited []time.Duration
	cpu0 := cpuTime()
	for i := range b.N {
		t, w := submit(i)
		took, waited = append(took, t), append(waited, w)
	}
	cpu := cpuTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(percentile(took, 0.5), "p50-ms")
	b.ReportMetric(percentile(took, 0.9), "p90-ms")
	b.ReportMetric(percentile(took, 1), "max-ms")
	b.ReportMetric(percentile(waited, 0.5), "p50-pickup-ms")
}

// percentile returns the p-th quantile of ds in milliseconds (nearest rank).
func percentile(ds []time.Duration, p float64) float64 {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	i := min(len(ds)-1, int(p*float64(len(ds))))
	return float64(ds[i]) / float64(time.Millisecond)
}

// cpuTime is the CPU used so far by this process and its descendants:
// those waited for (compilers, bots that ended) from getrusage, and its
// live children (warm bots kept by the sandbox's pool) from /proc.
func cpuTime() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	self := strconv.Itoa(os.Getpid())
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ... utime stime cutime cstime (fields 14-17)
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 15 || f[1] != self {
			continue
		}
		for _, ticks := range f[11:15] {
			n, _ := strconv.ParseInt(ticks, 10, 64)
			total += time.Duration(n) * time.Second / clockTicks
		}
	}
	return total
}

// clockTicks is USER_HZ, the unit of /proc's CPU times: 100 on Linux.
const clockTicks = 100
