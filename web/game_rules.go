package web

import (
	"net/http"
	"slices"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/templates"
)

// gameRules sets d's rules: the game's rules page in the request's language
// (English when it is not translated into it: a note says so), or in the
// language ?rules=LANG asks for; with every language it is written in.
func gameRules(r *http.Request, gameID string, d *templates.GameData) {
	langs, err := games.RulesLangs(gameID)
	if err != nil {
		return
	}
	want := i18n.Lang(r.Context())
	if asked := r.URL.Query().Get("rules"); slices.Contains(langs, asked) {
		want = asked
	}
	d.RulesHTML, d.RulesLang, _ = games.RulesHTMLIn(gameID, want)
	d.RulesLangs = langs
	if d.RulesLang != want {
		d.RulesAsked = want
	}
}
