package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arena.dev/store/pgtest"
	"arena.dev/web/browsertest"
)

// TestEndToEndInBrowser is a student's first day, in a real headless
// Chromium against the real binary (`arena serve` with its in-process
// workers, on a fresh database): sign up, open the submit page, put a bot
// that beats the Dummy into the editor, submit, watch the version page turn
// "accepted" without a reload, find the bot on the leaderboard and step
// through one of its qualification matches in the replay viewer.
// ARENA_SCREENSHOTS=dir keeps the screenshots (e2e-*.png).
func TestEndToEndInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and qualifies a real bot: about 10 s with a warm build cache")
	}
	began := time.Now()
	source, err := os.ReadFile(filepath.Join("..", "..", "games", "orkisland", "testdata", "strong.go"))
	if err != nil {
		t.Fatal(err)
	}

	port := freePort(t)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	start(t, []string{"DATABASE_URL=" + pgtest.FreshURL(t), fmt.Sprint("PORT=", port),
		// The sandbox's Go build cache, shared with the other tests that
		// compile bots, so only the first run on a machine builds the
		// standard library for wasip1.
		"ARENA_DATA_DIR=" + filepath.Join(os.TempDir(), "arena-judge-test"),
		"ARENA_ADMIN_PASSWORD=e2e-admin-password"}, "serve")
	waitHealthy(t, port, 60*time.Second)

	ctx := browsertest.Start(t, 1280, 900)
	problems := browsertest.Console(ctx)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()

	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(c, steps...); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, problems())
		}
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(`+expr+`)`))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	wait := func(what, expr string, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(time.Until(deadline)),
				chromedp.WithPollingInterval(100*time.Millisecond)))
			if err == nil {
				return
			}
			// A page being replaced by the next one (after a form is
			// submitted) ends the poll: poll the new page.
			if navigating(err) && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			t.Fatalf("waiting until %s (%s): %v\npage: %s\nconsole: %v", what, expr, err,
				eval(`document.querySelector('main')?.innerText.slice(0, 2000)`), problems())
		}
	}
	shoot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		browsertest.SaveScreenshot(t, name, png)
	}

	// Sign up.
	user := fmt.Sprintf("e2e%d", time.Now().UnixNano()%1e6)
	do("sign up", chromedp.Navigate(base+"/register"), chromedp.WaitVisible(`form[action="/register"]`),
		chromedp.SendKeys(`input[name=name]`, user), chromedp.SendKeys(`input[name=email]`, user+"@example.test"),
		chromedp.SendKeys(`input[name=password]`, "correct horse battery"),
		chromedp.Submit(`input[name=password]`))
	wait("signed up and logged in", `location.pathname === '/' && document.body.innerText.includes('`+user+`')`, 15*time.Second)

	// The submit page: name the bot, select all in the editor and insert
	// the source, as pasting it would.
	const botName = "Warboss"
	do("open the submit page", chromedp.Navigate(base+"/games/orkisland/submit"), chromedp.WaitVisible(`.submit-form`))
	wait("the editor is up", `document.getElementById('source')?.hasAttribute('data-editor-ready')`, 15*time.Second)
	eval(jsWatchCSP)
	do("name the bot", chromedp.Click(`input[name=bot]`), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent(kb.Delete), chromedp.SendKeys(`input[name=bot]`, botName))
	const content = `document.querySelector('.arena-editor').shadowRoot.querySelector('.cm-content')`
	eval(content + `.focus()`)
	wait("the editor has the focus", `document.querySelector('.arena-editor').shadowRoot.activeElement === `+content, 5*time.Second)
	do("select all in the editor", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	// Paste: the event Ctrl-V delivers, with the text on its clipboard.
	// (Input.insertText would go through Chromium's own contenteditable
	// editing, which styles the lines it makes with style attributes that
	// the page's CSP blocks; CodeMirror handles a paste itself.)
	text, _ := json.Marshal(string(source))
	eval(`(() => {
		const dt = new DataTransfer();
		dt.setData('text/plain', ` + string(text) + `);
		return ` + content + `.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true, composed: true}));
	})()`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById('source').value === `+string(text),
		chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		got := eval(`document.getElementById('source').value`)
		t.Fatalf("the textarea does not follow the editor: it holds %d bytes, not the %d pasted (%v)", len(got), len(source), err)
	}
	if got := eval(`document.querySelector('input[name=bot]').value`); got != botName {
		t.Fatalf("bot name %q, want %q", got, botName)
	}
	shoot("e2e-submit.png")
	if v := eval(jsCSPViolations); v != "" {
		t.Errorf("CSP violations on the submit page:\n%s", v)
	}

	// Submit; the version page follows the judging live.
	do("submit", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	loc := eval(`location.pathname`)
	if !strings.HasPrefix(loc, "/bots/") || !strings.HasSuffix(loc, "/versions/1") {
		t.Fatalf("after submitting: %s, want /bots/ID/versions/1", loc)
	}
	if got := eval(`document.querySelector('.version-head h1')?.textContent`); !strings.Contains(got, botName) {
		t.Errorf("version page title %q does not name %s", got, botName)
	}
	// A reload would lose this marker (and reset the navigation count).
	eval(`(window.e2eMarker = 'not reloaded', performance.getEntriesByType('navigation').length)`)
	navs := eval(`performance.getEntriesByType('navigation')[0].type`)
	badge := `document.querySelector('.version-head .live-status .badge')`
	status := eval(badge + `?.className`)
	t.Logf("after submitting (%v in): %s, badge %q", time.Since(began).Round(time.Millisecond), loc, status)
	if strings.Contains(status, "accepted") {
		t.Fatalf("the version is already accepted when its page opens: nothing to follow")
	}
	shoot("e2e-version-judging.png")
	wait("the version is accepted", badge+`?.classList.contains('accepted') === true`, 100*time.Second)
	wait("its qualification matches are listed, won", `document.querySelectorAll('#version-live .table .badge.accepted').length >= 3`, 10*time.Second)
	wait("its rank is shown", `/Rank\s*#\d/.test(document.querySelector('#version-live .facts')?.textContent)`, 10*time.Second)
	if got := eval(`window.e2eMarker`); got != "not reloaded" {
		t.Fatalf("the version page was reloaded while judging (marker %q): it must follow without a reload", got)
	}
	if got := eval(`location.pathname`); got != loc {
		t.Fatalf("the version page navigated away to %s", got)
	}
	t.Logf("accepted after %v (navigation type %s)", time.Since(began).Round(time.Millisecond), navs)
	shoot("e2e-version-accepted.png")
	match := eval(`document.querySelector('#version-live .table a[href^="/matches/"]').getAttribute('href')`)

	// The leaderboard lists the bot, as the user's.
	do("open the leaderboard", chromedp.Navigate(base+"/games/orkisland/leaderboard"), chromedp.WaitVisible(`table`))
	row := `[...document.querySelectorAll('table tbody tr')].find(tr => [...tr.querySelectorAll('a')].some(a => a.textContent.trim() === '` + botName + `'))`
	wait("the bot is on the leaderboard", `!!`+row, 10*time.Second)
	if cls := eval(row + `.className`); !strings.Contains(cls, "mine") {
		t.Errorf("the bot's row is not marked as the user's (class %q)", cls)
	}
	t.Logf("leaderboard row: %s", strings.Join(strings.Fields(eval(row+`.innerText`)), " "))
	shoot("e2e-leaderboard.png")

	// One of its qualification matches, stepped in the viewer.
	do("open a qualification match", chromedp.Navigate(base+match), chromedp.WaitReady(`main`))
	const viewer = `document.querySelector('arena-replay')`
	wait("the match page has a viewer", `!!`+viewer, 10*time.Second)
	const counter = viewer + `.shadowRoot.querySelector('.counter .k')?.textContent`
	wait("the replay is loaded", viewer+`.rounds > 0 && `+viewer+`.idle`, 20*time.Second)
	before := eval(counter)
	eval(viewer + `.focus()`)
	do("step forward", chromedp.KeyEvent(kb.ArrowRight))
	wait("the viewer shows the next round", viewer+`.round === 1 && `+viewer+`.idle`, 10*time.Second)
	if after := eval(counter); after == before || after != "1" {
		t.Errorf("round counter %q before and %q after → (want 0 then 1)", before, after)
	}
	do("step forward again", chromedp.KeyEvent(kb.ArrowRight))
	wait("the viewer shows round 2", viewer+`.round === 2 && `+viewer+`.idle`, 10*time.Second)
	eval(`window.scrollTo(0, 0)`) // the page's sticky header would land mid-screenshot
	shoot("e2e-match.png")

	for _, p := range problems() {
		t.Errorf("browser console: %s", p)
	}
	t.Logf("done in %v", time.Since(began).Round(time.Millisecond))
}

// navigating reports whether err is a page going away under a script.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "navigated or closed") || strings.Contains(msg, "context was destroyed") ||
		strings.Contains(msg, "Cannot find context")
}

// jsWatchCSP records the page's Content-Security-Policy violations with
// where they come from (the console says only what was blocked).
const jsWatchCSP = `document.addEventListener('securitypolicyviolation', e => {
	(window.e2eCSP ||= []).push([e.violatedDirective, e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber,
		JSON.stringify(e.sample), e.target?.nodeName, (e.composedPath?.()[0]?.outerHTML || '').slice(0, 200)].join(' | '));
}, true)`

const jsCSPViolations = `(window.e2eCSP || []).join('\\n')`
