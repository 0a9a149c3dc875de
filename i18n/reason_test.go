package i18n_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"arena.dev/i18n"
)

// An engine's English reason reads in the reader's language, values in
// place, a reason inside a reason translated too; English, and a text no
// message follows, stay as written.
func TestReasonInEachLanguage(t *testing.T) {
	cases := []struct{ en, ca, es string }{
		{"not your ork", "l'ork no és teu", "el orco no es tuyo"},
		{"the move leaves the window", "el moviment surt de la finestra", "el movimiento sale de la ventana"},
		{"a step of 9 is longer than max_step 3", "un pas de 9 és més llarg que max_step 3", "un paso de 9 es más largo que max_step 3"},
		{"jump to (12, 3): not below any of your helicopters",
			"salt a (12, 3): no és sota cap dels teus helicòpters",
			"salto a (12, 3): no está debajo de ninguno de tus helicópteros"},
		{"the 2.5 s budget is spent", "s'ha esgotat el pressupost de 2.5 s", "se agotó el presupuesto de 2.5 s"},
		{"asked for more than its 256 MiB", "ha demanat més dels seus 256 MiB", "pidió más de sus 256 MiB"},
		// The most specific message wins over "{{.Msg}}, see the log".
		{"panic or fatal error (exit code 2), see the log",
			"pànic o error fatal (codi de sortida 2), mira el registre",
			"pánico o error fatal (código de salida 2), mira el registro"},
		{"wasm trap: out of bounds, see the log", "wasm trap: out of bounds, mira el registre", "wasm trap: out of bounds, mira el registro"},
		{"crashed: panic or fatal error (exit code 2), see the log",
			"ha fallat: pànic o error fatal (codi de sortida 2), mira el registre",
			"falló: pánico o error fatal (código de salida 2), mira el registro"},
		// Unknown: as written, in every language.
		{"my bot said something odd", "my bot said something odd", "my bot said something odd"},
		{"not your ork!", "not your ork!", "not your ork!"},
		{"", "", ""},
	}
	for _, c := range cases {
		for lang, want := range map[string]string{"en": c.en, "ca": c.ca, "es": c.es} {
			if got := i18n.Reason(i18n.WithLang(context.Background(), lang), c.en); got != want {
				t.Errorf("%s: Reason(%q) = %q, want %q", lang, c.en, got, want)
			}
		}
	}
}

// The viewer's patterns (static/viewer/words.js reads them) say the same
// as Reason: each is an anchored expression JavaScript reads too, with as
// many groups as names, in the order Reason tries them.
func TestReasonPatternsAgreeWithReason(t *testing.T) {
	if p := i18n.ReasonPatterns("en"); len(p) != 0 {
		t.Errorf("English has %d patterns, needs none", len(p))
	}
	en, err := i18n.Messages("en", i18n.ReasonFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ca", "es"} {
		ctx := i18n.WithLang(context.Background(), lang)
		patterns := i18n.ReasonPatterns(lang)
		if len(patterns) != len(en) {
			t.Errorf("%s: %d patterns for %d reasons", lang, len(patterns), len(en))
		}
		for _, p := range patterns {
			re := regexp.MustCompile(p.Re)
			if re.NumSubexp() != len(p.Names) || !strings.HasPrefix(p.Re, "^") || !strings.HasSuffix(p.Re, "$") {
				t.Errorf("%s: pattern %q names %v", lang, p.Re, p.Names)
			}
			// The English, its placeholders filled, is recognised by this
			// pattern first, and reads as its Text filled the same way.
			sample, want := en[p.ID].Other, p.Text
			for _, name := range p.Names {
				v := "X" + name
				if name == "Why" {
					v = "not your unit"
					want = strings.ReplaceAll(want, "{{.Why}}", i18n.Reason(ctx, v))
				}
				sample = strings.ReplaceAll(sample, "{{."+name+"}}", v)
				want = strings.ReplaceAll(want, "{{."+name+"}}", v)
			}
			var first string
			for _, q := range patterns {
				if regexp.MustCompile(q.Re).MatchString(sample) {
					first = q.ID
					break
				}
			}
			if first != p.ID {
				t.Errorf("%s: %q is taken by %s before %s", lang, sample, first, p.ID)
			}
			if got := i18n.Reason(ctx, sample); got != want {
				t.Errorf("%s: Reason(%q) = %q, want %q", lang, sample, got, want)
			}
		}
	}
}
