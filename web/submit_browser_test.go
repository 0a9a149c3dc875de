package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// A Go bot with a compile error on line 6 (col 2) and a warning-free line 8.
const brokenGo = "package main\n\nimport \"arena.dev/games/orkisland/sdk\"\n\nfunc (*b) Play(g *sdk.Game) {\n\tfrobnicate(g)\n}\n\nfunc main() { sdk.Run(&b{}) }\n"

// And a C++ one: clang's messages, with "error:" and "warning:".
const brokenCpp = "#include \"Player.hh\"\n\n#define PLAYER_NAME Broken\n\nstruct PLAYER_NAME : public Player {\n  static Player* factory() { return new PLAYER_NAME; }\n  virtual void play() {\n    int unused = 0;\n    frobnicate();\n  }\n};\n\nRegisterPlayer(PLAYER_NAME);\n"

// TestCompileErrorsInTheEditor: a compile error is marked beside its line
// in the editor, not only in the log: on the version page when the log
// arrives live, in Go and in C++, and on the submit page that starts from
// the version that did not compile.
func TestCompileErrorsInTheEditor(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, name, aliceID := e.user(domain.RoleStudent)
	b := botsBrowser(t)
	run := b.Run
	wait := func(what, expr string) {
		t.Helper()
		b.Wait(what, expr, 10*time.Second)
	}
	// marked lists the editor's tinted lines as "error:TEXT" and
	// "warning:TEXT", and counts its gutter marks and underlines.
	const marked = `(() => {
		const root = document.querySelector('.arena-editor')?.shadowRoot;
		if (!root) return '';
		const lines = [...root.querySelectorAll('.cm-line.cm-errorLine, .cm-line.cm-warningLine')]
			.map((l) => (l.classList.contains('cm-errorLine') ? 'error:' : 'warning:') + l.textContent.trim());
		const gutter = root.querySelectorAll('.cm-gutter-lint .cm-lint-marker').length;
		const under = [...root.querySelectorAll('.cm-lintRange-error, .cm-lintRange-warning')].map((u) => u.textContent);
		return lines.join('|') + ' gutter=' + gutter + ' under=' + under.join(',');
	})()`
	markedIs := func(what, want string) {
		t.Helper()
		expr := fmt.Sprintf(`%s === %q`, marked, want)
		if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			got, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](marked))
			t.Fatalf("%s: the editor marks %q, want %q\nconsole: %v", what, got, want, b.Console())
		}
	}

	b.LogIn(e.srv.URL+"/login?next=/games/orkisland/submit", name, botsPassword, `.submit-form`)

	// Go: the version page is open while the compiler answers.
	_, _, h := e.submit(alice, "orkisland", "broken", brokenGo)
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "broken")
	run("open the version page", chromedp.Navigate(e.srv.URL+page), chromedp.WaitVisible(`.version-page`))
	wait("the editor is up", `document.getElementById('source')?.hasAttribute('data-editor-ready')`)
	markedIs("before the compiler answered", " gutter=0 under=")
	if err := store.SetCompileError(ctx, e.pool, vid, "# arena.dev/bot\nbot.go:5:8: undefined: b\nbot.go:6:2: undefined: frobnicate\n"); err != nil {
		t.Fatal(err)
	}
	markedIs("when the compile log arrives", "error:func (*b) Play(g *sdk.Game) {|error:frobnicate(g) gutter=2 under=b,frobnicate")
	// The log's position still goes to the line.
	b.Do("click the log's link to line 6", `(document.querySelector('#version-live a[data-goto-line="6"]').click(), true)`)
	const selectedLine = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		return v.state.doc.lineAt(v.state.selection.main.head).number;
	})`
	if line, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](selectedLine, chromedp.EvalAwaitPromise)); err != nil || line != 6 {
		t.Fatalf("the log link selected line %d (%v), want 6", line, err)
	}
	// Hovering the mark tells why.
	const hover = `(() => {
		const root = document.querySelector('.arena-editor').shadowRoot;
		const r = [...root.querySelectorAll('.cm-lintRange-error')].find((e) => e.textContent === 'frobnicate').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`
	xy, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[]float64](hover))
	if err != nil || len(xy) != 2 {
		t.Fatalf("the underline's place: %v %v", xy, err)
	}
	// CodeMirror shows a hover tooltip once the pointer comes onto the mark
	// and rests there; on a loaded machine one approach may be missed, so
	// approach it from outside the editor until it shows (a few seconds).
	const tooltip = `document.querySelector('.arena-editor').shadowRoot.querySelector('.cm-tooltip-lint')?.textContent.includes('undefined: frobnicate') === true`
	shown := false
	for try := 0; try < 10 && !shown; try++ {
		if xy, err = chromedp.Run(b.Ctx, chromedp.Evaluate[[]float64](hover)); err != nil || len(xy) != 2 {
			t.Fatalf("the underline's place: %v %v", xy, err)
		}
		run("hover the underline", chromedp.MouseEvent("mouseMoved", 1, 1), chromedp.MouseEvent("mouseMoved", xy[0], xy[1]),
			chromedp.Sleep(100*time.Millisecond), chromedp.MouseEvent("mouseMoved", xy[0]+1, xy[1]), chromedp.Sleep(500*time.Millisecond))
		shown, _ = chromedp.Run(b.Ctx, chromedp.Evaluate[bool](tooltip))
	}
	if !shown {
		t.Fatal("hovering the underline shows no tooltip saying why")
	}

	// The submit page that starts from it marks the same lines, and the
	// marks follow an edit above them.
	run("Submit a new version", chromedp.Click(`.version-head a.button`), chromedp.WaitVisible(`.submit-form`))
	wait("the editor is up", `document.getElementById('source')?.hasAttribute('data-editor-ready')`)
	markedIs("the submit page", "error:func (*b) Play(g *sdk.Game) {|error:frobnicate(g) gutter=2 under=b,frobnicate")
	body, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('.submit-form').textContent`))
	if !strings.Contains(body, "It did not compile: the editor marks the lines at fault") {
		t.Errorf("the submit page does not say why the lines are marked:\n%s", body)
	}
	const insertLine = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		v.dispatch({changes: {from: 0, insert: '// fixed soon\n'}});
		return true;
	})`
	b.Do("insertLine", insertLine)
	const markedLineNumbers = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		const root = document.querySelector('.arena-editor').shadowRoot;
		return [...root.querySelectorAll('.cm-line.cm-errorLine')].map((l) => v.state.doc.lineAt(v.posAtDOM(l)).number).join(',');
	})`
	if got, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](markedLineNumbers, chromedp.EvalAwaitPromise)); err != nil || got != "6,7" {
		t.Errorf("after a line was added above, the marked lines are %q (%v), want 6,7", got, err)
	}
	// The starter replaces the text: its marks go.
	run("start from the template", chromedp.Click(`a[data-editor-starter-link="go"]`), chromedp.WaitVisible(`.submit-form`))
	wait("the editor is up", `document.getElementById('source')?.hasAttribute('data-editor-ready')`)
	markedIs("the starter", " gutter=0 under=")

	// C++: clang's errors and warnings, on the version page as it loads.
	_, _, h = e.submitIn(alice, "orkisland", "brokencc", "cpp", brokenCpp)
	vcc := e.versionOf(aliceID, "brokencc")
	if err := store.SetCompileError(ctx, e.pool, vcc, "bot.cc:9:5: error: use of undeclared identifier 'frobnicate'\n"+
		"    9 |     frobnicate();\n      |     ^\nbot.cc:8:9: warning: unused variable 'unused' [-Wunused-variable]\n1 error generated.\n"); err != nil {
		t.Fatal(err)
	}
	run("open the C++ version", chromedp.Navigate(e.srv.URL+h.Get("Location")), chromedp.WaitVisible(`.version-page`))
	markedIs("C++", "warning:int unused = 0;|error:frobnicate(); gutter=2 under=unused,frobnicate")

	b.NoConsoleErrors()
}

