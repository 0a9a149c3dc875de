package judge_test

import (
	"context"
	"testing"
	"time"

	"arena.dev/judge"
	"arena.dev/ladder"
	"arena.dev/rating"
	"arena.dev/store"
)

// The ladder's pace, through real River workers and PostgreSQL, on a
// simulated clock (MatchmakingArgs.At): settled versions play the trickle
// and never more than it an hour; a paused game plays none; a new
// version brings full pace back at the next tick (the periodic job runs
// every 10 s), the queue full and the new version in every match; and the
// hourly cap holds at full pace.
func TestLadderPacing(t *testing.T) {
	e := startJudge(t, judge.Config{LadderQueue: 4})
	ctx := context.Background()
	const game = "wasteland"
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := e.pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	// This test's ladder alone: what other tests left waits or leaves, and
	// every other game and bot comes back after.
	e.waitJobs(t, 3*time.Minute, "matchmaking", "match")
	var enabled []string
	rows, err := e.pool.Query(ctx, "UPDATE games SET enabled = false WHERE enabled AND id <> $1 RETURNING id", game)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		rows.Scan(&id)
		enabled = append(enabled, id)
	}
	rows.Close()
	var others []int64
	if err := e.pool.QueryRow(ctx, `WITH d AS (UPDATE bots SET disabled = true WHERE game_id = $1 AND NOT disabled RETURNING id)
		SELECT coalesce(array_agg(id), '{}') FROM d`, game).Scan(&others); err != nil {
		t.Fatal(err)
	}
	exec("UPDATE matches SET status = 'failed' WHERE game_id = $1 AND status = 'queued'", game)
	exec("DELETE FROM ladder_pace WHERE game_id = $1", game)
	var mine []int64
	t.Cleanup(func() {
		e.pool.Exec(ctx, "UPDATE games SET enabled = true WHERE id = ANY($1)", enabled)
		e.pool.Exec(ctx, "UPDATE bots SET disabled = false WHERE id = ANY($1)", others)
		e.pool.Exec(ctx, "UPDATE bots SET disabled = true WHERE current_version_id = ANY($1)", mine)
		e.pool.Exec(ctx, "DELETE FROM ladder_pace WHERE game_id = $1", game)
	})

	// Four owners (no house bots), settled: σ 3, 150 games.
	for _, name := range []string{"a", "b", "c", "d"} {
		mine = append(mine, e.inProcess(t, game, name, "Demo"))
	}
	exec("UPDATE bot_versions SET sigma = 3, games = 150 WHERE id = ANY($1)", mine)

	var last int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT coalesce(max(id), 0) FROM matches"), &last)
	// tick runs one matchmaking at the simulated time at, lets its
	// matches play, and returns the ladder matches it planned.
	tick := func(at time.Time) [][]int64 {
		t.Helper()
		if _, err := e.client.Insert(ctx, judge.MatchmakingArgs{At: at}, nil); err != nil {
			t.Fatal(err)
		}
		e.waitJobs(t, time.Minute, "matchmaking", "match")
		rows, err := e.pool.Query(ctx, `SELECT m.id, array_agg(mp.bot_version_id ORDER BY mp.seat) FROM matches m
			JOIN match_players mp ON mp.match_id = m.id
			WHERE m.id > $1 AND m.game_id = $2 AND m.kind = 'ladder' GROUP BY m.id ORDER BY m.id`, last, game)
		if err != nil {
			t.Fatal(err)
		}
		var planned [][]int64
		for rows.Next() {
			var id int64
			var seats []int64
			if err := rows.Scan(&id, &seats); err != nil {
				t.Fatal(err)
			}
			last = max(last, id)
			planned = append(planned, seats)
		}
		rows.Close()
		var left int
		scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM matches WHERE game_id = $1 AND status = 'queued'", game), &left)
		if left != 0 {
			t.Fatalf("%d matches still queued after their jobs", left)
		}
		return planned
	}
	pace := func() store.LadderPace {
		t.Helper()
		p, err := store.GamePace(ctx, e.pool, game)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// Settled: the trickle, 6 an hour by default, over two hours ticked
	// every 2 minutes; never more than 6 in any hour.
	t0 := time.Date(2031, 3, 1, 0, 0, 0, 0, time.UTC)
	var times []time.Time
	for at := t0; at.Before(t0.Add(2 * time.Hour)); at = at.Add(2 * time.Minute) {
		for range tick(at) {
			times = append(times, at)
		}
	}
	most := 0
	for i, a := range times {
		n := 0
		for _, b := range times[i:] {
			if b.Sub(a) < time.Hour {
				n++
			}
		}
		most = max(most, n)
	}
	if most > ladder.DefaultPace.Trickle || len(times) < 2*ladder.DefaultPace.Trickle-1 {
		t.Fatalf("settled: %d matches in two hours, at most %d in one; want about %d an hour and never more",
			len(times), most, ladder.DefaultPace.Trickle)
	}
	t.Logf("settled: %d matches in two hours, at most %d in one", len(times), most)
	if p := pace(); p.Mode != ladder.ModeTrickle || p.Unsettled != 0 {
		t.Errorf("settled: the pace says %s, %d unsettled", p.Mode, p.Unsettled)
	}

	// Paused: none, for an hour.
	t1 := t0.Add(3 * time.Hour)
	if err := store.SetGamePace(ctx, e.pool, game, ladder.Pace{Trickle: 6, Paused: true}); err != nil {
		t.Fatal(err)
	}
	for at := t1; at.Before(t1.Add(time.Hour)); at = at.Add(5 * time.Minute) {
		if n := len(tick(at)); n != 0 {
			t.Fatalf("paused: %d matches planned at %v", n, at)
		}
	}
	if p := pace(); p.Mode != ladder.ModePaused {
		t.Errorf("paused: the pace says %s", p.Mode)
	}

	// A new version (a fifth owner's, at a new bot's rating): back at
	// full pace at the next tick, 10 s after the last trickle match: the
	// queue is filled, every match with the new version.
	if err := store.SetGamePace(ctx, e.pool, game, ladder.Pace{Trickle: 6, HourlyCap: 10}); err != nil {
		t.Fatal(err)
	}
	t2 := t1.Add(2*time.Hour + 10*time.Minute)
	if n := len(tick(t2)); n != 1 {
		t.Fatalf("unpaused, settled: %d matches, want the trickle's 1", n)
	}
	fresh := e.inProcess(t, game, "e", "Demo")
	mine = append(mine, fresh)
	r := rating.Default().Initial()
	exec("UPDATE bot_versions SET mu = $2, sigma = $3 WHERE id = $1", fresh, r.Mu, r.Sigma)
	planned := tick(t2.Add(10 * time.Second))
	if len(planned) != 4 {
		t.Fatalf("a new version: %d matches planned, want the full queue of 4", len(planned))
	}
	for _, m := range planned {
		if !contains(m, fresh) {
			t.Errorf("match %v at full pace lacks the new version %d", m, fresh)
		}
	}
	if p := pace(); p.Mode != ladder.ModeFull || p.Unsettled != 1 {
		t.Errorf("a new version: the pace says %s, %d unsettled", p.Mode, p.Unsettled)
	}

	// The hourly cap (10) holds at full pace: 1 + 4 planned so far in this
	// clock hour, 5 more over the next ticks, then none until the next hour.
	n := 0
	for at := t2.Add(20 * time.Second); at.Before(t2.Add(10 * time.Minute)); at = at.Add(10 * time.Second) {
		n += len(tick(at))
	}
	if n != 5 {
		t.Fatalf("capped at 10 an hour: %d more matches planned in the hour, want 5", n)
	}
	if n := len(tick(ladder.HourOf(t2).Add(time.Hour))); n != 4 {
		t.Fatalf("the next hour: %d matches planned, want the full queue of 4", n)
	}

	// The ratings stayed sound: each version's games and rating changes
	// agree with its results.
	rows, err = e.pool.Query(ctx, `SELECT v.id, v.games,
		(SELECT count(*) FROM match_players mp JOIN matches m ON m.id = mp.match_id
			WHERE mp.bot_version_id = v.id AND m.status = 'finished' AND m.kind = 'ladder'),
		(SELECT count(*) FROM rating_history h WHERE h.bot_version_id = v.id AND h.match_id IS NOT NULL)
		FROM bot_versions v WHERE v.id = ANY($1)`, mine)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var games, results, history int
		if err := rows.Scan(&id, &games, &results, &history); err != nil {
			t.Fatal(err)
		}
		base := 0
		if id != fresh {
			base = 150
		}
		if games-base != results || history != results {
			t.Errorf("version %d: %d games (+%d set), %d results, %d rating changes", id, games-base, base, results, history)
		}
	}
}

func contains(s []int64, v int64) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
