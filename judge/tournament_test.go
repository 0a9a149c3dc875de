package judge_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// short keeps tournament matches quick on a shared 2-core machine.
var short = map[string]int{"nb_rounds": 20}

// field returns n bots on the ladder, all running the walker compiled
// once: the other versions share its artifact, made by SQL. Bot i has
// μ = 20 + i, so seeds differ.
func (e *env) field(t *testing.T, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	first := e.accepted(t, readSource(t, "walker.go"))
	e.waitJobs(t, 3*time.Minute, "compile")
	var bots []int64
	for i := 0; i < n; i++ {
		var botID, versionID int64
		err := e.pool.QueryRow(ctx, "INSERT INTO bots (owner_id, game_id, name) VALUES ($1, 'orkisland', $2) RETURNING id",
			e.user(t), fmt.Sprintf("t%d", i)).Scan(&botID)
		if err == nil {
			err = e.pool.QueryRow(ctx, `INSERT INTO bot_versions (bot_id, number, source, status, artifact_sha256, sdk_key, mu, sigma)
				SELECT $1, 1, source, 'accepted', artifact_sha256, sdk_key, $2, 25.0 / 3 FROM bot_versions WHERE id = $3 RETURNING id`,
				botID, 20.0+float64(i), first).Scan(&versionID)
		}
		if err == nil {
			_, err = e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", botID, versionID)
		}
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, botID)
	}
	return bots
}

func (e *env) createTournament(t *testing.T, tr *domain.Tournament) {
	t.Helper()
	if tr.Settings == nil {
		tr.Settings = short
	}
	if tr.Name == "" {
		tr.Name = "cup"
	}
	tr.GameID = "orkisland"
	if tr.StartAt.IsZero() {
		tr.StartAt = time.Now()
	}
	for _, p := range []*int{&tr.GroupMatches, &tr.FinalMatches, &tr.DropCount, &tr.LeagueRounds} {
		if *p == 0 {
			*p = 1
		}
	}
	err := service.CreateTournament(context.Background(), e.pool, e.client, tr)
	if err != nil {
		t.Fatal(err)
	}
}

// waitTournament polls until the tournament satisfies done.
func (e *env) waitTournament(t *testing.T, id int64, timeout time.Duration, what string, done func(*domain.Tournament) bool) *domain.Tournament {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		tr, err := store.TournamentByID(context.Background(), e.pool, id)
		if err != nil {
			t.Fatal(err)
		}
		if done(tr) {
			return tr
		}
		if time.Now().After(deadline) {
			t.Fatalf("tournament %d: not %s after %v (status %s, round %d)", id, what, timeout, tr.Status, tr.Round)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func finished(tr *domain.Tournament) bool { return tr.Status == domain.TournamentFinished }

// checkOnce checks that every match of the tournament landed exactly once:
// finished, one job each, one replay each.
func (e *env) checkOnce(t *testing.T, id int64, wantMatches int) {
	t.Helper()
	ctx := context.Background()
	var n, done, jobs, dupJobs int
	if err := e.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE m.status = 'finished')
		FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id WHERE tm.tournament_id = $1`, id).Scan(&n, &done); err != nil {
		t.Fatal(err)
	}
	if n != wantMatches || done != n {
		t.Fatalf("%d tournament matches, %d finished; want %d, all finished", n, done, wantMatches)
	}
	if err := e.pool.QueryRow(ctx, `SELECT count(*), count(*) - count(DISTINCT (args->>'match_id')) FROM river_job
		WHERE kind = 'match' AND (args->>'match_id')::bigint IN (SELECT match_id FROM tournament_matches WHERE tournament_id = $1)`,
		id).Scan(&jobs, &dupJobs); err != nil {
		t.Fatal(err)
	}
	if jobs != wantMatches || dupJobs != 0 {
		t.Fatalf("%d match jobs (%d duplicates) for %d matches", jobs, dupJobs, wantMatches)
	}
	// One landing per match: landMatchAndCompleteJob() stores the replay of the attempt that
	// lands under its own key, in the landing transaction; a second landing
	// would leave a second replay.
	var wrong int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM tournament_matches tm WHERE tm.tournament_id = $1
		AND (SELECT count(*) FROM blobs WHERE key LIKE 'replay/' || tm.match_id || '/%') <> 1`, id).Scan(&wrong); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 {
		t.Fatalf("%d matches do not have exactly one landed replay", wrong)
	}
}

