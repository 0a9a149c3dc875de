package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// TestAdminPagesInBrowser logs in as an admin in headless Chromium, opens
// every admin page, uploads a broken board and checks that nothing breaks
// the CSP (no inline script or style) and that the pages render. Set
// ARENA_SCREENSHOTS to a directory to keep a screenshot of each page.
func TestAdminPagesInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	admin, adminID := e.user(domain.RoleAdmin)
	_, bobID := e.user(domain.RoleStudent)
	e.user(domain.RoleStudent)
	e.newVersion(bobID, "Gandalf", domain.StatusRejected)
	e.newVersion(bobID, "Saruman", domain.StatusCompileError)
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 150, "qualification_matches": 6}'`); err != nil {
		t.Fatal(err)
	}
	board, err := os.ReadFile("../../shared/boards/orkisland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateBoard(ctx, e.pool, "orkisland", "default-70x70", board, map[string]int{"rows": 70, "cols": 70, "nb_rounds": 200}, adminID); err != nil {
		t.Fatal(err)
	}
	ins, err := e.jobs.Insert(ctx, judge.CompileArgs{VersionID: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A job that failed once, as a worker leaves it.
	if _, err := e.pool.Exec(ctx, `UPDATE river_job SET state = 'retryable', attempt = 1, attempted_at = now(),
		scheduled_at = now() + interval '30 seconds',
		errors = ARRAY[jsonb_build_object('at', now(), 'attempt', 1, 'error', 'compiling version 1: sandbox: signal: killed', 'trace', '')]
		WHERE id = $1`, ins.Job.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.jobs.Insert(ctx, judge.PingArgs{}, nil); err != nil {
		t.Fatal(err)
	}

	b := adminBrowser(t)
	run := b.Run
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(b.Ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}
	shot := func(name string) {
		t.Helper()
		b.Shot(name + ".png")
	}

	b.LogIn(e.srv.URL+"/login?next=/admin", admin, adminTestPassword, `.admin-tabs`)
	for _, p := range []struct{ name, path, wait string }{
		{"dashboard", "/admin", ".admin-stats"},
		{"users", "/admin/users", "table"},
		{"games", "/admin/games", ".admin-game"},
		{"bots", "/admin/bots", "table"},
		{"jobs", "/admin/jobs?state=retryable", ".admin-error"},
		{"settings", "/admin/settings", "input[name=invite_code]"},
	} {
		run("open "+p.path, chromedp.Navigate(e.srv.URL+p.path), chromedp.WaitVisible(p.wait))
		shot("admin-" + p.name)
	}

	// A refused board: the page comes back with the parser's message.
	bad := filepath.Join(t.TempDir(), "bad.cnf")
	os.WriteFile(bad, []byte("OrkIsland 1.0\nrows 9999\nGENERATOR1\n"), 0o644)
	run("upload a broken board", chromedp.Navigate(e.srv.URL+"/admin/games"),
		chromedp.SetUploadFiles(`#game-orkisland input[name=board]`, []string{bad}),
		chromedp.Click(`#game-orkisland .admin-upload button`), chromedp.WaitVisible(`.admin-board-error`))
	msg := text(`.admin-board-error`)
	if !strings.Contains(msg, "not a valid Ork Island board") && !strings.Contains(msg, "impossible settings") {
		t.Errorf("broken board message: %q", msg)
	}
	shot("admin-games-board-error")

	// Disabling a bot through its button: POST, redirect, flash.
	run("disable a bot", chromedp.Navigate(e.srv.URL+"/admin/bots"),
		chromedp.Click(`form[action$="/disable"] button`), chromedp.WaitVisible(`.flash`))
	msg = text(`.flash`)
	if !strings.Contains(msg, "disabled") {
		t.Errorf("flash after disabling a bot: %q", msg)
	}
	b.NoConsoleErrors()
}

// adminBrowser starts a headless Chromium for this test and returns its tab and the
// console problems seen so far.
func adminBrowser(t *testing.T) *browsertest.Tab {
	return browsertest.Open(t, 1280, 900, "status of 422")
}
