// Package browsertest starts a real headless Chromium for tests of Arena's
// pages, like httptest starts a server: one place that knows the flags this
// machine needs and how to fail when the browser is missing.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

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
