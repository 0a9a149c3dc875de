package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// The tournament's live part is made from loaded rows without a database.

func ptr[T any](v T) *T { return &v }

// finishedElimination: four entrants, two groups of two in round 1 (the
// last of each out), then a final of the two winners. The viewer owns A.
func finishedElimination() tournamentLoad {
	t := &domain.Tournament{ID: 7, GameID: "nosuchgame", Format: domain.FormatElimination, Status: domain.TournamentFinished,
		Round: 2, FinalRound: true, GroupMatches: 1, FinalMatches: 1, DropCount: 1}
	viewer := &domain.User{ID: 100, Name: "ann", Role: domain.RoleStudent}
	e := func(v int64, name string, owner int64, place int, out *int) store.Entrant {
		return store.Entrant{VersionID: v, BotID: v * 10, BotName: name, OwnerID: owner, OwnerName: "u" + name,
			SeedRating: float64(v), Place: ptr(place), OutRound: out}
	}
	st := func(group int, v int64, total int64) store.TourStanding {
		return store.TourStanding{Group: group, VersionID: v, Played: 1, Total: total, MeanRank: 1}
	}
	seat := func(n int, v int64, score int64) store.SeatBrief {
		return store.SeatBrief{Seat: n, BotID: ptr(v * 10), BotName: "b", Score: ptr(score), Rank: ptr(n + 1)}
	}
	return tournamentLoad{T: t, Viewer: viewer,
		Entrants: []store.Entrant{e(1, "A", 100, 1, nil), e(2, "B", 200, 2, nil), e(3, "C", 300, 3, ptr(1)), e(4, "D", 400, 4, ptr(1))},
		Matches: []store.TournamentMatch{
			{Round: 1, Group: 0, MatchID: 51, Status: domain.MatchFinished, Seats: []store.SeatBrief{seat(0, 1, 9), seat(1, 3, 2)}},
			{Round: 1, Group: 1, MatchID: 52, Status: domain.MatchFinished, Seats: []store.SeatBrief{seat(0, 2, 8), seat(1, 4, 1)}},
			{Round: 2, Group: 0, MatchID: 53, Status: domain.MatchFailed, Seats: []store.SeatBrief{seat(0, 1, 0), seat(1, 2, 0)}},
		},
		Replays: []store.TournamentReplay{{MatchID: 60, OriginalID: 53, Status: domain.MatchQueued}},
		Standings: map[int][]store.TourStanding{
			0: {st(0, 1, 9), st(0, 2, 8), st(0, 3, 2), st(0, 4, 1)},
			1: {st(0, 1, 9), st(0, 3, 2), st(1, 2, 8), st(1, 4, 1)},
			2: {st(0, 1, 0), st(0, 2, 0)},
		},
	}
}

func TestTournamentLiveViewElimination(t *testing.T) {
	d := tournamentLiveView(context.Background(), finishedElimination())
	if d.Polling || d.Admin || d.League || d.Done != 3 || d.Round != 2 {
		t.Errorf("head: polling %v admin %v league %v done %d round %d", d.Polling, d.Admin, d.League, d.Done, d.Round)
	}
	var states []string
	for _, p := range d.Standings {
		states = append(states, p.Bot+":"+p.State)
	}
	if got := strings.Join(states, " "); got != "A:champion B:finalist C:out D:out" {
		t.Errorf("standings %s", got)
	}
	if d.Standings[2].StateRound != 1 || !d.Standings[0].Mine || d.Standings[1].Mine {
		t.Errorf("C out in round %d; mine %v %v", d.Standings[2].StateRound, d.Standings[0].Mine, d.Standings[1].Mine)
	}
	if len(d.Podium) != 3 || d.Podium[0].Bot != "A" || d.Podium[2].Place != 3 {
		t.Errorf("podium %+v", d.Podium)
	}
	if len(d.Rounds) != 2 || len(d.Rounds[0].Groups) != 2 || d.Rounds[0].Final || !d.Rounds[1].Final {
		t.Fatalf("rounds %+v", d.Rounds)
	}
	g := d.Rounds[0].Groups[1]
	if g.N != 2 || len(g.Rows) != 2 || g.Rows[0].Bot != "B" || !g.Rows[1].Out || g.Mine || len(g.Matches) != 1 || g.Matches[0].ID != 52 {
		t.Errorf("round 1, group 2: %+v", g)
	}
	if m := d.Rounds[0].Groups[0].Matches[0]; !m.Mine || !m.Players[0].Focus || m.Rerunnable {
		t.Errorf("the viewer's match: %+v", m)
	}
	want := templates.TournamentPath{Bot: "A", Place: 1, Of: 4, Steps: []templates.TournamentStep{
		{Round: 1, Group: 1, Rank: 1, Of: 2}, {Round: 2, Group: 1, Final: true, Rank: 1, Of: 2}}}
	if len(d.MyPath) != 1 || !samePath(d.MyPath[0], want) {
		t.Errorf("path %+v, want %+v", d.MyPath, want)
	}
	if len(d.Replays) != 1 || d.Replays[0].Of != 53 {
		t.Errorf("replays %+v", d.Replays)
	}

	// An admin may run finished and failed matches again.
	l := finishedElimination()
	l.Viewer = &domain.User{ID: 1, Role: domain.RoleAdmin}
	d = tournamentLiveView(context.Background(), l)
	if !d.Admin || !d.Rounds[1].Groups[0].Matches[0].Rerunnable || len(d.MyPath) != 0 {
		t.Errorf("admin: %v, rerunnable %v, path %v", d.Admin, d.Rounds[1].Groups[0].Matches[0].Rerunnable, d.MyPath)
	}

	// The page says it in words, as it did when the handler wrote them.
	var b strings.Builder
	if err := templates.TournamentLivePart(tournamentLiveView(context.Background(), finishedElimination())).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, words := range []string{"A: round 1, group 1 1st of 2 → the final (round 2) 1st of 2; finished 1st of 4",
		"champion", "finalist", "out in round 1"} {
		if !strings.Contains(b.String(), words) {
			t.Errorf("the live part lacks %q:\n%s", words, b.String())
		}
	}
}

