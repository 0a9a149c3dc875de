package web

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// The games page says what each game plays on from the rows it loaded
// (gameBoardChoice) instead of asking store.GameBoards per game and use:
// both agree, for boards by default (originals in their order), chosen
// (in the chosen order, another game's board left out) and generated.
func TestGameBoardChoiceIsWhatTheStoreSays(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	n := time.Now().UnixNano() % 1e9
	a, b := fmt.Sprintf("vag%da", n), fmt.Sprintf("vag%db", n)
	t.Cleanup(func() {
		pool.Exec(ctx, `DELETE FROM boards WHERE game_id IN ($1, $2)`, a, b)
		pool.Exec(ctx, `DELETE FROM games WHERE id IN ($1, $2)`, a, b)
	})
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	board := func(game, name string, original any) int64 {
		t.Helper()
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO boards (game_id, name, data, settings, original) VALUES ($1, $2, 'x', '{"rows": 9}', $3)
			RETURNING id`, game, name, original).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	for _, g := range []string{a, b} {
		if err := store.EnsureGame(ctx, pool, g, "Game "+g); err != nil {
			t.Fatal(err)
		}
	}
	board(a, "second original", "o2")
	a1 := board(a, "first original", "o1")
	a3 := board(a, "plain", nil)
	b1 := board(b, "of b", nil)
	originals := []string{"o1", "o2", "o3"}
	// a: the ladder by default; qualification on a's boards and b's, then generated ones.
	exec(`UPDATE games SET qualification_chosen = true, qualification_generated = true, qualification_board_ids = $2 WHERE id = $1`,
		a, []int64{a3, b1, a1})
	// b: the ladder on its board alone; qualification by default, without originals uploaded.
	exec(`UPDATE games SET ladder_chosen = true, ladder_generated = false, ladder_board_ids = $2 WHERE id = $1`, b, []int64{b1})

	rows, err := store.AdminGames(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	boards, err := store.Boards(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	names := func(c store.BoardChoice) []string {
		var out []string
		for _, b := range c.Boards {
			out = append(out, b.Name)
		}
		return out
	}
	want := map[string][]string{
		a + " ladder": {"first original", "second original"}, a + " qualification": {"plain", "first original"},
		b + " ladder": {"of b"}, b + " qualification": nil,
	}
	for _, g := range []string{a, b} {
		for _, use := range []domain.BoardUse{domain.ForLadder, domain.ForQualification} {
			stored, err := store.GameBoards(ctx, pool, g, use, originals)
			if err != nil {
				t.Fatal(err)
			}
			got := gameBoardChoice(rows[g], use, originals, boards)
			if len(stored.Boards) == 0 {
				stored.Boards = nil
			}
			if !reflect.DeepEqual(got, stored) {
				t.Errorf("%s %s:\n got %+v\nwant %+v (store.GameBoards)", g, use, got, stored)
			}
			if w := want[g+" "+string(use)]; !reflect.DeepEqual(names(got), w) {
				t.Errorf("%s %s plays on %q, want %q", g, use, names(got), w)
			}
		}
	}
}
