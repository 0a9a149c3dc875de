package judge_test

// The semester benchmark: a course of 300 students and 4 games over 16
// weeks on a simulated clock, through the judge's real matchmaking and
// pacing (judge.Matchmake at simulated times), real landing of results and
// ratings (judge.LandPlayed), real acceptance (judge.Accept), real
// retention (store.PruneReplaysAt, store.DropArtifactsAt) and a real
// PostgreSQL database of its own. Only the matches themselves are stood
// in for: a match takes the CPU a real one takes (measured first, per
// game, on this machine) and writes a replay of the real size (measured
// too), its result drawn from the students' hidden skills.
//
//	go test ./judge -run '^$' -bench Semester -benchtime 1x -timeout 60m
//
// SEMESTER_STUDENTS (default 300) and SEMESTER_WEEKS (16) scale it.
// It prints the database at the end, the ladder matches played each week,
// the ladder's CPU while every version is settled, the verdict latencies
// of each week's deadline rush, and how the paced ratings compare with an
// unpaced ladder's on the same course (played in memory, same decisions
// of package ladder and rating, 8 matches per game every 2 simulated
// minutes, never resting).

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/ladder"
	"arena.dev/rating"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// Assumptions of the course model (the measured figures come from
// calibrate).
const (
	semesterCores = 2 // the server: a 2-core machine, one job per core
	// thinkShare is the share of its CPU budget a student's bot uses in
	// a match on average, on top of what the Demo measured uses (the
	// Demo thinks little). An assumption: the upper bound, every seat
	// using its whole budget, is printed too.
	thinkShare = 0.10
	// compileFailShare and acceptShare: submissions that do not compile,
	// and of those that do, the share that qualification accepts.
	compileFailShare = 0.08
	acceptShare      = 0.85
	tickEvery        = 10 * time.Second // Config.LadderEvery
	// The real job runs every 10 minutes; every 6 hours here, to keep the
	// run short (each pass looks again at every replay it keeps). Replays
	// wait up to 6 hours longer for deletion: the sizes err high.
	retentionEvery = 6 * time.Hour
	retentionBatch = 1000
)

var semesterGames = []string{"orkisland", "wasteland", "poquemon", "apocalypse"}

// calib is what one game's real matches cost on this machine.
type calib struct {
	matchCPU    time.Duration // a ladder match, 4 sandboxed Demos, every process's CPU
	qualCPU     time.Duration // a qualification match: 1 sandboxed Demo, 3 built-in bots
	compileCPU  time.Duration // a Go compile (warm build cache) to a stored artifact
	replayBytes int           // a ladder replay, as stored
	artifact    int           // a compiled Go bot, as stored
	budget      time.Duration // the game's CPU budget per player
}

// cpuNow is the CPU this process and all its descendants have used:
// its own and its waited-for children's (getrusage), plus, from /proc,
// every live descendant's own and waited-for children's (the sandbox
// keeps bot processes warm between matches, so they have not exited).
func cpuNow() time.Duration {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	d := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	total := d(self.Utime) + d(self.Stime) + d(kids.Utime) + d(kids.Stime)
	type proc struct {
		ppid  int
		ticks int64
	}
	procs := map[int]proc{}
	dirs, _ := os.ReadDir("/proc")
	for _, de := range dirs {
		pid, err := strconv.Atoi(de.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + de.Name() + "/stat")
		if err != nil {
			continue
		}
		// After the command's closing parenthesis: state ppid ... utime(14) stime(15) cutime(16) cstime(17).
		i := strings.LastIndexByte(string(b), ')')
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 15 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		var ticks int64
		for _, k := range []int{11, 12, 13, 14} {
			n, _ := strconv.ParseInt(f[k], 10, 64)
			ticks += n
		}
		procs[pid] = proc{ppid, ticks}
	}
	me := os.Getpid()
	descends := func(pid int) bool {
		for n := 0; pid > 1 && n < 64; n++ {
			p, ok := procs[pid]
			if !ok {
				return false
			}
			if p.ppid == me {
				return true
			}
			pid = p.ppid
		}
		return false
	}
	for pid, p := range procs {
		if pid != me && descends(pid) {
			total += time.Duration(p.ticks) * 10 * time.Millisecond // USER_HZ = 100
		}
	}
	return total
}

