package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/copycheck/copytest"
	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// compiledVersion makes a version of a bot as a successful compile leaves
// it (a build recorded, not built) and returns its id.
func (e *adminEnv) compiledVersion(owner int64, game, bot, source string) int64 {
	e.t.Helper()
	ctx := context.Background()
	b, err := store.BotByName(ctx, e.pool, owner, game, bot)
	if err != nil {
		e.t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, b.ID, "go", source)
	if err == nil {
		err = store.SetCompiled(ctx, e.pool, v.ID, "", "not-built", "")
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return v.ID
}

// TestAdminCopyPairInBrowser opens, in headless Chromium, the pair page of
// Poquémon's strong test bot and a disguised copy of it (indexed by the
// copy check's River job): the two sources stand side by side, a fragment
// has one colour on both sides, and clicking it on one side marks it on
// both and scrolls the other source to it. Set ARENA_SCREENSHOTS to a
// directory to keep screenshots.
func TestAdminCopyPairInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	const game = "poquemon"
	if err := store.EnsureGame(ctx, e.pool, game, "Poquémon"); err != nil {
		t.Fatal(err)
	}
	strong, err := os.ReadFile("../games/poquemon/testdata/strong.go")
	if err != nil {
		t.Fatal(err)
	}
	disguised, err := copytest.DisguiseGo(strong, rand.New(rand.NewPCG(24, 24)))
	if err != nil {
		t.Fatal(err)
	}
	adminName, _ := e.user(domain.RoleAdmin)
	_, alice := e.user(domain.RoleStudent)
	_, bob := e.user(domain.RoleStudent)
	a := e.compiledVersion(alice, game, "original", string(strong))
	cp := e.compiledVersion(bob, game, "copy", string(disguised))
	startJudgeWorkers(t, e, judge.QueueDefault)
	for _, id := range []int64{a, cp} {
		if _, err := e.jobs.Insert(ctx, judge.CopyCheckArgs{VersionID: id}, nil); err != nil {
			t.Fatal(err)
		}
	}
	waitCopyChecks(t, e)
	if n := e.scalar("SELECT count(*) FROM copy_pairs WHERE a_version_id = $1 AND b_version_id = $2", a, cp); n != "1" {
		t.Fatalf("the copy check did not pair the bot and its copy (%s pairs)", n)
	}
	pair := fmt.Sprintf("/admin/copies/%d/%d", a, cp)

	b := adminBrowser(t)
	run := b.Run
	eval := func(what, expr string) int {
		t.Helper()
		v, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](expr))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	shot := func(name string) {
		t.Helper()
		dir := os.Getenv("ARENA_SCREENSHOTS")
		if dir == "" {
			return
		}
		png, err := chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// From the ranked pairs (all versions: these are on no ladder) to the pair.
	b.LogIn(e.srv.URL+"/login?next=/admin/games/"+game+"/copies%3Fmode%3Dall", adminName, adminTestPassword, `table.admin-copies`)
	shot("admin-copies")
	run("open the pair", chromedp.Click(`a[href="`+pair+`"]`), chromedp.WaitVisible(`.copy-code[data-side=b]`))

	sideBySide := `(() => {
		const [a, b] = [...document.querySelectorAll('.copy-side')].map(s => s.getBoundingClientRect());
		return a.width > 300 && b.width > 300 && a.right <= b.left && Math.abs(a.top - b.top) < 2 ? 1 : 0;
	})()`
	if eval("side by side", sideBySide) != 1 {
		t.Error("the two sources are not side by side")
	}
	// The fragment whose copy is furthest down b's source, out of its view.
	far := eval("choose a fragment", `(() => {
		const pane = document.querySelector('.copy-code[data-side=b]');
		let n = 0, top = -1;
		for (const line of pane.querySelectorAll('[id^="b-f"]')) {
			if (line.offsetTop > top) { top = line.offsetTop; n = +line.dataset.frag; }
		}
		return top > pane.scrollTop + pane.clientHeight ? n : 0;
	})()`)
	if far == 0 {
		t.Fatal("no fragment of the copy is out of view: nothing to scroll to")
	}
	sameColour := fmt.Sprintf(`(() => {
		const colour = (id) => getComputedStyle(document.getElementById(id)).backgroundColor;
		return colour('a-f%[1]d') === colour('b-f%[1]d') && colour('a-f%[1]d') !== 'rgba(0, 0, 0, 0)' ? 1 : 0;
	})()`, far)
	if eval("colours", sameColour) != 1 {
		t.Errorf("fragment %d has not one colour on both sides", far)
	}

	run("click the fragment on a's side", chromedp.Click(fmt.Sprintf(`#a-f%d code`, far)))
	marked := fmt.Sprintf(`(() => {
		const lines = [...document.querySelectorAll('.copy-line[data-frag="%[1]d"]')];
		const pane = document.querySelector('.copy-code[data-side=b]').getBoundingClientRect();
		const there = document.getElementById('b-f%[1]d').getBoundingClientRect();
		return lines.length > 1 && lines.every(l => l.classList.contains('marked')) &&
			document.querySelectorAll('.copy-line.marked').length === lines.length &&
			lines.some(l => l.closest('[data-side=a]')) && lines.some(l => l.closest('[data-side=b]')) &&
			there.top >= pane.top && there.bottom <= pane.bottom;
	})()`, far)
	if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](marked, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("after a click on fragment %d on a's side, its counterpart is not marked and in view on b's: %v", far, err)
	}
	shot("admin-copy-pair")
	b.NoConsoleErrors()
}
