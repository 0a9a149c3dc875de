package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// The public ranking pages with a board of benchBots ranked bots, in a game
// of their own ("benchgame", a row in games only) so that the tests' games
// are untouched. The whole load benchmark (a million matches, 50 clients
// over HTTP) is tools/loadgen; see "Load benchmark" in the README.
const (
	benchGame = "benchgame"
	benchBots = 10000
)

var (
	benchOnce  sync.Once
	benchErr   error
	benchBotID []int64
)

// benchServer returns the app on the package's database, seeded once with
// benchBots ranked bots through COPY.
func benchServer(b *testing.B) http.Handler {
	b.Helper()
	pool := pgtest.Pool(b)
	benchOnce.Do(func() { benchErr = benchSeed(b.Context(), pool) })
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return (&web.Server{Pool: pool}).Handler()
}

func benchSeed(ctx context.Context, pool *pgxpool.Pool) error {
	if err := store.EnsureGame(ctx, pool, benchGame, "Bench Game"); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var base struct{ user, bot, version int64 }
		if err := tx.QueryRow(ctx, `SELECT (SELECT coalesce(max(id), 0) FROM users), (SELECT coalesce(max(id), 0) FROM bots),
			(SELECT coalesce(max(id), 0) FROM bot_versions)`).Scan(&base.user, &base.bot, &base.version); err != nil {
			return err
		}
		const users = 200
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"id", "name", "email", "password_hash"},
			pgx.CopyFromSlice(users, func(i int) ([]any, error) {
				name := fmt.Sprintf("benchu%04d", i)
				return []any{base.user + int64(i) + 1, name, name + "@example.test", "x"}, nil
			})); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"bots"}, []string{"id", "owner_id", "game_id", "name"},
			pgx.CopyFromSlice(benchBots, func(i int) ([]any, error) {
				return []any{base.bot + int64(i) + 1, base.user + int64(i%users) + 1, benchGame, fmt.Sprintf("bench%d", i)}, nil
			})); err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(1, 2))
		now := time.Now()
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"bot_versions"},
			[]string{"id", "bot_id", "number", "source", "status", "mu", "sigma", "games", "created_at"},
			pgx.CopyFromSlice(benchBots, func(i int) ([]any, error) {
				return []any{base.version + int64(i) + 1, base.bot + int64(i) + 1, 1, "package main", "accepted",
					25 + 6*rng.NormFloat64(), 0.8 + 2.5*rng.Float64(), rng.IntN(800), now}, nil
			})); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE bots SET current_version_id = id - $1 + $2 WHERE id > $1`, base.bot, base.version); err != nil {
			return err
		}
		for _, t := range []string{"users", "bots", "bot_versions"} {
			if _, err := tx.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT max(id) FROM %[1]s))`, t)); err != nil {
				return err
			}
		}
		for i := range benchBots {
			benchBotID = append(benchBotID, base.bot+int64(i)+1)
		}
		_, err := tx.Exec(ctx, "ANALYZE users, bots, bot_versions")
		return err
	})
}

// benchGet runs one request through the handler and fails on anything but 200.
func benchGet(b *testing.B, h http.Handler, path string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", path, rec.Code)
	}
}

// BenchmarkLeaderboardPage: a random page of the 200 of a 10,000-bot board.
func BenchmarkLeaderboardPage(b *testing.B) {
	h := benchServer(b)
	rng := rand.New(rand.NewPCG(3, 4))
	for b.Loop() {
		benchGet(b, h, fmt.Sprintf("/games/%s/leaderboard?page=%d", benchGame, 1+rng.IntN(benchBots/50)))
	}
}

// BenchmarkLeaderboardAPI: the same pages as JSON.
func BenchmarkLeaderboardAPI(b *testing.B) {
	h := benchServer(b)
	rng := rand.New(rand.NewPCG(5, 6))
	for b.Loop() {
		benchGet(b, h, fmt.Sprintf("/api/games/%s/leaderboard?page=%d", benchGame, 1+rng.IntN(benchBots/50)))
	}
}

// BenchmarkGamePage: the game page and its top of the board.
func BenchmarkGamePage(b *testing.B) {
	h := benchServer(b)
	for b.Loop() {
		benchGet(b, h, "/games/"+benchGame)
	}
}

// BenchmarkBotPage: a random ranked bot's page (its rank among 10,000).
func BenchmarkBotPage(b *testing.B) {
	h := benchServer(b)
	rng := rand.New(rand.NewPCG(7, 8))
	for b.Loop() {
		benchGet(b, h, fmt.Sprintf("/bots/%d", benchBotID[rng.IntN(len(benchBotID))]))
	}
}
