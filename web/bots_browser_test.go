package web_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// TestBotPagesInBrowser submits a bot in headless Chromium and follows its
// version page while the test moves it through the judge's statuses: the
// badge, the compile log and the qualification table change without a
// reload, a compile log position selects its line in the editor, and
// nothing breaks the CSP. ARENA_SCREENSHOTS=dir keeps the screenshots.
func TestBotPagesInBrowser(t *testing.T) {
	e := newBotsEnv(t)
	_, name, userID := e.user(domain.RoleStudent)
	ctx := context.Background()
	b := botsBrowser(t)
	run := b.Run
	wait := func(what, expr string) {
		t.Helper()
		b.Wait(what, expr, 10*time.Second)
	}
	shot := func(name string) {
		t.Helper()
		b.Shot(name + ".png")
	}
	const editorReady = `document.getElementById('source')?.hasAttribute('data-editor-ready')`
	badgeIs := func(status string) string {
		return `document.querySelector('.version-head .live-status .badge')?.classList.contains('` + status + `') === true`
	}

	b.LogIn(e.srv.URL+"/login?next=/games/orkisland/submit", name, botsPassword, `.submit-form`)
	wait("the editor is up", editorReady)
	shot("submit")

	// Too much text: refused, and the editor comes back with all of it.
	const grow = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		v.dispatch({changes: {from: v.state.doc.length, insert: '// ' + 'x'.repeat(262144) + '\n'}});
		return v.state.doc.length;
	})`
	long, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](grow, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	run("submit too much", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.form-error`))
	wait("the editor is up again", editorReady)
	wait("the text is all there", fmt.Sprintf(`document.getElementById('source').value.length === %d`, long))
	shot("submit-refused")
	const restore = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		const t = v.state.doc.toString();
		v.dispatch({changes: {from: t.indexOf('// xxx'), to: t.length}});
		return true;
	})`
	b.Do("restore", restore)

	run("submit the Null bot", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	wait("the editor shows the source", editorReady)
	vid := e.versionOf(userID, "mybot")
	if got, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](badgeIs("queued"))); !got {
		t.Fatal("the badge after submitting is not queued")
	}
	shot("version-queued")

	// The worker's changes, as it makes them: the page follows.
	if err := store.SetVersionStatus(ctx, e.pool, vid, domain.StatusCompiling); err != nil {
		t.Fatal(err)
	}
	wait("the badge says compiling", badgeIs("compiling"))
	if err := store.SetCompileError(ctx, e.pool, vid, "# arena.dev/bot\nbot.go:7:2: undefined: frobnicate\nbot.go:9:1: missing return"); err != nil {
		t.Fatal(err)
	}
	wait("the badge says compile error", badgeIs("compile_error"))
	wait("the compile log is shown", `document.querySelector('#version-live a[data-goto-line="7"]') != null`)
	// Clicked from script, in one step: a late refresh of the live part
	// may replace the link between finding it and clicking it.
	b.Do("click the log's link to line 7", `(document.querySelector('#version-live a[data-goto-line="7"]').click(), true)`)
	const selectedLine = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		return v.state.doc.lineAt(v.state.selection.main.head).number;
	})`
	line, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](selectedLine, chromedp.EvalAwaitPromise))
	if err != nil || line != 7 {
		t.Fatalf("the log link selected line %d (%v), want 7", line, err)
	}
	shot("version-compile-error")

	// A new version from the version page: the editor starts from this one.
	run("follow 'Submit a new version'", chromedp.Click(`.version-head a.button`), chromedp.WaitVisible(`.submit-form`))
	wait("the editor is up", editorReady)
	kit, _ := games.KitTemplate("orkisland")
	if got, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.getElementById('source').value`)); got != string(kit) {
		t.Fatalf("the new version starts from %q", got)
	}
	run("submit version 2", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	v2 := e.versionOf(userID, "mybot")
	if err := store.SetCompiled(ctx, e.pool, v2, "", "feedface", ""); err != nil {
		t.Fatal(err)
	}
	wait("the badge says qualifying", badgeIs("qualifying"))
	var matches []int64
	for i := range 4 {
		seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
		seats[i] = domain.Seat{VersionID: &v2}
		m := &domain.Match{GameID: "orkisland", Kind: domain.KindQualification, Seed: int64(i), BotVersionID: &v2}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		matches = append(matches, m.ID)
	}
	for i, id := range matches[:3] {
		out := make([]store.SeatOutcome, 4)
		for s := range out {
			out[s] = store.SeatOutcome{Score: int64(10 + s), Rank: 4 - s}
		}
		out[i] = store.SeatOutcome{Score: 50, Rank: 1, Log: "round 1: going north\nround 2: found an ork"}
		if err := store.FinishMatch(ctx, e.pool, id, "replay/none", false, out); err != nil {
			t.Fatal(err)
		}
		if err := store.NotifyVersionChanged(ctx, e.pool, v2); err != nil { // as the judge does per match
			t.Fatal(err)
		}
	}
	wait("three matches are shown finished", `document.querySelectorAll('#version-live .table .badge.accepted').length === 3`)
	wait("how it goes so far", `document.querySelector('#version-live .qual-summary')?.textContent.includes('first in 3 of 3 played so far; needs 3 of 4')`)
	shot("version-qualifying")
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = 27.5, sigma = 6.1 WHERE id = $1;`, v2); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE bots SET current_version_id = $1 WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)`, v2); err != nil {
		t.Fatal(err)
	}
	store.NotifyVersionChanged(ctx, e.pool, v2)
	wait("the badge says accepted", badgeIs("accepted"))
	wait("the rank is shown", `/Rank\s*#\d/.test(document.querySelector('#version-live .facts')?.textContent)`)
	shot("version-accepted")

	run("open My bots", chromedp.Navigate(e.srv.URL+"/bots"), chromedp.WaitVisible(`.my-bots`))
	if err := store.SetVersionStatus(ctx, e.pool, v2, domain.StatusSuperseded); err != nil {
		t.Fatal(err)
	}
	wait("My bots follows too", `document.querySelector('.my-bots .live-status .badge')?.classList.contains('superseded') === true`)
	shot("mybots")

	b.NoConsoleErrors()
}

// botsBrowser starts a headless Chromium for this test and returns its tab and the
// console problems seen so far.
func botsBrowser(t *testing.T) *browsertest.Tab {
	// Refused submissions answer 413 (too large) and 422 on purpose.
	return browsertest.Open(t, 1280, 900, "status of 422", "status of 413")
}
