package main

// Fault tests of the judge with real worker processes: workers die with
// SIGKILL mid-match and River hands their jobs to the survivors.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/rating"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// Three worker processes killed with SIGKILL at random while 100 matches
// run: every match finishes exactly once and every player's match count
// agrees with the results table.
func TestWorkersKilledMidMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("a fault run of 30 to 60 seconds")
	}
	const (
		nMatches = 100
		nKills   = 6
		rounds   = 60
		// recovery bounds how long a killed worker's match waits to be
		// handed to another worker. River's own rescuer is left at its
		// default (minutes): the judge's liveness locks do it.
		recovery = time.Minute
	)
	began := time.Now()
	ctx := context.Background()
	url := pgtest.FreshURL(t)
	// Kept between runs so only the first run on a machine builds Go's
	// standard library for wasip1.
	dataDir := filepath.Join(os.TempDir(), "arena-process-test")
	env := []string{"DATABASE_URL=" + url, "ARENA_DATA_DIR=" + dataDir, "ARENA_WORKERS=2"}
	if code := start(t, env, "migrate").wait(t, 2*time.Minute); code != 0 {
		t.Fatalf("arena migrate exited %d", code)
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	// Four players, each with a compiled version of a student-style bot,
	// put on the ladder directly.
	versions := acceptedWalkers(t, pool, env, 4)

	// 100 ladder matches and their jobs, in one transaction.
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	var matchIDs []int64
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var params []river.InsertManyParams
		for i := range nMatches {
			seats := make([]domain.Seat, 4)
			for s := range seats {
				seats[s] = domain.Seat{VersionID: &versions[(i+s)%4]}
			}
			m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: int64(1000 + i),
				Settings: map[string]int{"nb_rounds": rounds}}
			if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
				return err
			}
			matchIDs = append(matchIDs, m.ID)
			params = append(params, river.InsertManyParams{Args: judge.MatchArgs{MatchID: m.ID},
				InsertOpts: &river.InsertOpts{Queue: judge.QueueMatch, Priority: judge.PriorityLadder}})
		}
		_, err := jobs.InsertManyTx(ctx, tx, params)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	setup := time.Since(began)

	// Three match workers. Six times, at random points of the run (when a
	// random number of matches have finished, so the kills land while
	// matches are being played however fast the machine is), SIGKILL one
	// at random among those that have been up long enough to have taken
	// jobs, and start a replacement at once.
	workerArgs := []string{"worker", "--queues", judge.QueueMatch}
	var workers []*process
	born := map[*process]time.Time{}
	spawn := func() *process {
		w := start(t, env, workerArgs...)
		born[w] = time.Now()
		return w
	}
	for range 3 {
		workers = append(workers, spawn())
	}
	var killAt []int // numbers of finished matches, ascending
	for _, k := range rand.Perm(nMatches * 3 / 4)[:nKills] {
		killAt = append(killAt, 5+k)
	}
	slices.Sort(killAt)
	unfinished := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM matches WHERE id = ANY($1) AND status <> 'finished'`,
			matchIDs).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	played := time.Now()
	deadline := played.Add(4 * time.Minute)
	kills, started := 0, 3
	var killedPIDs, orphanable []int
	var killTimes []time.Time
	for {
		left := unfinished()
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d matches unfinished after %v (%d kills)\n%s", left, nMatches,
				time.Since(played).Round(time.Second), kills, jobStates(t, pool))
		}
		for i, w := range workers {
			select {
			case err := <-w.done:
				w.done <- err
				t.Fatalf("worker %d (pid %d) exited on its own: %v\nstderr:\n%s", i, w.cmd.Process.Pid, err, w.stderr)
			default:
			}
		}
		if kills < len(killAt) && nMatches-left >= killAt[kills] {
			var ready []int
			for i, w := range workers {
				if time.Since(born[w]) > 2*time.Second {
					ready = append(ready, i)
				}
			}
			if len(ready) == 0 {
				ready = []int{rand.IntN(len(workers))}
			}
			i := ready[rand.IntN(len(ready))]
			victim := workers[i]
			bots := children(victim.cmd.Process.Pid)
			orphanable = append(orphanable, bots...)
			if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			<-victim.done
			victim.done <- nil // for start's cleanup
			killTimes = append(killTimes, time.Now())
			killedPIDs = append(killedPIDs, victim.cmd.Process.Pid)
			kills++
			t.Logf("%5.1fs: SIGKILL worker pid %d (%d bot processes) with %d matches finished",
				time.Since(played).Seconds(), victim.cmd.Process.Pid, len(bots), nMatches-left)
			workers[i] = spawn()
			started++
			continue
		}
		time.Sleep(100 * time.Millisecond)
	}
	playTime := time.Since(played)
	if kills != nKills {
		t.Errorf("%d kills, want %d", kills, nKills)
	}

	// Every job reaches a final state (a rescued duplicate may still be
	// completing its no-op retry).
	waitMatchJobs(t, pool, matchIDs, time.Minute)

	// Every match finished once, with its replay, its four results and
	// four rating changes.
	rows, err := pool.Query(ctx, `
		SELECT m.id, m.status, m.finished_at IS NOT NULL, m.rated,
		       EXISTS (SELECT 1 FROM blobs b WHERE b.key = m.replay_key),
		       (SELECT count(*) FROM blobs b WHERE b.key LIKE 'replay/' || m.id || '/%'),
		       (SELECT count(*) FROM match_players mp WHERE mp.match_id = m.id),
		       (SELECT count(*) FROM match_players mp WHERE mp.match_id = m.id AND mp.score IS NOT NULL),
		       (SELECT count(*) FROM rating_history h WHERE h.match_id = m.id)
		FROM matches m WHERE m.id = ANY($1) ORDER BY m.id`, matchIDs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var id int64
		var status string
		var finishedAt, rated, replay bool
		var replays, players, scored, history int
		if err := rows.Scan(&id, &status, &finishedAt, &rated, &replay, &replays, &players, &scored, &history); err != nil {
			t.Fatal(err)
		}
		n++
		if status != domain.MatchFinished || !finishedAt || !rated || !replay || replays != 1 ||
			players != 4 || scored != 4 || history != 4 {
			t.Errorf("match %d: status %s, finished_at set %v, rated %v, replay present %v, replays stored %d, "+
				"players %d, scored %d, rating changes %d; want finished, true, true, true, 1, 4, 4, 4",
				id, status, finishedAt, rated, replay, replays, players, scored, history)
		}
	}
	rows.Close()
	if n != nMatches {
		t.Errorf("%d matches, want %d", n, nMatches)
	}

	// Every player's match count agrees with the results table.
	rows, err = pool.Query(ctx, `
		SELECT v.id, v.games, v.mu,
		       (SELECT count(*) FROM match_players mp JOIN matches m ON m.id = mp.match_id
		        WHERE mp.bot_version_id = v.id AND m.status = 'finished'),
		       (SELECT count(*) FROM rating_history h WHERE h.bot_version_id = v.id AND h.match_id IS NOT NULL)
		FROM bot_versions v WHERE v.id = ANY($1) ORDER BY v.id`, versions)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var games, results, history int
		var mu float64
		if err := rows.Scan(&id, &games, &mu, &results, &history); err != nil {
			t.Fatal(err)
		}
		if games != results || history != results || results != nMatches {
			t.Errorf("version %d: games %d, finished results %d, rating changes %d; want %d each",
				id, games, results, history, nMatches)
		}
		t.Logf("version %d: %d games, μ %.2f", id, games, mu)
	}
	rows.Close()

	// No job gave up; count what River had to rescue.
	var total, completed, discarded, retried, attempts int
	if err := pool.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE state = 'completed'), count(*) FILTER (WHERE state = 'discarded'),
		       count(*) FILTER (WHERE attempt > 1), coalesce(sum(attempt), 0)
		FROM river_job WHERE kind = 'match' AND (args->>'match_id')::bigint = ANY($1)`, matchIDs).
		Scan(&total, &completed, &discarded, &retried, &attempts); err != nil {
		t.Fatal(err)
	}
	if total != nMatches || completed != nMatches || discarded != 0 {
		t.Errorf("match jobs: %d, %d completed, %d discarded; want %d, %d, 0\n%s", total, completed, discarded,
			nMatches, nMatches, jobStates(t, pool))
	}
	var rescued int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'match'
		AND (args->>'match_id')::bigint = ANY($1) AND errors::text LIKE '%rescued%'`, matchIDs).Scan(&rescued); err != nil {
		t.Fatal(err)
	}
	t.Logf("setup %v; %d matches of %d rounds played in %v by %d worker processes; %d SIGKILLs (pids %v); "+
		"%d jobs took more than one attempt (%d attempts in all), %d of them rescued from a dead worker",
		setup.Round(time.Second), nMatches, rounds, playTime.Round(time.Second), started, kills, killedPIDs,
		retried, attempts, rescued)
	// Attempts fail only by dying with their worker: a match that lands
	// needs no second try (a deadlock or any error here would be a bug,
	// and under more contention would use up the job's attempts).
	errs, err := pool.Query(ctx, `SELECT e->>'error', count(*) FROM river_job j, jsonb_array_elements(to_jsonb(j.errors)) e
		WHERE j.kind = 'match' AND (j.args->>'match_id')::bigint = ANY($1) GROUP BY 1 ORDER BY 2 DESC`, matchIDs)
	if err != nil {
		t.Fatal(err)
	}
	for errs.Next() {
		var msg string
		var n int
		if err := errs.Scan(&msg, &n); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(msg, "rescued") {
			t.Logf("%d attempts rescued: %s", n, msg)
		} else {
			t.Errorf("%d attempts failed: %s", n, msg)
		}
	}
	errs.Close()
	if kills > 0 && rescued == 0 {
		t.Error("workers were killed mid-match but River rescued no job")
	}
	// Each rescue came soon after the kill that made it necessary.
	var rescues []time.Time
	rows, err = pool.Query(ctx, `SELECT (e->>'at')::timestamptz FROM river_job j, jsonb_array_elements(to_jsonb(j.errors)) e
		WHERE j.kind = 'match' AND (j.args->>'match_id')::bigint = ANY($1) AND e->>'error' LIKE '%rescued%'`, matchIDs)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var at time.Time
		if err := rows.Scan(&at); err != nil {
			t.Fatal(err)
		}
		rescues = append(rescues, at)
	}
	rows.Close()
	var worst time.Duration
	for _, at := range rescues {
		var kill time.Time
		for _, k := range killTimes {
			if !k.After(at) {
				kill = k
			}
		}
		if kill.IsZero() {
			t.Errorf("a job was rescued at %v, before any kill", at)
			continue
		}
		worst = max(worst, at.Sub(kill))
	}
	t.Logf("%d rescues, the slowest %v after its kill", len(rescues), worst.Round(100*time.Millisecond))
	if worst > recovery {
		t.Errorf("a killed worker's match waited %v to be handed back, want under %v", worst, recovery)
	}

	// The survivors stop gracefully.
	for _, w := range workers {
		w.cmd.Process.Signal(syscall.SIGINT)
	}
	for _, w := range workers {
		if code := w.wait(t, 45*time.Second); code != 0 {
			t.Errorf("worker pid %d exited %d after Ctrl-C", w.cmd.Process.Pid, code)
		}
	}
	// Killed workers leave no bot processes behind (the sandbox's children
	// die with their parent).
	if orphans := alive(orphanable); len(orphans) > 0 {
		t.Errorf("%d of the %d child processes of killed workers still run: %v", len(orphans), len(orphanable), orphans)
	}
}

// acceptedWalkers submits judge/testdata/walker.go for n new users through
// the real compile path (one `arena worker --queues compile` process) and
// then puts each compiled version on the ladder directly, as if it had
// qualified, at the default rating.
func acceptedWalkers(t *testing.T, pool *pgxpool.Pool, env []string, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("..", "..", "judge", "testdata", "walker.go"))
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	compiler := start(t, env, "worker", "--queues", judge.QueueCompile)
	var ids []int64
	for i := range n {
		u := &domain.User{Name: fmt.Sprintf("killer%d", i), Email: fmt.Sprintf("killer%d@example.org", i), PasswordHash: "x"}
		if err := store.CreateUser(ctx, pool, u); err != nil {
			t.Fatal(err)
		}
		v, err := service.Submit(ctx, pool, jobs, u.ID, "orkisland", "walker", "go", string(src))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var pending int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM bot_versions WHERE id = ANY($1) AND status IN ('queued', 'compiling')`,
			ids).Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			break
		}
		select {
		case err := <-compiler.done:
			compiler.done <- err
			t.Fatalf("the compile worker exited: %v\nstderr:\n%s", err, compiler.stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d versions still compiling after 3 minutes", pending)
		}
		time.Sleep(100 * time.Millisecond)
	}
	compiler.cmd.Process.Signal(syscall.SIGINT)
	if code := compiler.wait(t, 45*time.Second); code != 0 {
		t.Fatalf("compile worker exited %d after Ctrl-C", code)
	}
	for _, id := range ids {
		v, err := store.VersionByID(ctx, pool, id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Status != domain.StatusQualifying {
			t.Fatalf("version %d: %s after compiling, want qualifying\n%s", id, v.Status, v.CompileLog)
		}
	}
	// Their qualification matches are not part of this test.
	r := rating.Default().Initial()
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, q := range []string{
			`DELETE FROM river_job WHERE kind = 'match'`,
			`DELETE FROM matches WHERE kind = 'qualification'`,
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
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
		t.Fatal(err)
	}
	return ids
}

