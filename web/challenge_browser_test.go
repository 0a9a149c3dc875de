package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/web/browsertest"
)

// TestChallengeInBrowser is a student in headless Chromium: from the
// leaderboard's Challenge link, the form comes with that bot chosen; the
// challenge starts, and its match page, waiting, follows it without a
// reload while a real River worker plays it, to its result and replay.
func TestChallengeInBrowser(t *testing.T) {
	e := newChallengeEnv(t)
	_, aliceID := e.user(domain.RoleStudent)
	carolName, carolID := e.user(domain.RoleStudent)
	amy, _ := e.playable(aliceID, "amy", domain.StatusAccepted, "Demo", 60) // first on the board
	e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)

	b := browsertest.Open(t, 1280, 900)
	run, eval, shot, wait := b.Run, b.Eval, b.Shot, b.Wait

	b.LogIn(e.srv.URL+"/login?next=/games/orkisland/leaderboard", carolName, adminTestPassword, `table.board`)
	link := fmt.Sprintf(`a.challenge-link[href$="opponent=bot:%d"]`, amy.ID)
	run("follow amy's Challenge link", chromedp.Click(link), chromedp.WaitVisible(`.challenge-form`))
	if got := eval(`document.querySelector('select[name=opponent]').value`); got != fmt.Sprintf("bot:%d", amy.ID) {
		t.Fatalf("the first opponent is %q, want amy (bot:%d)", got, amy.ID)
	}
	if got := eval(`document.querySelector('select[name=version] option:checked').textContent`); !strings.HasPrefix(got, "cat version 1") {
		t.Errorf("the version chosen is %q", got)
	}
	shot("challenge-form.png")
	run("start the challenge", chromedp.Click(`.challenge-form button[type=submit]`), chromedp.WaitVisible(`#match-live`))
	wait("the page says it waits, and follows it", `document.querySelector('#match-live').dataset.status === 'queued' && `+
		`/in the queue/.test(document.querySelector('.match-waiting')?.textContent)`, 10*time.Second)
	eval(`window.notReloaded = true`)
	shot("challenge-queued.png")

	began := time.Now()
	e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	wait("the result shows without a reload", `window.notReloaded === true && `+
		`document.querySelector('#match-live').dataset.status === 'finished' && `+
		`document.querySelector('#match-badges .badge.finished') !== null && `+
		`/1st/.test(document.querySelector('#match-live table.seats').textContent)`, time.Minute)
	wait("the replay plays", `(() => { const v = document.querySelector('#match-live arena-replay'); return !!v && v.rounds > 0; })()`, 30*time.Second)
	t.Logf("from the worker's start to the result on the page: %v", time.Since(began).Round(time.Millisecond))
	shot("challenge-finished.png")
	if got := eval(`document.querySelector('.match-actions button')?.textContent`); got != "Play again with my latest version" {
		t.Errorf("the match page's action is %q", got)
	}
	b.NoConsoleErrors()
}
