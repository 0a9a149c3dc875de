package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// queryCounter counts the queries sent through a pool (QueryRow and Exec
// included).
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// newCountedPagesEnv is newPagesEnv on a pool that counts its queries.
func newCountedPagesEnv(t *testing.T) (*pagesEnv, *queryCounter) {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	counter := &queryCounter{}
	cfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	for id, title := range map[string]string{"orkisland": "Ork Island", "poquemon": "Poquemon", "qcount1": "Counted Game", "qcount2": "Second Counted Game"} {
		if err := store.EnsureGame(context.Background(), pool, id, title); err != nil {
			t.Fatal(err)
		}
	}
	s := &web.Server{Pool: pool}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, srv: srv, pool: pool, s: s}, counter
}

// Each page, the admin's too, reads its data in a fixed number of
// queries: as many with one bot, version, match, token and tournament as
// with several of each. (The server has no board cache here: every
// board is read.) It logs the counts. Its bots are in games of its own (Poquemon's ladder is no
// other test's): the package's tests share one database.
func TestPageQueriesFixed(t *testing.T) {
	e, counter := newCountedPagesEnv(t)
	ctx := context.Background()
	alice, aliceID := e.user(domain.RoleStudent)
	_, bobID := e.user(domain.RoleStudent)
	botID, versionID := e.rankedBot(aliceID, "poquemon", "first", 30, 1)
	_, bobVersion := e.rankedBot(bobID, "poquemon", "rival", 25, 1)
	e.rankedBot(aliceID, "poquemon", "ranked", 28, 1)
	e.exec(`UPDATE bot_versions SET status = 'qualifying', mu = NULL, sigma = NULL WHERE id = $1`, versionID)
	board, err := store.CreateBoard(ctx, e.pool, "poquemon", "small", []byte("board"), map[string]int{}, aliceID)
	if err != nil {
		t.Fatal(err)
	}
	// The package's tests share one database, and some delete every
	// board: leave no match on these.
	var boards []int64
	t.Cleanup(func() {
		e.exec(`UPDATE matches SET board_id = NULL WHERE board_id = ANY($1)`, boards)
		e.exec(`DELETE FROM boards WHERE id = ANY($1)`, boards)
	})
	qualify := func(board int64) {
		boards = append(boards, board)
		m := e.playedMatch("poquemon", domain.KindQualification, [4]int64{versionID, 0, 0, 0}, [4]int64{9, 3, 2, 1}, false)
		e.exec(`UPDATE matches SET bot_version_id = $2, board_id = $3 WHERE id = $1`, m, versionID, board)
	}
	qualify(board)
	e.playedMatch("poquemon", domain.KindLadder, [4]int64{versionID, bobVersion, 0, 0}, [4]int64{9, 3, 2, 1}, true)
	entrants := []int64{versionID, bobVersion}
	for i := range 6 {
		_, v := e.rankedBot(bobID, "poquemon", fmt.Sprintf("entrant%d", i), 10+float64(i), 1)
		entrants = append(entrants, v)
	}
	e.finishedTournament("cup 1", entrants) // an Ork Island tournament
	c := e.login(alice)
	admin, _ := e.user(domain.RoleAdmin)
	ac := e.login(admin)
	pages := []string{"/", "/bots", "/games/poquemon/leaderboard", "/games/poquemon/leaderboard?mine=1",
		fmt.Sprintf("/bots/%d/versions/1", botID), "/account", "/tournaments", "/games/poquemon/submit",
		"/games/poquemon", fmt.Sprintf("/bots/%d", botID), "/games/poquemon/matches", "/downloads",
		// The admin's pages, as an admin.
		"/admin", "/admin/users", "/admin/games", "/admin/grades", "/admin/bots", "/admin/jobs",
		"/admin/copies", "/admin/games/poquemon/copies", "/admin/tournaments/new", "/admin/settings", "/admin/storage"}
	measure := func() map[string]int64 {
		out := map[string]int64{}
		for _, p := range pages {
			client := c
			if strings.HasPrefix(p, "/admin") {
				client = ac
			}
			counter.n.Store(0)
			if code, body, _ := e.get(client, p); code != 200 {
				t.Fatalf("%s: %d\n%s", p, code, body)
			}
			out[p] = counter.n.Load()
		}
		return out
	}
	measure() // once first: what a server reads once in a while (the recent job durations) is read
	few := measure()

	// More of everything: bots in three games, versions, qualification
	// matches on other boards, ladder matches, tokens, sessions,
	// tournaments, games.
	if err := store.EnsureGame(ctx, e.pool, "qcount3", "Third Counted Game"); err != nil {
		t.Fatal(err)
	}
	for i, game := range []string{"poquemon", "qcount1", "qcount2", "qcount1", "qcount3"} {
		id, v := e.rankedBot(aliceID, game, fmt.Sprintf("more%d", i), 20+float64(i), 1)
		if _, err := store.CreateVersion(ctx, e.pool, id, "go", "package main\n"); err != nil {
			t.Fatal(err)
		}
		e.rankedBot(bobID, game, fmt.Sprintf("bob%d", i), 22, 1)
		if game == "poquemon" {
			e.playedMatch(game, domain.KindLadder, [4]int64{v, bobVersion, 0, 0}, [4]int64{1, 2, 3, 4}, true)
		}
	}
	if _, err := store.CreateVersion(ctx, e.pool, botID, "go", "package main // 2\n"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		b, err := store.CreateBoard(ctx, e.pool, "poquemon", fmt.Sprintf("other%d", i), []byte("board"), map[string]int{}, aliceID)
		if err != nil {
			t.Fatal(err)
		}
		qualify(b)
	}
	for i := range 3 {
		if _, _, err := store.CreateAPIToken(ctx, e.pool, aliceID, fmt.Sprintf("token%d", i)); err != nil {
			t.Fatal(err)
		}
		e.login(alice)
	}
	e.finishedTournament("cup 2", entrants)
	time.Sleep(10 * time.Millisecond)
	many := measure()
	for _, p := range pages {
		t.Logf("%-40s %2d queries with few rows, %2d with many", p, few[p], many[p])
		if few[p] != many[p] {
			t.Errorf("%s: %d queries with few rows, %d with many", p, few[p], many[p])
		}
	}
}
