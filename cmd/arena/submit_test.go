package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/store/pgtest"
)

// A student gets a token and submits from the terminal; a compile error
// comes back with its log and a non-zero exit.
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
}
