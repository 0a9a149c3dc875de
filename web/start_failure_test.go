package web_test

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// initCrash is a bot that writes a line and then panics during package
// initialisation: it never says hello to the host.
const initCrash = `package main

import "os"

var _ = func() int {
	os.Stderr.WriteString("loading my tables\n")
	var table map[string]int
	table["boom"] = 1 // a nil map
	return 0
}()

func main() {}
`

// TestStartFailureLogOnVersionPage: a bot that crashes while starting is
// submitted through the site and judged by real River workers (compiled,
// then qualified in the sandbox, where it never starts). Its owner's
// version page says it did not start and shows what the sandbox kept of
// its start: the line it wrote and the panic. Another student is refused
// the page and sees that log nowhere, nor does a visitor.
func TestStartFailureLogOnVersionPage(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a bot and runs it in the sandbox")
	}
	pool := pgtest.Pool(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	jobs, err := judge.NewWorkingClient(pool, judge.Config{Queues: []string{judge.QueueCompile, judge.QueueMatch},
		MaxWorkers: 4, LadderEvery: -1,
		// Shared with the other tests that compile bots: warm build caches.
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		jobs.Stop(sctx)
	})
	srv := httptest.NewServer((&web.Server{Pool: pool, Jobs: jobs}).Handler())
	t.Cleanup(srv.Close)
	e := &botsEnv{t: t, srv: srv, pool: pool}
	alice, _, aliceID := e.user(domain.RoleStudent)
	bob, _, _ := e.user(domain.RoleStudent)

	code, body, h := e.submit(alice, "orkisland", "initcrash", initCrash)
	if code != http.StatusSeeOther {
		t.Fatalf("submit: %d\n%s", code, body)
	}
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "initcrash")
	var v *domain.Version
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		if v, err = store.VersionByID(ctx, pool, vid); err != nil {
			t.Fatal(err)
		}
		if v.Status == domain.StatusRejected || v.Status == domain.StatusAccepted || v.Status == domain.StatusCompileError {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("version %d is still %s after 3 minutes", vid, v.Status)
		}
	}
	if v.Status != domain.StatusRejected {
		t.Fatalf("the crashing bot is %s, want rejected (compile log: %s)", v.Status, v.CompileLog)
	}

	const wrote, panicked = "loading my tables", "assignment to entry in nil map"
	code, body = e.get(alice, page)
	if code != 200 {
		t.Fatalf("the owner's version page: %d", code)
	}
	body = html.UnescapeString(body)
	for _, want := range []string{"did not start", wrote, panicked} {
		if !strings.Contains(body, want) {
			t.Errorf("the owner's version page lacks %q", want)
		}
	}
	if _, rest, ok := strings.Cut(body, "did not start"); ok {
		line, _, _ := strings.Cut(rest, "<")
		t.Logf("the page says: did not start%s", line)
	}

	// Its qualification matches are public; their logs are not.
	rows, err := pool.Query(ctx, "SELECT id FROM matches WHERE bot_version_id = $1", vid)
	if err != nil {
		t.Fatal(err)
	}
	var matches []string
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		matches = append(matches, itoa(id))
	}
	if err := rows.Err(); err != nil || len(matches) == 0 {
		t.Fatalf("no qualification matches (%v)", err)
	}
	paths := []string{page}
	for _, m := range matches {
		paths = append(paths, "/matches/"+m, "/api/matches/"+m)
	}
	for _, c := range []struct {
		who    string
		client *http.Client
	}{{"another student", bob}, {"a visitor", e.anonymous()}} {
		for _, path := range paths {
			code, body := e.get(c.client, path)
			if strings.Contains(body, wrote) || strings.Contains(body, panicked) {
				t.Errorf("%s sees the start's log on %s", c.who, path)
			}
			if path == page && code != http.StatusNotFound && code != http.StatusSeeOther {
				t.Errorf("%s opening the version page: %d, want 404 or a redirect to log in", c.who, code)
			}
		}
	}
}
