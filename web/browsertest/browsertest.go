// Package browsertest starts a real headless Chromium for tests of Arena's
// pages, like httptest starts a server: one place that knows the flags this
// machine needs and how to fail when the browser is missing.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Start launches a fresh headless Chromium with a window of width×height
// and returns its tab, closed when the test ends. It fails, never skips,
// when Chromium is missing: the pages are part of the product and CI
// installs the browser.
func Start(t testing.TB, width, height int) context.Context {
	t.Helper()
	chromium := find(t)
	ctx, cancel := chromedp.NewExecAllocator(t.Context(),
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		// Without these, Chromium tries the network at every start; this
		// machine has none.
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	t.Cleanup(cancel)
	ctx, cancel = chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // starts the browser, outside any timeout
		t.Fatalf("starting %s: %v", chromium, err)
	}
	return ctx
}

func find(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Fatal("no Chromium found on PATH: this test needs a real headless Chromium; " +
		"install it with `apt-get install -y chromium` (Debian; .ci/run does) and run the tests again")
	return ""
}

// Console collects the tab's console errors, warnings and uncaught
// exceptions (a CSP violation is one), except messages containing one of
// ignore, and returns a function listing those seen so far.
func Console(ctx context.Context, ignore ...string) func() []string {
	var mu sync.Mutex
	var got []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type != chromedp.ConsoleError && m.Type != chromedp.ConsoleWarning && !m.IsException() {
				continue
			}
			text := m.String()
			skip := false
			for _, s := range ignore {
				skip = skip || strings.Contains(text, s)
			}
			if !skip {
				mu.Lock()
				got = append(got, text+" ("+m.URL+")")
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

// SaveScreenshot writes png to $ARENA_SCREENSHOTS when set, else to a
// temporary directory, and logs where.
func SaveScreenshot(t testing.TB, name string, png []byte) {
	t.Helper()
	dir := os.Getenv("ARENA_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// Tab is a test's browser tab with the steps tests take in it: each
// fails the test, saying what it was doing and what the console said,
// when it does not work out.
type Tab struct {
	Ctx     context.Context // the tab, for chromedp calls of a test's own
	t       testing.TB
	console func() []string
	// Timeout bounds each Run; 30 s unless changed.
	Timeout time.Duration
}

// Open starts a fresh Chromium with a window of width×height (Start) and
// collects its console's errors but those containing one of ignore
// (Console).
func Open(t testing.TB, width, height int, ignore ...string) *Tab {
	t.Helper()
	ctx := Start(t, width, height)
	return &Tab{Ctx: ctx, t: t, console: Console(ctx, ignore...), Timeout: 30 * time.Second}
}

// Console lists the console errors seen so far.
func (b *Tab) Console() []string { return b.console() }

// NoConsoleErrors fails the test if the console had an error (a CSP
// violation is one).
func (b *Tab) NoConsoleErrors() {
	b.t.Helper()
	if errs := b.console(); len(errs) > 0 {
		b.t.Errorf("console errors (a CSP violation is one):\n%s", strings.Join(errs, "\n"))
	}
}

// Run does actions, within Timeout.
func (b *Tab) Run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	c, cancel := context.WithTimeout(b.Ctx, b.Timeout)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		b.t.Fatalf("%s: %v\nconsole: %v", what, err, b.console())
	}
}

// Visit opens url and waits until ready (a selector) is visible and the
// page's stylesheets apply.
func (b *Tab) Visit(what, url, ready string) {
	b.t.Helper()
	b.Run(what, chromedp.Navigate(url), chromedp.WaitVisible(ready))
	b.WaitStyled()
}

// LogIn logs in as name on the log-in page at url (with its ?next=, say)
// and waits until ready is visible where it lands, styled.
func (b *Tab) LogIn(url, name, password, ready string) {
	b.t.Helper()
	b.Run("log in as "+name, chromedp.Navigate(url), chromedp.WaitVisible(`input[name=name]`),
		chromedp.SendKeys(`input[name=name]`, name), chromedp.SendKeys(`input[name=password]`, password),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(ready))
	b.WaitStyled()
}

// Eval returns the value of the JavaScript expression expr as a string.
func (b *Tab) Eval(expr string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string]("String(\n"+expr+"\n)"))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return s
}

