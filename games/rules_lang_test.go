package games_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/games/gametest/fake"
)

// Every real game's rules page is translated into Catalan and Spanish, and
// the request's language picks the page, English when there is none.
func TestRulesInEachLanguage(t *testing.T) {
	for _, id := range games.IDs() {
		if strings.HasPrefix(id, fake.ID) {
			continue
		}
		langs, err := games.RulesLangs(id)
		if err != nil || !slices.Equal(langs, []string{"en", "ca", "es"}) {
			t.Errorf("%s: rules in %v, %v; want en, ca, es", id, langs, err)
			continue
		}
		en, in, err := games.RulesHTMLIn(id, "en")
		if err != nil || in != "en" {
			t.Fatalf("%s in English: %q, %v", id, in, err)
		}
		if plain, _ := games.RulesHTML(id); plain != en {
			t.Errorf("%s: RulesHTMLIn(en) is not RulesHTML", id)
		}
		for _, lang := range []string{"ca", "es"} {
			html, in, err := games.RulesHTMLIn(id, lang)
			if err != nil || in != lang || html == en {
				t.Errorf("%s in %s: got %q, %v", id, lang, in, err)
				continue
			}
			// A translation keeps the page's shape and every identifier:
			// the same sections, anchors and inline code as the English.
			for _, re := range []*regexp.Regexp{sectionRE, anchorRE, inlineCodeRE} {
				if a, b := re.FindAllString(shape(en), -1), re.FindAllString(shape(html), -1); !slices.Equal(a, b) {
					t.Errorf("%s in %s: %s differs from English:\n%q\n%q", id, lang, re, diffFirst(a, b), diffFirst(b, a))
				}
			}
		}
	}
	// A game with no translation answers in English, saying so.
	if _, in, err := games.RulesHTMLIn(fake.ID, "ca"); err != nil || in != "en" {
		t.Errorf("untranslated rules: %q, %v", in, err)
	}
	if langs, _ := games.RulesLangs(fake.ID); !slices.Equal(langs, []string{"en"}) {
		t.Errorf("untranslated rules in %v", langs)
	}
}

// The Catalan pages of Apocalypse Now keep the terms of the original
// Catalan statement.
func TestRulesCatalanTerms(t *testing.T) {
	for _, id := range []string{"apocalypse", "apocalypse-redux"} {
		if _, err := games.Get(id); err != nil {
			continue
		}
		html, _, err := games.RulesHTMLIn(id, "ca")
		if err != nil {
			t.Fatal(err)
		}
		for _, term := range []string{"soldat", "helicòpter", "paracaigudista", "post", "torn", "bosc", "gespa"} {
			if !strings.Contains(html, term) {
				t.Errorf("%s in Catalan lacks %q", id, term)
			}
		}
	}
}

var (
	sectionRE    = regexp.MustCompile(`<h[1-6][^>]*>|<table|<ol>|<ul>`)
	anchorRE     = regexp.MustCompile(`(id|href)="[^"]*"`)
	inlineCodeRE = regexp.MustCompile(`<code>[^<]*</code>`)
	preRE        = regexp.MustCompile(`(?s)<pre>.*?</pre>`) // code blocks, whose comments are translated
	spaceRE      = regexp.MustCompile(`\s+`)
)

// shape is a page without its code blocks, its spaces collapsed (a line may
// wrap inside inline code in one language and not in another).
func shape(html string) string {
	return spaceRE.ReplaceAllString(preRE.ReplaceAllString(html, "<pre>"), " ")
}

// diffFirst is a from the first element that differs from b.
func diffFirst(a, b []string) []string {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return a[i:min(len(a), i+3)]
		}
	}
	return nil
}
