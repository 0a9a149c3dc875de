package editor

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"arena.dev/web/browsertest"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// csp is the policy of Arena's pages: no inline scripts, no inline styles.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'"

// The editor element and its shadow root, in the page.
const (
	jsHost   = `document.querySelector('.arena-editor')`
	jsShadow = jsHost + `.shadowRoot`
	jsCode   = `document.getElementById('code')`
)

// bot is the text in the textarea when the page is first served.
const bot = `package main

import (
	"fmt"
	"os"
)

// move picks the next move; a real bot would look at the board.
func move(turn int) string {
	if turn%2 == 0 {
		return "north"
	}
	return "east"
}

func main() {
	for turn := 0; turn < 3; turn++ {
		fmt.Fprintln(os.Stdout, move(turn), 42, true)
	}
}
`

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Submit a bot</title>
<link rel="stylesheet" href="/page.css">
<script src="/probe.js"></script>
<script type="module" src="/editor.js"></script>
<script type="module" src="/inspect.js"></script>
</head>
<body>
<main>
<h1>Submit a bot</h1>
<p class="lead">Paste or write your Go bot, or load a file.</p>
<form method="post" action="/submit">
<label for="code">main.go</label>
<textarea id="code" name="code" data-editor="go" rows="20" required>{{.Code}}</textarea>
<div class="row">
<button type="submit">Submit</button>
<input type="file" data-editor-file accept=".go">
</div>
</form>
{{if .Log}}<pre class="log">{{.Log}}</pre>{{end}}
<pre class="log">main.go:<a href="#code" data-goto-line="17">17</a>: imported and not used: "strings"</pre>
</main>
</body>
</html>
`))

// TestEditorInBrowser drives the editor in a real headless Chromium under
// the site's strict Content-Security-Policy.
func TestEditorInBrowser(t *testing.T) {
	var mu sync.Mutex
	var posted []string
	mux := http.NewServeMux()
	render := func(w http.ResponseWriter, code, log string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if log != "" {
			w.WriteHeader(http.StatusUnprocessableEntity)
		}
		page.Execute(w, struct{ Code, Log string }{code, log})
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { render(w, bot, "") })
	// The server rejects every submission and renders the form again with
	// the text it got, as the real submit page does on a compile error.
	mux.HandleFunc("POST /submit", func(w http.ResponseWriter, r *http.Request) {
		code := r.FormValue("code")
		mu.Lock()
		posted = append(posted, code)
		mu.Unlock()
		render(w, code, "rejected: compile error")
	})
	serveFiles(mux)
	srv := httptest.NewServer(withCSP(mux))
	defer srv.Close()

	ctx, problems := startBrowser(t)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	b := &browser{t: t, ctx: ctx, problems: problems}

	b.do("open the page", chromedp.Navigate(srv.URL+"/"))
	b.wait("the editor is shown", jsShadow+`?.querySelector('.cm-content') != null && `+jsCode+`.hasAttribute('data-editor-ready')`)
	b.wait("the inspection hook is loaded", `typeof window.editorText === 'function'`)

	// The editor shows the textarea's text, with line numbers, and the
	// textarea is out of sight.
	if got := b.eval(`editorText('code')`); got != bot {
		t.Errorf("editor text = %q, want the textarea's text %q", got, bot)
	}
	if got := b.eval(jsShadow + `.querySelector('.cm-lineNumbers')?.textContent.includes('21')`); got != "true" {
		t.Error("no line numbers up to 21 in the editor's gutter")
	}
	if got := b.eval(`(() => { const r = ` + jsCode + `.getBoundingClientRect(); return r.width <= 1 && r.height <= 1 })()`); got != "true" {
		t.Error("the textarea is still visible next to the editor")
	}

	// Highlighting: the lezer Go parser's tokens get the theme's colours,
	// which proves that CodeMirror's styles were applied despite the CSP.
	colours := map[string]string{
		"package":       "rgb(207, 34, 46)",   // keyword
		`"north"`:       "rgb(10, 48, 105)",   // string
		"42":            "rgb(5, 80, 174)",    // number
		"// move picks": "rgb(110, 119, 129)", // comment (the span starts so)
	}
	for text, want := range colours {
		// The parser may finish after the first paint: wait for it.
		b.waitValue("the colour of "+text, `(() => {
			for (const s of `+jsShadow+`.querySelectorAll('.cm-content span')) {
				if (s.textContent.startsWith(`+jsString(text)+`)) return getComputedStyle(s).color;
			}
			return 'no span';
		})()`, want)
	}
	if n := b.eval(jsShadow + `.querySelectorAll('.cm-content span[class]').length`); n == "0" {
		t.Error("no highlighting spans in the editor")
	}
	// The editor's own theme is applied too, from a constructed stylesheet:
	// no <style> element anywhere.
	if got := b.eval(`getComputedStyle(` + jsShadow + `.querySelector('.cm-editor')).borderTopLeftRadius`); got != "8px" {
		t.Errorf("editor border radius = %s, want 8px: the theme is not applied", got)
	}
	if got := b.eval(`document.querySelectorAll('style').length + ` + jsShadow + `.querySelectorAll('style').length`); got != "0" {
		t.Errorf("%s <style> elements in the page, want 0", got)
	}
	if got := b.eval(jsShadow + `.adoptedStyleSheets.length`); got == "0" {
		t.Error("the shadow root has no adopted stylesheets")
	}

	// Typing: click into the editor, go to the end and type a function. The
	// brace closes itself, Enter indents with a tab, and the textarea
	// follows every change.
	b.do("click into the editor", b.clickLine(1))
	b.wait("the editor has the focus", jsShadow+`.activeElement?.classList.contains('cm-content')`)
	b.do("type", chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		pressEnter(), chromedp.KeyEvent("func helper() {"), pressEnter(), chromedp.KeyEvent("return"))
	want := bot + "\nfunc helper() {\n\treturn\n}"
	b.waitValue("the textarea follows the typing", jsCode+`.value`, want)
	if got := b.eval(`editorText('code')`); got != want {
		t.Errorf("editor text after typing = %q, want %q", got, want)
	}

	// Undo takes the typing back, in the textarea too.
	for range 6 {
		b.do("undo", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	b.wait("undo restores the text", jsCode+`.value === `+jsString(bot))
	b.do("redo", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	b.wait("redo brings the typing back", jsCode+`.value.includes('func helper()')`)
	for range 6 {
		b.do("redo", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	b.wait("redo brings all the typing back", jsCode+`.value === `+jsString(want))

	// Search: Ctrl-F opens the search panel in the editor.
	b.do("open search", chromedp.KeyEvent("f", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	b.wait("the search panel is open", jsShadow+`.querySelector('.cm-search input[name=search]') != null`)
	b.do("search for turn", chromedp.KeyEvent("turn"), pressEnter())
	b.wait("the matches are marked", jsShadow+`.querySelectorAll('.cm-searchMatch').length >= 3`)
	b.settle()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "editor-search.png", shot)
	b.do("close search", chromedp.KeyEvent(kb.Escape))
	b.wait("the search panel is closed", jsShadow+`.querySelector('.cm-search') == null`)
	b.wait("the editor has the focus again", jsShadow+`.activeElement?.classList.contains('cm-content')`)

	// Tab indents, but Escape then Tab leaves the editor: the keyboard
	// never gets stuck in it.
	before := b.eval(jsCode + `.value`)
	b.do("Escape, Tab", chromedp.KeyEvent(kb.Escape), chromedp.KeyEvent(kb.Tab))
	b.wait("the submit button has the focus", `document.activeElement?.matches('button[type=submit]')`)
	if got := b.eval(jsCode + `.value`); got != before {
		t.Errorf("Escape, Tab changed the text to %q", got)
	}

	// A link from the compile log selects line 17.
	b.do("click the log's line link", chromedp.Click(`a[data-goto-line="17"]`))
	b.wait("line 17 is selected", `(() => { const s = editorSelection('code'); return s.line === 17 && s.text === s.lineText && s.text !== '' })()`)
	if got := b.eval(`location.hash`); got != "" {
		t.Errorf("the jump link navigated to %q; the editor should handle the click", got)
	}
	if got := b.eval(`editorSelection('code').text`); got != "\tfor turn := 0; turn < 3; turn++ {" {
		t.Errorf("selected line 17 = %q", got)
	}
	if got := b.eval(`document.activeElement === ` + jsHost + ` && ` + jsShadow + `.activeElement?.classList.contains('cm-content')`); got != "true" {
		t.Error("the editor does not have the focus after the jump")
	}
	// Setting data-editor-line jumps too, scrolling when the line is out of
	// sight.
	b.eval(jsCode + `.dataset.editorLine = '23'`)
	b.wait("line 23 is selected", `editorSelection('code').line === 23 && editorSelection('code').text === '\treturn'`)
	b.wait("the editor scrolled", jsShadow+`.querySelector('.cm-scroller').scrollTop > 0`)
	b.eval(jsCode + `.dataset.editorLine = '3'`)
	b.wait("line 3 is selected", `editorSelection('code').line === 3 && editorSelection('code').text === 'import ('`)

	b.settle()
	shot, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "editor.png", shot)

	// Submitting posts the edited text; the server's rejection renders the
	// form again, and the editor shows the text, nothing lost.
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(`button[type=submit]`))
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	if resp.Status != http.StatusUnprocessableEntity {
		t.Errorf("submit: status %d, want %d", resp.Status, http.StatusUnprocessableEntity)
	}
	b.wait("the rejected form is shown again", `document.querySelector('.log')?.textContent.includes('rejected') && `+
		jsCode+`?.hasAttribute('data-editor-ready') && typeof window.editorText === 'function'`)
	mu.Lock()
	got := append([]string(nil), posted...)
	mu.Unlock()
	// A form sends line breaks as CRLF.
	if len(got) != 1 || strings.ReplaceAll(got[0], "\r\n", "\n") != want {
		t.Errorf("posted %q, want one submission of %q", got, want)
	}
	if got := b.eval(`editorText('code')`); got != want {
		t.Errorf("editor text after the rejection = %q, want %q", got, want)
	}

	// Loading a file replaces the text in one step, which undo takes back.
	file := filepath.Join(t.TempDir(), "bot.go")
	loaded := "package main\n\nfunc main() {\n\tprintln(\"from a file\")\n}\n"
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(loaded, "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	b.do("choose a file", chromedp.SetUploadFiles(`input[data-editor-file]`, []string{file}))
	b.wait("the file is in the textarea", jsCode+`.value === `+jsString(loaded))
	if got := b.eval(`editorText('code')`); got != loaded {
		t.Errorf("editor text after loading a file = %q, want %q", got, loaded)
	}
	b.do("undo the load", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	b.wait("undo brings the text before the load back", jsCode+`.value === `+jsString(want))

	// A form reset puts the server's text back, in the editor too.
	b.do("click into the editor", b.clickLine(1))
	b.do("type", chromedp.KeyEvent("// scratch"))
	b.wait("the textarea follows", jsCode+`.value.includes('// scratch')`)
	b.eval(`document.querySelector('form').reset()`)
	b.waitValue("the editor is reset", `editorText('code')`, want)
	if got := b.eval(jsCode + `.value`); got != want {
		t.Errorf("textarea after reset = %q, want %q", got, want)
	}

	// The rejection's 422 is the one expected console error.
	b.noViolations("status of 422 (Unprocessable Entity) (" + srv.URL + "/submit)")
}

// TestCSPFinding probes how a page may style itself from script under
// style-src 'self' in Chromium, which README.md reports: a <style> element
// and the style attribute are blocked; constructed stylesheets
// (adoptedStyleSheets) and the CSSOM are allowed.
func TestCSPFinding(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><meta charset="utf-8"><title>probe</title>`+
			`<script src="/probe.js"></script><script src="/cspprobe.js" defer></script></head>`+
			`<body><p id="probe">probe</p></body></html>`)
	})
	serveFiles(mux)
	srv := httptest.NewServer(withCSP(mux))
	defer srv.Close()

	ctx, problems := startBrowser(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	b := &browser{t: t, ctx: ctx, problems: problems}
	b.do("open the probe", chromedp.Navigate(srv.URL+"/"))
	b.wait("the probe has run", `window.cspProbe != null`)

	want := map[string]bool{
		"styleElement":    false,
		"styleAttribute":  false,
		"adoptedDocument": true,
		"adoptedShadow":   true,
		"cssomProperty":   true,
		"cssomCssText":    true,
	}
	for name, allowed := range want {
		if got := b.eval(`cspProbe.` + name); got != fmt.Sprint(allowed) {
			t.Errorf("%s allowed under %q = %s, want %v", name, csp, got, allowed)
		}
	}
	// The two blocked ones are reported, and nothing else: which shows that
	// the violation report the editor test relies on works.
	b.wait("the violations are reported", `cspViolations.length >= 2`)
	got := b.eval(`cspViolations.map(v => v.split(' ')[0]).sort().join(' ')`)
	if got != "style-src-attr style-src-elem" {
		t.Errorf("violations reported: %s, want style-src-attr style-src-elem (%s)", got, b.eval(`cspViolations.join('; ')`))
	}
}