// EvalJSON reads into v the JSON string expr gives.
func (b *Tab) EvalJSON(expr string, v any) {
	b.t.Helper()
	if err := json.Unmarshal([]byte(b.Eval(expr)), v); err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
}

// Do runs the JavaScript expr (a promise is awaited) for its effect.
func (b *Tab) Do(what, expr string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.Ctx, chromedp.Evaluate[any](expr, chromedp.EvalAwaitPromise)); err != nil {
		b.t.Fatalf("%s: %v\nconsole: %v", what, err, b.console())
	}
}

// Text is the text of the first element matching the CSS selector sel,
// "" when there is none.
func (b *Tab) Text(sel string) string {
	b.t.Helper()
	q, _ := json.Marshal(sel)
	return b.Eval(fmt.Sprintf(`document.querySelector(%s)?.textContent ?? ''`, q))
}

// Wait polls until the JavaScript expression expr is true, at most within.
func (b *Tab) Wait(what, expr string, within time.Duration) {
	b.t.Helper()
	if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(within),
		chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		page, _ := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`document.querySelector('main')?.innerText.slice(0, 1500) ?? ''`))
		b.t.Fatalf("waiting until %s: %v\npage: %s\nconsole: %v", what, err, page, b.console())
	}
}

// styledJS is true once the page has loaded and every stylesheet it links
// applies: measuring a page before would measure it unstyled.
const styledJS = `document.readyState === 'complete' &&
  [...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet !== null && l.sheet.cssRules.length > 0)`

// WaitStyled waits until the page's stylesheets apply.
func (b *Tab) WaitStyled() {
	b.t.Helper()
	b.Wait("the page's stylesheets apply", styledJS, 10*time.Second)
}

// Shot saves a screenshot of the whole page as name (SaveScreenshot).
func (b *Tab) Shot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	SaveScreenshot(b.t, name, png)
}

// overflowJS lists what sticks out of a screen W px wide: the document's
// width, and each element whose box passes the screen's edges without an
// ancestor (other than the page itself) that scrolls or clips it inside
// the screen. A table in a scrolling card passes; a table that pushes the
// page wider, or is cut off, does not. Inside shadow roots too.
const overflowJS = `(() => {
  const W = %d;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '') +
    (el.childElementCount === 0 ? ' "' + el.textContent.trim().slice(0, 40) + '"' : '');
  const held = (el) => {
    // A table's columns must stay reachable: scrolled, never clipped.
    const ways = el.closest('table') ? ['auto', 'scroll'] : ['auto', 'scroll', 'hidden', 'clip'];
    for (let p = el.parentElement ?? el.getRootNode().host; p && p !== document.body && p !== document.documentElement;
         p = p.parentElement ?? p.getRootNode().host) {
      if (ways.includes(getComputedStyle(p).overflowX)) {
        const r = p.getBoundingClientRect();
        return r.left >= -1 && r.right <= W + 1;
      }
    }
    return false;
  };
  const bad = [];
  const check = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) check(el.shadowRoot);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if ((r.right > W + 1 || r.left < -1) && !held(el)) bad.push(name(el) + ' [' + Math.round(r.left) + ', ' + Math.round(r.right) + ']');
    }
  };
  check(document.body);
  return JSON.stringify({width: document.documentElement.scrollWidth, bad: bad.slice(0, 12)});
})()`

// Fits fails the test if the page, once styled, is wider than width px
// or has something sticking out of it (a table that scrolls within its
// card is fine), naming what.
func (b *Tab) Fits(page string, width int) {
	b.t.Helper()
	b.WaitStyled()
	var got struct {
		Width int
		Bad   []string
	}
	b.EvalJSON(fmt.Sprintf(overflowJS, width), &got)
	if got.Width > width || len(got.Bad) > 0 {
		b.t.Errorf("%s at %d px: the document is %d px wide; sticking out:\n  %s", page, width, got.Width, strings.Join(got.Bad, "\n  "))
	}
}
