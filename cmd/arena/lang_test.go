package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"arena.dev/games"
)

// The language of a locale name, as LANG and LC_* give it.
func TestLocaleLang(t *testing.T) {
	for locale, want := range map[string]string{
		"ca_ES.UTF-8": "ca", "ca_ES@valencia": "ca", "ca": "ca", "es_ES.UTF-8": "es", "es_AR": "es",
		"en_GB.UTF-8": "en", "C": "en", "POSIX": "en", "C.UTF-8": "en", "fr_FR.UTF-8": "en", "": "en",
	} {
		if got := localeLang(locale); got != want {
			t.Errorf("%q: %q, want %q", locale, got, want)
		}
	}
}

// LC_ALL wins over LC_MESSAGES, which wins over LANG.
func TestLangFromEnvironment(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "es_ES.UTF-8")
	if l := envLang(); l != "es" {
		t.Errorf("LANG=es_ES.UTF-8: %s", l)
	}
	t.Setenv("LC_MESSAGES", "ca_ES.UTF-8")
	if l := envLang(); l != "ca" {
		t.Errorf("LC_MESSAGES=ca_ES.UTF-8 over LANG: %s", l)
	}
	t.Setenv("LC_ALL", "C")
	if l := envLang(); l != "en" {
		t.Errorf("LC_ALL=C over the others: %s", l)
	}
}

// With LANG=ca_ES.UTF-8 the arena command speaks Catalan: help, usage
// errors (plurals included) and qualification verdicts; what programs
// read does not change.
func TestLangCatalanMessages(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ca_ES.UTF-8")
	var out, errOut strings.Builder
	if code := run([]string{"help"}, &out, &errOut); code != 0 {
		t.Fatalf("help: %d %s", code, errOut.String())
	}
	for _, want := range []string{"Arena: competicions d'IA de jocs. Ús: arena ORDRE [ARGUMENTS]",
		"  play      juga una partida (o moltes) entre bots en aquest ordinador", "(mira el README)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "play a match") {
		t.Errorf("help still in English:\n%s", out.String())
	}

	out.Reset()
	errOut.Reset()
	if code := run([]string{"play", "orkisland", "Demo"}, &out, &errOut); code != 2 {
		t.Fatalf("play with one bot: exit %d", code)
	}
	if want := "arena play: orkisland necessita 4 bots, però n'ha rebut 1\nús: arena play GAME BOT"; !strings.HasPrefix(errOut.String(), want) {
		t.Errorf("play with one bot said\n%s\nwant\n%s", errOut.String(), want)
	}
	errOut.Reset()
	if code := run([]string{"nosuch"}, &out, &errOut); code != 2 || errOut.String() != "arena: l'ordre \"nosuch\" no existeix; executa 'arena help'\n" {
		t.Errorf("unknown command: %d %q", code, errOut.String())
	}

	if got := trn("cli.qualify.refused", 4, map[string]any{"Firsts": 1, "Needs": 3}); got != "primer en 1 de 4; en calen 3: rebutjat" {
		t.Errorf("refused: %q", got)
	}
	if got := placeWords(2, true); got != "2n (empat)" {
		t.Errorf("second, tied: %q", got)
	}
	if got := trn("cli.play.refused", 1, map[string]any{"Player": 2}); got != "jugador 2: s'ha ignorat 1 ordre, perquè" {
		t.Errorf("one refusal: %q", got)
	}
}

// Without a locale the messages are the English ones the tests and the
// docs know, and the English summaries are the code's.
func TestLangEnglishByDefault(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(v, "")
	}
	if got, want := placeWords(2, true), games.PlaceWords(2, true); got != want {
		t.Errorf("place: %q, want %q", got, want)
	}
	if got := trn("cli.qualify.qualifies", 4, map[string]any{"Firsts": 3, "Needs": 3}); got != "first in 3 of 4; needs 3: qualifies" {
		t.Errorf("qualifies: %q", got)
	}
	for _, name := range commandNames() {
		c := commands[name]
		if got := summary(c); got != c.summary {
			t.Errorf("%s: summary %q, want the code's %q", name, got, c.summary)
		}
	}
}