func randDuration(lo, hi time.Duration) time.Duration {
	return lo + rand.N(hi-lo)
}

// waitMatchJobs waits until every job of these matches is in a final state.
func waitMatchJobs(t *testing.T, pool *pgxpool.Pool, matchIDs []int64, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var pending int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'match'
			AND (args->>'match_id')::bigint = ANY($1) AND state NOT IN ('completed', 'cancelled', 'discarded')`,
			matchIDs).Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%d match jobs still pending %v after their matches finished\n%s", pending, timeout, jobStates(t, pool))
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// jobStates summarises the match jobs for a failure message.
func jobStates(t *testing.T, pool *pgxpool.Pool) string {
	rows, err := pool.Query(context.Background(), `SELECT state, attempt, count(*) FROM river_job
		WHERE kind = 'match' GROUP BY 1, 2 ORDER BY 1, 2`)
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	var b strings.Builder
	b.WriteString("match jobs by state and attempt:")
	for rows.Next() {
		var state string
		var attempt, n int
		if err := rows.Scan(&state, &attempt, &n); err != nil {
			return b.String() + " (" + err.Error() + ")"
		}
		fmt.Fprintf(&b, " %s/%d: %d;", state, attempt, n)
	}
	return b.String()
}

// children lists the live child processes of pid.
func children(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if st, ok := procStat(e.Name()); ok && st.ppid == fmt.Sprint(pid) {
			var c int
			fmt.Sscan(e.Name(), &c)
			out = append(out, c)
		}
	}
	return out
}

// alive describes those of pids that still run (zombies excepted).
func alive(pids []int) []string {
	var out []string
	for _, p := range pids {
		if st, ok := procStat(fmt.Sprint(p)); ok && st.state != "Z" {
			out = append(out, fmt.Sprintf("%d %s", p, st.comm))
		}
	}
	return out
}

type stat struct{ comm, state, ppid string }

// procStat reads /proc/PID/stat: pid (comm) state ppid ...
func procStat(pid string) (stat, bool) {
	b, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
	if err != nil {
		return stat{}, false
	}
	s := string(b)
	i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if i < 0 || j < i {
		return stat{}, false
	}
	f := strings.Fields(s[j+1:])
	if len(f) < 2 {
		return stat{}, false
	}
	return stat{comm: s[i+1 : j], state: f[0], ppid: f[1]}, true
}
