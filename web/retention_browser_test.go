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

	b := browsertest.Open(t, 1280, 900, "status of 410") // the deleted replay's fetch, on purpose
	run, eval, shot, wait := b.Run, b.Eval, b.Shot, b.Wait

	page := fmt.Sprintf("/matches/%d", m)
	b.LogIn(e.srv.URL+"/login?next="+page, carolName, adminTestPassword, `.replay-gone`)
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
	b.NoConsoleErrors()
}

// TestAdminStorageInBrowser: the storage page as an admin sees it.
func TestAdminStorageInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	adminName, _ := e.user(domain.RoleAdmin)
	b := browsertest.Open(t, 1280, 1000)
	b.LogIn(e.srv.URL+"/login?next=/admin/storage", adminName, adminTestPassword, `table.admin-storage`)
	b.Shot("admin-storage.png")
	b.NoConsoleErrors()
}
