package templates

import (
	"context"
	"strings"
	"testing"

	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/i18n"
)

// The game page's rules come in the reader's language, saying in which
// languages they are written; rules not translated into it come in English
// with a note saying so.
func TestGameRulesInEachLanguage(t *testing.T) {
	render := func(lang, gameID string) string {
		t.Helper()
		d := GameData{ID: gameID, Title: "Apocalypse Now Redux", Players: 4, CPUBudget: "9s", Languages: []string{"Go", "C++"},
			Qualifier: "Dummy", Qual: GameQual{Matches: 4, Needs: 3}}
		d.RulesLangs, _ = games.RulesLangs(gameID)
		var err error
		if d.RulesHTML, d.RulesLang, err = games.RulesHTMLIn(gameID, lang); err != nil {
			t.Fatal(err)
		}
		if d.RulesLang != lang {
			d.RulesAsked = lang
		}
		var b strings.Builder
		if err := Game(Page{}, d).Render(i18n.WithLang(context.Background(), lang), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for lang, want := range map[string][]string{
		"en": {"These rules are written in:", "Four teams", `<strong lang="en">English</strong>`, `<div lang="en">`,
			`href="/games/apocalypse-redux?rules=ca#rules"`},
		"ca": {"Aquestes regles estan escrites en:", "Quatre equips", "paracaigudista", "helicòpter", "soldat", "post",
			`<strong lang="ca">Català</strong>`, `<div lang="ca">`, `href="/games/apocalypse-redux?rules=en#rules"`},
		"es": {"Estas reglas están escritas en:", "Cuatro equipos", "paracaidista", `<strong lang="es">Español</strong>`},
	} {
		ctx := i18n.WithLang(context.Background(), lang)
		html := render(lang, "apocalypse-redux")
		for _, w := range append(want, i18n.T(ctx, "site.game.howto")) {
			if !strings.Contains(html, w) {
				t.Errorf("%s: the game page lacks %q", lang, w)
			}
		}
		if lang != "en" && strings.Contains(html, "Four teams") {
			t.Errorf("%s: the rules are still in English", lang)
		}
		if strings.Contains(html, "rules-fallback") {
			t.Errorf("%s: translated rules noted as a fallback", lang)
		}
	}
}
