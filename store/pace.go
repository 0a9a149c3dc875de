package store

import (
	"context"
	"errors"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// LadderPace is one game's row of ladder_pace: the admin's pace and the
// matchmaker's bookkeeping (ladder/pace.go). A game without a row has the
// defaults and a matchmaker that never planned.
type LadderPace struct {
	GameID string
	domain.Pace
	UpdatedAt   *time.Time // an admin's last change; nil: the defaults
	LastPlanned time.Time  // zero: never
	HourStart   time.Time
	HourPlanned int
	Mode        domain.PaceMode // at the matchmaker's last tick
	Unsettled   int             // at the matchmaker's last tick
}

const paceColumns = `game_id, trickle_per_hour, hourly_cap, paused, updated_at,
	last_planned_at, hour_start, hour_planned, mode, unsettled`

func scanPace(r pgx.CollectableRow) (LadderPace, error) {
	var p LadderPace
	var mode string
	var last, hour *time.Time
	err := r.Scan(&p.GameID, &p.Trickle, &p.HourlyCap, &p.Paused, &p.UpdatedAt, &last, &hour, &p.HourPlanned, &mode, &p.Unsettled)
	if last != nil {
		p.LastPlanned = *last
	}
	if hour != nil {
		p.HourStart = *hour
	}
	p.Mode = domain.PaceMode(mode)
	return p, err
}

// GamePace returns a game's pace (the defaults when it has no row).
func GamePace(ctx context.Context, db DB, gameID string) (LadderPace, error) {
	rows, err := db.Query(ctx, "SELECT "+paceColumns+" FROM ladder_pace WHERE game_id = $1", gameID)
	if err != nil {
		return LadderPace{}, err
	}
	p, err := pgx.CollectOneRow(rows, scanPace)
	if errors.Is(err, pgx.ErrNoRows) {
		return LadderPace{GameID: gameID, Pace: domain.DefaultPace, Mode: domain.ModeIdle}, nil
	}
	return p, err
}

// LadderPaces returns every game's row, by game (Admin → Games).
func LadderPaces(ctx context.Context, db DB) (map[string]LadderPace, error) {
	rows, err := db.Query(ctx, "SELECT "+paceColumns+" FROM ladder_pace")
	if err != nil {
		return nil, err
	}
	all, err := pgx.CollectRows(rows, scanPace)
	out := map[string]LadderPace{}
	for _, p := range all {
		out[p.GameID] = p
	}
	return out, err
}

// SetGamePace records an admin's pace of a game, which the caller has
// validated (ladder.Validate); the game's row must exist.
func SetGamePace(ctx context.Context, db DB, gameID string, p domain.Pace) error {
	_, err := db.Exec(ctx, `INSERT INTO ladder_pace (game_id, trickle_per_hour, hourly_cap, paused, updated_at)
		VALUES ($1, $2, $3, $4, now())
		ON CONFLICT (game_id) DO UPDATE SET trickle_per_hour = $2, hourly_cap = $3, paused = $4, updated_at = now()`,
		gameID, p.Trickle, p.HourlyCap, p.Paused)
	return err
}

// RecordPaceTick records one matchmaking tick of a game at now (the
// matchmaker's clock): the mode in force, the unsettled versions, and the
// planned ladder matches, counted in now's clock hour.
func RecordPaceTick(ctx context.Context, db DB, gameID string, now time.Time, mode domain.PaceMode, unsettled, planned int) error {
	hour := domain.PaceHour(now)
	var last *time.Time
	if planned > 0 {
		last = &now
	}
	_, err := db.Exec(ctx, `INSERT INTO ladder_pace (game_id, last_planned_at, hour_start, hour_planned, mode, unsettled)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (game_id) DO UPDATE SET
			last_planned_at = coalesce($2, ladder_pace.last_planned_at),
			hour_planned = CASE WHEN ladder_pace.hour_start = $3 THEN ladder_pace.hour_planned + $4 ELSE $4 END,
			hour_start = $3, mode = $5, unsettled = $6`,
		gameID, last, hour, planned, string(mode), unsettled)
	return err
}
