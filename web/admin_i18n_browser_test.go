package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/web/browsertest"
)

// TestAdminPagesInCatalanAndSpanish runs the admin pages in headless
// Chromium on a phone's screen, in Catalan and then in Spanish, chosen
// with the footer's language switch: on the games and bots pages the
// headings, the ladder pace form, the menu and a flash speak the language
// and none of the English is left; every admin page still fits the screen
// with the longer words (nothing wider than the page; tables scroll within
// their cards). Set
// ARENA_SCREENSHOTS to keep a screenshot of each page.
func TestAdminPagesInCatalanAndSpanish(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	bob, bobID := e.user(domain.RoleStudent)
	e.newVersion(bobID, "Gothmog_the_Lieutenant", domain.StatusRejected)
	e.newVersion(bobID, "Saruman", domain.StatusCompileError)

	bctx := browsertest.Start(t, phoneWidth, phoneHeight)
	consoleErrors := browsertest.Console(bctx, "status of 422")
	run := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(bctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, consoleErrors())
		}
	}
	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return s
	}
	fits := func(page string) {
		t.Helper()
		var got struct {
			Width int
			Bad   []string
		}
		if err := json.Unmarshal([]byte(eval(fmt.Sprintf(overflowJS, phoneWidth))), &got); err != nil {
			t.Fatal(err)
		}
		if got.Width > phoneWidth || len(got.Bad) > 0 {
			t.Errorf("%s: wider than the phone (%d px > %d): %v", page, got.Width, phoneWidth, got.Bad)
		}
		png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		browsertest.SaveScreenshot(t, "admin-phone-"+strings.NewReplacer(" /", "-", "/", "-").Replace(page)+".png", png)
	}

	run("log in", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(e.srv.URL+"/login?next=/admin/games"),
		chromedp.SendKeys(`input[name=name]`, admin), chromedp.SendKeys(`input[name=password]`, adminTestPassword),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`.admin-tabs`))
	if h := eval(`document.querySelector('h1').textContent`); h != "Games" {
		t.Fatalf("before any choice the page is not English: h1 %q", h)
	}
	fits("en /admin/games")

	for _, c := range []struct {
		lang                    string
		games, pace, tab, bots  string
		disabled, disableButton string
		english                 []string // words of the English page that must be gone
	}{
		{lang: "ca", games: "Jocs", pace: "Ritme de la classificació", tab: "Detecció de còpies", bots: "Bots",
			disabled: "està desactivat: ha sortit de la classificació", disableButton: "Desactiva",
			english: []string{"Ladder pace", "Default settings", "Submission deadline", "Copy check", "Save pace"}},
		{lang: "es", games: "Juegos", pace: "Ritmo de la clasificación", tab: "Detección de copias", bots: "Bots",
			disabled: "está desactivado: ha salido de la clasificación", disableButton: "Desactivar",
			english: []string{"Ladder pace", "Default settings", "Submission deadline", "Copy check", "Save pace", "Jocs"}},
	} {
		run(c.lang+": the footer's switch", chromedp.Navigate(e.srv.URL+"/admin/games"), chromedp.WaitVisible(`.admin-game`),
			chromedp.Click(`form.language-switch button[value=`+c.lang+`]`),
			chromedp.WaitVisible(`form.language-switch button[value=`+c.lang+`][disabled]`))
		if got := eval(`document.querySelector('h1').textContent`); got != c.games {
			t.Errorf("%s: games page h1 %q, want %q", c.lang, got, c.games)
		}
		if got := eval(`document.querySelector('#game-orkisland .admin-pace h3').textContent`); got != c.pace {
			t.Errorf("%s: pace form titled %q, want %q", c.lang, got, c.pace)
		}
		if got := eval(`document.querySelector('.admin-tabs a[href="/admin/copies"]').textContent`); got != c.tab {
			t.Errorf("%s: copy check tab %q, want %q", c.lang, got, c.tab)
		}
		page := eval(`document.querySelector('main').innerText`)
		for _, w := range c.english {
			if strings.Contains(page, w) {
				t.Errorf("%s: the games page still says %q", c.lang, w)
			}
		}
		fits(c.lang + " /admin/games")

		// A change's flash in the language: disable Bob's first bot (his
		// alone on the page: other tests' bots share the database).
		run(c.lang+": disable a bot", chromedp.Navigate(e.srv.URL+"/admin/bots?q="+bob), chromedp.WaitVisible(`table`))
		if got := eval(`document.querySelector('form[action$="/disable"] button').textContent`); got != c.disableButton {
			t.Errorf("%s: disable button %q, want %q", c.lang, got, c.disableButton)
		}
		fits(c.lang + " /admin/bots")
		run(c.lang+": disable", chromedp.Click(`form[action$="/disable"] button`), chromedp.WaitVisible(`.flash`))
		if got := eval(`document.querySelector('.flash').textContent`); !strings.Contains(got, c.disabled) {
			t.Errorf("%s: flash %q, want it to say %q", c.lang, got, c.disabled)
		}
		// Enable it again for the next language.
		run(c.lang+": enable", chromedp.Click(`form[action$="/enable"] button`), chromedp.WaitNotPresent(`form[action$="/enable"]`))

		// Every other admin page fits the phone in the longer words too.
		for _, p := range []struct{ path, wait string }{
			{"/admin", ".admin-stats"}, {"/admin/users", ".admin-search"}, {"/admin/jobs", ".admin-states"},
			{"/admin/tournaments/new", ".tournament-form"}, {"/admin/grades", ".admin-grades"},
			{"/admin/copies", ".admin-copy-games"}, {"/admin/games/orkisland/copies", ".admin-copy-filter"},
			{"/admin/storage", ".retention-form"}, {"/admin/settings", "input[name=invite_code]"},
		} {
			run(c.lang+": "+p.path, chromedp.Navigate(e.srv.URL+p.path), chromedp.WaitVisible(p.wait))
			fits(c.lang + " " + p.path)
		}
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
