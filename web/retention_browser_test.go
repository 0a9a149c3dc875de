package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/web/browsertest"
)

// TestReplayAgainInBrowser is a student in headless Chromium on the page
// of a match whose replay retention deleted: it says so and offers to play
// it again; asked, the page follows the request without a reload while a
// real worker plays it, and shows the replay. The viewer pointed at a
// deleted replay says, in the server's words, that it was deleted and
// where to have it again.
func TestReplayAgainInBrowser(t *testing.T) {
	e := newChallengeEnv(t)
	_, aliceID := e.user(domain.RoleStudent)
	carolName, carolID := e.user(domain.RoleStudent)
	_, amy := e.playable(aliceID, "amy", domain.StatusAccepted, "Demo", 30)
	_, cat := e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 30)
	ids := e.playedMatches(2, amy.ID, cat.ID)
	m, other := ids[0], ids[1]
	e.deleteReplays(ids...)

	bctx := browsertest.Start(t, 1280, 900)
	consoleErrors := browsertest.Console(bctx, "status of 410") // the deleted replay's fetch, on purpose
	run := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(bctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, consoleErrors())
		}
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Evaluate[string](`String(`+expr+`)`))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	wait := func(what, expr string, within time.Duration) {
		t.Helper()
		if _, err := chromedp.Run(bctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(within),
			chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
			t.Fatalf("waiting until %s: %v\npage: %s\nconsole: %v", what, err,
				eval(`document.querySelector('main')?.innerText.slice(0, 1500)`), consoleErrors())
		}
	}
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		browsertest.SaveScreenshot(t, name, png)
	}

	page := fmt.Sprintf("/matches/%d", m)
	run("log in", chromedp.Navigate(e.srv.URL+"/login?next="+page),
		chromedp.SendKeys(`input[name=name]`, carolName), chromedp.SendKeys(`input[name=password]`, adminTestPassword),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`.replay-gone`))
	if text := eval(`document.querySelector('.replay-gone').innerText`); !strings.Contains(text, "replay was deleted") ||
		!strings.Contains(text, "frozen for running out of CPU time may be frozen at another moment") {
		t.Errorf("the page says: %s", text)
	}
	shot("replay-deleted.png")
	run("play it again", chromedp.Click(`.replay-gone button[type=submit]`), chromedp.WaitVisible(`.replay-waiting`))
	eval(`window.notReloaded = true`)
	shot("replay-waiting.png")

	e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	wait("the replay shows without a reload", `window.notReloaded === true && `+
		`(() => { const v = document.querySelector('#match-live arena-replay'); return !!v && v.rounds > 0; })()`, time.Minute)
	if text := eval(`document.querySelector('.replay-regenerated').innerText`); !strings.Contains(text, "played again on") {
		t.Errorf("the page does not say the replay was played again: %s", text)
	}
	shot("replay-played-again.png")

	// The viewer on a deleted replay.
	eval(fmt.Sprintf(`(() => { const v = document.createElement('arena-replay'); v.id = 'gone';
		v.setAttribute('src', '/matches/%d/replay'); document.querySelector('main').append(v); return 1; })()`, other))
	wait("the viewer says the replay was deleted", `/deleted to save space/.test(document.querySelector('#gone').shadowRoot.textContent)`, 10*time.Second)
	if text := eval(`document.querySelector('#gone').shadowRoot.textContent`); !strings.Contains(text, fmt.Sprintf("/matches/%d", other)) {
		t.Errorf("the viewer says: %s", text)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Fatalf("console errors (a CSP violation is one):\n%s", strings.Join(errs, "\n"))
	}
}

// TestAdminStorageInBrowser: the storage page as an admin sees it.
func TestAdminStorageInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	adminName, _ := e.user(domain.RoleAdmin)
	bctx := browsertest.Start(t, 1280, 1000)
	consoleErrors := browsertest.Console(bctx)
	if err := chromedp.Do(bctx, chromedp.Navigate(e.srv.URL+"/login?next=/admin/storage"),
		chromedp.SendKeys(`input[name=name]`, adminName), chromedp.SendKeys(`input[name=password]`, adminTestPassword),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`table.admin-storage`)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "admin-storage.png", png)
	if errs := consoleErrors(); len(errs) > 0 {
		t.Fatalf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