// calibrate plays real matches of each game through River workers and
// the sandbox, and measures them.
func calibrate(b *testing.B) map[string]calib {
	e := startJudge(b, judge.Config{MaxWorkers: semesterCores})
	ctx := context.Background()
	out := map[string]calib{}
	const n = 6
	for _, game := range semesterGames {
		g, _ := games.Get(game)
		if err := store.EnsureGame(ctx, e.pool, game, g.Info().Title); err != nil {
			b.Fatal(err)
		}
		src, err := games.BotProgram(game, "Demo")
		if err != nil {
			b.Fatal(err)
		}
		e.waitJobs(b, 5*time.Minute, "compile", "match")
		var c calib
		c.budget = g.Info().CPUBudget
		// Four students submit the Demo: each compile, then its
		// qualification, alone on the workers.
		var versions []int64
		var compileCPU, qualCPU time.Duration
		var quals int
		for range 4 {
			t0 := cpuNow()
			// A source of its own, so that it is really compiled.
			own := string(src) + fmt.Sprintf("\n// calibration %d\n", time.Now().UnixNano())
			v, err := service.Submit(ctx, e.pool, e.client, e.user(b), game, "mybot", "go", own)
			if err != nil {
				b.Fatal(err)
			}
			e.waitStatus(b, v.ID, 5*time.Minute, domain.StatusQualifying, domain.StatusAccepted, domain.StatusRejected)
			compileCPU += cpuNow() - t0
			t0 = cpuNow()
			e.waitJobs(b, 5*time.Minute, "compile", "match")
			qualCPU += cpuNow() - t0
			var n int
			scanOne(b, e.pool.QueryRow(ctx, "SELECT count(*) FROM matches WHERE bot_version_id = $1", v.ID), &n)
			quals += n
			versions = append(versions, v.ID)
		}
		c.compileCPU = compileCPU / 4
		c.qualCPU = qualCPU / time.Duration(max(quals, 1))
		v := versions[0]
		t0 := cpuNow()
		ids := e.queue(b, game, domain.KindLadder, n, 1, seats(versions), nil)
		e.waitLanded(b, ids, 5*time.Minute)
		c.matchCPU = (cpuNow() - t0) / n
		scanOne(b, e.pool.QueryRow(ctx, `SELECT avg(pg_column_size(bl.data))::int FROM matches m JOIN blobs bl ON bl.key = m.replay_key
			WHERE m.id = ANY($1)`, ids), &c.replayBytes)
		scanOne(b, e.pool.QueryRow(ctx, `SELECT pg_column_size(bl.data) FROM bot_versions v JOIN blobs bl ON bl.key = 'wasm/' || v.artifact_sha256
			WHERE v.id = $1`, v), &c.artifact)
		out[game] = c
		fmt.Printf("calibration %-10s ladder match %5.2f s CPU, qualification match %5.2f s, compile %5.2f s, replay %5.1f KB, artifact %6.0f KB, budget %v/player\n",
			game, c.matchCPU.Seconds(), c.qualCPU.Seconds(), c.compileCPU.Seconds(), float64(c.replayBytes)/1000, float64(c.artifact)/1000, c.budget)
	}
	e.stop()
	return out
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func BenchmarkSemester(b *testing.B) {
	cal := calibrate(b)
	students := envInt("SEMESTER_STUDENTS", 300)
	weeks := envInt("SEMESTER_WEEKS", 16)
	for range b.N {
		s := newSemester(b, cal, students, weeks)
		s.run()
		s.report()
	}
}

// Job kinds on the simulated workers, most urgent first: a deadline rush
// is served before the ladder (compiles, then qualification matches).
const (
	jobCompile = iota
	jobQualify
	jobLadder
)

type simJob struct {
	kind     int
	cost     time.Duration
	sub      *submission
	matchID  int64
	planned  time.Time
	finished time.Time
}

type submission struct {
	student, game int
	at            time.Time // submitted
	week          int       // the deadline wave it belongs to
	skill         float64
	quals         int // qualification matches left
	verdict       time.Time
	version       *domain.Version
}

type slot struct {
	job  *simJob
	done time.Time
}

type semester struct {
	b        *testing.B
	ctx      context.Context
	pool     *pgxpool.Pool
	cal      map[string]calib
	rng      *mrand.Rand
	t0, end  time.Time
	weeks    int
	students []simStudent
	subs     []*submission // by time
	next     int           // next submission to arrive
	compileQ []*simJob
	qualQ    []*simJob
	ladderQ  []*simJob
	slots    [semesterCores]slot
	skill    map[int64]float64 // version → hidden skill (house bots: default)
	accepted []acceptance
	gameIdx  map[string]int
	// Figures.
	weekMatches  []int
	weekCPU      []time.Duration
	idleHours    int
	idleCPU      time.Duration // ladder CPU in hours when every game was settled
	idleMatches  int
	settledHour  bool // every tick of the current hour found every game settled
	ladderCPU    time.Duration
	matches      int
	ticks        int
	sizes        []int64 // database size at the end of each week
	lastTickMode map[string]ladder.Mode
	started      time.Time
	source       map[string]string
	played       []*simJob // ladder matches played, to land
	// Where the simulation's own time goes.
	tickTime, landTime, retentionTime, versionTime time.Duration
}

type simStudent struct {
	userID int64
	bots   []*domain.Bot // by game
	skill  []float64     // by game, the next version's
}

// acceptance is a version put on the ladder, for the unpaced replay.
type acceptance struct {
	at      time.Time
	game    int
	owner   int
	version int64
	skill   float64
}

func newSemester(b *testing.B, cal map[string]calib, nStudents, weeks int) *semester {
	ctx := context.Background()
	url := pgtest.FreshURL(b)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		b.Fatal(err)
	}
	pool0, err := store.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	if err := store.Migrate(ctx, pool0); err != nil {
		b.Fatal(err)
	}
	pool0.Close()
	// Commits need not wait for the disk: a simulation lost in a crash is
	// run again. Sizes are unaffected.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	cfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(pool.Close)
	s := &semester{b: b, ctx: ctx, pool: pool, cal: cal, rng: mrand.New(mrand.NewPCG(2031, 16)),
		t0: time.Date(2031, 2, 3, 0, 0, 0, 0, time.UTC), weeks: weeks, skill: map[int64]float64{},
		gameIdx: map[string]int{}, weekMatches: make([]int, weeks+1), weekCPU: make([]time.Duration, weeks+1),
		lastTickMode: map[string]ladder.Mode{}, source: map[string]string{}}
	s.end = s.t0.Add(time.Duration(weeks) * 7 * 24 * time.Hour)
	for i, game := range semesterGames {
		g, _ := games.Get(game)
		if err := store.EnsureGame(ctx, pool, game, g.Info().Title); err != nil {
			b.Fatal(err)
		}
		s.gameIdx[game] = i
		src, _ := games.BotProgram(game, "Demo")
		s.source[game] = string(src)
	}
	for i := range nStudents {
		u := &domain.User{Name: fmt.Sprintf("student%03d", i), PasswordHash: "x", Email: fmt.Sprintf("student%03d@example.org", i)}
		if err := store.CreateUser(ctx, pool, u); err != nil {
			b.Fatal(err)
		}
		st := simStudent{userID: u.ID}
		for _, game := range semesterGames {
			bot, err := store.BotByName(ctx, pool, u.ID, game, "bot")
			if err != nil {
				b.Fatal(err)
			}
			st.bots = append(st.bots, bot)
			st.skill = append(st.skill, 25+5*s.rng.NormFloat64())
		}
		s.students = append(s.students, st)
	}
	s.plan()
	return s
}

