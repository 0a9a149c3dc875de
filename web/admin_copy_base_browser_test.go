package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/store"
)

// The walk-through's copy check, in headless Chromium: a student's bot
// made only of starter code is indexed (empty, said on its row) instead
// of staying "not indexed yet"; the teacher adds their own sample as
// base code through the page's upload form, and the pair the two
// students built on it is no longer ranked.
func TestCopyCheckStarterOnlyInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	game := fake.SprintID
	if err := store.EnsureGame(ctx, e.pool, game, "Race (sprint)"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(context.Background(), "DELETE FROM copy_base_files WHERE game_id = $1", game) })
	startJudgeWorkers(t, e, judge.QueueDefault)
	adminName, _ := e.user(domain.RoleAdmin)
	_, aliceID := e.user(domain.RoleStudent)
	_, carolID := e.user(domain.RoleStudent)
	_, daveID := e.user(domain.RoleStudent)
	sample := copiesSource(t, "alice")
	e.checkedVersion(aliceID, game, "racer", sample)
	e.checkedVersion(carolID, game, "racer", copiesSource(t, "carol"))
	e.checkedVersion(daveID, game, "starter", "package main\n\nfunc main() {}\n")
	waitCopyChecks(t, e)

	file := filepath.Join(t.TempDir(), "sample.go")
	if err := os.WriteFile(file, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	b := adminBrowser(t)
	run := b.Run
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](`(document.querySelector('`+sel+`') || {}).textContent || ''`))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(s), " ")
	}
	list := "/admin/games/" + game + "/copies"
	b.LogIn(e.srv.URL+"/login?next="+list, adminName, adminTestPassword, `.admin-copy-base-upload`)
	if got := text(`#copy-empty`); !strings.Contains(got, "indexed empty: only base code") || !strings.Contains(got, "starter") {
		t.Errorf("the starter-only version is not listed as indexed empty: %q", got)
	}
	if got := text(`main`); strings.Contains(got, "not indexed yet") {
		t.Errorf("the page still says a version is not indexed yet")
	}
	if got := text(`table.admin-copies`); !strings.Contains(got, "100%") {
		t.Fatalf("the two students' pair is not ranked before the sample is base code: %q", got)
	}

	run("add the sample as base code", chromedp.SetUploadFiles(`.admin-copy-base-upload input[name=file]`, []string{file}),
		chromedp.Click(`.admin-copy-base-upload button[type=submit]`), chromedp.WaitVisible(`.flash`))
	if got := text(`.flash`); !strings.Contains(got, "Added as base code: sample.go") {
		t.Errorf("after the upload the page says %q", got)
	}
	waitCopyChecks(t, e)
	run("reload", chromedp.Navigate(e.srv.URL+list), chromedp.WaitVisible(`.admin-copy-base-upload`))
	if got := text(`main`); !strings.Contains(got, "sample.go") || strings.Contains(text(`table.admin-copies`), "100%") {
		t.Errorf("with the sample as base code, the pair built on it is still ranked or the file is not listed")
	}
	b.NoConsoleErrors()
}
