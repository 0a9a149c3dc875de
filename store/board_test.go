package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// seedRankGame makes a game of its own with ranked bots whose order needs
// every tie-break (equal μ−3σ, equal games), plus bots that are not ranked:
// among them two house bots, on the board but unranked (owner 3).
func seedRankGame(t *testing.T, db store.DB, game string) (owners []int64, bots []int64) {
	t.Helper()
	ctx := context.Background()
	if err := store.EnsureGame(ctx, db, game, "Rank Game"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		var id int64
		name := fmt.Sprintf("%s_u%d", game, i)
		if err := db.QueryRow(ctx, `INSERT INTO users (name, email, password_hash, disabled) VALUES ($1, $1 || '@example.test', 'x', $2)
			RETURNING id`, name, i == 2).Scan(&id); err != nil {
			t.Fatal(err)
		}
		owners = append(owners, id)
	}
	var house int64
	if err := db.QueryRow(ctx, `SELECT id FROM users WHERE role = 'house'`).Scan(&house); err != nil {
		t.Fatal(err)
	}
	owners = append(owners, house)
	type spec struct {
		owner     int
		mu, sigma float64
		games     int
		status    string
		disabled  bool
	}
	specs := []spec{
		{0, 30, 1, 10, "accepted", false},
		{1, 30, 1, 10, "accepted", false}, // ties the first: bot id decides
		{1, 27, 0, 20, "accepted", false}, // same μ−3σ (27), more games: ahead
		{0, 25, 2, 5, "accepted", false},
		{1, 40, 1, 50, "qualifying", false}, // not accepted: not ranked
		{0, 40, 1, 50, "accepted", true},    // disabled bot
		{2, 40, 1, 50, "accepted", false},   // disabled owner
		{0, 20, 3, 1, "accepted", false},
		{1, 26, 3, 7, "accepted", false},
		{3, 30, 1, 15, "accepted", false}, // house: second on the board (27, 15 games), unranked
		{3, 10, 1, 10, "accepted", false}, // house: last
	}
	for i, s := range specs {
		var bot, ver int64
		if err := db.QueryRow(ctx, `INSERT INTO bots (owner_id, game_id, name, disabled) VALUES ($1, $2, $3, $4) RETURNING id`,
			owners[s.owner], game, fmt.Sprintf("rb%d", i), s.disabled).Scan(&bot); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(ctx, `INSERT INTO bot_versions (bot_id, number, source, status, mu, sigma, games)
			VALUES ($1, 1, 'package main', $2, $3, $4, $5) RETURNING id`, bot, s.status, s.mu, s.sigma, s.games).Scan(&ver); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE bots SET current_version_id = $2 WHERE id = $1`, bot, ver); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			if _, err := db.Exec(ctx, `INSERT INTO rating_history (bot_version_id, mu, sigma, created_at)
				VALUES ($1, $2, $3, $4), ($1, $2, $3, $4 - interval '1 hour')`, ver, s.mu, s.sigma, time.Now().Add(-time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		bots = append(bots, bot)
	}
	return owners, bots
}

// A Ranking answers exactly as the per-request queries it replaces.
func TestRankingMatchesQueries(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	game := fmt.Sprintf("rank%d", time.Now().UnixNano()%1e9) // a game of its own, even with -count
	owners, bots := seedRankGame(t, pool, game)
	b, err := store.LoadRanking(ctx, pool, game)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 6 || len(b.Rows) != 8 {
		t.Fatalf("ranked %d bots in %d rows, want 6 in 8 (two house bots)", b.Len(), len(b.Rows))
	}
	if got, want := []int64{b.Rows[0].BotID, b.Rows[1].BotID, b.Rows[2].BotID, b.Rows[3].BotID}, []int64{bots[2], bots[9], bots[0], bots[1]}; !slices.Equal(got, want) {
		t.Fatalf("top four %v, want %v (games, then bot id break ties; a house bot second)", got, want)
	}
	if r := b.Rows[1]; !r.House || r.Rank != 0 || b.Rows[2].Rank != 2 || b.Rows[7].BotID != bots[10] || b.Rows[7].Rank != 0 {
		t.Fatalf("house rows %+v and %+v; the bot after the first is rank %d, want 2", r, b.Rows[7], b.Rows[2].Rank)
	}
	if top := b.Top(3); top[1].BotID != bots[0] || top[1].Rank != 2 {
		t.Fatalf("top three %+v: a house bot counted", top)
	}
	for _, owner := range []int64{0, owners[0], owners[1], owners[2], owners[3]} {
		for _, lim := range [][2]int{{50, 0}, {2, 0}, {2, 1}, {2, 2}, {2, 4}, {3, 6}, {1, 1000}} {
			want, wantTotal, err := store.Leaderboard(ctx, pool, game, owner, lim[0], lim[1])
			if err != nil {
				t.Fatal(err)
			}
			got, total := b.Page(owner, lim[0], lim[1])
			if err := store.LastChanges(ctx, pool, got); err != nil {
				t.Fatal(err)
			}
			if total != wantTotal || len(got) != len(want) {
				t.Fatalf("owner %d page %v: %d rows of %d, want %d of %d", owner, lim, len(got), total, len(want), wantTotal)
			}
			for i := range want {
				g, w := got[i], want[i]
				if (g.LastChange == nil) != (w.LastChange == nil) || g.LastChange != nil && !g.LastChange.Equal(*w.LastChange) {
					t.Fatalf("owner %d page %v row %d: last change %v, want %v", owner, lim, i, g.LastChange, w.LastChange)
				}
				g.LastChange, w.LastChange = nil, nil
				if g != w {
					t.Fatalf("owner %d page %v row %d:\n got %+v\nwant %+v", owner, lim, i, g, w)
				}
			}
		}
	}
	for _, bot := range append(bots, -1) {
		wr, wt, err := store.BoardRank(ctx, pool, game, bot)
		if err != nil {
			t.Fatal(err)
		}
		if r, tot := b.Rank(bot); r != wr || tot != wt {
			t.Fatalf("bot %d: rank %d of %d, want %d of %d", bot, r, tot, wr, wt)
		}
	}
	for _, n := range []int{0, 3, 10} {
		want, err := store.TopStandings(ctx, pool, game, n)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Top(n); !slices.Equal(got, want) {
			t.Fatalf("top %d:\n got %+v\nwant %+v", n, got, want)
		}
	}
	if n, err := store.RankedCount(ctx, pool, game); err != nil || n != b.Len() {
		t.Fatalf("RankedCount %d, %v; Len %d", n, err, b.Len())
	}
	// Pages are copies: changing one leaves the snapshot alone.
	p, _ := b.Page(0, 1, 0)
	p[0].BotName = "changed"
	if b.Rows[0].BotName == "changed" {
		t.Fatal("Page shares the snapshot's rows")
	}
	empty, err := store.LoadRanking(ctx, pool, "nogame")
	if err != nil || empty.Len() != 0 {
		t.Fatalf("empty game: %v, %v", empty, err)
	}
	if rows, total := empty.Page(0, 50, 0); len(rows) != 0 || total != 0 {
		t.Fatalf("empty page: %v, %d", rows, total)
	}
}