// serveFiles serves the bundle and the test page's files.
func serveFiles(mux *http.ServeMux) {
	file := func(name, path, ctype string) {
		mux.HandleFunc("GET /"+name, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			http.ServeFile(w, r, path)
		})
	}
	file("editor.js", "editor.js", "text/javascript; charset=utf-8")
	for _, name := range []string{"probe.js", "inspect.js", "cspprobe.js"} {
		file(name, filepath.Join("testdata", name), "text/javascript; charset=utf-8")
	}
	file("page.css", filepath.Join("testdata", "page.css"), "text/css; charset=utf-8")
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
}

func withCSP(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

type browser struct {
	t        *testing.T
	ctx      context.Context
	problems func() []string
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v\nconsole: %v", what, err, b.problems())
	}
}

func (b *browser) eval(expr string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`String(`+expr+`)`))
	if err != nil {
		b.t.Fatalf("%s: %v\nconsole: %v", expr, err, b.problems())
	}
	return v
}

func (b *browser) wait(what, expr string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		b.t.Fatalf("waiting until %s (%s): %v\nconsole: %v", what, expr, err, b.problems())
	}
}

// settle waits for two animation frames, in which the editor draws its
// selection and cursor.
func (b *browser) settle() {
	b.t.Helper()
	const frames = `new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`
	if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](frames, chromedp.EvalAwaitPromise)); err != nil {
		b.t.Fatalf("waiting for animation frames: %v", err)
	}
}

