package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// `arena challenge` against a test server with real River workers: it
// starts a challenge through the API, waits for it and prints the result as
// `arena play` does; a refusal is the server's reason and a failure.
func TestChallengeCommand(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	if err := store.EnsureGame(ctx, pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 30}' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	user := func(name string) int64 {
		u := &domain.User{Name: name, Email: name + "@example.org", PasswordHash: "x"}
		if err := store.CreateUser(ctx, pool, u); err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	// A bot whose accepted version plays in-process as a built-in bot, as
	// house bots do: no compile needed.
	bot := func(owner int64, name, as string) {
		b, err := store.BotByName(ctx, pool, owner, "orkisland", name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := store.CreateVersion(ctx, pool, b.ID, "go", "package main\n")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', builtin = $2, mu = 25, sigma = 2 WHERE id = $1`, v.ID, as); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `UPDATE bots SET current_version_id = $2 WHERE id = $1`, b.ID, v.ID); err != nil {
			t.Fatal(err)
		}
	}
	alice, carol := user("alice"), user("carol")
	bot(alice, "amy", "Demo")
	bot(carol, "cat", "Dummy")
	token, _, err := store.CreateAPIToken(ctx, pool, carol, "cli")
	if err != nil {
		t.Fatal(err)
	}

	jobs, err := judge.NewWorkingClient(pool, judge.Config{Queues: []string{judge.QueueMatch}, LadderEvery: -1,
		Sandbox: judge.Sandbox{Dir: t.TempDir()}})
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

	challenge := func(args ...string) (string, string, error) {
		var out, errs bytes.Buffer
		cctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		err := runChallenge(cctx, append([]string{"--server", srv.URL, "--token", token}, args...), &out, &errs)
		return out.String(), errs.String(), err
	}
	out, errs, err := challenge("-s", "4242", "orkisland", "cat", "alice/amy", "Demo")
	if err != nil {
		t.Fatalf("arena challenge: %v\n%s%s", err, out, errs)
	}
	want := regexp.MustCompile(`^player 0 carol/cat score \d+\nplayer 1 alice/amy score \d+\nplayer 2 Demo score \d+\nplayer 3 Dummy score \d+\nwinner \S+( \S+)*\n$`)
	if !want.MatchString(out) {
		t.Fatalf("output:\n%s\nwant it to match %s", out, want)
	}
	var id int64
	if _, err := fmt.Sscanf(errs, "challenge #%d started (seed 4242)", &id); err != nil {
		t.Fatalf("standard error does not announce the challenge: %v\n%s", err, errs)
	}
	var kind, status string
	var seed int64
	if err := pool.QueryRow(ctx, "SELECT kind, status, seed FROM matches WHERE id = $1", id).Scan(&kind, &status, &seed); err != nil {
		t.Fatal(err)
	}
	if kind != domain.KindChallenge || status != domain.MatchFinished || seed != 4242 {
		t.Fatalf("match %d: %s %s seed %d", id, kind, status, seed)
	}
	if !strings.Contains(errs, fmt.Sprintf("replay: %s/matches/%d", srv.URL, id)) {
		t.Errorf("standard error does not give the replay's page:\n%s", errs)
	}

	// Refused: the server's reason, nothing printed on standard output.
	out, _, err = challenge("orkisland", "cat", "nobody/zz")
	if err == nil || !strings.Contains(err.Error(), `no bot "nobody/zz" in Ork Island`) || out != "" {
		t.Errorf("an unknown opponent: %v, output %q", err, out)
	}
	// A mistake in the command line is a usage error.
	var usage usageError
	if _, _, err := challenge("orkisland"); !errors.As(err, &usage) {
		t.Errorf("no bot: %v, want a usage error", err)
	}
	if err := runChallenge(ctx, []string{"--server", srv.URL, "--token", "", "orkisland", "cat"}, &bytes.Buffer{}, &bytes.Buffer{}); !errors.As(err, &usage) ||
		!strings.Contains(err.Error(), "no API token") {
		t.Errorf("no token: %v", err)
	}
}
