package web_test

import (
	"context"
	"encoding/json"
	"html"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// TestVersionPageShowsFreezes: every match a version was frozen in is on
// its page, in words, with one round numbering (the match page's and the
// API's); a frozen winner is never just "won"; a bot that crashed at start
// shows its owner, and only its owner, what it wrote before it died.
func TestVersionPageShowsFreezes(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, _, aliceID := e.user(domain.RoleStudent)
	bob, _, _ := e.user(domain.RoleStudent)
	_, _, h := e.submit(alice, "orkisland", "icy", botsSource("icy"))
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "icy")
	if err := store.SetCompiled(ctx, e.pool, vid, "", "feedface", ""); err != nil {
		t.Fatal(err)
	}

	match := func(kind string, mine store.SeatOutcome) int64 {
		t.Helper()
		seats := []domain.Seat{{VersionID: &vid}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
		m := &domain.Match{GameID: "orkisland", Kind: kind, Seed: 5}
		if kind == domain.KindQualification {
			m.BotVersionID = &vid
		}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		out := []store.SeatOutcome{mine, {Score: 20, Rank: 2}, {Score: 10, Rank: 3}, {Score: 5, Rank: 4}}
		if err := store.FinishMatch(ctx, e.pool, m.ID, "replay/none", false, out); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	frozen := func(score int64, rank, round int, kind, reason, log string) store.SeatOutcome {
		return store.SeatOutcome{Score: score, Rank: rank, FrozenRound: &round, FrozenKind: kind, FrozenReason: &reason, Log: log}
	}
	// Ahead when its CPU ran out: it still wins the match.
	cpu := match(domain.KindQualification, frozen(900, 1, 88, games.FreezeCPU, "the 2 s budget is spent", ""))
	// Crashed while starting: frozen at setup, its start's log kept.
	start := match(domain.KindQualification, frozen(0, 4, -1, games.FreezeStart,
		"crashed: panic or fatal error (exit code 2), see the log", "loading my tables\npanic: assignment to entry in nil map"))
	clean := match(domain.KindQualification, store.SeatOutcome{Score: 50, Rank: 1})
	stack := match(domain.KindLadder, frozen(3, 4, 12, games.FreezeStack, "recursion too deep or local variables too large, see the log", ""))

	const (
		cpuWords   = "out of CPU time in round 88: the 2 s budget is spent"
		startWords = "did not start: crashed: panic or fatal error (exit code 2), see the log"
		stackWords = "stack overflow in round 12: recursion too deep or local variables too large, see the log"
	)
	code, body := e.get(alice, page)
	if code != 200 {
		t.Fatalf("version page: %d", code)
	}
	body = html.UnescapeString(body)
	for _, want := range []string{"Frozen in 3 matches", cpuWords, startWords, stackWords,
		"loading my tables", "panic: assignment to entry in nil map"} {
		if !strings.Contains(body, want) {
			t.Errorf("the version page lacks %q", want)
		}
	}
	// The qualification row of the match it won frozen says both.
	row := qualRow(t, body, cpu)
	if !strings.Contains(row, ">first<") || !strings.Contains(row, ">frozen<") || !strings.Contains(row, cpuWords) {
		t.Errorf("the won-but-frozen row does not show the freeze:\n%s", row)
	}
	if row := qualRow(t, body, clean); strings.Contains(row, "frozen") {
		t.Errorf("a clean win shows a freeze:\n%s", row)
	}
	for _, id := range []int64{cpu, start, stack} {
		if !strings.Contains(body, `<a href="/matches/`+itoa(id)+`">Match #`+itoa(id)+`</a>`) {
			t.Errorf("the freezes do not link match %d", id)
		}
	}

	// The match page and the API say it the same way, round and all.
	_, mbody := e.get(e.anonymous(), "/matches/"+itoa(cpu))
	if !strings.Contains(html.UnescapeString(mbody), cpuWords) {
		t.Errorf("the match page does not say %q", cpuWords)
	}
	_, abody := e.get(e.anonymous(), "/api/matches/"+itoa(cpu))
	var api struct {
		Players []struct {
			FrozenRound *int   `json:"frozen_round"`
			FrozenKind  string `json:"frozen_kind"`
			Frozen      string `json:"frozen"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(abody), &api); err != nil || len(api.Players) != 4 {
		t.Fatalf("API: %v\n%s", err, abody)
	}
	if p := api.Players[0]; p.FrozenRound == nil || *p.FrozenRound != 88 || p.FrozenKind != "cpu" || p.Frozen != cpuWords {
		t.Errorf("API says %+v", p)
	}

	// Nobody else sees the start's log.
	for _, c := range []struct {
		who  string
		code int
	}{{"bob", 404}, {"a visitor", 303}} {
		client := bob
		if c.who == "a visitor" {
			client = e.anonymous()
		}
		code, body := e.get(client, page)
		if code != c.code || strings.Contains(body, "loading my tables") || strings.Contains(body, "nil map") {
			t.Errorf("%s on the version page: %d, or sees the log", c.who, code)
		}
	}
	for _, path := range []string{"/matches/" + itoa(start), "/api/matches/" + itoa(start)} {
		if _, body := e.get(bob, path); strings.Contains(body, "loading my tables") {
			t.Errorf("%s shows the start's log to bob", path)
		}
	}
}

// qualRow is the qualification table's row of a match.
func qualRow(t *testing.T, body string, match int64) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `<td><a href="/matches/`+itoa(match)+`">`)
	if !ok {
		t.Fatalf("no qualification row for match %d", match)
	}
	row, _, _ := strings.Cut(rest, "</tr>")
	return row
}
