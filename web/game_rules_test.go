package web_test

import (
	"io"
	"net/http"
	"testing"
)

// The game page shows the rules in the language ?rules= asks for and lists
// the languages they are written in, each a link but the one shown.
func TestGameRulesLanguages(t *testing.T) {
	e := newPagesEnv(t)
	visitor := e.login("")
	code, body, _ := e.get(visitor, "/games/orkisland")
	if code != 200 {
		t.Fatalf("game page: %d", code)
	}
	mustContain(t, "English rules", body, "<h3>Fights</h3>", `<div lang="en">`, `<strong lang="en">English</strong>`,
		`href="/games/orkisland?rules=ca#rules"`, `href="/games/orkisland?rules=es#rules"`)
	mustNotContain(t, "English rules", body, "<h3>Combats</h3>", "rules-fallback")

	_, body, _ = e.get(visitor, "/games/orkisland?rules=ca")
	mustContain(t, "Catalan rules", body, "<h3>Combats</h3>", "al bàndol\ndel guanyador", `<div lang="ca">`,
		`<strong lang="ca">Català</strong>`, `href="/games/orkisland?rules=en#rules"`, `href="/games/orkisland?rules=es#rules"`)
	mustNotContain(t, "Catalan rules", body, "<h3>Fights</h3>", "rules-fallback")

	_, body, _ = e.get(visitor, "/games/orkisland?rules=es")
	mustContain(t, "Spanish rules", body, "<h3>Combates</h3>", `<strong lang="es">Español</strong>`)

	// A language the rules are not written in is no choice: English.
	_, body, _ = e.get(visitor, "/games/orkisland?rules=fr")
	mustContain(t, "unknown language", body, "<h3>Fights</h3>", `<strong lang="en">English</strong>`)
}

// A Catalan reader (Accept-Language) gets the Catalan rules and SDK
// reference without asking; a link still offers the English ones.
func TestGameRulesReaderLanguage(t *testing.T) {
	e := newPagesEnv(t)
	for accept, want := range map[string][]string{
		"ca": {"<h3>Combats</h3>", `<strong lang="ca">Català</strong>`, `href="/games/orkisland?rules=en#rules"`,
			"Referència de l&#39;SDK", "Move ordena a l&apos;orc id"},
		"es-ES,es;q=0.9": {"<h3>Combates</h3>", `<strong lang="es">Español</strong>`, "Move ordena al orco id"},
		"en":             {"<h3>Fights</h3>", "SDK reference", "Move tells ork id"},
	} {
		req, _ := http.NewRequest("GET", e.srv.URL+"/games/orkisland", nil)
		req.Header.Set("Accept-Language", accept)
		resp, err := e.login("").Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		mustContain(t, "game page in "+accept, string(b), want...)
	}
}