func (e *env) places(t *testing.T, id int64) []store.Entrant {
	t.Helper()
	es, err := store.TournamentEntrants(context.Background(), e.pool, id)
	if err != nil {
		t.Fatal(err)
	}
	for i, en := range es {
		if en.Place == nil || *en.Place != i+1 {
			t.Fatalf("entrant %d of %d has place %v", i, len(es), en.Place)
		}
	}
	return es
}

// 16 bots: two rounds of groups (4×4, then 2×4, two out of each) and a
// final of four; every match once, places 1..16. Then a re-play of a
// match changes nothing in the standings.
func TestEliminationTournament(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	bots := e.field(t, 16)
	tr := &domain.Tournament{Format: domain.FormatElimination, BotIDs: bots, GroupMatches: 2, FinalMatches: 3, DropCount: 2}
	start := time.Now()
	e.createTournament(t, tr)
	got := e.waitTournament(t, tr.ID, 4*time.Minute, "finished", finished)
	t.Logf("16-bot elimination: %v", time.Since(start))
	if got.Round != 3 || !got.FinalRound {
		t.Fatalf("finished in round %d (final %v), want the final in round 3", got.Round, got.FinalRound)
	}
	e.checkOnce(t, tr.ID, 4*2+2*2+3)
	es := e.places(t, tr.ID)
	if len(es) != 16 {
		t.Fatalf("%d entrants, want 16", len(es))
	}
	var out1, out2, finalists int
	for _, en := range es {
		switch {
		case en.OutRound == nil:
			finalists++
		case *en.OutRound == 1:
			out1++
		case *en.OutRound == 2:
			out2++
		}
	}
	if finalists != 4 || out1 != 8 || out2 != 4 {
		t.Fatalf("finalists %d, out in round 1 %d, in round 2 %d; want 4, 8, 4", finalists, out1, out2)
	}
	// Snake seeding: the four best seeds are in four different groups.
	var groups int
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(DISTINCT grp) FROM tournament_groups g JOIN tournament_entrants e
		ON e.tournament_id = g.tournament_id AND e.bot_version_id = g.bot_version_id
		WHERE g.tournament_id = $1 AND g.round = 1 AND e.seed_rating >= (
			SELECT seed_rating FROM tournament_entrants WHERE tournament_id = $1 ORDER BY seed_rating DESC OFFSET 3 LIMIT 1)`,
		tr.ID), &groups)
	if groups != 4 {
		t.Fatalf("the top four seeds are in %d groups, want 4", groups)
	}

	// A re-play: a new linked match, the standings untouched.
	var matchID int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT match_id FROM tournament_matches WHERE tournament_id = $1 ORDER BY match_id LIMIT 1", tr.ID), &matchID)
	var replay int64
	replay, err := service.ReplayTournamentMatch(ctx, e.pool, e.client, tr.ID, matchID)
	if err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, time.Minute, "match")
	m, _ := store.MatchByID(ctx, e.pool, replay)
	orig, _ := store.MatchByID(ctx, e.pool, matchID)
	if m.Status != domain.MatchFinished || m.Seed != orig.Seed {
		t.Fatalf("re-play: status %s seed %d; want finished with seed %d", m.Status, m.Seed, orig.Seed)
	}
	after := e.places(t, tr.ID)
	for i := range es {
		if es[i].VersionID != after[i].VersionID {
			t.Fatal("a re-play changed the standings")
		}
	}
}

// A league of 6: three rounds of two groups (3 bots and a Dummy each);
// every bot plays three matches. Paused after round 1 starts, it does not
// go on until resumed.
func TestLeagueTournamentPauseResume(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	bots := e.field(t, 6)
	tr := &domain.Tournament{Format: domain.FormatLeague, BotIDs: bots, LeagueRounds: 3, GroupMatches: 1}
	e.createTournament(t, tr)
	e.waitTournament(t, tr.ID, time.Minute, "started", func(tr *domain.Tournament) bool { return tr.Round >= 1 })
	if err := service.PauseTournament(ctx, e.pool, tr.ID); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 2*time.Minute, "match")
	got, _ := store.TournamentByID(ctx, e.pool, tr.ID)
	if got.Status != domain.TournamentPaused || got.Round != 1 {
		t.Fatalf("paused tournament: status %s round %d; want paused in round 1", got.Status, got.Round)
	}
	if err := service.ResumeTournament(ctx, e.pool, e.client, tr.ID); err != nil {
		t.Fatal(err)
	}
	got = e.waitTournament(t, tr.ID, 3*time.Minute, "finished", finished)
	if got.Round != 3 {
		t.Fatalf("finished in round %d, want 3", got.Round)
	}
	e.checkOnce(t, tr.ID, 3*2)
	st, err := store.TournamentStandings(ctx, e.pool, tr.ID, 0, domain.FormatLeague)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Played != 3 {
			t.Fatalf("version %d played %d matches, want 3", s.VersionID, s.Played)
		}
	}
	es := e.places(t, tr.ID)
	if es[0].VersionID != st[0].VersionID {
		t.Fatal("the winner is not the best by mean placement")
	}
}

// Workers stopped in the middle of a tournament (their running matches
// cancelled) and a new client started: it still completes, every match once.
func TestTournamentSurvivesWorkerRestart(t *testing.T) {
	cfg := judge.Config{RescueAfter: 20 * time.Second}
	e := startJudge(t, cfg)
	ctx := context.Background()
	bots := e.field(t, 8)
	// Longer matches, so that some are being played when the workers stop.
	tr := &domain.Tournament{Format: domain.FormatElimination, BotIDs: bots, GroupMatches: 2, FinalMatches: 2, DropCount: 2,
		Settings: map[string]int{"nb_rounds": 150}}
	e.createTournament(t, tr)
	// Stop once a match landed while another one is being played.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var done, running int
		scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE m.status = 'finished'),
			(SELECT count(*) FROM river_job WHERE kind = 'match' AND state = 'running')
			FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id WHERE tm.tournament_id = $1`, tr.ID), &done, &running)
		if done > 0 && running > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no match finished")
		}
		time.Sleep(50 * time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	if err := e.client.StopAndCancel(sctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	var states []string
	scanOne(t, e.pool.QueryRow(ctx, `SELECT array_agg(state::text || '/' || attempt) FROM river_job WHERE kind = 'match'
		AND (args->>'match_id')::bigint IN (SELECT match_id FROM tournament_matches WHERE tournament_id = $1)`, tr.ID), &states)
	// A match being played when River stops is put back (River resets
	// a job cancelled by its client's shutdown to available).
	t.Logf("round 1's match jobs after the stop (state/attempt): %v", states)
	if tr, _ := store.TournamentByID(ctx, e.pool, tr.ID); tr.Status == domain.TournamentFinished {
		t.Fatal("the tournament finished before the workers stopped: nothing was tested")
	}
	cfg.Sandbox.Dir = sandboxDir()
	cfg.LadderEvery = -1
	client, err := judge.NewWorkingClient(e.pool, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		client.Stop(sctx)
	})
	e.waitTournament(t, tr.ID, 3*time.Minute, "finished", finished)
	e.checkOnce(t, tr.ID, 2*2+2)
	e.places(t, tr.ID)
}