// waitValue waits until a string expression has a value, and reports the
// last value it had if it does not.
func (b *browser) waitValue(what, expr, want string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr+` === `+jsString(want), chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		b.t.Fatalf("waiting until %s: %v\n%s = %q\nwant %q\nconsole: %v", what, err, expr, b.eval(expr), want, b.problems())
	}
}

// pressEnter presses Enter as a browser does: one keydown that carries the
// text, so that the editor's handling of the keydown (preventDefault)
// stops the text. chromedp.KeyEvent sends the text in a separate char event,
// which Chromium then inserts too: a second line break that no user gets.
func pressEnter() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		key := input.DispatchKeyEventParams{Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13}
		down, up := key, key
		down.Type, down.Text, down.UnmodifiedText = input.DispatchKeyEventTypeKeyDown, "\r", "\r"
		up.Type = input.DispatchKeyEventTypeKeyUp
		for _, k := range []input.DispatchKeyEventParams{down, up} {
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k); err != nil {
				return err
			}
		}
		return nil
	})
}

// clickLine clicks with the mouse just after the text of a line that the
// editor shows, counted from 1.
func (b *browser) clickLine(n int) chromedp.Action[chromedp.Void] {
	b.t.Helper()
	var x, y float64
	pos := b.eval(`(() => {
		const r = ` + jsShadow + `.querySelectorAll('.cm-line')[` + fmt.Sprint(n-1) + `].getBoundingClientRect();
		return (r.left + r.width - 4) + ' ' + (r.top + r.height / 2);
	})()`)
	if _, err := fmt.Sscan(pos, &x, &y); err != nil {
		b.t.Fatalf("position of line %d: %q: %v", n, pos, err)
	}
	return chromedp.MouseClickXY(x, y)
}

// noViolations fails the test on any CSP violation or console error or
// warning, except the expected ones, which end with one of expected.
func (b *browser) noViolations(expected ...string) {
	b.t.Helper()
	if v := b.eval(`window.cspViolations.join('\n')`); v != "" {
		b.t.Errorf("CSP violations:\n%s", v)
	}
	for _, p := range b.problems() {
		if !slices.ContainsFunc(expected, func(e string) bool { return strings.HasSuffix(p, e) }) {
			b.t.Errorf("browser console: %s", p)
		}
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return "'" + r.Replace(s) + "'"
}

// startBrowser starts a fresh headless Chromium, and returns its tab and a
// function that lists the console's errors and warnings so far (a CSP
// violation is one).
func startBrowser(t *testing.T) (context.Context, func() []string) {
	ctx := browsertest.Start(t, 1100, 860)
	return ctx, browsertest.Console(ctx)
}
