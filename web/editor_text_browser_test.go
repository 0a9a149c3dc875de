package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"github.com/chromedp/chromedp"
)

// TestSubmitKeepsTextBrowser: the submit page in Chromium never loses or
// corrupts a student's text. A 333 KB file loads with a warning that the
// limit is 256 KB and the form does not submit; sent anyway, the server's
// 413 page holds the text again; a text too large for the server to read
// at all comes back from the browser's own copy. A Latin-1 file is read as
// Latin-1 ("posición", not "posici�") with a notice, and submits as such.
func TestSubmitKeepsTextBrowser(t *testing.T) {
	e := newBotsEnv(t)
	_, name, aliceID := e.user(domain.RoleStudent)
	b := botsBrowser(t)
	run, eval := b.Run, b.Eval
	wait := func(what, expr string) {
		t.Helper()
		b.Wait(what, expr, 10*time.Second)
	}
	const (
		source  = `document.getElementById('source')`
		ready   = source + `?.hasAttribute('data-editor-ready')`
		size    = `document.querySelector('[data-editor-size="source"]')`
		notice  = `document.querySelector('[data-editor-notice="source"]')`
		editing = `document.querySelector('.arena-editor').shadowRoot.querySelector('.cm-content').textContent`
	)
	// js runs a script (a promise is awaited) and lets the page go on.
	js := func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, b.Console())
		}
	}
	// sendForm submits the form as a script does (no validation, no submit
	// event) and waits for the page that answers.
	sendForm := func(what string) {
		t.Helper()
		js(what, `(window.arenaOldPage = true, document.querySelector('form.submit-form').submit(), true)`)
		deadline := time.Now().Add(20 * time.Second)
		for {
			// Errors while the page changes are expected: try again.
			if ok, err := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](`!window.arenaOldPage && document.readyState === 'complete'`)); err == nil && ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no new page\nconsole: %v", what, b.Console())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	b.LogIn(e.srv.URL+"/login?next=/games/orkisland/submit", name, botsPassword, `.submit-form`)
	wait("the editor is up", ready)
	if got := eval(size + `.hidden + ' ' + ` + notice + `.hidden`); got != "true true" {
		t.Errorf("a fresh form shows a warning or notice (hidden: %s)", got)
	}

	// 333 KB: warned at once; Submit does not send it.
	big := botsSource("333 KB") + "// " + strings.Repeat("x", 333<<10) + "\n"
	run("load a 333 KB file", chromedp.SetUploadFiles(`input[data-editor-file]`, []string{write("big.go", []byte(big))}))
	wait("the file is in the editor", source+`.value.length === `+strconv.Itoa(len(big)))
	wait("the size is warned about", `!`+size+`.hidden && `+size+`.textContent.includes('the limit is 256 KB')`)
	run("click Submit", chromedp.Click(`.submit-form button[type=submit]`), chromedp.Sleep(500*time.Millisecond))
	if got := eval(`location.pathname + ' ' + ` + source + `.value.length`); got != "/games/orkisland/submit "+strconv.Itoa(len(big)) {
		t.Fatalf("after Submit with 333 KB: %s", got)
	}

	// Sent anyway (a script, an old page): the server's 413 gives it back.
	sendForm("send the form anyway")
	wait("the refusal is shown", `document.querySelector('.form-error[role=alert]')?.textContent.includes('the limit is 262144')`)
	wait("the editor holds the text again", ready+` && `+source+`.value.length === `+strconv.Itoa(len(big))+` && !`+size+`.hidden`)

	// Too large to read (over the body limit, 1 MiB + 64 KB): the page
	// says the text was not read, and the browser's copy comes back.
	js("put 1.2 MB in the editor", `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: '// huge\n' + 'y'.repeat(1200000) + '\n'}});
		return true;
	})`)
	sendForm("send it")
	wait("the page says the text was not read", source+`?.hasAttribute('data-text-lost')`)
	wait("the editor holds the text again", ready+` && `+source+`.value.length === 1200009 && `+source+`.value.startsWith('// huge\n')`)
	if got := eval(notice + `.hidden ? 'hidden' : ` + notice + `.textContent`); !strings.Contains(got, "this browser kept it") {
		t.Errorf("the notice says %q", got)
	}

	// Latin-1: converted with a notice, and submitted as converted.
	run("start again", chromedp.Navigate(e.srv.URL+"/games/orkisland/submit?bot=latin"), chromedp.WaitVisible(`.submit-form`))
	wait("the editor is up", ready)
	latin1 := botsSource("posici\xf3n \x93quoted\x94")
	run("load a Latin-1 file", chromedp.SetUploadFiles(`input[data-editor-file]`, []string{write("AIlatin.go", []byte(latin1))}))
	wait("the file is in the editor, converted", source+`.value.includes('// posición “quoted”') && `+editing+`.includes('posición “quoted”')`)
	if got := eval(notice + `.hidden ? 'hidden' : ` + notice + `.textContent`); !strings.Contains(got, "AIlatin.go is not UTF-8 text: it was read as Latin-1") {
		t.Errorf("the notice says %q", got)
	}
	if strings.Contains(eval(source+`.value`), "\uFFFD") {
		t.Error("the editor holds U+FFFD")
	}
	run("submit", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	var src string
	if err := e.pool.QueryRow(context.Background(), `SELECT v.source FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND b.name = 'latin'`, aliceID).Scan(&src); err != nil {
		t.Fatal(err)
	}
	if want := botsSource("posición “quoted”"); src != want {
		t.Errorf("stored:\n%q\nwant\n%q", src, want)
	}

	// A deadline passing while the page is open disables Submit, saying why.
	t.Cleanup(func() {
		if _, err := e.pool.Exec(context.Background(), "UPDATE games SET submission_deadline = NULL"); err != nil {
			t.Error(err)
		}
	})
	if _, err := e.pool.Exec(context.Background(), `UPDATE games SET submission_deadline = now() + interval '3 seconds' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	run("open the form before the deadline", chromedp.Navigate(e.srv.URL+"/games/orkisland/submit"), chromedp.WaitVisible(`.submit-form`))
	button := `document.querySelector('.submit-form button[type=submit]')`
	if got := eval(`String(` + button + `.disabled)`); got != "false" {
		t.Fatalf("Submit before the deadline: disabled=%s", got)
	}
	wait("Submit is disabled at the deadline", button+`.disabled && document.querySelector('.submit-locked')?.textContent.startsWith('Submissions closed on ')`)
}
