package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
)

// Ranking is a snapshot of a game's whole leaderboard, ranked once: the web
// process keeps one per game for a short while (see web.BoardCache) so that
// leaderboard pages, ranks and counts need no ranking query of their own.
// A Ranking is never modified after LoadRanking: share it freely.
type Ranking struct {
	GameID string
	Built  time.Time         // when it was read
	Rows   []domain.Standing // board order, house bots (Rank 0) among the ranked; LastChange not set
	ranked []int             // indexes in Rows of the ranked bots: ranked[r-1] has rank r
	byBot  map[int64]int
	owned  map[int64][]int // owner → indexes in Rows, in rank order
}

// LoadRanking reads and ranks a game's whole leaderboard in one query, the
// only leaderboard there is. The order (the ranking rule: μ−3σ, then games,
// then bot id; rank.go) is total, so a bot's rank is its position among
// the ranked bots (house bots are in the board, unranked).
func LoadRanking(ctx context.Context, db DB, gameID string) (*Ranking, error) {
	rows, err := db.Query(ctx, `
		SELECT u.role = 'house' AS house, b.id AS bot_id, b.name AS bot_name, u.id AS owner_id, u.name AS owner_name,
		       v.id AS version_id, v.number AS version, v.language, `+ordinalSQL+` AS ordinal, v.mu, v.sigma, v.games
		`+boardFilter+`
		ORDER BY `+rankOrderSQL, gameID)
	if err != nil {
		return nil, err
	}
	standings, err := collectRows(rows, pgx.RowToStructByNameLax[domain.Standing]) // Lax: Rank and LastChange are set below
	if err != nil {
		return nil, err
	}
	b := &Ranking{GameID: gameID, Built: time.Now(), byBot: map[int64]int{}, owned: map[int64][]int{}}
	for _, s := range standings {
		if !s.House {
			b.ranked = append(b.ranked, len(b.Rows))
			s.Rank = len(b.ranked)
		}
		b.byBot[s.BotID] = len(b.Rows)
		b.owned[s.OwnerID] = append(b.owned[s.OwnerID], len(b.Rows))
		b.Rows = append(b.Rows, s)
	}
	return b, nil
}

// Len is the number of ranked bots (house bots are not).
func (b *Ranking) Len() int { return len(b.ranked) }

// Rank is a bot's rank and the number of ranked bots; rank 0 when the bot
// is not ranked (a house bot is not).
func (b *Ranking) Rank(botID int64) (rank, total int) {
	if i, ok := b.byBot[botID]; ok {
		return b.Rows[i].Rank, len(b.ranked)
	}
	return 0, len(b.ranked)
}

// Standing is a bot's row of the board, if it is on it.
func (b *Ranking) Standing(botID int64) (domain.Standing, bool) {
	if i, ok := b.byBot[botID]; ok {
		return b.Rows[i], true
	}
	return domain.Standing{}, false
}

// Top is the first n ranked standings (a copy).
func (b *Ranking) Top(n int) []domain.Standing {
	n = max(0, min(n, len(b.ranked)))
	out := make([]domain.Standing, n)
	for r := range out {
		out[r] = b.Rows[b.ranked[r]]
	}
	return out
}

// Page is a page of the board (a copy), house bots in their place, and
// the number of rows it is cut from; ownerID > 0 keeps only that owner's
// bots, with their overall ranks; without the last-change times (see
// LastChanges).
func (b *Ranking) Page(ownerID int64, limit, offset int) ([]domain.Standing, int) {
	if ownerID <= 0 {
		lo, hi := window(len(b.Rows), limit, offset)
		return append([]domain.Standing(nil), b.Rows[lo:hi]...), len(b.Rows)
	}
	idx := b.owned[ownerID]
	lo, hi := window(len(idx), limit, offset)
	var out []domain.Standing
	for _, i := range idx[lo:hi] {
		out = append(out, b.Rows[i])
	}
	return out, len(idx)
}

// window clamps [offset, offset+limit) to [0, n).
func window(n, limit, offset int) (lo, hi int) {
	lo = max(0, min(offset, n))
	hi = n
	if limit >= 0 && limit < n-lo {
		hi = lo + limit
	}
	return lo, hi
}

// LastChanges sets each standing's LastChange, the time of its version's
// latest rating change, in one query.
func LastChanges(ctx context.Context, db DB, rows []domain.Standing) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	for i, s := range rows {
		ids[i] = s.VersionID
	}
	last, err := collectMap[int64, time.Time](db.Query(ctx, `SELECT bot_version_id, max(created_at) FROM rating_history
		WHERE bot_version_id = ANY($1) GROUP BY bot_version_id`, ids))
	if err != nil {
		return err
	}
	for i := range rows {
		if at, ok := last[rows[i].VersionID]; ok {
			rows[i].LastChange = &at
		}
	}
	return nil
}