// A tournament an hour ahead waits (its start job scheduled, no match); one
// two seconds ahead starts after its start time; a cancelled one stops.
func TestTournamentStartTimeAndCancel(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	bots := e.field(t, 4)
	later := &domain.Tournament{Format: domain.FormatElimination, BotIDs: bots, StartAt: time.Now().Add(time.Hour)}
	e.createTournament(t, later)
	soon := &domain.Tournament{Format: domain.FormatElimination, BotIDs: bots, StartAt: time.Now().Add(2 * time.Second)}
	e.createTournament(t, soon)
	got := e.waitTournament(t, soon.ID, time.Minute, "finished", finished)
	if got.StartedAt == nil || got.StartedAt.Before(soon.StartAt) {
		t.Fatalf("started at %v, before its start time %v", got.StartedAt, soon.StartAt)
	}
	state, at, ok, err := judge.TournamentStartJob(ctx, e.pool, later.ID)
	if err != nil || !ok || state != "scheduled" || at.Sub(later.StartAt).Abs() > time.Second {
		t.Fatalf("start job of the later tournament: %s at %v (%v, %v); want scheduled at %v", state, at, ok, err, later.StartAt)
	}
	var matches int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM tournament_matches WHERE tournament_id = $1", later.ID), &matches)
	if l, _ := store.TournamentByID(ctx, e.pool, later.ID); l.Status != domain.TournamentScheduled || matches != 0 {
		t.Fatalf("the later tournament is %s with %d matches", l.Status, matches)
	}
	if err := service.CancelTournament(ctx, e.pool, e.client, later.ID); err != nil {
		t.Fatal(err)
	}
	if state, _, _, _ := judge.TournamentStartJob(ctx, e.pool, later.ID); state != "cancelled" {
		t.Fatalf("start job of a cancelled tournament is %s", state)
	}
}