func samePath(a, b templates.TournamentPath) bool {
	if a.Bot != b.Bot || a.Place != b.Place || a.Of != b.Of || len(a.Steps) != len(b.Steps) {
		return false
	}
	for i := range a.Steps {
		if a.Steps[i] != b.Steps[i] {
			return false
		}
	}
	return true
}

func TestTournamentLiveViewLeague(t *testing.T) {
	l := finishedElimination()
	l.T.Format, l.T.Status, l.T.FinalRound = domain.FormatLeague, domain.TournamentRunning, false
	l.Standings[0] = []store.TourStanding{{VersionID: 2, Played: 2, Total: 8, MeanRank: 1.5}, {VersionID: 1, Played: 2, Total: 9, MeanRank: 1.75}}
	d := tournamentLiveView(context.Background(), l)
	if !d.League || !d.Polling || len(d.Podium) != 0 || len(d.Standings) != 2 {
		t.Fatalf("league: %+v", d)
	}
	if p := d.Standings[0]; p.Bot != "B" || p.State != templates.EntrantPlaying || p.Place != 0 || p.MeanRank != "1.50" || p.Total != 8 {
		t.Errorf("running league's leader: %+v", p)
	}
	if len(d.MyPath) != 1 || d.MyPath[0].Place != 0 || len(d.MyPath[0].Steps) != 2 {
		t.Errorf("path while running: %+v", d.MyPath)
	}

	// Finished: the stored places order the table.
	l.T.Status = domain.TournamentFinished
	d = tournamentLiveView(context.Background(), l)
	if d.Standings[0].Place != 1 || d.Standings[0].State != "" || d.Polling {
		t.Errorf("finished league: %+v", d.Standings)
	}
}

func TestTournamentView(t *testing.T) {
	due := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	l := tournamentPageLoad{Live: finishedElimination(), GameTitle: "No Such Game", StartJob: "scheduled", StartDue: &due}
	l.Live.T.Settings = map[string]int{"b": 2, "a": 1}
	d := tournamentView(context.Background(), l)
	r := d.Rules
	if r.League || r.Players != 0 || r.GroupMatches != 1 || r.DropCount != 1 || d.Settings != "a=1 b=2" || d.GameTitle != "No Such Game" {
		t.Errorf("facts: %+v", d)
	}
	if d.StartJob != "scheduled" || d.StartDue == "" || d.Live.ID != 7 || d.Admin {
		t.Errorf("start job %q due %q, live %d, admin %v", d.StartJob, d.StartDue, d.Live.ID, d.Admin)
	}
	var b strings.Builder
	if err := templates.TournamentLiveResponse(d).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, words := range []string{"elimination: groups of players seeded by μ−3σ, 1 match per group, the last 1 of each group out, then a final group of players plays 1 match",
		"scheduled, due "} {
		if !strings.Contains(b.String(), words) {
			t.Errorf("the facts lack %q:\n%s", words, b.String())
		}
	}
}
