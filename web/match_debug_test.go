package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
)

// A bot's debug log by round (issue 37) reaches its owner (and admins)
// alone: the match
// page hands the owner's viewer the log URL, which answers their seats; to
// another user, logged in, anonymous or with a token, neither the page, the
// log URL nor the API says a word of it.
func TestMatchDebugLogIsTheOwners(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	ownerName, owner := e.user(domain.RoleStudent)
	otherName, _ := e.user(domain.RoleStudent)
	adminName, _ := e.user(domain.RoleAdmin)
	bot, err := store.BotByName(ctx, e.pool, owner, "orkisland", "bot")
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, bot.ID, "go", "package main")
	if err != nil {
		t.Fatal(err)
	}
	dummy := "Dummy"
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 5}
	seats := []domain.Seat{{Builtin: dummy}, {VersionID: &v.ID}, {Builtin: dummy}, {Builtin: dummy}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	note, setup, r3 := "[arena] a note\n", "setup line\n", "round 3 secret\n"
	log := note + setup + r3
	outcomes := []store.SeatOutcome{{Score: 1, Rank: 2}, {Score: 2, Rank: 1, Log: log,
		LogRounds: []int32{-1, int32(len(note)), 3, int32(len(note + setup))}}, {Score: 0, Rank: 3}, {Score: 0, Rank: 3}}
	if err := store.FinishMatch(ctx, e.pool, m.ID, "replay/none", false, outcomes); err != nil {
		t.Fatal(err)
	}
	id := itoa(m.ID)
	want := `{"seats":[{"seat":1,"rounds":[[-1,"setup line\n"],[3,"round 3 secret\n"]]}]}`
	noSeats := `{"seats":[]}`
	logOf := func(body string) string {
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatalf("log: %v: %s", err, body)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}

	own := e.login(ownerName)
	if code, body, _ := e.get(own, "/matches/"+id+"/log"); code != 200 || logOf(body) != logOf(want) {
		t.Errorf("the owner's log: %d %s", code, body)
	}
	if _, body, _ := e.get(own, "/matches/"+id); !strings.Contains(body, `seats="1"`) || !strings.Contains(body, `log="/matches/`+id+`/log"`) {
		t.Error("the owner's match page does not hand the viewer their seats and log")
	}
	var raw json.RawMessage
	if code := call(t, "GET", e.srv.URL+"/api/matches/"+id+"/log", token(t, e.srv, ownerName), nil, &raw); code != 200 || logOf(string(raw)) != logOf(want) {
		t.Errorf("the owner's log through the API: %d %s", code, raw)
	}

	// An admin reads it too, as on the version pages.
	if code, body, _ := e.get(e.login(adminName), "/matches/"+id+"/log"); code != 200 || logOf(body) != logOf(want) {
		t.Errorf("an admin's log: %d %s", code, body)
	}

	other := e.login(otherName)
	anonymous := e.browser()
	check := func(who string, code int, body string) {
		t.Helper()
		if strings.Contains(body, "secret") || strings.Contains(body, "setup line") {
			t.Errorf("%s reads the log (%d): %s", who, code, body)
		}
	}
	code, body, _ := e.get(other, "/matches/"+id+"/log")
	if code != 200 || logOf(body) != noSeats {
		t.Errorf("another user's log URL: %d %s", code, body)
	}
	check("another user, log URL", code, body)
	code, body, _ = e.get(other, "/matches/"+id)
	check("another user, match page", code, body)
	if strings.Contains(body, `log="/matches/`) {
		t.Error("another user's viewer is given a log URL")
	}
	code, body, _ = e.get(anonymous, "/matches/"+id+"/log")
	if code != 200 || logOf(body) != noSeats {
		t.Errorf("anonymous log URL: %d %s", code, body)
	}
	code, body, _ = e.get(anonymous, "/matches/"+id)
	check("anonymous, match page", code, body)

	tok := token(t, e.srv, otherName)
	code = call(t, "GET", e.srv.URL+"/api/matches/"+id+"/log", tok, nil, &raw)
	if code != 200 || logOf(string(raw)) != noSeats {
		t.Errorf("another user's token, log: %d %s", code, raw)
	}
	code = call(t, "GET", e.srv.URL+"/api/matches/"+id, tok, nil, &raw)
	check("another user, API match", code, string(raw))
	code = call(t, "GET", e.srv.URL+"/api/matches/"+id+"/log", "", nil, &raw)
	check("no token, API log", code, string(raw))
}
