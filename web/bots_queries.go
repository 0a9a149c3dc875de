package web

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"arena.dev/store"
	"arena.dev/templates"
)

// The few reads the bot pages need that package store does not offer yet.
// They are kept together here so they can move to store/bots.go and
// store/matches.go as they are.

// versionByNumber returns version n of a bot.
func versionByNumber(ctx context.Context, db store.DB, botID int64, n int) (*store.Version, error) {
	var id int64
	err := db.QueryRow(ctx, "SELECT id FROM bot_versions WHERE bot_id = $1 AND number = $2", botID, n).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return store.VersionByID(ctx, db, id)
}

// versionRefs lists a bot's versions, newest first, without their sources.
func versionRefs(ctx context.Context, db store.DB, botID int64) ([]templates.VersionRef, error) {
	rows, err := db.Query(ctx, "SELECT id, number, status, created_at FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC", botID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (templates.VersionRef, error) {
		var v templates.VersionRef
		err := row.Scan(&v.ID, &v.Number, &v.Status, &v.Created)
		return v, err
	})
}

// versionLogs returns the debug logs a version wrote in its latest
// matches (owner's eyes only: callers check who asks).
func versionLogs(ctx context.Context, db store.DB, versionID int64, limit int) ([]templates.DebugLog, error) {
	rows, err := db.Query(ctx, `
		SELECT m.id, m.kind, mp.seat, coalesce(m.finished_at, m.created_at), mp.log
		FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE mp.bot_version_id = $1 AND coalesce(mp.log, '') <> ''
		ORDER BY m.id DESC LIMIT $2`, versionID, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (templates.DebugLog, error) {
		var l templates.DebugLog
		err := row.Scan(&l.MatchID, &l.Kind, &l.Seat, &l.When, &l.Text)
		return l, err
	})
}

// versionOwners returns the owner of each of the given versions that exists.
func versionOwners(ctx context.Context, db store.DB, ids []int64) (map[int64]store.VersionEvent, error) {
	rows, err := db.Query(ctx, `SELECT v.id, b.id, b.owner_id, v.status
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE v.id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	evs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.VersionEvent, error) {
		var e store.VersionEvent
		err := row.Scan(&e.VersionID, &e.BotID, &e.OwnerID, &e.Status)
		return e, err
	})
	out := map[int64]store.VersionEvent{}
	for _, e := range evs {
		out[e.VersionID] = e
	}
	return out, err
}
