package templates

import (
	"context"
	"strings"
	"testing"

	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/i18n"
)

// The game page speaks the reader's language, the rules included; rules not
// translated into it come in English with a note saying so.
func TestGamePageInEachLanguage(t *testing.T) {
	render := func(lang, gameID string) string {
		t.Helper()
		d := GameData{ID: gameID, Title: "Apocalypse Now Redux", Players: 4, CPUBudget: "9s", Languages: []string{"Go", "C++"},
			Qualifier: "Dummy", HasKit: true, HasCppKit: true, Downloads: []string{"Dummy"},
			Qual: GameQual{Matches: 4, Needs: 3, Rows: []GameQualRow{{Seed: 1, Seat: 0}}, Command: "arena qualify x"}}
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
		"en": {"How to play", "Get started", "4 players · 9s of CPU per bot per match · bots in Go or C++",
			"against three Dummies and joins the ladder", "Four teams", "paste it or load the file"},
		"ca": {"Com es juga", "Per començar", "4 jugadors · 9s de CPU per bot i partida · bots en Go o C++",
			"contra 3 còpies del Dummy i entra al rànquing", "Quatre equips", "paracaigudista", "helicòpter", "soldat", "post",
			"enganxeu-lo o carregueu el fitxer", `<strong lang="ca">Català</strong>`},
		"es": {"Cómo se juega", "Para empezar", "4 jugadores · 9s de CPU por bot y partida · bots en Go o C++",
			"contra 3 copias del Dummy y entra en el ranking", "Cuatro equipos", "paracaidista", "pegadlo o cargad el fichero"},
	} {
		html := render(lang, "apocalypse-redux")
		for _, w := range want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: the game page lacks %q", lang, w)
			}
		}
		if lang != "en" {
			for _, english := range []string{"How to play", "Get started", "Four teams", "Settings", "Qualification", "players ·"} {
				if strings.Contains(html, english) {
					t.Errorf("%s: the game page still says %q", lang, english)
				}
			}
		}
		if strings.Contains(html, "rules-fallback") {
			t.Errorf("%s: translated rules noted as a fallback", lang)
		}
	}
}
