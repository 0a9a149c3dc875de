package web

import (
	"context"
	"testing"
	"time"

	"arena.dev/store/pgtest"
)

// Games without ranked bots (or that do not exist) leave no entry behind.
func TestBoardCacheKeepsNoEmptyBoards(t *testing.T) {
	pool := pgtest.Pool(t)
	c := NewBoardCache(time.Hour)
	for _, g := range []string{"no-such-game-1", "no-such-game-2"} {
		b, err := c.Board(context.Background(), pool, g)
		if err != nil || b.Len() != 0 {
			t.Fatalf("%s: %v, %v", g, b, err)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.games) != 0 {
		t.Fatalf("%d entries kept for empty boards", len(c.games))
	}
}
