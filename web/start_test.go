package web_test

import (
	"regexp"
	"strings"
	"testing"

	"arena.dev/domain"
)

// A newcomer's home page says how to start (kit, local play, submit); it
// stops once they have submitted. Every game page has a Submit button.
func TestNewcomersAreShownHowToStart(t *testing.T) {
	e := newPagesEnv(t)
	name, owner := e.user(domain.RoleStudent)
	_, body, _ := e.get(e.login(""), "/")
	mustContain(t, "a visitor's home", body, "How to start", "starter kit", "arena play ", "Submit", `href="/register"`)

	c := e.login(name)
	_, body, _ = e.get(c, "/")
	mustContain(t, "a newcomer's home", body, "How to start")
	// Its Submit goes to a game's submit page (the first game on the
	// page that takes bots: other tests add games to this database).
	if !regexp.MustCompile(`class="button primary" href="/games/[a-z0-9-]+/submit"`).MatchString(body) {
		t.Errorf("a newcomer's home has no Submit button")
	}

	e.rankedBot(owner, "orkisland", "veteran", 25, 3)
	_, body, _ = e.get(c, "/")
	mustNotContain(t, "the home of someone who has submitted", body, "How to start")

	for _, who := range []string{"", name} {
		code, body, _ := e.get(e.login(who), "/games/orkisland")
		if code != 200 {
			t.Fatalf("game page: %d", code)
		}
		mustContain(t, "the game page", body, `class="button primary submit-bot" href="/games/orkisland/submit"`)
	}
	// A visitor who follows it is asked to log in first, and comes back.
	code, _, h := e.get(e.login(""), "/games/orkisland/submit")
	if code != 303 || !strings.HasPrefix(h.Get("Location"), "/login?next=") {
		t.Errorf("a visitor's Submit: %d to %q", code, h.Get("Location"))
	}
}
