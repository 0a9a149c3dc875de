package web

import (
	"context"
	"sync"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// BoardCache keeps a snapshot of each game's ranked board (store.Ranking) for
// at most TTL, so that leaderboard pages, the API, the top bots of the home
// and game pages, a bot's rank and the number of ranked bots cost slices and
// map lookups instead of ranking every ranked bot per request.
//
// One rebuild at a time per game: the request that finds the snapshot stale
// rebuilds it while the others keep using the previous one; only the first
// snapshot of a game is waited for. A Server without a BoardCache (the zero
// value, as in the tests) ranks per request and is never stale; `arena serve`
// sets one with a 2 s TTL.
type BoardCache struct {
	TTL time.Duration

	mu    sync.Mutex
	games map[string]*boardEntry
}

type boardEntry struct {
	board    *store.Ranking // nil until the first build succeeds
	building bool           // a rebuild is running
	done     chan struct{}  // closed when the running build ends
}

// NewBoardCache returns a cache whose snapshots live ttl.
func NewBoardCache(ttl time.Duration) *BoardCache {
	return &BoardCache{TTL: ttl, games: map[string]*boardEntry{}}
}

// Board returns a snapshot of a game's board no older than TTL, or the
// previous one while another request rebuilds it.
func (c *BoardCache) Board(ctx context.Context, db store.DB, gameID string) (*store.Ranking, error) {
	for {
		c.mu.Lock()
		if c.games == nil {
			c.games = map[string]*boardEntry{}
		}
		e := c.games[gameID]
		if e == nil {
			e = &boardEntry{}
			c.games[gameID] = e
		}
		if e.board != nil && (e.building || time.Since(e.board.Built) < c.TTL) {
			b := e.board
			c.mu.Unlock()
			return b, nil
		}
		if e.building { // the first build, by another request: wait for it
			done := e.done
			c.mu.Unlock()
			select {
			case <-done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			continue // its snapshot, or (if it failed) a build of our own
		}
		e.building, e.done = true, make(chan struct{})
		old, done := e.board, e.done
		c.mu.Unlock()

		b, err := store.LoadRanking(ctx, db, gameID)
		c.mu.Lock()
		e.building = false
		switch {
		case err == nil && b.Len() == 0 && old == nil:
			// Not kept: any name can be asked for (/api/games/NAME/leaderboard),
			// and an empty board costs little to read again.
			delete(c.games, gameID)
		case err == nil:
			e.board = b
		}
		close(done)
		c.mu.Unlock()
		if err != nil && old != nil {
			return old, nil // a failed rebuild keeps the last snapshot; the next request retries
		}
		return b, err
	}
}

// The board reads of the handlers, all from one ranked board (store.Ranking):
// the cache's snapshot when the Server has a BoardCache, else one read now.

// board is a game's ranked board.
func (s *Server) board(ctx context.Context, gameID string) (*store.Ranking, error) {
	if s.Boards == nil {
		return store.LoadRanking(ctx, s.Pool, gameID)
	}
	return s.Boards.Board(ctx, s.Pool, gameID)
}

// leaderboard is a page of a game's board (Ranking.Page) with each row's
// last rating change.
func (s *Server) leaderboard(ctx context.Context, gameID string, ownerID int64, limit, offset int) ([]domain.Standing, int, error) {
	b, err := s.board(ctx, gameID)
	if err != nil {
		return nil, 0, err
	}
	rows, total := b.Page(ownerID, limit, offset)
	return rows, total, store.LastChanges(ctx, s.Pool, rows)
}

// topStandings is the first n ranked bots of a game.
func (s *Server) topStandings(ctx context.Context, gameID string, n int) ([]domain.Standing, error) {
	b, err := s.board(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return b.Top(n), nil
}

// boardRank is a bot's rank and the number of ranked bots.
func (s *Server) boardRank(ctx context.Context, gameID string, botID int64) (rank, total int, err error) {
	b, err := s.board(ctx, gameID)
	if err != nil {
		return 0, 0, err
	}
	rank, total = b.Rank(botID)
	return rank, total, nil
}

// rankedCount is the number of ranked bots of a game.
func (s *Server) rankedCount(ctx context.Context, gameID string) (int, error) {
	b, err := s.board(ctx, gameID)
	if err != nil {
		return 0, err
	}
	return b.Len(), nil
}

// boards are several games' boards by game id: each the cache's snapshot
// when the Server has a BoardCache, else all of them in one read.
func (s *Server) boards(ctx context.Context, gameIDs []string) (map[string]*store.Ranking, error) {
	if s.Boards == nil {
		return store.LoadRankings(ctx, s.Pool, gameIDs)
	}
	out := make(map[string]*store.Ranking, len(gameIDs))
	for _, id := range gameIDs {
		b, err := s.Boards.Board(ctx, s.Pool, id)
		if err != nil {
			return nil, err
		}
		out[id] = b
	}
	return out, nil
}