// deadline is week w's: Friday 20:00.
func (s *semester) deadline(w int) time.Time {
	return s.t0.Add(time.Duration(w)*7*24*time.Hour + 4*24*time.Hour + 20*time.Hour)
}

// plan draws every submission of the course: game g is the assignment of
// weeks 4g to 4g+3 (with fewer weeks, of a share of them), each week with
// a deadline; a student submits about 2 versions a week of the current
// game, most in the last day before the deadline; a few come back to a
// past game.
func (s *semester) plan() {
	perGame := max(1, s.weeks/len(semesterGames))
	for w := range s.weeks {
		g := min(w/perGame, len(semesterGames)-1)
		dl := s.deadline(w)
		weekStart := s.t0.Add(time.Duration(w) * 7 * 24 * time.Hour)
		for i := range s.students {
			n := poisson(s.rng, 2)
			if w%perGame == 0 && n == 0 && s.rng.Float64() < 0.95 {
				n = 1 // almost everyone starts each assignment
			}
			for range n {
				s.addSub(i, g, w, s.before(dl, weekStart))
			}
			for pg := range g { // a past game, now and then
				if s.rng.Float64() < 0.03 {
					s.addSub(i, pg, w, weekStart.Add(time.Duration(s.rng.Float64()*float64(7*24*time.Hour))))
				}
			}
		}
	}
	slices.SortFunc(s.subs, func(a, b *submission) int { return a.at.Compare(b.at) })
}

// before is a submission time before a deadline: exponential with a mean
// of 18 hours, within the week.
func (s *semester) before(dl, weekStart time.Time) time.Time {
	for {
		at := dl.Add(-time.Duration(s.rng.ExpFloat64() * 18 * float64(time.Hour)))
		if !at.Before(weekStart) {
			return at
		}
	}
}

func (s *semester) addSub(student, game, week int, at time.Time) {
	st := &s.students[student]
	st.skill[game] += 0.5 + 2*s.rng.NormFloat64() // a new version: better on average
	s.subs = append(s.subs, &submission{student: student, game: game, at: at, week: week, skill: st.skill[game]})
}

func poisson(r *mrand.Rand, mean float64) int {
	l, k, p := math.Exp(-mean), 0, 1.0
	for {
		p *= r.Float64()
		if p < l {
			return k
		}
		k++
	}
}