// Cancelling a running tournament fails its queued matches, cancels their
// jobs, and no further round starts.
func TestCancelRunningTournament(t *testing.T) {
	e := startJudge(t, judge.Config{MaxWorkers: 1})
	ctx := context.Background()
	bots := e.field(t, 8)
	tr := &domain.Tournament{Format: domain.FormatElimination, BotIDs: bots, GroupMatches: 3}
	e.createTournament(t, tr)
	e.waitTournament(t, tr.ID, time.Minute, "started", func(tr *domain.Tournament) bool { return tr.Round >= 1 })
	if err := service.CancelTournament(ctx, e.pool, e.client, tr.ID); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, time.Minute, "match")
	got, _ := store.TournamentByID(ctx, e.pool, tr.ID)
	var queued, rounds int
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE m.status IN ('queued', 'running')), coalesce(max(tm.round), 0)
		FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id WHERE tm.tournament_id = $1`, tr.ID), &queued, &rounds)
	if got.Status != domain.TournamentCancelled || queued != 0 || rounds != 1 {
		t.Fatalf("cancelled: status %s, %d matches left queued, %d rounds", got.Status, queued, rounds)
	}
}

// Six bots: two groups of three (a Dummy in the fourth seat), one of each
// goes on, and the two finalists play with two Dummies. A chosen bot with
// no accepted version stays out, and the page says so.
func TestEliminationWithOddField(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	bots := e.field(t, 6)
	var noVersion int64
	if err := e.pool.QueryRow(ctx, "INSERT INTO bots (owner_id, game_id, name) VALUES ($1, 'orkisland', 'empty') RETURNING id",
		e.user(t)).Scan(&noVersion); err != nil {
		t.Fatal(err)
	}
	tr := &domain.Tournament{Format: domain.FormatElimination, BotIDs: append(bots, noVersion), GroupMatches: 1, FinalMatches: 1, DropCount: 2}
	e.createTournament(t, tr)
	got := e.waitTournament(t, tr.ID, 2*time.Minute, "finished", finished)
	e.checkOnce(t, tr.ID, judge.PlannedMatches(got, 6))
	es := e.places(t, tr.ID)
	if len(es) != 6 || got.Note == "" {
		t.Fatalf("%d entrants, note %q", len(es), got.Note)
	}
	var finalists int
	for _, en := range es {
		if en.OutRound == nil {
			finalists++
		}
	}
	if finalists != 2 {
		t.Fatalf("%d finalists, want 2", finalists)
	}
}

// A tournament's matches are played on its chosen board: the board's own
// settings (here 12 rounds) hold in every replay.
func TestTournamentOnUploadedBoard(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	board := []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n")
	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := g.ParseBoard(board)
	if err != nil {
		t.Fatal(err)
	}
	boardID, err := store.CreateBoard(ctx, e.pool, "orkisland", "short-"+t.Name(), board, parsed.Settings(), e.user(t))
	if err != nil {
		t.Fatal(err)
	}
	tr := &domain.Tournament{Format: domain.FormatLeague, BotIDs: e.field(t, 4), LeagueRounds: 1, GroupMatches: 2,
		Settings: map[string]int{}, BoardIDs: []int64{boardID}}
	e.createTournament(t, tr)
	e.waitTournament(t, tr.ID, 3*time.Minute, "finished", finished)
	rows, err := e.pool.Query(ctx, `SELECT m.board_id, m.replay_key FROM matches m
		JOIN tournament_matches tm ON tm.match_id = m.id WHERE tm.tournament_id = $1`, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	type played struct {
		board *int64
		key   string
	}
	var ms []played
	for rows.Next() {
		var p played
		if err := rows.Scan(&p.board, &p.key); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, p)
	}
	rows.Close()
	if len(ms) != 2 {
		t.Fatalf("%d matches, want 2", len(ms))
	}
	for _, p := range ms {
		if p.board == nil || *p.board != boardID {
			t.Fatalf("match board %v, want %d", p.board, boardID)
		}
		data, err := store.PGBlobs{DB: e.pool}.Get(ctx, p.key)
		if err != nil {
			t.Fatal(err)
		}
		r, err := games.ReadReplay(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if r.End.Rounds != 12 {
			t.Fatalf("a match on the 12-round board lasted %d rounds", r.End.Rounds)
		}
	}
}
