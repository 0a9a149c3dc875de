package store

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
)

// Reads of the public pages that would otherwise cost a query per row:
// a user's bots with their versions, the seats of several matches, the
// boards of several matches, the boards of several games.

// BotsOfOwner lists a user's bots, optionally in one game, with their
// latest and current versions, in two queries whatever their number.
func BotsOfOwner(ctx context.Context, db DB, ownerID int64, gameID string) ([]BotSummary, error) {
	rows, err := db.Query(ctx, `SELECT id, owner_id, game_id, name, disabled, current_version_id, created_at
		FROM bots WHERE owner_id = $1 AND ($2 = '' OR game_id = $2) ORDER BY game_id, lower(name)`, ownerID, gameID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (BotSummary, error) {
		var b domain.Bot
		err := row.Scan(&b.ID, &b.OwnerID, &b.GameID, &b.Name, &b.Disabled, &b.CurrentVersionID, &b.CreatedAt)
		return BotSummary{Bot: b}, err
	})
	if err != nil || len(out) == 0 {
		return nil, err // nil for none
	}
	ids := make([]int64, len(out))
	for i, b := range out {
		ids[i] = b.Bot.ID
	}
	// Each bot's newest version and its current one (often the same).
	rows, err = db.Query(ctx, "SELECT "+versionColumns+` FROM bot_versions WHERE id IN (
		SELECT current_version_id FROM bots WHERE id = ANY($1)
		UNION (SELECT DISTINCT ON (bot_id) id FROM bot_versions WHERE bot_id = ANY($1) ORDER BY bot_id, number DESC))`, ids)
	if err != nil {
		return nil, err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowToAddrOfStructByName[domain.Version])
	if err != nil {
		return nil, err
	}
	byBot := map[int64][]*domain.Version{}
	for _, v := range versions {
		byBot[v.BotID] = append(byBot[v.BotID], v)
	}
	for i := range out {
		b := &out[i]
		for _, v := range byBot[b.Bot.ID] {
			if b.Latest == nil || v.Number > b.Latest.Number {
				b.Latest = v
			}
			if b.Bot.CurrentVersionID != nil && v.ID == *b.Bot.CurrentVersionID {
				b.Active = v
			}
		}
	}
	return out, nil
}

// MatchesSeats is Seats of several matches in one query, by match id.
func MatchesSeats(ctx context.Context, db DB, matchIDs []int64) (map[int64][]SeatResult, error) {
	out := map[int64][]SeatResult{}
	if len(matchIDs) == 0 {
		return out, nil
	}
	rows, err := db.Query(ctx, `
		SELECT mp.match_id, mp.seat, mp.bot_version_id, coalesce(mp.builtin, v.builtin), b.id, coalesce(b.name, mp.builtin), coalesce(u.name, ''), coalesce(u.role = 'house', false),
		       coalesce(v.language, ''), v.artifact_sha256, v.sdk_key, mp.score, mp.rank, mp.cpu_seconds, mp.frozen_round, coalesce(mp.frozen_kind, ''), mp.frozen_reason, mp.invalid_commands
		FROM match_players mp
		LEFT JOIN bot_versions v ON v.id = mp.bot_version_id
		LEFT JOIN bots b ON b.id = v.bot_id
		LEFT JOIN users u ON u.id = b.owner_id
		WHERE mp.match_id = ANY($1) ORDER BY mp.match_id, mp.seat`, matchIDs)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var match int64
		var s SeatResult
		if err := rows.Scan(&match, &s.Seat, &s.VersionID, &s.Builtin, &s.BotID, &s.BotName, &s.OwnerName, &s.House, &s.Language, &s.ArtifactSHA256, &s.SDKKey,
			&s.Score, &s.Rank, &s.CPUSeconds, &s.FrozenRound, &s.FrozenKind, &s.FrozenReason, &s.Invalid); err != nil {
			return nil, err
		}
		out[match] = append(out[match], s)
	}
	return out, rows.Err()
}

// BoardsByID is BoardByID's boards (without whether they were played) of
// several ids in one query, by id; ids of no board are left out.
func BoardsByID(ctx context.Context, db DB, ids []int64) (map[int64]*domain.Board, error) {
	out := map[int64]*domain.Board{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Query(ctx, `SELECT id, game_id, name, coalesce(original, ''), settings, length(data)
		FROM boards WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		b := &domain.Board{}
		if err := rows.Scan(&b.ID, &b.GameID, &b.Name, &b.Original, &b.Settings, &b.Size); err != nil {
			return nil, err
		}
		out[b.ID] = b
	}
	return out, rows.Err()
}

// boardsFilter is boardFilter for the games of an array ($1).
var boardsFilter = func() string {
	f := strings.Replace(boardFilter, "b.game_id = $1", "b.game_id = ANY($1)", 1)
	if f == boardFilter {
		panic("store: boardFilter no longer selects its game with b.game_id = $1")
	}
	return f
}()

// LoadRankings is LoadRanking of several games in one query, by game id;
// a game with no bot on its board has an empty Ranking.
func LoadRankings(ctx context.Context, db DB, gameIDs []string) (map[string]*Ranking, error) {
	now := time.Now()
	out := make(map[string]*Ranking, len(gameIDs))
	for _, id := range gameIDs {
		out[id] = &Ranking{GameID: id, Built: now, byBot: map[int64]int{}, owned: map[int64][]int{}}
	}
	if len(gameIDs) == 0 {
		return out, nil
	}
	rows, err := db.Query(ctx, `
		SELECT b.game_id, u.role = 'house', b.id, b.name, u.id, u.name, v.id, v.number, v.language, `+ordinalSQL+`, v.mu, v.sigma, v.games
		`+boardsFilter+`
		ORDER BY b.game_id, `+rankOrderSQL, gameIDs)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var game string
		var s domain.Standing
		if err := rows.Scan(&game, &s.House, &s.BotID, &s.BotName, &s.OwnerID, &s.OwnerName, &s.VersionID, &s.Version, &s.Language,
			&s.Ordinal, &s.Mu, &s.Sigma, &s.Games); err != nil {
			return nil, err
		}
		out[game].add(s)
	}
	return out, rows.Err()
}

// add puts s at the end of the board (rows come in board order), ranked
// unless it is a house bot's, as LoadRanking does.
func (b *Ranking) add(s domain.Standing) {
	if !s.House {
		b.ranked = append(b.ranked, len(b.Rows))
		s.Rank = len(b.ranked)
	}
	b.byBot[s.BotID] = len(b.Rows)
	b.owned[s.OwnerID] = append(b.owned[s.OwnerID], len(b.Rows))
	b.Rows = append(b.Rows, s)
}