func (s *semester) exec(sql string, args ...any) {
	s.b.Helper()
	if _, err := s.pool.Exec(s.ctx, sql, args...); err != nil {
		s.b.Fatalf("%s: %v", sql, err)
	}
}

func (s *semester) week(t time.Time) int {
	return min(int(t.Sub(s.t0)/(7*24*time.Hour)), s.weeks)
}

// run moves the simulated clock from event to event: arrivals, jobs
// done, matchmaking ticks (every 10 s while a game is at full pace or a
// version was just accepted; at the next trickle otherwise), retention
// every hour.
func (s *semester) run() {
	s.started = time.Now()
	now := s.t0
	nextTick := now
	nextRetention := now.Add(retentionEvery)
	hour := now.Truncate(time.Hour)
	s.settledHour = true
	var hourCPU time.Duration
	var hourMatches int
	for now.Before(s.end) {
		// Arrivals: a compile each.
		for s.next < len(s.subs) && !s.subs[s.next].at.After(now) {
			sub := s.subs[s.next]
			s.next++
			s.settledHour = false // something was submitted this hour
			s.compileQ = append(s.compileQ, &simJob{kind: jobCompile, cost: s.cal[semesterGames[sub.game]].compileCPU, sub: sub})
		}
		// Jobs done.
		for i := range s.slots {
			sl := &s.slots[i]
			if sl.job == nil || sl.done.After(now) {
				continue
			}
			j := sl.job
			sl.job = nil
			switch j.kind {
			case jobCompile:
				s.compiled(j.sub, sl.done)
			case jobQualify:
				j.sub.quals--
				if j.sub.quals == 0 {
					if s.verdict(j.sub, sl.done) {
						nextTick = now // a new version: the next tick plans at full pace
					}
				}
			case jobLadder:
				s.played = append(s.played, j)
				w := s.week(sl.done)
				s.weekMatches[w]++
				s.weekCPU[w] += j.cost
				s.ladderCPU += j.cost
				s.matches++
				hourCPU += j.cost
				hourMatches++
			}
		}
		if !now.Before(nextRetention) {
			s.land()
			s.retention(now)
			nextRetention = nextRetention.Add(retentionEvery)
		}
		if !now.Before(nextTick) {
			s.land() // what the workers played is in before matchmaking looks
			nextTick = s.tick(now)
		}
		// Free cores take the most urgent job.
		for i := range s.slots {
			sl := &s.slots[i]
			if sl.job != nil {
				continue
			}
			var j *simJob
			switch {
			case len(s.compileQ) > 0:
				j, s.compileQ = s.compileQ[0], s.compileQ[1:]
			case len(s.qualQ) > 0:
				j, s.qualQ = s.qualQ[0], s.qualQ[1:]
			case len(s.ladderQ) > 0:
				j, s.ladderQ = s.ladderQ[0], s.ladderQ[1:]
			default:
				continue
			}
			sl.job, sl.done = j, now.Add(j.cost)
			j.finished = sl.done
		}
		// The next event.
		next := minTime(minTime(nextTick, nextRetention), s.end)
		if s.next < len(s.subs) {
			next = minTime(next, s.subs[s.next].at)
		}
		for _, sl := range s.slots {
			if sl.job != nil {
				next = minTime(next, sl.done)
			}
		}
		if !next.After(now) {
			next = now.Add(time.Millisecond)
		}
		// Hours in which every game stayed settled: the idle ladder.
		for !next.Before(hour.Add(time.Hour)) {
			if s.settledHour {
				s.idleHours++
				s.idleCPU += hourCPU
				s.idleMatches += hourMatches
			}
			hour = hour.Add(time.Hour)
			hourCPU, hourMatches = 0, 0
			s.settledHour = s.allSettled()
		}
		if w := s.week(now); w != s.week(next) && w < s.weeks {
			s.land()
			var size int64
			scanOne(s.b, s.pool.QueryRow(s.ctx, "SELECT pg_database_size(current_database())"), &size)
			s.sizes = append(s.sizes, size)
			fmt.Printf("week %2d done: %6d ladder matches, database %5.2f GB, %d ticks; %v so far (ticks %v, landing %v, retention %v, versions %v)\n",
				w+1, s.weekMatches[w], float64(size)/1e9, s.ticks, time.Since(s.started).Round(time.Second),
				s.tickTime.Round(time.Second), s.landTime.Round(time.Second), s.retentionTime.Round(time.Second), s.versionTime.Round(time.Second))
		}
		now = next
	}
	s.land()
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func (s *semester) allSettled() bool {
	for _, m := range s.lastTickMode {
		if m == ladder.ModeFull {
			return false
		}
	}
	return len(s.compileQ) == 0 && len(s.qualQ) == 0
}

// compiled stores the version with an artifact of the real size; most go
// on to qualification.
func (s *semester) compiled(sub *submission, at time.Time) {
	t0 := time.Now()
	defer func() { s.versionTime += time.Since(t0) }()
	game := semesterGames[sub.game]
	st := s.students[sub.student]
	v, err := store.CreateVersion(s.ctx, s.pool, st.bots[sub.game].ID, "go",
		s.source[game]+fmt.Sprintf("\n// version of %s\n", at.Format(time.RFC3339)))
	if err != nil {
		s.b.Fatal(err)
	}
	sub.version = v
	s.exec("UPDATE bot_versions SET created_at = $2, status_changed_at = $2 WHERE id = $1", v.ID, sub.at)
	if s.rng.Float64() < compileFailShare {
		if err := store.SetCompileError(s.ctx, s.pool, v.ID, "error"); err != nil {
			s.b.Fatal(err)
		}
		s.exec("UPDATE bot_versions SET status_changed_at = $2 WHERE id = $1", v.ID, at)
		sub.verdict = at
		return
	}
	art := make([]byte, s.cal[game].artifact)
	rand.Read(art) // as incompressible as a stored (compressed) artifact
	sha := hex.EncodeToString(art[:32])
	if err := (store.PGBlobs{DB: s.pool}).Put(s.ctx, "wasm/"+sha, art); err != nil {
		s.b.Fatal(err)
	}
	if err := store.SetCompiled(s.ctx, s.pool, v.ID, "", sha, ""); err != nil {
		s.b.Fatal(err)
	}
	s.exec("UPDATE bot_versions SET status_changed_at = $2 WHERE id = $1", v.ID, at)
	sub.quals = games.QualificationMatches
	c := s.cal[game]
	for range sub.quals {
		s.qualQ = append(s.qualQ, &simJob{kind: jobQualify, cost: c.qualCPU + time.Duration(thinkShare*float64(c.budget)), sub: sub})
	}
}

// verdict accepts or rejects a qualified version (acceptance as the judge
// does it), and says whether it joined the ladder.
func (s *semester) verdict(sub *submission, at time.Time) bool {
	t0 := time.Now()
	defer func() { s.versionTime += time.Since(t0) }()
	sub.verdict = at
	v := sub.version
	st := s.students[sub.student]
	if s.rng.Float64() >= acceptShare {
		if err := store.SetVersionStatus(s.ctx, s.pool, v.ID, domain.StatusRejected); err != nil {
			s.b.Fatal(err)
		}
		s.exec("UPDATE bot_versions SET status_changed_at = $2 WHERE id = $1", v.ID, at)
		return false
	}
	err := pgx.BeginFunc(s.ctx, s.pool, func(tx pgx.Tx) error {
		bot, err := store.BotByID(s.ctx, tx, st.bots[sub.game].ID)
		if err != nil {
			return err
		}
		if err := judge.Accept(s.ctx, tx, bot, v); err != nil {
			return err
		}
		// Its time and its predecessor's (now superseded) are the
		// simulated clock's.
		_, err = tx.Exec(s.ctx, `UPDATE bot_versions SET status_changed_at = $2, accepted_at = $2
			WHERE bot_id = $1 AND status_changed_at > $2`, bot.ID, at)
		return err
	})
	if err != nil {
		s.b.Fatal(err)
	}
	s.skill[v.ID] = sub.skill
	s.accepted = append(s.accepted, acceptance{at: at, game: sub.game, owner: sub.student, version: v.ID, skill: sub.skill})
	return true
}

// tick is one matchmaking tick at now; it returns when the next is due.
func (s *semester) tick(now time.Time) time.Time {
	t0 := time.Now()
	defer func() { s.tickTime += time.Since(t0) }()
	s.ticks++
	var ids []int64
	err := pgx.BeginFunc(s.ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		ids, err = judge.Matchmake(s.ctx, tx, 4*semesterCores, now, s.rng)
		return err
	})
	if err != nil {
		s.b.Fatal(err)
	}
	if len(ids) > 0 {
		rows, err := s.pool.Query(s.ctx, "SELECT id, game_id FROM matches WHERE id = ANY($1) ORDER BY id", ids)
		if err != nil {
			s.b.Fatal(err)
		}
		for rows.Next() {
			var id int64
			var game string
			rows.Scan(&id, &game)
			s.ladderQ = append(s.ladderQ, &simJob{kind: jobLadder, cost: s.matchCost(game), matchID: id, planned: now})
		}
		rows.Close()
	}
	paces, err := store.LadderPaces(s.ctx, s.pool)
	if err != nil {
		s.b.Fatal(err)
	}
	next := s.end
	full := false
	for game, p := range paces {
		s.lastTickMode[game] = p.Mode
		switch p.Mode {
		case ladder.ModeFull:
			full = true
		case ladder.ModeTrickle:
			if p.Trickle > 0 {
				due := p.LastPlanned.Add(time.Hour / time.Duration(p.Trickle))
				if due.Before(now) {
					due = now.Add(tickEvery) // waiting for its queue to drain
				}
				next = minTime(next, due)
			}
		}
	}
	if full {
		s.settledHour = false
		return now.Add(tickEvery)
	}
	// Ticks come every 10 s: the next one that can plan is the first at
	// or after the trickle's due time.
	return now.Add(max(tickEvery, next.Sub(now).Truncate(tickEvery)))
}

