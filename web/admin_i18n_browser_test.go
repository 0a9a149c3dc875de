package web_test

import (
	"strings"
	"testing"

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

	b := browsertest.Open(t, phoneWidth, phoneHeight, "status of 422")
	eval := b.Eval
	fits := func(page string) {
		t.Helper()
		b.Fits(page, phoneWidth)
		b.Shot("admin-phone-" + strings.NewReplacer(" /", "-", "/", "-").Replace(page) + ".png")
	}

	b.Run("emulate a phone", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateTouch))
	b.LogIn(e.srv.URL+"/login?next=/admin/games", admin, adminTestPassword, `.admin-tabs`)
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
		b.Run(c.lang+": the footer's switch", chromedp.Navigate(e.srv.URL+"/admin/games"), chromedp.WaitVisible(`.admin-game`),
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
		b.Visit(c.lang+": disable a bot", e.srv.URL+"/admin/bots?q="+bob, `table`)
		if got := eval(`document.querySelector('form[action$="/disable"] button').textContent`); got != c.disableButton {
			t.Errorf("%s: disable button %q, want %q", c.lang, got, c.disableButton)
		}
		fits(c.lang + " /admin/bots")
		b.Run(c.lang+": disable", chromedp.Click(`form[action$="/disable"] button`), chromedp.WaitVisible(`.flash`))
		if got := eval(`document.querySelector('.flash').textContent`); !strings.Contains(got, c.disabled) {
			t.Errorf("%s: flash %q, want it to say %q", c.lang, got, c.disabled)
		}
		// Enable it again for the next language.
		b.Run(c.lang+": enable", chromedp.Click(`form[action$="/enable"] button`), chromedp.WaitNotPresent(`form[action$="/enable"]`))

		// Every other admin page fits the phone in the longer words too.
		for _, p := range []struct{ path, wait string }{
			{"/admin", ".admin-stats"}, {"/admin/users", ".admin-search"}, {"/admin/jobs", ".admin-states"},
			{"/admin/tournaments/new", ".tournament-form"}, {"/admin/grades", ".admin-grades"},
			{"/admin/copies", ".admin-copy-games"}, {"/admin/games/orkisland/copies", ".admin-copy-filter"},
			{"/admin/storage", ".retention-form"}, {"/admin/settings", "input[name=invite_code]"},
		} {
			b.Visit(c.lang+": "+p.path, e.srv.URL+p.path, p.wait)
			fits(c.lang + " " + p.path)
		}
	}
	b.NoConsoleErrors()
}
