// Rush measures a deadline rush on this machine with real compiles and
// matches: N students (half C++, half Go, real-size bots: the game's Demo
// and Dummy and its calibration bots) each submit a version at a random
// moment within a window while the ladder runs, on in-process River
// workers as `arena serve` runs them (one per core and queue), and it
// reports submission → verdict p50, p95 and max, what a compile and a
// qualification match cost, and how many worker cores a class needs to
// bring p95 under a target.
//
//	go run ./tools/rush                    # 300 submissions within 10 minutes
//	go run ./tools/rush -scale 0.1         # 30 within 1 minute
//
// It drops and recreates its own database (-database, default arena_rush).
// See "Deadline rush" in the README.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/judge"
	"arena.dev/sandbox"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/bench"
)

func main() {
	sandbox.Child() // the sandbox re-executes this binary for its jails
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "rush:", err)
		os.Exit(1)
	}
}

type options struct {
	n        int
	window   time.Duration
	game     string
	workers  int
	database string
	dataDir  string
	target   time.Duration
	seed     uint64
	veterans int
}

func run(ctx context.Context) error {
	var o options
	scale := flag.Float64("scale", 1, "multiplies the submissions and the window (0.1: 30 within 1 minute)")
	flag.IntVar(&o.n, "n", 300, "submissions at scale 1")
	flag.DurationVar(&o.window, "window", 10*time.Minute, "they arrive within this window, at scale 1")
	flag.StringVar(&o.game, "game", "orkisland", "the game (it must take Go and C++ and have calibration bots)")
	flag.IntVar(&o.workers, "workers", 0, "workers per queue (compiles, matches); 0: the cores")
	flag.StringVar(&o.database, "database", "postgres://postgres@127.0.0.1:5432/arena_rush?sslmode=disable", "dropped and created again")
	flag.StringVar(&o.dataDir, "data", filepath.Join(os.TempDir(), "arena-rush"), "the sandbox's caches (kept between runs: a server's are warm)")
	flag.DurationVar(&o.target, "target", 30*time.Second, "the p95 the worker estimate aims at")
	flag.Uint64Var(&o.seed, "seed", 1, "arrival times and sources")
	flag.IntVar(&o.veterans, "ladder", 4, "versions on the ladder before the rush (it plays them with house bots)")
	flag.Parse()
	o.n = max(2, int(math.Round(float64(o.n)**scale)))
	o.window = time.Duration(float64(o.window) * *scale)
	if o.workers <= 0 {
		o.workers = runtime.NumCPU()
	}
	sources, err := botSources(o.game)
	if err != nil {
		return err
	}
	pool, err := freshDatabase(ctx, o.database)
	if err != nil {
		return err
	}
	defer pool.Close()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	// Calibration: each kind of source alone on idle workers, no ladder:
	// what one compile and one qualification match cost.
	fmt.Printf("rush: %d submissions within %v on %d cores, %d workers per queue, game %s\n",
		o.n, o.window, runtime.NumCPU(), o.workers, o.game)
	calib, err := startWorkers(ctx, pool, o, -1, logger)
	if err != nil {
		return err
	}
	var alone []int64
	for i, s := range sources {
		v, err := submit(ctx, pool, calib, fmt.Sprintf("calibration%d", i), o.game, s, i)
		if err != nil {
			return err
		}
		if _, err := waitVerdicts(ctx, pool, []int64{v.ID}, 10*time.Minute); err != nil {
			return err
		}
		alone = append(alone, v.ID)
	}
	stopWorkers(calib)
	cost, err := measureCosts(ctx, pool, alone)
	if err != nil {
		return err
	}
	fmt.Printf("alone: a compile takes %.2f s (Go %.2f s, C++ %.2f s), a qualification match %.2f s, %d matches each: %.1f s of a worker per submission\n",
		cost.compile, cost.compileGo, cost.compileCpp, cost.match, games.QualificationMatches, cost.perSubmission())

	// The ladder: versions accepted before the rush, played with house bots.
	jobs, err := startWorkers(ctx, pool, o, 10*time.Second, logger)
	if err != nil {
		return err
	}
	defer stopWorkers(jobs)
	var vets []int64
	for i := range o.veterans {
		v, err := submit(ctx, pool, jobs, fmt.Sprintf("veteran%d", i), o.game, sources[i%len(sources)], 1000+i)
		if err != nil {
			return err
		}
		vets = append(vets, v.ID)
	}
	if _, err := waitVerdicts(ctx, pool, vets, 10*time.Minute); err != nil {
		return err
	}
	if err := waitLadder(ctx, pool, 3*time.Minute); err != nil {
		return err
	}

	// The rush.
	rng := rand.New(rand.NewPCG(o.seed, 2))
	at := make([]time.Duration, o.n)
	for i := range at {
		at[i] = time.Duration(rng.Int64N(int64(o.window) + 1))
	}
	slices.Sort(at)
	ladderBefore, err := bench.FinishedLadderMatches(ctx, pool)
	if err != nil {
		return err
	}
	start := time.Now()
	ids := make([]int64, 0, o.n)
	cpp := 0
	submitted := make(chan struct{})
	var submitErr error
	go func() {
		defer close(submitted)
		for i, d := range at {
			select {
			case <-ctx.Done():
				submitErr = ctx.Err()
				return
			case <-time.After(time.Until(start.Add(d))):
			}
			// Half C++, half Go: the sources alternate languages.
			s := sources[i%len(sources)]
			v, err := submit(ctx, pool, jobs, fmt.Sprintf("student%d", i), o.game, s, i)
			if err != nil {
				submitErr = err
				return
			}
			if s.lang == "cpp" {
				cpp++
			}
			ids = append(ids, v.ID)
		}
	}()
	progress := time.NewTicker(30 * time.Second)
	defer progress.Stop()
	for done := false; !done; {
		select {
		case <-submitted:
			done = true
		case <-progress.C:
			printProgress(ctx, pool, start)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if submitErr != nil {
		return submitErr
	}
	results, err := waitVerdicts(ctx, pool, ids, 60*time.Minute, func() { printProgress(ctx, pool, start) })
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	ladderAfter, err := bench.FinishedLadderMatches(ctx, pool)
	if err != nil {
		return err
	}
	loaded, err := measureCosts(ctx, pool, ids)
	if err != nil {
		return err
	}
	report(o, results, cpp, elapsed, ladderAfter-ladderBefore, cost, loaded)
	return nil
}

// source is a bot's source in a language.
type source struct {
	name, lang string
	text       []byte
}

// botSources are real-size bots of the game, alternating C++ and Go: the
// C++ Demo and calibration bots, the Go Demo and Dummy.
func botSources(game string) ([]source, error) {
	var cpp, gos []source
	if b, err := games.CppBotProgram(game, "Demo"); err == nil {
		cpp = append(cpp, source{"AIDemo.cc", "cpp", b})
	}
	files, _ := filepath.Glob(filepath.Join("games", game, "testdata", "calibration", "*.cc"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		cpp = append(cpp, source{filepath.Base(f), "cpp", b})
	}
	for _, name := range []string{"Dummy", "Demo"} {
		b, err := games.BotProgram(game, name)
		if err != nil {
			return nil, err
		}
		gos = append(gos, source{strings.ToLower(name) + ".go", "go", b})
	}
	if len(cpp) == 0 || len(gos) == 0 {
		return nil, fmt.Errorf("%s: need C++ and Go bots (run from the repository's root for the calibration bots)", game)
	}
	var out []source
	for i := range max(len(cpp), len(gos)) {
		out = append(out, cpp[i%len(cpp)], gos[i%len(gos)])
	}
	return out, nil
}

// submit makes a student and submits their version: the source with a
// line of its own, as each student's differs (the Go build cache then
// builds the student's package again, not the SDK's).
func submit(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, name, game string, s source, n int) (*domain.Version, error) {
	u := &domain.User{Name: name, Email: name + "@example.org", PasswordHash: "x"}
	if err := store.CreateUser(ctx, pool, u); err != nil {
		return nil, err
	}
	text := fmt.Sprintf("%s\n// %s, student %d\n", s.text, s.name, n)
	// Not "demo" or "dummy": a student may not take a built-in bot's name.
	return service.Submit(ctx, pool, jobs, u.ID, game, "my"+strings.TrimSuffix(s.name, filepath.Ext(s.name)), s.lang, text)
}

func freshDatabase(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	admin := cfg.Copy()
	admin.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, admin)
	if err != nil {
		return nil, err
	}
	err = bench.DropDatabase(ctx, conn, cfg.Database)
	conn.Close(ctx)
	if err != nil {
		return nil, err
	}
	pool, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := judge.PrepareDatabase(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

func startWorkers(ctx context.Context, pool *pgxpool.Pool, o options, ladderEvery time.Duration, logger *slog.Logger) (*judge.Client, error) {
	jobs, err := judge.NewWorkingClient(pool, judge.Config{MaxWorkers: o.workers, WorkerName: "rush", Logger: logger,
		Sandbox: judge.Sandbox{Dir: o.dataDir}, LadderEvery: ladderEvery, RetentionEvery: -1})
	if err != nil {
		return nil, err
	}
	return jobs, jobs.Start(context.WithoutCancel(ctx))
}

func stopWorkers(jobs *judge.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	jobs.Stop(ctx)
}

// waitVerdicts waits until every version has its verdict (accepted,
// rejected or a compile error) and returns each one's submission →
// verdict time by version id.
func waitVerdicts(ctx context.Context, pool *pgxpool.Pool, ids []int64, limit time.Duration, every ...func()) (map[int64]verdict, error) {
	out := map[int64]verdict{}
	deadline := time.Now().Add(limit)
	last := time.Now()
	for {
		judged, err := bench.Verdicts(ctx, pool, ids)
		if err != nil {
			return nil, err
		}
		for id, v := range judged {
			out[id] = verdict{status: v.Status, lang: v.Language, secs: v.Secs}
		}
		if len(out) == len(ids) {
			return out, nil
		}
		if time.Now().After(deadline) {
			return out, fmt.Errorf("%d of %d versions without a verdict after %v", len(ids)-len(out), len(ids), limit)
		}
		if len(every) > 0 && time.Since(last) > 30*time.Second {
			every[0]()
			last = time.Now()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

type verdict struct {
	status, lang string
	secs         float64
}

// waitLadder waits until the ladder has finished a match.
func waitLadder(ctx context.Context, pool *pgxpool.Pool, limit time.Duration) error {
	for deadline := time.Now().Add(limit); ; {
		n, err := bench.FinishedLadderMatches(ctx, pool)
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the ladder played no match in %v", limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func printProgress(ctx context.Context, pool *pgxpool.Pool, start time.Time) {
	p := bench.RushProgress(ctx, pool, "student", judge.PriorityLadder)
	fmt.Printf("  %4.0f s: %d waiting to compile, %d compiling, %d qualifying, %d judged; ladder jobs %d queued, %d running\n",
		time.Since(start).Seconds(), p.Queued, p.Compiling, p.Qualifying, p.Judged, p.LadderQueued, p.LadderRunning)
}

// costs are mean job durations, in seconds of one worker.
type costs struct{ compile, compileGo, compileCpp, match float64 }

func (c costs) perSubmission() float64 {
	return c.compile + float64(games.QualificationMatches)*c.match
}

// measureCosts are the mean durations of the versions' compile jobs and
// qualification match jobs.
func measureCosts(ctx context.Context, pool *pgxpool.Pool, ids []int64) (costs, error) {
	var c costs
	measured, err := bench.JobCosts(ctx, pool, ids)
	for _, p := range []struct {
		from *float64
		to   *float64
	}{{measured.Compile, &c.compile}, {measured.CompileGo, &c.compileGo}, {measured.CompileCpp, &c.compileCpp}, {measured.Match, &c.match}} {
		if p.from != nil {
			*p.to = *p.from
		}
	}
	return c, err
}

func report(o options, results map[int64]verdict, cpp int, elapsed time.Duration, ladder int, alone, loaded costs) {
	var all, gos, cpps []float64
	count := map[string]int{}
	for _, v := range results {
		all = append(all, v.secs)
		if v.lang == "cpp" {
			cpps = append(cpps, v.secs)
		} else {
			gos = append(gos, v.secs)
		}
		count[v.status]++
	}
	fmt.Printf("\n%d submissions (%d C++, %d Go) within %v, all judged %v after the first; verdicts: %d accepted, %d rejected, %d compile errors\n",
		len(all), cpp, len(all)-cpp, o.window, elapsed.Round(time.Second), count["accepted"]+count["superseded"], count["rejected"], count["compile_error"])
	line := func(what string, xs []float64) {
		if len(xs) == 0 {
			return
		}
		slices.Sort(xs)
		fmt.Printf("submission → verdict, %-4s p50 %6.1f s   p95 %6.1f s   max %6.1f s\n", what+":", pct(xs, 50), pct(xs, 95), xs[len(xs)-1])
	}
	line("all", all)
	line("C++", cpps)
	line("Go", gos)
	fmt.Printf("ladder matches played meanwhile: %d\n", ladder)
	fmt.Printf("in the rush (%d workers per queue on %d cores): a compile took %.2f s (Go %.2f s, C++ %.2f s), a qualification match %.2f s\n",
		o.workers, runtime.NumCPU(), loaded.compile, loaded.compileGo, loaded.compileCpp, loaded.match)

	// Workers for the target: the rush's work, measured alone (one job per
	// core), arrives at n/window; a queue stays short when its servers are
	// busy at most ~70 % of the time; and however it arrives, all of it
	// must be done by the window's end plus the target. One submission
	// alone takes a compile and its matches (2 at a time per machine).
	rate := float64(o.n) / o.window.Seconds()
	for _, c := range []struct {
		what string
		cost costs
	}{{"costs alone", alone}, {"costs in the rush", loaded}} {
		steady := rate * c.cost.perSubmission() / 0.7
		burst := float64(o.n) * c.cost.perSubmission() / (o.window + o.target).Seconds()
		cores := math.Ceil(max(steady, burst))
		fmt.Printf("for p95 under %v, from the %s: %.2f submissions/s × %.1f core-seconds each → %.1f cores at ≤ 70 %% load, %.1f to be done %v after the last; "+
			"%.0f cores: %.0f two-core `arena worker` machines (one alone judges a submission in ~%.0f s)\n",
			o.target, c.what, rate, c.cost.perSubmission(), steady, burst, o.target, cores, math.Ceil(cores/2),
			c.cost.compile+math.Ceil(float64(games.QualificationMatches)/2)*c.cost.match)
	}
}

func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}
