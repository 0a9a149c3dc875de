package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/store/pgtest"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A student gets a token and submits from the terminal; a compile error
// comes back with its log and a non-zero exit. A refused bot comes back
// with each qualification match (seed, seat, board, place and scores), how
// far from passing it was and the command that plays each match it lost;
// `arena play --qualify` on this machine plays the very same matches.
func TestSubmitFromTheTerminal(t *testing.T) {
	url := pgtest.FreshURL(t)
	port := freePort(t)
	server := fmt.Sprintf("http://127.0.0.1:%d", port)
	env := []string{"DATABASE_URL=" + url, fmt.Sprint("PORT=", port), "ARENA_ADMIN_PASSWORD=correct-horse",
		// Shared with the judge tests, so the sandbox's Go build cache is warm.
		"ARENA_DATA_DIR=" + filepath.Join(os.TempDir(), "arena-judge-test")}
	start(t, env, "serve")
	waitHealthy(t, port, 60*time.Second)

	tok := start(t, []string{"ARENA_PASSWORD=correct-horse"}, "token", "--server", server, "admin")
	if code := tok.wait(t, 30*time.Second); code != 0 {
		t.Fatalf("arena token exited %d: %s", code, tok.stderr)
	}
	token := strings.TrimSpace(tok.stdout.String())
	if !strings.HasPrefix(token, "arena_") {
		t.Fatalf("token %q", token)
	}
	bad := start(t, []string{"ARENA_PASSWORD=wrong"}, "token", "--server", server, "admin")
	if code := bad.wait(t, 30*time.Second); code == 0 || !strings.Contains(bad.stderr.String(), "wrong user name or password") {
		t.Fatalf("wrong password: exit %d, %s", code, bad.stderr)
	}

	sub := start(t, []string{"ARENA_TOKEN=" + token, "ARENA_SERVER=" + server}, "submit", "orkisland", "../../judge/testdata/broken.go")
	if code := sub.wait(t, 3*time.Minute); code != 1 {
		t.Fatalf("submitting a broken bot exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out := sub.stdout.String()
	for _, want := range []string{"submitted broken version 1 (Go) to orkisland", "compile_error", "broken.go:8:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// The walker bot is no match for the Dummies.
	walker := "../../judge/testdata/walker.go"
	sub = start(t, []string{"ARENA_TOKEN=" + token, "ARENA_SERVER=" + server}, "submit", "orkisland", walker)
	if code := sub.wait(t, 5*time.Minute); code != 1 {
		t.Fatalf("submitting a weak bot exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	out = sub.stdout.String()
	match := regexp.MustCompile(`(?m)^qualification match (\d): seed (\d), seat (\d), board generated: (\S+) \(score (\d+); (.*)\)$`)
	found := match.FindAllStringSubmatch(out, -1)
	// While it waited, where it stood (the first poll finds it compiling
	// or playing its qualification matches: four matches take seconds).
	if !regexp.MustCompile(`(?m)^  (Compiling now|Waiting to compile: .*|Qualification: .*); verdict in about \d+ (s|min) `).MatchString(out) {
		t.Errorf("no place in the queue while it waited:\n%s", out)
	}
	if len(found) != 4 || !strings.Contains(out, "rejected") || !regexp.MustCompile(`(?m)^qualification: first in [0-2] of 4; needs 3$`).MatchString(out) {
		t.Fatalf("the refusal does not say why:\n%s", out)
	}
	for i, m := range found {
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(i+1) || m[3] != strconv.Itoa(i) {
			t.Errorf("match %d: %q", i+1, m[0])
		}
	}
	if !strings.Contains(out, "  play it: arena play orkisland "+walker+" Dummy Dummy Dummy -s 1") &&
		!strings.Contains(out, "  play it: arena play orkisland Dummy "+walker+" Dummy Dummy -s 2") {
		t.Errorf("no command with the student's file:\n%s", out)
	}
	t.Logf("arena submit says:\n%s", out)

	// A bot that crashes is refused saying so, match by match.
	sub = start(t, []string{"ARENA_TOKEN=" + token, "ARENA_SERVER=" + server}, "submit", "orkisland", "../../judge/testdata/initcrash.go")
	if code := sub.wait(t, 5*time.Minute); code != 1 {
		t.Fatalf("submitting a crashing bot exited %d, want 1:\n%s%s", code, sub.stdout, sub.stderr)
	}
	crashed := sub.stdout.String()
	if n := len(regexp.MustCompile(`(?m)^qualification match \d: .*\n  frozen did not start`).FindAllString(crashed, -1)); n != 4 || !strings.Contains(crashed, "rejected") {
		t.Errorf("the crashing bot's refusal does not say, for each of its 4 matches, that it did not start (%d):\n%s", n, crashed)
	}

	// A file an older editor saved as Latin-1 arrives as its author wrote
	// it, and arena submit says it converted it.
	walkerSrc, err := os.ReadFile(walker)
	if err != nil {
		t.Fatal(err)
	}
	latin := filepath.Join(t.TempDir(), "latin.go")
	if err := os.WriteFile(latin, append(walkerSrc, "// posici\xf3n\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	sub = start(t, []string{"ARENA_TOKEN=" + token, "ARENA_SERVER=" + server}, "submit", "--no-wait", "orkisland", latin)
	if code := sub.wait(t, time.Minute); code != 0 || !strings.Contains(sub.stderr.String(), "is not UTF-8 text") {
		t.Fatalf("submitting a Latin-1 file exited %d:\n%s%s", code, sub.stdout, sub.stderr)
	}
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var stored string
	err = pool.QueryRow(context.Background(), `SELECT v.source FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE b.name = 'latin'`).Scan(&stored)
	if err != nil || !strings.HasSuffix(stored, "// posición\n") {
		t.Errorf("the Latin-1 file was stored ending %q (%v)", stored[max(0, len(stored)-20):], err)
	}

	local := start(t, nil, "play", "orkisland", walker, "--qualify")
	if code := local.wait(t, 5*time.Minute); code != 1 {
		t.Fatalf("arena play --qualify exited %d:\n%s%s", code, local.stdout, local.stderr)
	}
	here := regexp.MustCompile(`(?m)^match (\d): seed (\d), seat (\d), board generated: (\S+) \(score (\d+); (.*)\)$`).FindAllStringSubmatch(local.stdout.String(), -1)
	if len(here) != 4 {
		t.Fatalf("arena play --qualify:\n%s", local.stdout)
	}
	for i := range here {
		if fmt.Sprint(here[i][1:]) != fmt.Sprint(found[i][1:]) {
			t.Errorf("match %d: on the server %q, here %q", i+1, found[i][0], here[i][0])
		}
	}
}