// matchCost is a ladder match's CPU: the measured Demo match plus the
// students' thinking.
func (s *semester) matchCost(game string) time.Duration {
	c := s.cal[game]
	return c.matchCPU + time.Duration(4*thinkShare*float64(c.budget))
}

// land lands the ladder matches played since the last call: results
// drawn from the players' hidden skills (a performance of skill plus noise
// of one β, as the rating model assumes), a replay of the real size, and
// the simulated clock's times.
func (s *semester) land() {
	if len(s.played) == 0 {
		return
	}
	t0 := time.Now()
	defer func() { s.landTime += time.Since(t0) }()
	jobs := s.played
	s.played = nil
	err := pgx.BeginFunc(s.ctx, s.pool, func(tx pgx.Tx) error {
		for _, j := range jobs {
			seats, err := store.Seats(s.ctx, tx, j.matchID)
			if err != nil {
				return err
			}
			m, err := store.MatchByID(s.ctx, tx, j.matchID)
			if err != nil {
				return err
			}
			scores := make([]int, len(seats))
			for i, seat := range seats {
				skill := rating.DefaultMu
				if seat.VersionID != nil {
					if sk, ok := s.skill[*seat.VersionID]; ok {
						skill = sk
					}
				}
				scores[i] = int(1000 * (skill + rating.DefaultBeta*s.rng.NormFloat64() + 100))
			}
			c := s.cal[m.GameID]
			gz := make([]byte, c.replayBytes)
			rand.Read(gz)
			if err := judge.LandPlayed(s.ctx, tx, j.matchID, seats, scores, c.budget, gz); err != nil {
				return err
			}
			if _, err := tx.Exec(s.ctx, "UPDATE matches SET created_at = $2, finished_at = $3 WHERE id = $1",
				j.matchID, j.planned, j.finished); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		s.b.Fatal(err)
	}
}

// retention applies the retention rules in force at the simulated now.
func (s *semester) retention(now time.Time) {
	t0 := time.Now()
	defer func() { s.retentionTime += time.Since(t0) }()
	// Autovacuum analyzes a table once a tenth of it changed; the
	// simulation outruns it, so it does so itself.
	r, err := store.LoadRetention(s.ctx, s.pool)
	if err != nil {
		s.b.Fatal(err)
	}
	for after := int64(0); ; {
		p, err := store.PruneReplaysAt(s.ctx, s.pool, r, now, after, retentionBatch)
		if err != nil {
			s.b.Fatal(err)
		}
		after = p.Next
		if p.Scanned < retentionBatch {
			break
		}
	}
	for after := int64(0); ; {
		p, err := store.DropArtifactsAt(s.ctx, s.pool, r.ArtifactDays, now, after, retentionBatch)
		if err != nil {
			s.b.Fatal(err)
		}
		after = p.Next
		if p.Scanned < retentionBatch {
			break
		}
	}
	// Autovacuum makes the space of deleted rows and dead row versions
	// reusable, and analyzes tables that changed, within minutes; the
	// simulation outruns it by far (6 simulated hours here take seconds),
	// so it vacuums and analyzes itself as autovacuum would have by then.
	s.exec("VACUUM (ANALYZE)")
}

func (s *semester) report() {
	b := s.b
	var size int64
	scanOne(b, s.pool.QueryRow(s.ctx, "SELECT pg_database_size(current_database())"), &size)
	st, err := store.MeasureStorage(s.ctx, s.pool)
	if err != nil {
		b.Fatal(err)
	}
	fmt.Printf("\nsemester: %d students, %d games, %d weeks, %d submissions, %d accepted; simulated in %v (%d matchmaking ticks)\n",
		len(s.students), len(semesterGames), s.weeks, len(s.subs), len(s.accepted), time.Since(s.started).Round(time.Second), s.ticks)
	fmt.Printf("database at the end: %.2f GB (replays %.2f GB, compiled bots %.2f GB, rows %.2f GB); largest at a week's end %.2f GB (target ≤ 10 GB)\n",
		float64(size)/1e9, float64(st.Replays)/1e9, float64(st.Artifacts)/1e9, float64(st.Rows)/1e9, float64(slices.Max(append(s.sizes, size)))/1e9)
	fmt.Printf("ladder matches per week:")
	for w := range s.weeks {
		fmt.Printf(" %d", s.weekMatches[w])
	}
	fmt.Printf(" (all: %d, %.0f core-hours)\n", s.matches, s.ladderCPU.Hours())
	idle := 0.0
	upper := 0.0
	if s.idleHours > 0 {
		idle = 100 * s.idleCPU.Seconds() / (float64(s.idleHours) * 3600 * semesterCores)
		// Every seat using its whole budget: the bound.
		perHour := float64(s.idleMatches) / float64(s.idleHours)
		var worst float64
		for _, g := range semesterGames {
			c := s.cal[g]
			worst = max(worst, c.matchCPU.Seconds()+4*c.budget.Seconds())
		}
		upper = 100 * perHour * worst / (3600 * semesterCores)
	}
	fmt.Printf("ladder while every version is settled: %d hours, %.1f matches an hour, CPU %.2f %% of %d cores (every seat using its whole budget: ≤ %.2f %%; target ≤ 5 %%)\n",
		s.idleHours, float64(s.idleMatches)/float64(max(s.idleHours, 1)), idle, semesterCores, upper)
	fmt.Printf("verdict latency of each deadline wave (submissions in the 24 h before it): p50 / p95 / max\n")
	for w := range s.weeks {
		dl := s.deadline(w)
		var lat []time.Duration
		for _, sub := range s.subs {
			if sub.week == w && !sub.at.Before(dl.Add(-24*time.Hour)) && !sub.verdict.IsZero() && !sub.at.After(dl) {
				lat = append(lat, sub.verdict.Sub(sub.at))
			}
		}
		if len(lat) == 0 {
			continue
		}
		slices.Sort(lat)
		q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		fmt.Printf("  week %2d (%s, %s): %4d submissions, %v / %v / %v\n", w+1, semesterGames[min(w/max(1, s.weeks/len(semesterGames)), len(semesterGames)-1)],
			dl.Format("Mon Jan 2 15:04"), len(lat), q(0.5).Round(time.Second), q(0.95).Round(time.Second), lat[len(lat)-1].Round(time.Second))
	}
	s.compareUnpaced()
	b.ReportMetric(float64(size)/1e9, "db-GB")
	b.ReportMetric(idle, "idle-cpu-%")
}

// compareUnpaced plays the same course again in memory on an unpaced
// ladder (8 matches per game every 2 simulated minutes, never resting,
// with package ladder's Plan and package rating's model, results drawn
// the same way), and compares the settled ratings the paced ladder ends
// with.
func (s *semester) compareUnpaced() {
	model := rating.Default()
	r := mrand.New(mrand.NewPCG(7, 7))
	type state struct {
		ladder.Candidate
		skill float64
	}
	byGame := make([]map[int]*state, len(semesterGames)) // owner → current version
	for i := range byGame {
		byGame[i] = map[int]*state{}
	}
	rated := map[int64]rating.Rating{}
	next := 0
	step := 2 * time.Minute
	for now := s.t0; now.Before(s.end); now = now.Add(step) {
		for next < len(s.accepted) && !s.accepted[next].at.After(now) {
			a := s.accepted[next]
			next++
			rt := model.Initial()
			if prev, ok := byGame[a.game][a.owner]; ok {
				rt = model.NewVersion(rating.Rating{Mu: prev.Mu, Sigma: prev.Sigma})
			}
			byGame[a.game][a.owner] = &state{Candidate: ladder.Candidate{BotID: a.version, OwnerID: int64(a.owner), Mu: rt.Mu, Sigma: rt.Sigma}, skill: a.skill}
		}
		for g := range byGame {
			if len(byGame[g]) < 4 {
				continue
			}
			var cands []ladder.Candidate
			index := map[int64]*state{}
			for _, st := range byGame[g] {
				cands = append(cands, st.Candidate)
				index[st.BotID] = st
			}
			plan, err := ladder.Plan(cands, 4, 8, r)
			if err != nil {
				s.b.Fatal(err)
			}
			for _, m := range plan {
				in := make([]rating.Rating, len(m))
				scores := make([]int64, len(m))
				for i, id := range m {
					st := index[id]
					in[i] = rating.Rating{Mu: st.Mu, Sigma: st.Sigma}
					scores[i] = int64(1000 * (st.skill + rating.DefaultBeta*r.NormFloat64() + 100))
				}
				out, err := model.Rate(in, rating.RanksFromScores(scores))
				if err != nil {
					s.b.Fatal(err)
				}
				for i, id := range m {
					st := index[id]
					st.Mu, st.Sigma = out[i].Mu, out[i].Sigma
					st.Games++
					st.LastPlayed = now
				}
			}
		}
	}
	for g := range byGame {
		for _, st := range byGame[g] {
			rated[st.BotID] = rating.Rating{Mu: st.Mu, Sigma: st.Sigma}
		}
	}
	// The paced ladder's current versions at the end.
	rows, err := s.pool.Query(s.ctx, `SELECT v.id, b.game_id, v.mu, v.sigma, v.games FROM bots b JOIN bot_versions v ON v.id = b.current_version_id
		JOIN users u ON u.id = b.owner_id WHERE u.role <> 'house' AND v.status = 'accepted'`)
	if err != nil {
		s.b.Fatal(err)
	}
	defer rows.Close()
	type cmpRow struct {
		game           string
		paced, unpaced rating.Rating
	}
	var all []cmpRow
	perGame := map[string][]ratingPair{}
	for rows.Next() {
		var id int64
		var game string
		var mu, sigma float64
		var n int
		if err := rows.Scan(&id, &game, &mu, &sigma, &n); err != nil {
			s.b.Fatal(err)
		}
		if !ladder.Settled(ladder.Candidate{Mu: mu, Sigma: sigma, Games: n}) {
			continue
		}
		u, ok := rated[id]
		if !ok {
			continue
		}
		all = append(all, cmpRow{game, rating.Rating{Mu: mu, Sigma: sigma}, u})
		perGame[game] = append(perGame[game], ratingPair{mu, u.Mu})
	}
	// A rating is defined up to a shift common to a ladder (a leaderboard
	// orders by μ−3σ within it): each game's mean difference is shown and
	// taken out.
	shift := map[string]float64{}
	count := map[string]int{}
	for _, r := range all {
		shift[r.game] += r.paced.Mu - r.unpaced.Mu
		count[r.game]++
	}
	for g := range shift {
		shift[g] /= float64(count[g])
	}
	var within1, within2, raw1, joint1 int
	var worst float64
	for _, r := range all {
		d := math.Abs(r.paced.Mu - r.unpaced.Mu - shift[r.game])
		if math.Abs(r.paced.Mu-r.unpaced.Mu) <= r.paced.Sigma {
			raw1++
		}
		if d <= r.paced.Sigma {
			within1++
		}
		if d <= 2*r.paced.Sigma {
			within2++
		}
		if d <= math.Hypot(r.paced.Sigma, r.unpaced.Sigma) {
			joint1++
		}
		worst = max(worst, d/r.paced.Sigma)
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(max(len(all), 1)) }
	fmt.Printf("settled ratings against an unpaced ladder's: %d settled current versions; μ within one σ (the paced σ) of the unpaced μ: %.1f %% as they are, %.1f %% once each game's mean shift is taken out (within 2σ: %.1f %%, the farthest %.2fσ; within one σ of the difference, √(σ²+σ²): %.1f %%)\n",
		len(all), pct(raw1), pct(within1), pct(within2), worst, pct(joint1))
	for g, d := range shift {
		fmt.Printf("  %s: mean shift %+.2f\n", g, d)
	}
	s.b.ReportMetric(pct(within1), "within-1σ-%")
	var names []string
	for g := range perGame {
		names = append(names, g)
	}
	slices.Sort(names)
	for _, g := range names {
		rho := spearman(perGame[g])
		fmt.Printf("  %s: rank correlation (Spearman) of the two leaderboards by μ: %.3f\n", g, rho)
		if len(perGame[g]) >= 20 && rho < 0.98 {
			s.b.Errorf("%s: the paced and unpaced leaderboards order %d settled versions differently (Spearman %.3f < 0.98)", g, len(perGame[g]), rho)
		}
	}
	// What calibrated ratings can promise (not that every one is within
	// one σ: a calibrated σ puts about a third outside it): the paced and
	// unpaced μ within one σ of their difference as often as a normal's
	// 68 %, give or take the sample.
	if len(all) >= 100 && pct(joint1) < 60 {
		s.b.Errorf("only %.1f %% of %d settled versions are within one σ of the difference of the unpaced ladder's μ (a calibrated pair: about 68 %%)", pct(joint1), len(all))
	}
}

type ratingPair struct{ paced, unpaced float64 }

// spearman is the rank correlation of the paced and unpaced ratings.
func spearman(ps []ratingPair) float64 {
	n := len(ps)
	if n < 2 {
		return math.NaN()
	}
	rank := func(get func(ratingPair) float64) []float64 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(get(ps[a]), get(ps[b])) })
		r := make([]float64, n)
		for k, i := range idx {
			r[i] = float64(k)
		}
		return r
	}
	a := rank(func(p ratingPair) float64 { return p.paced })
	c := rank(func(p ratingPair) float64 { return p.unpaced })
	var d2 float64
	for i := range a {
		d2 += (a[i] - c[i]) * (a[i] - c[i])
	}
	return 1 - 6*d2/(float64(n)*(float64(n)*float64(n)-1))
}
