package store

import (
	"context"
	"encoding/json"
)

// EventsChannel is the Postgres NOTIFY channel on which workers announce
// changes to bot versions; the web servers LISTEN on it to update pages live.
const EventsChannel = "arena_events"

// VersionEvent says that a version changed: its status, or its
// qualification progressed. It is the JSON payload of a notification.
type VersionEvent struct {
	VersionID int64  `json:"version_id"`
	BotID     int64  `json:"bot_id"`
	OwnerID   int64  `json:"owner_id"`
	Status    string `json:"status"`
}

// ParseVersionEvent decodes a notification's payload.
func ParseVersionEvent(payload string) (VersionEvent, error) {
	var e VersionEvent
	err := json.Unmarshal([]byte(payload), &e)
	return e, err
}

// NotifyVersion announces a version's status on EventsChannel. Call it in
// the transaction that made the change: Postgres delivers a notification
// only when its transaction commits, and only after, so listeners never
// hear of a change that was rolled back and always find it when they look.
func NotifyVersion(ctx context.Context, db DB, versionID, botID, ownerID int64, status string) error {
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
	return NotifyVersionChanged(ctx, db, versionID)
}
