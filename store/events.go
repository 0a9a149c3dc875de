package store

import (
	"context"
	"encoding/json"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// EventsChannel is the Postgres NOTIFY channel on which workers announce
// changes to bot versions and tournaments; the web servers LISTEN on it to
// update pages live.
const EventsChannel = "arena_events"

// VersionEvent says that a version changed: its status, or its
// qualification progressed. It is the JSON payload of a notification.
type VersionEvent struct {
	VersionID int64                `json:"version_id"`
	BotID     int64                `json:"bot_id"`
	OwnerID   int64                `json:"owner_id"`
	Status    domain.VersionStatus `json:"status"`
}

// TournamentEvent says that a tournament changed: a match of it landed, a
// round started, its status changed. Changes counts its changes so far.
type TournamentEvent struct {
	TournamentID int64  `json:"tournament_id"`
	Changes      int64  `json:"changes"`
	Status       string `json:"status"`
}

// BoardEvent says that a game's leaderboard may have changed: ratings
// moved, a bot's version joined or left it, a bot or owner was disabled.
type BoardEvent struct {
	GameID string `json:"board"`
}

// ParseEvent decodes a notification's payload: a version's event or a
// tournament's, the other one zero. A board's event is neither: see
// ParseBoardEvent.
func ParseEvent(payload string) (VersionEvent, TournamentEvent, error) {
	var probe struct {
		TournamentID int64 `json:"tournament_id"`
	}
	if err := json.Unmarshal([]byte(payload), &probe); err != nil {
		return VersionEvent{}, TournamentEvent{}, err
	}
	if probe.TournamentID != 0 {
		var t TournamentEvent
		err := json.Unmarshal([]byte(payload), &t)
		return VersionEvent{}, t, err
	}
	var v VersionEvent
	err := json.Unmarshal([]byte(payload), &v)
	return v, TournamentEvent{}, err
}

// ParseBoardEvent decodes a board's event; ok is false for any other
// payload.
func ParseBoardEvent(payload string) (e BoardEvent, ok bool) {
	err := json.Unmarshal([]byte(payload), &e)
	return e, err == nil && e.GameID != ""
}

// NotifyBoard announces that a game's leaderboard changed. Like the other
// notifications, call it in the transaction that made the change.
func NotifyBoard(ctx context.Context, db DB, gameID string) error {
	_, err := db.Exec(ctx, "SELECT pg_notify($1, json_build_object('board', $2::text)::text)", EventsChannel, gameID)
	return err
}

// notifyBoardOfCurrent announces a change of a version's game's board when
// the version is its bot's current one (the one on the board): its status
// changed, so it may have left the board. Postgres sends identical
// notifications of one transaction once.
func notifyBoardOfCurrent(ctx context.Context, db DB, versionID int64) error {
	_, err := db.Exec(ctx, `SELECT pg_notify($2, json_build_object('board', b.game_id)::text)
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id AND b.current_version_id = v.id WHERE v.id = $1`, versionID, EventsChannel)
	return err
}

// NotifyTournament counts a change of a tournament and announces it, with
// the tournament's status as the transaction sees it, on EventsChannel.
// Call it in the transaction that made the change, after the change (the
// notification goes out when it commits): it locks the tournament's row.
func NotifyTournament(ctx context.Context, db DB, id int64) error {
	_, err := db.Exec(ctx, `WITH t AS (UPDATE tournaments SET changes = changes + 1 WHERE id = $1 RETURNING id, changes, status)
		SELECT pg_notify($2, json_build_object('tournament_id', id, 'changes', changes, 'status', status)::text) FROM t`,
		id, EventsChannel)
	return err
}

// NotifyVersion announces a version's status on EventsChannel. Call it in
// the transaction that made the change: Postgres delivers a notification
// only when its transaction commits, and only after, so listeners never
// hear of a change that was rolled back and always find it when they look.
func NotifyVersion(ctx context.Context, db DB, versionID, botID, ownerID int64, status domain.VersionStatus) error {
	payload, err := json.Marshal(VersionEvent{VersionID: versionID, BotID: botID, OwnerID: ownerID, Status: status})
	if err != nil {
		return err
	}
	_, err = db.Exec(ctx, "SELECT pg_notify($1, $2)", EventsChannel, string(payload))
	return err
}

// NotifyVersionChanged is NotifyVersion for callers that know only the
// version: its bot, owner and status (as the transaction sees them) are
// looked up by the same statement.
func NotifyVersionChanged(ctx context.Context, db DB, versionID int64) error {
	_, err := db.Exec(ctx, `SELECT pg_notify($2, json_build_object(
			'version_id', v.id, 'bot_id', b.id, 'owner_id', b.owner_id, 'status', v.status)::text)
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE v.id = $1`, versionID, EventsChannel)
	return err
}

// notified returns err, or, when the change it reports succeeded, the error
// of announcing it: the one-line tail of the status setters in bots.go.
func notified(ctx context.Context, db DB, versionID int64, err error) error {
	if err != nil {
		return err
	}
	if err := NotifyVersionChanged(ctx, db, versionID); err != nil {
		return err
	}
	return notifyBoardOfCurrent(ctx, db, versionID)
}

// Listen makes a connection (a dedicated one: it keeps listening until it
// closes) receive the notifications of EventsChannel.
func Listen(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, "LISTEN "+EventsChannel)
	return err
}
