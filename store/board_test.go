package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"arena.dev/domain"
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

// A Ranking orders the board by the ranking rule (μ−3σ, then games, then
// bot id), house bots in their place but unranked, and answers pages,
// ranks and tops from it.
func TestRanking(t *testing.T) {
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
	// The seed's order, worked out by hand: 27 with 20 games; the house's
	// 27 with 15; 27 with 10 twice (bot id decides); 19; 17; 11; the house's 7.
	order := []int{2, 9, 0, 1, 3, 8, 7, 10}
	ranks := []int{1, 0, 2, 3, 4, 5, 6, 0}
	for i, r := range b.Rows {
		if r.BotID != bots[order[i]] || r.Rank != ranks[i] || r.House != (ranks[i] == 0) {
			t.Fatalf("row %d: bot %d rank %d house %v, want bot %d (rb%d) rank %d", i, r.BotID, r.Rank, r.House, bots[order[i]], order[i], ranks[i])
		}
		if r.Ordinal != domain.Ordinal(r.Mu, r.Sigma) {
			t.Fatalf("row %d: ordinal %v, want μ−3σ %v", i, r.Ordinal, domain.Ordinal(r.Mu, r.Sigma))
		}
		// SQL and Go rank alike: each row is before the next by domain.CompareRank.
		if i > 0 {
			p := b.Rows[i-1]
			if domain.CompareRank(domain.Ranked{Mu: p.Mu, Sigma: p.Sigma, Games: p.Games, BotID: p.BotID},
				domain.Ranked{Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, BotID: r.BotID}) >= 0 {
				t.Fatalf("rows %d and %d out of domain.CompareRank's order", i-1, i)
			}
		}
	}
	for i, bot := range bots {
		want := 0
		if k := slices.Index(order, i); k >= 0 {
			want = ranks[k]
		}
		if r, tot := b.Rank(bot); r != want || tot != 6 {
			t.Fatalf("bot rb%d: rank %d of %d, want %d of 6", i, r, tot, want)
		}
	}
	if r, tot := b.Rank(-1); r != 0 || tot != 6 {
		t.Fatalf("no bot: rank %d of %d", r, tot)
	}
	for n, want := range map[int][]int{0: nil, 3: {2, 0, 1}, 10: {2, 0, 1, 3, 8, 7}} {
		top := b.Top(n)
		if len(top) != len(want) {
			t.Fatalf("top %d: %d rows, want %d", n, len(top), len(want))
		}
		for r, i := range want {
			if top[r].BotID != bots[i] || top[r].Rank != r+1 {
				t.Fatalf("top %d row %d: %+v, want rb%d ranked %d", n, r, top[r], i, r+1)
			}
		}
	}
	// Pages: of the whole board, and of one owner's bots with their overall ranks.
	mine := map[int64][]int{0: order, owners[0]: {0, 3, 7}, owners[1]: {2, 1, 8}, owners[2]: nil, owners[3]: {9, 10}}
	for owner, all := range mine {
		for _, lim := range [][2]int{{50, 0}, {2, 0}, {2, 1}, {2, 2}, {2, 4}, {3, 6}, {1, 1000}} {
			got, total := b.Page(owner, lim[0], lim[1])
			if total != len(all) {
				t.Fatalf("owner %d page %v: total %d, want %d", owner, lim, total, len(all))
			}
			lo := min(lim[1], len(all))
			want := all[lo:min(lo+lim[0], len(all))]
			if len(got) != len(want) {
				t.Fatalf("owner %d page %v: %d rows, want %d", owner, lim, len(got), len(want))
			}
			for k, i := range want {
				if got[k].BotID != bots[i] || got[k].Rank != ranks[slices.Index(order, i)] {
					t.Fatalf("owner %d page %v row %d: %+v, want rb%d", owner, lim, k, got[k], i)
				}
			}
		}
	}
	// Last changes: the seed rated the even bots twice, the latest now - i minutes.
	rows, _ := b.Page(0, -1, 0)
	if err := store.LastChanges(ctx, pool, rows); err != nil {
		t.Fatal(err)
	}
	for k, r := range rows {
		i := order[k]
		if (r.LastChange != nil) != (i%2 == 0) {
			t.Fatalf("rb%d: last change %v", i, r.LastChange)
		}
		if r.LastChange != nil && time.Since(*r.LastChange) > time.Duration(i)*time.Minute+time.Minute {
			t.Fatalf("rb%d: last change %v is the older one", i, r.LastChange)
		}
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
