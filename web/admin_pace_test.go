package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"arena.dev/domain"
)

// Admin → Games shows each game's ladder pace and the versions still
// unsettled, and sets the pace: admins only, same-origin POSTs only, out
// of range refused with the input kept.
func TestAdminGamePace(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, "DELETE FROM ladder_pace"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(ctx, "DELETE FROM ladder_pace") })
	admin, _ := e.user(domain.RoleAdmin)
	student, studentID := e.user(domain.RoleStudent)
	c := e.login(admin)
	pace := func() string {
		return e.scalar(`SELECT coalesce((SELECT trickle_per_hour || ' ' || hourly_cap || ' ' || paused
			FROM ladder_pace WHERE game_id = 'orkisland'), 'none')`)
	}

	// A student cannot change it, nor can a cross-site form.
	form := url.Values{"trickle": {"12"}, "hourly_cap": {"500"}, "paused": {"on"}}
	if code, _, _ := e.post(e.login(student), "/admin/games/orkisland/pace", form, nil); code == http.StatusSeeOther || code == http.StatusOK {
		t.Fatalf("a student's POST: %d", code)
	}
	if code, _, _ := e.post(c, "/admin/games/orkisland/pace", form, http.Header{"Sec-Fetch-Site": {"cross-site"}}); code != http.StatusForbidden {
		t.Fatalf("a cross-site POST: %d", code)
	}
	if got := pace(); got != "none" {
		t.Fatalf("refused POSTs stored a pace: %s", got)
	}

	// The page shows the default, and a fresh version as unsettled.
	_, v := e.newVersion(studentID, "pacer", domain.StatusAccepted)
	if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET mu = 25, sigma = 25.0 / 3 WHERE id = $1", v.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $1 WHERE id = $2", v.ID, v.BotID); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(ctx, "UPDATE bots SET disabled = true WHERE id = $1", v.BotID) })
	_, body, _ := e.get(c, "/admin/games")
	orkSection := section(body, `id="game-orkisland"`)
	if !strings.Contains(orkSection, `name="trickle" value="6"`) || !strings.Contains(orkSection, "full pace") ||
		!strings.Contains(orkSection, ">1 of 1 versions unsettled<") {
		t.Fatalf("the games page does not show the default pace and the unsettled version:\n%s", orkSection)
	}
	// Settled (σ 3): the trickle.
	if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET sigma = 3 WHERE id = $1", v.ID); err != nil {
		t.Fatal(err)
	}
	_, body, _ = e.get(c, "/admin/games")
	if s := section(body, `id="game-orkisland"`); !strings.Contains(s, "the trickle: 6 matches an hour") || !strings.Contains(s, ">0 of 1 versions unsettled<") {
		t.Fatalf("a settled version: the page does not show the trickle:\n%s", s)
	}

	// Out of range, or not a number: refused, the input kept.
	code, body, _ := e.post(c, "/admin/games/orkisland/pace", url.Values{"trickle": {"361"}, "hourly_cap": {"ten"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "from 0 to 360") || !strings.Contains(body, `&#34;ten&#34; is not a whole number`) ||
		!strings.Contains(body, `name="trickle" value="361"`) {
		t.Fatalf("out of range: %d\n%s", code, section(body, `id="game-orkisland"`))
	}
	if got := pace(); got != "none" {
		t.Fatalf("a refused pace was stored: %s", got)
	}

	// Saved: paused, then resumed with a cap.
	code, _, loc := e.post(c, "/admin/games/orkisland/pace", form, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("a valid pace: %d", code)
	}
	if got := pace(); got != "12 500 true" {
		t.Fatalf("stored pace: %s", got)
	}
	if s := section(e.follow(c, loc), `id="game-orkisland"`); !strings.Contains(s, "paused: no ladder match") || !strings.Contains(s, `name="paused" value="on" checked`) {
		t.Fatalf("the page does not show the pause:\n%s", s)
	}
	e.post(c, "/admin/games/orkisland/pace", url.Values{"trickle": {"3"}, "hourly_cap": {"40"}}, nil)
	if got := pace(); got != "3 40 false" {
		t.Fatalf("resumed: %s", got)
	}
	// A GET changes nothing.
	if code, _, _ := e.get(c, "/admin/games/orkisland/pace?trickle=9"); code != http.StatusMethodNotAllowed && code != http.StatusNotFound {
		t.Errorf("GET of the pace: %d", code)
	}
	if got := pace(); got != "3 40 false" {
		t.Fatalf("a GET changed the pace: %s", got)
	}
}

// section is the part of an HTML page from the element marked by attr to
// the next game's section.
func section(body, attr string) string {
	i := strings.Index(body, attr)
	if i < 0 {
		return ""
	}
	s := body[i:]
	if j := strings.Index(s[1:], `class="card admin-game"`); j >= 0 {
		s = s[:j+1]
	}
	return s
}
