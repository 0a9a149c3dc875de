package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/downloads"
	"arena.dev/web/browsertest"
)

// The walk-through's first download, in headless Chromium: while the
// server builds the arena tool the downloads page says so for every
// system, with an estimate, and the game page says it is not ready; once
// the Linux build is done the open downloads page shows it ready by
// itself, without a reload, and its link downloads.
func TestDownloadsBeingBuiltInBrowser(t *testing.T) {
	e := newPagesEnv(t)
	builder, release := gatedBuilder(t)
	e.s.Downloads = builder
	// The game page shows a recent match of the shared test database,
	// whose replay other tests may have deleted (410) on purpose.
	b := browsertest.Open(t, 1280, 900, "status of 410")
	run, eval := b.Run, b.Eval
	run("the game page", chromedp.Navigate(e.srv.URL+"/games/orkisland"), chromedp.WaitVisible(`#arena-tool`))
	if got := eval(`document.querySelector('#arena-tool').textContent`); !strings.Contains(got, "Not ready yet") || !strings.Contains(got, "ready in about") {
		t.Errorf("the game page's arena tool card says %q", strings.Join(strings.Fields(got), " "))
	}
	run("the downloads page", chromedp.Navigate(e.srv.URL+"/downloads"), chromedp.WaitVisible(`#downloads-table`))
	if n := eval(`[...document.querySelectorAll('.download-state')].filter(s => /ready in about \d+ (s|min)/.test(s.textContent)).length`); n != "6" {
		t.Fatalf("%s of %d downloads say they are being built, with an estimate", n, len(downloads.Targets))
	}
	// A mark on the page: it is not reloaded, only its table replaced.
	run("mark the page", chromedp.Evaluate[chromedp.Void](`window.stayed = 1`))

	release()
	linux := `document.querySelector('#downloads-table a[href="/downloads/arena/linux/amd64"]')`
	ready := `(() => { const a = ` + linux + `; return !!a && !a.closest('td').querySelector('.download-state') && window.stayed === 1; })()`
	if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](ready, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		t.Fatalf("the open downloads page does not show the Linux build ready by itself: %v", err)
	}
	href := eval(linux + `.href`)
	status := eval(`(() => { const x = new XMLHttpRequest(); x.open('GET', '` + href + `', false); x.send(); return x.status; })()`)
	if status != "200" {
		t.Errorf("the Linux download answers %s once shown ready", status)
	}
	b.NoConsoleErrors()
}