// Every command has its summary translated.
func TestLangSummariesTranslated(t *testing.T) {
	for _, lang := range []string{"ca_ES.UTF-8", "es_ES.UTF-8"} {
		t.Setenv("LC_ALL", lang)
		for _, name := range commandNames() {
			if c := commands[name]; !strings.HasPrefix(name, "_") && summary(c) == c.summary {
				t.Errorf("%s: %s has no translated summary (cli.cmd.%s)", lang, name, name)
			}
		}
	}
}

// The usages that explain in words are translated, naming the code's
// options; one the code has outgrown (an option added since) gives way to
// the English, which names them all.
func TestLangUsages(t *testing.T) {
	for _, lang := range []string{"ca_ES.UTF-8", "es_ES.UTF-8"} {
		t.Setenv("LC_ALL", lang)
		for _, name := range []string{"challenge", "play", "submit"} {
			if c := commands[name]; usage(c) == c.usage {
				t.Errorf("%s: the usage of %s is not translated, or names other options than the code's (cli.usage.%s)", lang, name, name)
			}
		}
	}
	t.Setenv("LC_ALL", "ca_ES.UTF-8")
	grown := &command{name: "play", usage: commands["play"].usage + " [--new-option]"}
	if usage(grown) != grown.usage {
		t.Error("an outgrown translation of the usage is shown")
	}
}

// stdoutOf runs f and returns what it wrote to os.Stdout (where -h prints).
func stdoutOf(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	defer func() { os.Stdout = old }()
	f()
	w.Close()
	os.Stdout = old
	return <-done
}

// `arena play -h` describes its options in the locale's language, and in
// the code's English without one.
func TestLangFlagHelp(t *testing.T) {
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "")
	for _, tc := range []struct{ locale, want, not, dflt string }{
		{"ca_ES.UTF-8", "nombre de partides, amb llavors consecutives, en paral·lel", "number of matches", "(per defecte: 1)"},
		{"es_ES.UTF-8", "número de partidas, con semillas consecutivas, en paralelo", "number of matches", "(por defecto: 1)"},
		{"", "number of matches, on consecutive seeds, in parallel", "nombre de partides", "(default 1)"},
	} {
		t.Setenv("LC_ALL", tc.locale)
		var errOut strings.Builder
		out := stdoutOf(t, func() { run([]string{"play", "-h"}, io.Discard, &errOut) })
		if !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("LC_ALL=%q: play -h lacks %q or says %q:\n%s%s", tc.locale, tc.want, tc.not, out, errOut.String())
		}
		// The option names and their defaults stay as they are.
		if !strings.Contains(out, "-n int") || !strings.Contains(out, tc.dflt) {
			t.Errorf("LC_ALL=%q: play -h lost -n's name or default:\n%s", tc.locale, out)
		}
	}
	t.Setenv("LC_ALL", "ca_ES.UTF-8")
	out := stdoutOf(t, func() { run([]string{"submit", "-h"}, io.Discard, io.Discard) })
	if !strings.Contains(out, "nom del bot (per defecte, el nom del fitxer)") {
		t.Errorf("submit -h not in Catalan:\n%s", out)
	}
}

// The API client asks the server for the CLI's language (the server then
// answers its queue places, errors and verdicts in it); status words the
// CLI prints itself follow.
func TestLangAcceptLanguage(t *testing.T) {
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "")
	for locale, want := range map[string]string{"ca_ES.UTF-8": "ca", "es_AR": "es", "C": "en"} {
		t.Setenv("LC_ALL", locale)
		var got string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got = r.Header.Get("Accept-Language")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":"el joc no existeix"}`)
		}))
		api := &apiClient{server: srv.URL, http: srv.Client()}
		err := api.do(context.Background(), "GET", "/api/versions/1", nil, nil)
		srv.Close()
		if got != want {
			t.Errorf("LC_ALL=%s: Accept-Language %q, want %q", locale, got, want)
		}
		// The server's words come back as it said them.
		if err == nil || err.Error() != "el joc no existeix" {
			t.Errorf("LC_ALL=%s: error %v", locale, err)
		}
	}
	t.Setenv("LC_ALL", "ca_ES.UTF-8")
	if s := statusWords("compile_error"); s != "error de compilació" {
		t.Errorf("Catalan compile_error: %q", s)
	}
	t.Setenv("LC_ALL", "C")
	if s := statusWords("compile_error"); s != "compile_error" {
		t.Errorf("English compile_error: %q", s)
	}
}
