package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/store/pgtest"
)

// A student whose terminal speaks Catalan (LANG=ca_ES.UTF-8) gets a
// token and submits with the real arena binary to a real server (arena
// serve: Postgres, River workers, the sandbox): everything arena submit
// says to a person is Catalan, the CLI's own words and the server's (its
// refusal of a source over the limit, the queue places, the qualification
// summary), while what programs and people copy stays as documented: the
// token alone on stdout, the compile log's file:line:col, the exact
// `arena play` command of each match, the URLs and the exit codes. One
// student in Spanish (es_ES.UTF-8) gets Spanish.
func TestSubmitFromTheTerminalInCatalan(t *testing.T) {
	url := pgtest.FreshURL(t)
	port := freePort(t)
	server := fmt.Sprintf("http://127.0.0.1:%d", port)
	start(t, []string{"DATABASE_URL=" + url, fmt.Sprint("PORT=", port), "ARENA_ADMIN_PASSWORD=correct-horse",
		// Shared with the judge tests, so the sandbox's Go build cache is warm.
		"ARENA_DATA_DIR=" + filepath.Join(os.TempDir(), "arena-judge-test")}, "serve")
	waitHealthy(t, port, 60*time.Second)
	ca := []string{"LANG=ca_ES.UTF-8"}
	es := []string{"LANG=es_ES.UTF-8"}

	// The token: alone on stdout (export ARENA_TOKEN=$(arena token admin)),
	// the advice on stderr in Catalan.
	tok := start(t, append(ca, "ARENA_PASSWORD=correct-horse"), "token", "--server", server, "admin")
	if code := tok.wait(t, 30*time.Second); code != 0 {
		t.Fatalf("arena token exited %d: %s", code, tok.stderr)
	}
	token := tok.stdout.String()
	if !regexp.MustCompile(`^arena_\S+\n$`).MatchString(token) {
		t.Fatalf("arena token's stdout is not the token alone: %q", token)
	}
	token = strings.TrimSpace(token)
	if want := "guarda'l en secret; fes-lo servir amb: export ARENA_TOKEN=<testimoni>\n"; tok.stderr.String() != want {
		t.Errorf("arena token's stderr %q, want %q", tok.stderr, want)
	}
	// A wrong password: the server's refusal, in Catalan.
	bad := start(t, append(ca, "ARENA_PASSWORD=wrong"), "token", "--server", server, "admin")
	if code := bad.wait(t, 30*time.Second); code != 1 || bad.stderr.String() != "arena token: el nom d'usuari o la contrasenya no són correctes\n" {
		t.Errorf("wrong password: exit %d, %q", code, bad.stderr)
	}
	env := func(lang []string) []string { return append(lang, "ARENA_TOKEN="+token, "ARENA_SERVER="+server) }

	// Over the size limit: the server refuses it, saying so in Catalan
	// (errors.submit.too_large), and nothing is stored.
	walker := "../../judge/testdata/walker.go"
	walkerSrc, err := os.ReadFile(walker)
	if err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(t.TempDir(), "huge.go")
	padding := "//" + strings.Repeat("x", 256<<10) + "\n" // walker.go and 256 KB of comment: over the limit
	if err := os.WriteFile(huge, append(walkerSrc, padding...), 0o644); err != nil {
		t.Fatal(err)
	}
	size := len(walkerSrc) + len(padding)
	for _, tc := range []struct {
		lang []string
		want string
	}{
		{ca, fmt.Sprintf("arena submit: el codi font té %d bytes; el límit és 262144 (256 KB)\n", size)},
		{es, fmt.Sprintf("arena submit: el código fuente tiene %d bytes; el límite es 262144 (256 KB)\n", size)},
	} {
		sub := start(t, env(tc.lang), "submit", "orkisland", huge)
		if code := sub.wait(t, time.Minute); code != 1 || sub.stderr.String() != tc.want || sub.stdout.String() != "" {
			t.Errorf("%s: a source over the limit: exit %d, stdout %q, stderr\n%q\nwant\n%q", tc.lang[0], code, sub.stdout, sub.stderr, tc.want)
		}
	}

	// A game that does not exist, a token that is not right: the server's
	// refusals in the terminal's language.
	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{env(ca), []string{"orkislnd", walker}, `arena submit: el joc "orkislnd" no existeix (els jocs són: apocalypse, apocalypse-redux, orkisland, `},
		{env(es), []string{"orkislnd", walker}, `arena submit: el juego "orkislnd" no existe (los juegos son: apocalypse, apocalypse-redux, orkisland, `},
		{append(env(ca), "ARENA_TOKEN=arena_wrong"), []string{"orkisland", walker}, "arena submit: el testimoni de l'API no és vàlid o s'ha revocat\n"},
	} {
		sub := start(t, tc.env, append([]string{"submit"}, tc.args...)...)
		if code := sub.wait(t, time.Minute); code != 1 || !strings.HasPrefix(sub.stderr.String(), tc.want) {
			t.Errorf("%s submit %v: exit %d, stderr %q, want %q", tc.env[0], tc.args, code, sub.stderr, tc.want)
		}
	}

	// A bot that does not compile: the CLI's words in Catalan, the
	// compiler's log as it is, with the student's file name.
	sub := start(t, env(ca), "submit", "orkisland", "../../judge/testdata/broken.go")
	if code := sub.wait(t, 3*time.Minute); code != 1 {
		t.Fatalf("submitting a broken bot exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out := sub.stdout.String()
	for _, want := range []string{
		"s'ha enviat broken, versió 1 (Go), a orkisland: a la cua\n",
		"\nerror de compilació\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the broken bot's output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^broken\.go:8:\d+: `).MatchString(out) {
		t.Errorf("the compile log does not name broken.go:8:COL:\n%s", out)
	}
	noEnglish(t, out, "submitted", "compile_error", "queued", "version 1")

	// The same in Spanish, under another bot name.
	sub = start(t, env(es), "submit", "--bot", "roto", "orkisland", "../../judge/testdata/broken.go")
	if code := sub.wait(t, 3*time.Minute); code != 1 {
		t.Fatalf("submitting a broken bot in Spanish exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out = sub.stdout.String()
	for _, want := range []string{"se ha enviado roto, versión 1 (Go), a orkisland: en cola\n", "\nerror de compilación\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the Spanish output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^broken\.go:8:\d+: `).MatchString(out) {
		t.Errorf("the Spanish compile log does not name broken.go:8:COL:\n%s", out)
	}
	noEnglish(t, out, "submitted", "compile_error", "queued")

	// In Spanish, a bot that crashes at the start: refused, each match
	// saying why in Spanish, and the summary too.
	sub = start(t, env(es), "submit", "orkisland", "../../judge/testdata/initcrash.go")
	if code := sub.wait(t, 5*time.Minute); code != 1 {
		t.Fatalf("submitting a crashing bot in Spanish exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out = sub.stdout.String()
	t.Logf("arena submit says, in Spanish:\n%s", out)
	if n := len(regexp.MustCompile(`(?m)^partida de la fase de clasificación \d: semilla \d, posición \d, tablero generado: .*\n  congelado: no arrancó`).FindAllString(out, -1)); n != 4 {
		t.Errorf("%d of the crashing bot's 4 matches say in Spanish that it did not start:\n%s", n, out)
	}
	for _, re := range []string{`(?m)^rechazada$`, `(?m)^fase de clasificación: primero en 0 de 4; hacen falta 3$`, `(?m)^  para verla: ` + regexp.QuoteMeta(server) + `/matches/\d+$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("the Spanish output lacks %s:\n%s", re, out)
		}
	}
	noEnglish(t, out, "submitted", "qualification", "frozen", "did not start", "first in", "needs", "rejected", "watch it")

	// A bot that compiles and is refused in qualification: where it waits
	// (the server's words), each match, the verdict and the summary, in
	// Catalan; each match's command and URL as they are.
	sub = start(t, env(ca), "submit", "orkisland", walker)
	if code := sub.wait(t, 5*time.Minute); code != 1 {
		t.Fatalf("submitting a weak bot exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out = sub.stdout.String()
	t.Logf("arena submit says, in Catalan:\n%s", out)
	if !strings.HasPrefix(out, "s'ha enviat walker, versió 1 (Go), a orkisland: a la cua\n") {
		t.Errorf("the first line is not the Catalan receipt:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^  (S'està compilant ara mateix|Esperant per compilar: .*|Classificació prèvia: .*); veredicte d'aquí a uns \d+ (s|min) `).MatchString(out) {
		t.Errorf("no place in the queue in Catalan while it waited:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^rebutjada$`).MatchString(out) {
		t.Errorf("no Catalan verdict line:\n%s", out)
	}
	match := regexp.MustCompile(`(?m)^partida de classificació prèvia (\d): llavor (\d), posició (\d), tauler generat: (primer|2n|3r|4t)( \(empat\))? \(puntuació (\d+); Dummy \d+, Dummy \d+, Dummy \d+\)$`)
	found := match.FindAllStringSubmatch(out, -1)
	if len(found) != 4 {
		t.Fatalf("%d Catalan qualification lines, want 4:\n%s", len(found), out)
	}
	for i, m := range found {
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(i+1) || m[3] != strconv.Itoa(i) {
			t.Errorf("match %d: %q", i+1, m[0])
		}
	}
	// The command to play a lost match is the documented one, the
	// student's file in place of the server's bot.go; the URL, the server's.
	seats := []string{walker + " Dummy Dummy Dummy -s 1", "Dummy " + walker + " Dummy Dummy -s 2",
		"Dummy Dummy " + walker + " Dummy -s 3", "Dummy Dummy Dummy " + walker + " -s 4"}
	commands := 0
	for _, s := range seats {
		if strings.Contains(out, "\n  per jugar-la: arena play orkisland "+s+"\n") {
			commands++
		}
	}
	if commands == 0 {
		t.Errorf("no `arena play` command with the student's file:\n%s", out)
	}
	if n := len(regexp.MustCompile(`(?m)^  per veure-la: `+regexp.QuoteMeta(server)+`/matches/\d+$`).FindAllString(out, -1)); n != 4 {
		t.Errorf("%d match URLs, want 4:\n%s", n, out)
	}
	if !regexp.MustCompile(`(?m)^classificació prèvia: primer en [0-2] de 4; en calen 3$`).MatchString(out) {
		t.Errorf("the summary is not in Catalan:\n%s", out)
	}
	noEnglish(t, out, "submitted", "qualification", "seed ", "board ", "score ", "first in", "needs", "play it", "watch it",
		"verdict", "Compiling", "Waiting", "rejected", "2nd", "3rd", "4th", "tied")
}

// noEnglish fails when out has any of the English words of arena submit.
func noEnglish(t *testing.T, out string, words ...string) {
	t.Helper()
	for _, w := range words {
		if strings.Contains(out, w) {
			t.Errorf("still English (%q):\n%s", w, out)
		}
	}
}
