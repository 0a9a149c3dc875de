package i18n_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Arena speaks to its reader in one register and with one set of terms,
// in Catalan and in Spanish alike: the informal singular (tu, tú), as
// Jutge.org does, and "la classificació" / "la clasificación" for the
// leaderboard, with "la classificació prèvia" / "la fase de clasificación"
// for a version's qualification. The rules pages are Arena's own summaries
// of the original statements (they say so), so they follow it too.
//
// registerPatterns are what that choice removed: the plural address
// (vosaltres / vosotros, its possessives and pronoun, and the verb forms
// the texts used) and "rànquing" / "ranking". Each is matched as a whole
// word (word), case-insensitively.
var registerPatterns = map[string][]*regexp.Regexp{
	"ca": {
		word(`vosaltres`),
		word(`vostr(e|a|es)`),
		word(`us`), // the clitic of vosaltres ("us supera")
		word(`(podeu|teniu|heu|feu|vegeu|veieu|mireu|trieu|escriviu|executeu|passeu|definiu|reviseu|deseu|guardeu|jugueu|` +
			`indiqueu|obteniu|obtindreu|supereu|guanyeu|perdeu|controleu|crideu|comenceu|envieu|conquereu|modifiqueu|sabeu|recolliu|sortiu|` +
			`torneu|doneu|trobeu|mantingueu|esquiveu|partiu|conserveu|enllaceu)(-\pL+|'\pL+)?`),
		word(`rànquing`),
	},
	"es": {
		word(`vosotr(os|as)`),
		word(`vuestr(o|a|os|as)`),
		word(`os`),            // the pronoun of vosotros ("os supera")
		word(`\pL+(áis|éis)`), // vosotros' present and subjunctive: podéis, tenéis, escribáis
		word(`(escribís|salís|usad|haced|llamad|escribid|mirad|elegid|pasad|definid|guardad|revisad|indicad|ejecutad|` +
			`obtened|jugad|conquistad|enviad|recoged|mantened|esquivad|sacad|conservad|enlazad)(lo|la|los|las)?`),
		word(`ranking`),
	},
}

// word matches pattern as a whole word (Go's \b knows ASCII letters only:
// "envíos" would hold the word "os"), case-insensitively; its group 1 is
// the word.
func word(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN_])(` + pattern + `)(?:[^\pL\pN_]|$)`)
}

// Every Catalan and Spanish text the reader sees — the catalogues, the
// rules pages and the SDK reference's comments — is free of them.
func TestOneRegisterAndOneTermSet(t *testing.T) {
	for lang, patterns := range registerPatterns {
		var files []string
		for _, glob := range []string{"locales/" + lang + "/*.toml", "../games/*/rules*." + lang + ".html", "../games/*/sdkdoc." + lang + ".toml"} {
			m, err := filepath.Glob(glob)
			if err != nil {
				t.Fatal(err)
			}
			if len(m) < 4 {
				t.Fatalf("%s: only %d files match %s: the scan misses them", lang, len(m), glob)
			}
			files = append(files, m...)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				for _, re := range patterns {
					if m := re.FindStringSubmatch(line); m != nil {
						t.Errorf("%s:%d: %q (%s): %s", f, i+1, m[1], re, strings.TrimSpace(line))
					}
				}
			}
		}
	}
}

// The patterns catch what they are meant to, and not the singular.
func TestRegisterPatterns(t *testing.T) {
	for _, tc := range []struct {
		lang, text string
		caught     bool
	}{
		{"ca", "Podeu descarregar el Dummy més avall.", true},
		{"ca", "El vostre bot entra a la classificació.", true},
		{"ca", "Conquereu els posts i conserveu-los.", true},
		{"ca", "fins que algú us supera", true},
		{"ca", "Com entrar al rànquing", true},
		{"ca", "Pots descarregar el Dummy; el teu bot entra a la classificació. Conquereix els posts i conserva'ls.", false},
		{"ca", "Correu electrònic · Treu · el seu tauler · veu", false},
		{"es", "Podéis descargar el Dummy.", true},
		{"es", "Vuestro bot entra en el ranking.", true},
		{"es", "Conquistad los puestos y conservadlos.", true},
		{"es", "hasta que alguien os supera", true},
		{"es", "Todo lo que escribáis va al registro.", true},
		{"es", "Puedes descargar el Dummy; tu bot entra en la clasificación. Conquista los puestos y consérvalos.", false},
		{"es", "los envíos, los asientos, los misiles, el país", false},
	} {
		caught := false
		for _, re := range registerPatterns[tc.lang] {
			caught = caught || re.MatchString(tc.text)
		}
		if caught != tc.caught {
			t.Errorf("%s %q: caught %v, want %v", tc.lang, tc.text, caught, tc.caught)
		}
	}
}
