package store

import (
	"context"
	"errors"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// SeatResult is a seat with what it is needed to run it and what it scored.
type SeatResult struct {
	Seat           int
	VersionID      *int64
	Builtin        *string // a built-in bot, run in-process: a seat of its own, or a house bot's version
	BotID          *int64
	BotName        string // "Dummy" for a built-in
	OwnerName      string
	House          bool            // a house bot (the house account's)
	Language       domain.Language // the version's (package lang's id); "" for a built-in
	ArtifactSHA256 *string
	SDKKey         *string // the SDK the artifact was built against (lang's SDKKey)
	Score          *int64
	Rank           *int
	CPUSeconds     *float64
	FrozenRound    *int   // from 0; -1 at setup
	FrozenKind     string // games.Freeze*; "" when unknown
	FrozenReason   *string
	Invalid        *int
}

// CreateMatch inserts a queued match and its seats, setting m.ID.
func CreateMatch(ctx context.Context, db DB, m *domain.Match, seats []domain.Seat) error {
	if m.Settings == nil {
		m.Settings = map[string]int{}
	}
	err := db.QueryRow(ctx, `INSERT INTO matches (game_id, kind, seed, settings, bot_version_id, board_id, challenger_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, status, created_at`,
		m.GameID, m.Kind, m.Seed, m.Settings, m.BotVersionID, m.BoardID, m.ChallengerID).Scan(&m.ID, &m.Status, &m.CreatedAt)
	if err != nil {
		return err
	}
	for i, s := range seats {
		var builtin *string
		if s.VersionID == nil {
			builtin = &s.Builtin
		}
		if _, err := db.Exec(ctx, `INSERT INTO match_players (match_id, seat, bot_version_id, builtin)
			VALUES ($1, $2, $3, $4)`, m.ID, i, s.VersionID, builtin); err != nil {
			return err
		}
	}
	return nil
}

const matchColumns = `id, game_id, kind, seed, settings, status, bot_version_id, board_id, challenger_id, replay_key, rated, error, created_at, finished_at,
	replay_deleted_at, replay_regenerated_at, replay_differs`

// MatchByID returns a match.
func MatchByID(ctx context.Context, db DB, id int64) (*domain.Match, error) {
	return collectOne[domain.Match](db.Query(ctx, "SELECT "+matchColumns+" FROM matches WHERE id = $1", id))
}

// MatchForUpdate returns a match and locks it until the transaction ends:
// the one place where concurrent attempts to finish it are serialised.
func MatchForUpdate(ctx context.Context, tx pgx.Tx, id int64) (*domain.Match, error) {
	return collectOne[domain.Match](tx.Query(ctx, "SELECT "+matchColumns+" FROM matches WHERE id = $1 FOR UPDATE", id))
}

// Seats returns a match's seats in order, with their bots and results. A
// house bot's seat has its version and its Builtin both.
func Seats(ctx context.Context, db DB, matchID int64) ([]SeatResult, error) {
	rows, err := db.Query(ctx, `
		SELECT mp.seat, mp.bot_version_id AS version_id, coalesce(mp.builtin, v.builtin) AS builtin, b.id AS bot_id,
		       coalesce(b.name, mp.builtin) AS bot_name, coalesce(u.name, '') AS owner_name, coalesce(u.role = 'house', false) AS house,
		       coalesce(v.language, '') AS language, v.artifact_sha256, v.sdk_key, mp.score, mp.rank, mp.cpu_seconds, mp.frozen_round,
		       coalesce(mp.frozen_kind, '') AS frozen_kind, mp.frozen_reason, mp.invalid_commands AS invalid
		FROM match_players mp
		LEFT JOIN bot_versions v ON v.id = mp.bot_version_id
		LEFT JOIN bots b ON b.id = v.bot_id
		LEFT JOIN users u ON u.id = b.owner_id
		WHERE mp.match_id = $1 ORDER BY mp.seat`, matchID)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, pgx.RowToStructByName[SeatResult])
}

// SeatOutcome is what one seat did in a finished match.
type SeatOutcome struct {
	Score        int64
	Rank         int
	CPUSeconds   float64
	FrozenRound  *int
	FrozenKind   string // games.Freeze*
	FrozenReason *string
	Invalid      int
	Log          string // the bot's debug log (owner's eyes only)
	// LogRounds cuts Log by round: [round, start] pairs flattened, start
	// the byte offset of what the bot printed in that round (SeatLogRounds).
	LogRounds []int32
}

// FinishMatch records the outcome of every seat and marks the match finished.
func FinishMatch(ctx context.Context, db DB, id int64, replayKey string, rated bool, seats []SeatOutcome) error {
	for i, s := range seats {
		if _, err := db.Exec(ctx, `UPDATE match_players SET score = $3, rank = $4, cpu_seconds = $5,
			frozen_round = $6, frozen_reason = $7, invalid_commands = $8, log = $9, frozen_kind = nullif($10, ''), log_rounds = $11
			WHERE match_id = $1 AND seat = $2`,
			id, i, s.Score, s.Rank, s.CPUSeconds, s.FrozenRound, s.FrozenReason, s.Invalid, s.Log, s.FrozenKind, s.LogRounds); err != nil {
			return err
		}
	}
	_, err := db.Exec(ctx, `UPDATE matches SET status = 'finished', replay_key = $2, rated = $3, finished_at = now()
		WHERE id = $1`, id, replayKey, rated)
	return err
}

// FailMatch marks a match that cannot be played (a host fault, not a bot's).
func FailMatch(ctx context.Context, db DB, id int64, reason string) error {
	_, err := db.Exec(ctx, `UPDATE matches SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, id, reason)
	return err
}

// MatchSeats returns who sat in each seat of a match, in seat order.
func MatchSeats(ctx context.Context, db DB, matchID int64) ([]domain.Seat, error) {
	rows, err := db.Query(ctx, "SELECT bot_version_id AS version_id, coalesce(builtin, '') AS builtin FROM match_players WHERE match_id = $1 ORDER BY seat", matchID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[domain.Seat])
}

// LatestReplay returns the newest finished ladder match of a game that has
// a replay, or ErrNotFound.
func LatestReplay(ctx context.Context, db DB, gameID string) (int64, error) {
	var id int64
	err := db.QueryRow(ctx, `SELECT id FROM matches
		WHERE game_id = $1 AND status = 'finished' AND kind = 'ladder' AND replay_key IS NOT NULL
		ORDER BY id DESC LIMIT 1`, gameID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return id, err
}
