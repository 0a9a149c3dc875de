package web_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
)

// getLang fetches path with an Accept-Language header and returns the
// page's <html lang> and body.
func getLang(t *testing.T, e *adminEnv, c *http.Client, path, accept string) (string, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	r := e.do(c, req)
	if r.code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, r.code)
	}
	i := strings.Index(r.body, `<html lang="`)
	if i < 0 {
		t.Fatalf("GET %s: no <html lang>", path)
	}
	rest := r.body[i+len(`<html lang="`):]
	return rest[:strings.IndexByte(rest, '"')], r.body
}

// The language comes from the browser's Accept-Language, else the site's
// default; the footer's switch (a POST) overrides both with a cookie.
func TestLanguageOfVisitors(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	t.Cleanup(func() { _ = store.SetSetting(ctx, e.pool, store.SettingLanguage, "en") })
	c := e.browser()
	for accept, want := range map[string]string{
		"ca-ES,ca;q=0.9,en;q=0.5": "ca",
		"es-MX,es;q=0.9":          "es",
		"en-GB,en;q=0.9":          "en",
		"de-DE,fr;q=0.5,es;q=0.3": "es",
		"de-DE":                   "en", // the site's default
	} {
		lang, body := getLang(t, e, c, "/", accept)
		if lang != want {
			t.Errorf("Accept-Language %q: lang %q, want %q", accept, lang, want)
		}
		nav := map[string]string{"ca": ">Jocs</a>", "es": ">Juegos</a>", "en": ">Games</a>"}[want]
		if !strings.Contains(body, nav) {
			t.Errorf("Accept-Language %q: the menu is not in %s (%s)", accept, want, nav)
		}
	}
	// The admin changes the default: the next page follows at once.
	admin, _ := e.user(domain.RoleAdmin)
	if code, _, _ := e.post(e.login(admin), "/admin/settings", url.Values{"language": {"ca"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("saving the site's default language: %d", code)
	}
	if lang, _ := getLang(t, e, c, "/", "de-DE"); lang != "ca" {
		t.Errorf("site default ca: lang %q", lang)
	}
	if lang, _ := getLang(t, e, c, "/", "es"); lang != "es" {
		t.Errorf("the browser's language before the site's default: %q", lang)
	}

	// GET changes nothing; a POST sets the cookie and comes back.
	if code, _, _ := e.get(c, "/language?lang=es"); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /language: %d, want 405", code)
	}
	code, _, loc := e.post(c, "/language", url.Values{"lang": {"es"}, "back": {"/tournaments?x=1"}}, nil)
	if code != http.StatusSeeOther || loc != "/tournaments?x=1" {
		t.Fatalf("POST /language: %d to %q", code, loc)
	}
	if lang, _ := getLang(t, e, c, "/", "ca"); lang != "es" {
		t.Errorf("after the switch to es: lang %q", lang)
	}
	if _, _, loc := e.post(c, "/language", url.Values{"lang": {"en"}, "back": {"https://evil.example/"}}, nil); loc != "/" {
		t.Errorf("back to another site: redirected to %q", loc)
	}
	if code, _, _ := e.post(c, "/language", url.Values{"lang": {"fr"}}, nil); code != http.StatusBadRequest {
		t.Errorf("unknown language: %d, want 400", code)
	}
}

// A user's choice on the account page is kept in the database: it holds in
// every browser they log in from, over Accept-Language, until they choose
// the browser's language again.
func TestLanguageOfUsers(t *testing.T) {
	e := newAdminEnv(t)
	name, id := e.user(domain.RoleStudent)
	c := e.login(name)
	_, body := getLang(t, e, c, "/account", "en")
	if !strings.Contains(body, `name="lang"`) || !strings.Contains(body, `action="/language"`) {
		t.Fatal("the account page has no language choice")
	}
	code, _, loc := e.post(c, "/language", url.Values{"lang": {"ca"}, "back": {"/account"}}, nil)
	if code != http.StatusSeeOther || loc != "/account" {
		t.Fatalf("choose ca: %d to %q", code, loc)
	}
	u, err := store.UserByID(context.Background(), e.pool, id)
	if err != nil || u.Language != "ca" {
		t.Fatalf("users.language: %q, %v", u.Language, err)
	}
	lang, body := getLang(t, e, c, "/account", "es")
	if lang != "ca" || !strings.Contains(html.UnescapeString(body), "S'ha desat l'idioma.") || !strings.Contains(body, "El teu compte") {
		t.Errorf("after choosing ca: lang %q, flash or title not in Catalan", lang)
	}
	other := e.login(name) // another browser: no cookie, another Accept-Language
	if lang, _ := getLang(t, e, other, "/", "es-ES"); lang != "ca" {
		t.Errorf("another browser of the user: lang %q, want ca", lang)
	}
	e.post(other, "/language", url.Values{"lang": {""}, "back": {"/account"}}, nil)
	if lang, _ := getLang(t, e, other, "/", "es-ES"); lang != "es" {
		t.Errorf("back to the browser's language: %q, want es", lang)
	}
}
