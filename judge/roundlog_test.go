package judge_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// A bot's log is kept cut by round (issue 37): a line it prints in round r
// is in round r, its owner alone reads it, and the replay says which of its
// commands the engine ignored in which round.
func TestLogByRound(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	owner, other := e.user(t), e.user(t)
	v, err := service.Submit(ctx, e.pool, e.client, owner, "orkisland", "roundlogger", "go", readSource(t, "roundlogger.go"))
	if err != nil {
		t.Fatal(err)
	}
	e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	rows, err := e.pool.Query(ctx, `SELECT match_id, seat FROM match_players WHERE bot_version_id = $1`, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	type seat struct{ match, seat int64 }
	var seats []seat
	for rows.Next() {
		var s seat
		if err := rows.Scan(&s.match, &s.seat); err != nil {
			t.Fatal(err)
		}
		seats = append(seats, s)
	}
	if rows.Err() != nil || len(seats) == 0 {
		t.Fatalf("no matches: %v", rows.Err())
	}
	for _, s := range seats {
		m, err := store.MatchByID(ctx, e.pool, s.match)
		if err != nil || m.ReplayKey == nil {
			t.Fatalf("match %d: %v", s.match, err)
		}
		gz, err := (store.PGBlobs{DB: e.pool}).Get(ctx, *m.ReplayKey)
		if err != nil {
			t.Fatal(err)
		}
		r, err := games.ReadReplay(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		logs, err := store.SeatRoundLogs(ctx, e.pool, s.match, owner)
		if err != nil {
			t.Fatal(err)
		}
		var want []store.RoundLog
		for round := 3; round < r.End.Rounds; round += 7 {
			want = append(want, store.RoundLog{Round: round, Text: fmt.Sprintf("hello round %d\n", round)})
		}
		if got := logs[int(s.seat)]; !slices.Equal(got, want) {
			t.Fatalf("match %d seat %d: log by round %v, want %v", s.match, s.seat, got, want)
		}
		if theirs, err := store.SeatRoundLogs(ctx, e.pool, s.match, other); err != nil || len(theirs) != 0 {
			t.Fatalf("another user reads %v (%v)", theirs, err)
		}
		for _, rd := range r.Rounds {
			var mine []games.Ignored
			for _, ig := range rd.Ignored {
				if ig.Player == int(s.seat) {
					mine = append(mine, ig)
				}
			}
			if (rd.Round == 5) != (len(mine) == 1) || len(mine) > 1 || len(mine) == 1 && mine[0].Why != "not your ork" {
				t.Fatalf("match %d round %d: ignored %v", s.match, rd.Round, mine)
			}
		}
	}
}
