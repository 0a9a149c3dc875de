package web_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// cppGood and cppBroken are Race players in C++; cppBroken's error is on
// line 6, column 5.
const (
	cppGood = `#include "Player.hh"
#define PLAYER_NAME Steady
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    step(max_step() - 1);
  }
};
RegisterPlayer(PLAYER_NAME);
`
	cppBroken = `#include "Player.hh"
#define PLAYER_NAME Broken
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    stepp(1);
  }
};
RegisterPlayer(PLAYER_NAME);
`
)

// TestCppInBrowser is a student writing C++, in headless Chromium against
// the web app and real judge workers (River, the sandbox, clang++ for
// wasm32-wasi) on Race, the framework's game that takes Go and C++: the
// language select swaps the editor's mode and starter, loading an AI*.cc
// file selects C++, the C++ bot is submitted and seen compiled; then a
// broken version comes back as a compile error whose bot.cc:LINE:COL
// selects that line in the editor.
func TestCppInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++ bots in the sandbox")
	}
	pool := pgtest.Pool(t)
	ctx := context.Background()
	for id, title := range map[string]string{fake.ID: "Race", fake.SprintID: "Race (sprint)"} {
		if err := store.EnsureGame(ctx, pool, id, title); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := judge.NewWorkingClient(pool, judge.Config{Queues: []string{judge.QueueCompile, judge.QueueMatch},
		MaxWorkers: 4, LadderEvery: -1,
		// Shared with the other tests that compile bots: warm build caches.
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		jobs.Stop(sctx)
	})
	srv := httptest.NewServer((&web.Server{Pool: pool, Jobs: jobs}).Handler())
	t.Cleanup(srv.Close)
	e := &botsEnv{t: t, srv: srv, pool: pool}
	_, name, _ := e.user(domain.RoleStudent)

	b := botsBrowser(t)
	run, eval, shot, wait := b.Run, b.Eval, b.Shot, b.Wait
	jsString := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	const (
		editorReady = `document.getElementById('source')?.hasAttribute('data-editor-ready')`
		source      = `document.getElementById('source')`
		selectLang  = `document.querySelector('select[name=language]')`
		fileLabel   = `document.querySelector('label[data-editor-file-label]')?.textContent`
	)
	choose := func(id string) {
		t.Helper()
		eval(`(` + selectLang + `.value = '` + id + `', ` + selectLang + `.dispatchEvent(new Event('change', {bubbles: true})))`)
	}
	goStarter, _ := games.KitTemplate(fake.ID)
	cppStarter, _ := games.CppBotProgram(fake.ID, "Null")

	b.LogIn(srv.URL+"/login?next=/games/"+fake.ID+"/submit", name, botsPassword, `.submit-form`)
	wait("the editor is up", editorReady, 10*time.Second)
	if got := eval(source + `.dataset.editor + ' ' + ` + selectLang + `.value`); got != "go go" {
		t.Fatalf("a new bot starts in %q, want Go", got)
	}

	// The select: C++ brings its starter (the editor held Go's, untouched),
	// the C++ mode and bot.cc; back to Go brings Go's.
	choose("cpp")
	wait("the editor holds the C++ starter", source+`.value === `+jsString(string(cppStarter))+` && `+source+`.dataset.editor === 'cpp'`, 5*time.Second)
	if got := eval(fileLabel); got != "bot.cc" {
		t.Errorf("the editor's label says %q, want bot.cc", got)
	}
	// C++ is highlighted: "struct" in the keyword colour.
	const structColour = `(() => {
		const root = document.querySelector('.arena-editor').shadowRoot;
		const s = [...root.querySelectorAll('.cm-content span')].find(e => e.textContent === 'struct');
		return s ? getComputedStyle(s).color : 'no struct token';
	})()`
	wait("struct is highlighted as a keyword", structColour+` === 'rgb(207, 34, 46)'`, 5*time.Second)
	if got := eval(`document.querySelector('.start-from a.selected')?.dataset.editorStarterLink`); got != "cpp" {
		t.Errorf("the selected starter link is %q, want cpp's", got)
	}
	shot("cpp-submit-starter.png")
	choose("go")
	wait("the editor holds the Go starter again", source+`.value === `+jsString(string(goStarter))+` && `+source+`.dataset.editor === 'go'`, 5*time.Second)

	// Loading AISteady.cc puts it in the editor and selects C++.
	file := filepath.Join(t.TempDir(), "AISteady.cc")
	if err := os.WriteFile(file, []byte(cppGood), 0o644); err != nil {
		t.Fatal(err)
	}
	run("load AISteady.cc", chromedp.SetUploadFiles(`input[data-editor-file]`, []string{file}))
	wait("the file is in the editor, in C++", source+`.value === `+jsString(cppGood)+` && `+selectLang+`.value === 'cpp' && `+
		source+`.dataset.editor === 'cpp'`, 5*time.Second)
	if got := eval(fileLabel); got != "bot.cc" {
		t.Errorf("the editor's label says %q, want bot.cc", got)
	}

	// Submitted, it compiles: the version page follows it past compiling.
	began := time.Now()
	run("submit", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	if got := eval(`document.querySelector('.version-language')?.textContent`); got != "C++" {
		t.Errorf("the version page says the language is %q", got)
	}
	badge := `document.querySelector('.version-head .live-status .badge')`
	wait("the version is compiled", `['qualifying', 'accepted', 'rejected'].some(c => `+badge+`?.classList.contains(c))`, 3*time.Minute)
	t.Logf("compiled and %s after %v", eval(badge+`.textContent.trim()`), time.Since(began).Round(time.Millisecond))
	// The progress follows the badge (the live part is fetched again).
	wait("the progress says compiled", `document.querySelectorAll('#version-live .steps .step.done').length >= 2`, 10*time.Second)
	wait("the source is shown in the C++ editor", editorReady+` && `+source+`.dataset.editor === 'cpp'`, 5*time.Second)
	shot("cpp-version-compiled.png")

	// A new version starts from this one, in C++; broken, it comes back
	// with its error on bot.cc's line 6, and the position is a link to it.
	run("follow 'Submit a new version'", chromedp.Click(`.version-head a.button`), chromedp.WaitVisible(`.submit-form`))
	wait("the editor holds the C++ version", editorReady+` && `+source+`.value === `+jsString(cppGood)+` && `+
		source+`.dataset.editor === 'cpp' && `+selectLang+`.value === 'cpp'`, 10*time.Second)
	setText := `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: ` + jsString(cppBroken) + `}});
		return true;
	})`
	b.Do("setText", setText)
	run("submit the broken version", chromedp.Click(`.submit-form button[type=submit]`), chromedp.WaitVisible(`.version-page`))
	wait("the version has a compile error", badge+`?.classList.contains('compile_error') === true`, 3*time.Minute)
	link := `document.querySelector('#version-live a[data-goto-line="6"]')`
	wait("the compile log links bot.cc:6", link+`?.textContent.startsWith('bot.cc:6:') === true`, 10*time.Second)
	t.Logf("compile log: %s", eval(`document.querySelector('.compile-log').textContent.trim()`))
	if _, err := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](`(`+link+`.click(), true)`)); err != nil {
		t.Fatal(err)
	}
	const selectedLine = `import('/static/editor/editor.js').then(m => {
		const v = m.editorFor(document.getElementById('source'));
		return v.state.doc.lineAt(v.state.selection.main.head).number;
	})`
	line, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](selectedLine, chromedp.EvalAwaitPromise))
	if err != nil || line != 6 {
		t.Fatalf("the log link selected line %d (%v), want 6", line, err)
	}
	if got := eval(`document.querySelector('.arena-editor').shadowRoot.querySelector('.cm-activeLine')?.textContent`); !strings.Contains(got, "stepp(1);") {
		t.Errorf("the selected line reads %q", got)
	}
	eval(`window.scrollTo(0, 0)`) // the sticky header would land mid-screenshot
	shot("cpp-version-compile-error.png")

	b.NoConsoleErrors()
}
