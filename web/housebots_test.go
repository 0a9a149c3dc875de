package web_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
)

// A ladder match with the house Demo and Dummy and a plain Dummy filling
// an empty seat names each so a student tells them apart, on the match
// page and in the game's match list; "Challenge these bots" from it puts
// the house bots' built-ins in their seats, not empty seats.
func TestHouseBotsInMatches(t *testing.T) {
	e := newChallengeEnv(t)
	ctx := context.Background()
	name, id := e.user(domain.RoleStudent)
	_, v := e.playable(id, "walker", domain.StatusAccepted, "Demo", 25)
	if err := store.EnsureHouseBots(ctx, e.pool, "orkisland", []store.HouseBot{{Name: "Demo"}, {Name: "Dummy"}}, 25, 8); err != nil {
		t.Fatal(err)
	}
	house := func(bot string) int64 {
		var vid int64
		if err := e.pool.QueryRow(ctx, `SELECT b.current_version_id FROM bots b JOIN users u ON u.id = b.owner_id
			WHERE u.role = 'house' AND b.game_id = 'orkisland' AND b.name = $1`, bot).Scan(&vid); err != nil {
			t.Fatal(err)
		}
		return vid
	}
	demo, dummy := house("Demo"), house("Dummy")
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 5}
	if err := store.CreateMatch(ctx, e.pool, m, []domain.Seat{{VersionID: &v.ID}, {VersionID: &demo}, {VersionID: &dummy}, {Builtin: "Dummy"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET rated = true, status = 'finished', finished_at = now() WHERE id = $1`, m.ID); err != nil {
		t.Fatal(err)
	}
	student := e.login(name)
	_, page, _ := e.get(student, fmt.Sprintf("/matches/%d", m.ID))
	for _, want := range []string{"Demo (house bot, rated)", "Dummy (house bot, rated)", "Dummy (empty seat, unrated)", ">walker<"} {
		if !strings.Contains(page, want) {
			t.Errorf("the match page lacks %q", want)
		}
	}
	_, list, _ := e.get(student, "/games/orkisland/matches")
	for _, want := range []string{"Dummy (house bot)", "Dummy (empty seat)"} {
		if !strings.Contains(list, want) {
			t.Errorf("the match list lacks %q", want)
		}
	}

	i := strings.Index(page, "/games/orkisland/challenge?")
	if i < 0 {
		t.Fatalf("no challenge link:\n%s", page)
	}
	link := html.UnescapeString(page[i : strings.IndexByte(page[i:], '"')+i])
	u, _ := url.Parse(link)
	if got := strings.Join(u.Query()["opponent"], " "); got != "builtin:Demo builtin:Dummy builtin:Dummy" {
		t.Errorf("the challenge link's opponents: %s", got)
	}
	_, form, _ := e.get(student, link)
	if n := strings.Count(form, `<option value="builtin:Dummy" selected>`); n != 2 {
		t.Errorf("the form picks the Dummy in %d seats, want 2", n)
	}
	if !strings.Contains(form, `<option value="builtin:Demo" selected>`) {
		t.Error("the form does not pick the Demo")
	}
	if strings.Contains(form, `<option value="" selected>`) {
		t.Error("the form leaves a seat empty")
	}
}

// A student cannot start a bot named as one of the game's own bots, in
// any case; the form comes back with the text and says why. A bot named
// so before keeps taking versions.
func TestHouseBotNamesRefused(t *testing.T) {
	e := newAdminEnv(t)
	name, id := e.user(domain.RoleStudent)
	c := e.login(name)
	src := "package main\n\n// my own dummy\nfunc main() {}\n"
	for _, bot := range []string{"dummy", "DEMO", " Null "} {
		code, body, _ := e.post(c, "/games/orkisland/submit", url.Values{"bot": {bot}, "language": {"go"}, "source": {src}}, nil)
		if code != http.StatusUnprocessableEntity && code != http.StatusBadRequest {
			t.Errorf("bot %q: %d", bot, code)
		}
		if !strings.Contains(html.UnescapeString(body), "is the name of one of Ork Island's own bots") {
			t.Errorf("bot %q: the refusal does not say why", bot)
		}
		if !strings.Contains(html.UnescapeString(body), "// my own dummy") {
			t.Errorf("bot %q: the form lost the text", bot)
		}
	}
	if n := e.scalar("SELECT count(*)::text FROM bots WHERE owner_id = $1", id); n != "0" {
		t.Errorf("%s bots were made", n)
	}
	e.newVersion(id, "Dummy", domain.StatusAccepted) // from before the rule
	if _, err := service.Submit(context.Background(), e.pool, e.jobs, id, "orkisland", "dummy", "go", src); err != nil {
		t.Errorf("a new version of an existing bot named Dummy: %v", err)
	}
	if _, err := service.Submit(context.Background(), e.pool, e.jobs, id, "orkisland", "MyDummy", "go", src); err != nil {
		t.Errorf("MyDummy: %v", err)
	}
}
