package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// TestTournamentHeadAndRerunInBrowser: an admin follows a tournament to its
// end in headless Chromium, and the page's head follows too (the status,
// the Cancel and Pause buttons gone, the end time) without a reload. Then
// "Run again…" asks first: cancelling runs nothing, confirming queues one
// match that the page lists apart. Real River workers run the tournament;
// its matches fail at once (no compiled bots), landing through the same
// path as played ones.
func TestTournamentHeadAndRerunInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	var bots []int64
	for i := range 4 {
		_, owner := e.user(domain.RoleStudent)
		b, v := e.newVersion(owner, fmt.Sprintf("head%d", i), domain.StatusAccepted)
		if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET mu = $2, sigma = 2 WHERE id = $1", v.ID, 20+i); err != nil {
			t.Fatal(err)
		}
		if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", b.ID, v.ID); err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b.ID)
	}
	work := func(queue string) {
		c, err := judge.NewWorkingClient(e.pool, judge.Config{Queues: []string{queue}, LadderEvery: -1,
			Sandbox: judge.Sandbox{Dir: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			c.Stop(sctx)
		})
	}
	work(judge.QueueDefault)
	tr := &domain.Tournament{Name: "Head cup", Format: domain.FormatLeague, GroupMatches: 2, FinalMatches: 1, DropCount: 1, LeagueRounds: 1,
		GameID: "orkisland", BotIDs: bots, StartAt: time.Now(), Settings: map[string]int{"nb_rounds": 20}}
	if err := service.CreateTournament(ctx, e.pool, e.jobs, tr); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		got, err := store.TournamentByID(ctx, e.pool, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == domain.TournamentRunning {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not start: %s", got.Status)
		}
	}

	b := browsertest.Open(t, 1280, 900)
	run := b.Run
	wait := func(what, expr string) {
		t.Helper()
		b.Wait(what, expr, 30*time.Second)
	}
	page := fmt.Sprintf("%s/tournaments/%d", e.srv.URL, tr.ID)
	// By id, not a text search: "#tournament-live" is also the text of a
	// hidden element's hx-target, which would never become visible.
	liveID := chromedp.ID("tournament-live")
	run("log in", chromedp.Navigate(e.srv.URL+"/login"), chromedp.SendKeys(`input[name=name]`, adminName),
		chromedp.SendKeys(`input[name=password]`, adminTestPassword), chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`.hero`))
	run("open the tournament", chromedp.Navigate(page), chromedp.WaitVisible(liveID))
	const buttons = `[...document.querySelectorAll('#tournament-head .tournament-actions button')].map((b) => b.textContent.trim()).join(',')`
	wait("the head offers Pause and Cancel", buttons+` === 'Pause,Re-check round,Cancel'`)
	wait("the head says running", `document.getElementById('tournament-status')?.textContent === 'running'`)
	b.Do("mark the page (a reload would lose it)", `window.notReloaded = true`)

	work(judge.QueueMatch)
	wait("the head says finished", `document.getElementById('tournament-status')?.textContent === 'finished'`)
	wait("the head's buttons are gone", buttons+` === ''`)
	wait("the facts say when it ended", `/Ended/.test(document.getElementById('tournament-info').textContent)`)
	wait("the page was not reloaded", `window.notReloaded === true`)
	b.Shot("tournament-finished-admin")

	// "Run again…" is a link to a page that asks; Cancel runs nothing.
	reruns := func() int {
		t.Helper()
		var n int
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM tournament_replays WHERE tournament_id = $1`, tr.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := reruns()
	link, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('#tournament-live a.rerun')?.textContent.trim() ?? ''`))
	if err != nil || link != "Run again…" {
		t.Fatalf("the match's link reads %q (%v), want Run again…", link, err)
	}
	run("Run again…", chromedp.Click(`#tournament-live a.rerun`), chromedp.WaitVisible(`.rerun-confirm`))
	head, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('.rerun-confirm h1').textContent`))
	if !strings.HasPrefix(head, "Run match #") || !strings.HasSuffix(head, " again?") {
		t.Errorf("the confirmation asks %q", head)
	}
	if n := reruns(); n != before {
		t.Fatalf("opening the confirmation queued %d matches", n-before)
	}
	run("cancel", chromedp.Click(`.rerun-actions a.button`), chromedp.WaitVisible(liveID))
	if n := reruns(); n != before {
		t.Fatalf("cancelling queued %d matches", n-before)
	}
	run("Run again… and confirm", chromedp.Click(`#tournament-live a.rerun`), chromedp.WaitVisible(`.rerun-confirm`),
		chromedp.Click(`.rerun-actions button[type=submit]`), chromedp.WaitVisible(liveID))
	wait("the flash says it is queued", `/is queued to run again as #\d+; the standings do not change/.test(document.querySelector('.flash')?.textContent)`)
	wait("the page lists it apart", `/Matches run again/.test(document.getElementById('tournament-live').textContent)`)
	if n := reruns(); n != before+1 {
		t.Fatalf("confirming queued %d matches, want 1", n-before)
	}
	b.NoConsoleErrors()

	// The confirmation is an admin's page; a match of another tournament
	// is not found there.
	student := e.login(studentName)
	path := templatesRerunURL(tr.ID, 1)
	if code, _, _ := e.get(student, path); code != http.StatusForbidden {
		t.Errorf("a student GET %s: %d, want 403", path, code)
	}
	if code, _, _ := e.get(e.login(adminName), templatesRerunURL(tr.ID, 999999)); code != http.StatusNotFound {
		t.Errorf("another tournament's match: %d, want 404", code)
	}
}

func templatesRerunURL(tournament, match int64) string {
	return fmt.Sprintf("/admin/tournaments/%d/matches/%d/rerun", tournament, match)
}
