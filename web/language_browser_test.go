package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/web/browsertest"
)

// TestLanguagesOnAPhone: in headless Chromium at a phone's 390×844, a
// visitor switches the site to Catalan, then Spanish, with the footer's
// switch (the choice holds from page to page); a student's pages read in
// each language, with <html lang> set, and nothing sticks out of the
// screen though Catalan and Spanish words are longer. Then the student
// chooses Spanish on the account page, which the database keeps.
func TestLanguagesOnAPhone(t *testing.T) {
	e := newPagesEnv(t)
	name, owner := e.user(domain.RoleStudent)
	_, other := e.user(domain.RoleStudent)
	var versions [4]int64
	for i, bot := range []string{"Gothmog_the_Lieutenant", "Azog", "Bolg_son_of_Azog", "Grishnakh"} {
		o := other
		if i == 1 {
			o = owner
		}
		_, versions[i] = e.rankedBot(o, "orkisland", bot, 30-1.5*float64(i), 1.4)
	}
	match := e.playedMatch("orkisland", domain.KindLadder, versions, [4]int64{3017, 2040, 1500, 90}, false)

	// The game page shows the latest ladder match of the shared test
	// database, whose replay another test may have deleted (410): not ours.
	b := browsertest.Open(t, phoneWidth, phoneHeight, "status of 410")
	run, eval := b.Run, b.Eval
	// check says the page is in lang, shows want, and fits the screen.
	check := func(page, lang, want string) {
		t.Helper()
		if got := eval(`document.documentElement.lang`); got != lang {
			t.Errorf("%s: <html lang=%q>, want %q", page, got, lang)
		}
		if text := eval(`document.body.innerText`); !strings.Contains(text, want) {
			t.Errorf("%s in %s: %q not on the page", page, lang, want)
		}
		b.Fits(page+" in "+lang, phoneWidth)
		b.Shot("lang-" + lang + "-" + strings.ReplaceAll(page, " ", "-") + ".png")
	}

	run("visitor home", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(e.srv.URL+"/games/orkisland/leaderboard"), chromedp.WaitVisible(`.language-switch`))
	check("visitor leaderboard", "en", "Leaderboard")
	run("switch to Catalan", chromedp.Click(`.language-switch button[value="ca"]`), chromedp.WaitVisible(`html[lang="ca"] .board`))
	if path := eval(`location.pathname`); path != "/games/orkisland/leaderboard" {
		t.Errorf("the switch came back to %s, not the leaderboard", path)
	}
	check("visitor leaderboard", "ca", "Classificació de Ork Island")
	run("visitor home", chromedp.Navigate(e.srv.URL+"/"), chromedp.WaitVisible(`.game-card`))
	check("visitor home", "ca", "Darreres partides")

	b.LogIn(e.srv.URL+"/login", name, pagesPassword, `.hero`)
	pages := []struct{ name, path, wait, ca, es string }{
		{"home", "/", ".game-card", "Els meus bots", "Mis bots"},
		{"game", "/games/orkisland", ".game-qualification", "Classificació prèvia", "Fase de clasificación"},
		{"leaderboard", "/games/orkisland/leaderboard", "tr.mine", "Ordenada per μ − 3σ", "Ordenada por μ − 3σ"},
		{"match", fmt.Sprintf("/matches/%d", match), ".seats", "Llavor", "Semilla"},
		{"my bots", "/bots", ".my-game", "Envia una versió nova", "Enviar una versión nueva"},
		{"account", "/account", "#language", "Canvia la contrasenya", "Cambiar la contraseña"},
	}
	for _, lang := range []string{"ca", "es"} {
		if lang == "es" {
			run("switch to Spanish", chromedp.Click(`.language-switch button[value="es"]`), chromedp.WaitVisible(`html[lang="es"] #language`))
		}
		for _, p := range pages {
			b.Visit(p.name, e.srv.URL+p.path, p.wait)
			want := p.ca
			if lang == "es" {
				want = p.es
			}
			check(p.name, lang, want)
		}
	}

	// The account's choice: kept in the database, said in its language.
	run("choose Catalan on the account page", chromedp.Navigate(e.srv.URL+"/account"), chromedp.WaitVisible(`#language select`),
		chromedp.SetValue(`#language select`, "ca"), chromedp.Click(`#language button[type=submit]`),
		chromedp.WaitVisible(`html[lang="ca"] .flash`))
	check("account", "ca", "S'ha desat l'idioma.")
	var lang string
	if err := e.pool.QueryRow(context.Background(), "SELECT language FROM users WHERE id = $1", owner).Scan(&lang); err != nil || lang != "ca" {
		t.Errorf("users.language = %q, %v; want ca", lang, err)
	}
	b.NoConsoleErrors()
}
