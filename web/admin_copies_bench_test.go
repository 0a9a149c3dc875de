package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
	"arena.dev/copycheck/copytest"
	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// copiesBenchGame holds the benchmark's class; no test uses it.
const copiesBenchGame = "wasteland"

// BenchmarkAdminCopies1000 serves the copy check's ranked pairs of a game
// of 1,000 versions, each student's one version on the ladder, through the
// real handler with an admin's session: page 1 at the default threshold,
// in each mode. The class is copytest.Class: each version a disguised copy
// of one of the repository's 35 bots, so each pairs with some 28 others
// (about 27,000 pairs, a class far fuller of copies than a real one).
// Target: under 100 ms.
func BenchmarkAdminCopies1000(b *testing.B) {
	pool := pgtest.Pool(b)
	ctx := context.Background()
	copiesBenchClass(b, pool, 1000)
	var pairs int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM copy_pairs WHERE game_id = $1", copiesBenchGame).Scan(&pairs); err != nil {
		b.Fatal(err)
	}
	b.Logf("1000 versions indexed, %d pairs", pairs)

	srv := httptest.NewServer((&web.Server{Pool: pool}).Handler())
	b.Cleanup(srv.Close)
	client := copiesBenchAdmin(b, pool, srv.URL)
	for _, mode := range []string{"latest", "all"} {
		b.Run(mode, func(b *testing.B) {
			path := srv.URL + "/admin/games/" + copiesBenchGame + "/copies?mode=" + mode
			for b.Loop() {
				resp, err := client.Get(path)
				if err != nil {
					b.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || strings.Count(string(body), "Side by side") != 50 {
					b.Fatalf("GET %s: %d, %d pairs listed, want 50", path, resp.StatusCode, strings.Count(string(body), "Side by side"))
				}
			}
		})
	}
}

// copiesBenchClass makes n students with one compiled version each, on the
// ladder, and runs the copy check of each in turn as its job does, with
// the checks a newly common fragment causes.
func copiesBenchClass(b *testing.B, pool *pgxpool.Pool, n int) {
	b.Helper()
	ctx := context.Background()
	subs, err := copytest.Class("..", n, 1)
	if err != nil {
		b.Fatal(err)
	}
	if err := store.EnsureGame(ctx, pool, copiesBenchGame, "Wasteland"); err != nil {
		b.Fatal(err)
	}
	queue := make([]int64, n)
	for i, s := range subs {
		u := &domain.User{Name: fmt.Sprintf("copies%04d", i), PasswordHash: "x", Role: domain.RoleStudent}
		u.Email = u.Name + "@example.org"
		if err := store.CreateUser(ctx, pool, u); err != nil {
			b.Fatal(err)
		}
		bot, err := store.BotByName(ctx, pool, u.ID, copiesBenchGame, "bot")
		if err != nil {
			b.Fatal(err)
		}
		v, err := store.CreateVersion(ctx, pool, bot.ID, s.Language, string(s.Source))
		if err == nil {
			err = store.SetCompiled(ctx, pool, v.ID, "", "not-built", "")
		}
		if err == nil {
			_, err = pool.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", bot.ID, v.ID)
		}
		if err != nil {
			b.Fatal(err)
		}
		queue[i] = v.ID
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			more, err := judge.CopyCheck(ctx, tx, id)
			queue = append(queue, more...)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// copiesBenchAdmin creates an admin and returns a client logged in as it.
func copiesBenchAdmin(b *testing.B, pool *pgxpool.Pool, base string) *http.Client {
	b.Helper()
	hash, err := auth.HashPassword(adminTestPassword)
	if err != nil {
		b.Fatal(err)
	}
	u := &domain.User{Name: "copies_admin", Email: "copies_admin@example.org", PasswordHash: hash, Role: domain.RoleAdmin}
	if err := store.CreateUser(context.Background(), pool, u); err != nil {
		b.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	resp, err := c.PostForm(base+"/login", url.Values{"name": {u.Name}, "password": {adminTestPassword}})
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path == "/login" {
		b.Fatalf("logging in: %d at %s", resp.StatusCode, resp.Request.URL)
	}
	return c
}