// TestSubmitLimitCountsDown: over the submission limit, the submit page
// says exactly how long to wait and counts it down, the Submit button
// waits with it, the text stays, and the submission then passes.
func TestSubmitLimitCountsDown(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, name, aliceID := e.user(domain.RoleStudent)
	// Five versions in the window, compiled, the oldest 1 min 54 s ago: the
	// next submission passes in about 6 s (from the last age()).
	age := func() {
		t.Helper()
		if _, err := e.pool.Exec(ctx, `UPDATE bot_versions v SET status = 'accepted', created_at = now() - $2::interval
			FROM bots b WHERE b.id = v.bot_id AND b.owner_id = $1`, aliceID, (service.SubmitWindow - 6*time.Second).String()); err != nil {
			t.Fatal(err)
		}
	}
	for i := range service.MaxRecentSubmissions {
		if code, body, _ := e.submit(alice, "orkisland", "busy", botsSource(fmt.Sprint("v", i))); code != 303 {
			t.Fatalf("submission %d: %d\n%s", i, code, body)
		}
		// Compiled at once, so that the compile queue's limit stays out of it.
		age()
	}

	b := browsertest.Open(t, 1280, 900, "status of 429") // the refusal, on purpose
	run, wait := b.Run, b.Wait
	b.LogIn(e.srv.URL+"/login?next=/games/orkisland/submit?bot=busy", name, botsPassword, `.submit-form`)
	wait("the editor is up", `document.getElementById('source')?.hasAttribute('data-editor-ready')`, 10*time.Second)
	const mine = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		v.dispatch({changes: {from: 0, insert: '// my sixth try\n'}});
		return true;
	})`
	b.Do("mine", mine)
	age() // the 6 s start now, not before the browser started (slow on a busy machine)
	run("submit a sixth", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.form-error .retry-after`))
	text, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('.form-error').textContent.replace(/\s+/g, ' ')`))
	for _, want := range []string{"the limit is 5", "You can submit again in ", " s.", "Your text is still below"} {
		if !strings.Contains(text, want) {
			t.Errorf("the refusal %q lacks %q", text, want)
		}
	}
	wait("the button waits", `document.querySelector('.submit-form button[type=submit]').disabled === true`, 5*time.Second)
	first, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('[data-countdown]').textContent`))
	wait("it counts down", fmt.Sprintf(`document.querySelector('[data-countdown]').textContent !== %q`, first), 3*time.Second)
	wait("the text is still there", `document.getElementById('source').value.startsWith('// my sixth try\n')`, 5*time.Second)
	wait("it is time", `document.querySelector('[data-countdown]').textContent === 'now' && `+
		`document.querySelector('.submit-form button[type=submit]').disabled === false`, 15*time.Second)
	run("submit again", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	var n int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND v.source LIKE '// my sixth try%'`, aliceID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the sixth version: %d stored (%v)", n, err)
	}
	b.NoConsoleErrors()
}
