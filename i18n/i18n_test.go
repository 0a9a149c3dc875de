package i18n

import (
	"context"
	"testing"
	"testing/fstest"
)

func TestTAndNSpeakTheContextsLanguage(t *testing.T) {
	en := context.Background()
	ca := WithLang(en, "ca")
	es := WithLang(en, "es-ES")
	for _, c := range []struct {
		ctx   context.Context
		count int
		want  string
	}{
		{en, 1, "1 match"}, {en, 0, "0 matches"}, {en, 3, "3 matches"},
		{ca, 1, "1 partida"}, {ca, 2, "2 partides"}, {ca, 1000000, "1000000 partides"},
		{es, 1, "1 partida"}, {es, 0, "0 partidas"}, {es, 1000000, "1000000 partidas"},
	} {
		if got := N(c.ctx, "site.matches", c.count); got != c.want {
			t.Errorf("N(%s, site.matches, %d) = %q, want %q", Lang(c.ctx), c.count, got, c.want)
		}
	}
	if Lang(en) != "en" || Lang(ca) != "ca" || Lang(es) != "es" || Lang(WithLang(en, "fr")) != "en" {
		t.Errorf("Lang: %q %q %q", Lang(en), Lang(ca), Lang(es))
	}
	if got := T(ca, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key: %q", got)
	}
}

// A message one language lacks comes out in English; data fills placeholders;
// N's count also fills {{.Count}} next to other data.
func TestFallbackAndPlaceholders(t *testing.T) {
	c, err := newCatalogue(fstest.MapFS{
		"en/a.toml": {Data: []byte(`
"a.hello" = "Hello, {{.Name}}"
"a.only" = "English only"
["a.bots"]
one = "{{.Name}} has {{.Count}} bot"
other = "{{.Name}} has {{.Count}} bots"
`)},
		"ca/a.toml": {Data: []byte(`
"a.hello" = "Hola, {{.Name}}"
["a.bots"]
one = "{{.Name}} té {{.Count}} bot"
other = "{{.Name}} té {{.Count}} bots"
`)},
		"es/a.toml": {Data: []byte(`"a.hello" = "Hola, {{.Name}}"`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	name := []map[string]any{{"Name": "Anna"}}
	for _, x := range []struct {
		lang, id string
		count    any
		want     string
	}{
		{"ca", "a.hello", nil, "Hola, Anna"},
		{"ca", "a.only", nil, "English only"},
		{"es", "a.only", nil, "English only"},
		{"ca", "a.bots", 1, "Anna té 1 bot"},
		{"ca", "a.bots", 5, "Anna té 5 bots"},
		{"es", "a.bots", 1, "Anna has 1 bot"}, // English's forms and rules when es lacks it
		{"en", "a.bots", 2, "Anna has 2 bots"},
		{"en", "a.none", nil, "a.none"},
	} {
		if got := c.localize(x.lang, x.id, x.count, name); got != x.want {
			t.Errorf("%s %s %v = %q, want %q", x.lang, x.id, x.count, got, x.want)
		}
	}
}

func TestMatchAcceptLanguage(t *testing.T) {
	for header, want := range map[string]string{
		"ca-ES,ca;q=0.9,en;q=0.8":  "ca",
		"es-419,es;q=0.9":          "es",
		"fr-FR,es;q=0.5":           "es",
		"en-GB":                    "en",
		"de-DE,fr;q=0.8":           "",
		"":                         "",
		"fr;q=0.9,ca;q=0.8,es;q=1": "es",
	} {
		if got := Match(header); got != want {
			t.Errorf("Match(%q) = %q, want %q", header, got, want)
		}
	}
}
