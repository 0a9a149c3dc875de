package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// Retention: what the database keeps of a match once it is played. Results,
// scores, ratings and the match rows are kept for ever, and so are the
// replays of qualification, tournament and challenge matches. A ladder
// replay is kept while it is among the most recent LadderRecent ladder
// matches of one of its versions, or younger than LadderDays (counted from
// when it was played again, for one played again); the retention job
// (judge/retention.go) deletes the others, a small batch a transaction.
// The compiled artifact of a version that is not current, in no
// unfinished tournament and in no queued match, and that nothing used for
// ArtifactDays, is dropped; a worker that needs it again builds it from
// the source (judge/rebuild.go).
type Retention struct {
	Enabled      bool // false: nothing is deleted
	LadderRecent int  // N: each version's most recent ladder matches keep their replays
	LadderDays   int  // D: ladder replays younger than this many days are kept
	ArtifactDays int  // artifacts of versions idle this many days are dropped
}

// DefaultRetention is in force until an admin changes it. A ladder match
// writes a ~10–50 KB replay (rows: ~2 KB) and a compiled Go bot is
// ~1–3 MB, so these bound a semester's replays by the ladder's pace over
// 3 days plus 10 matches per version ever submitted, and its artifacts by
// the versions used in the last week (README, "Storage and retention").
var DefaultRetention = Retention{Enabled: true, LadderRecent: 10, LadderDays: 3, ArtifactDays: 7}

// Limits of the retention settings an admin may choose.
const (
	MaxLadderRecent = 10000
	MaxRetentionDay = 3650
)

// The retention settings' keys in site_settings.
const (
	settingRetentionEnabled = "retention_enabled"
	settingLadderRecent     = "retention_ladder_recent"
	settingLadderDays       = "retention_ladder_days"
	settingArtifactDays     = "retention_artifact_days"
)

// Validate says what is wrong with the settings, by field, or nil.
func (r Retention) Validate() map[string]string {
	bad := map[string]string{}
	if r.LadderRecent < 0 || r.LadderRecent > MaxLadderRecent {
		bad["ladder_recent"] = fmt.Sprintf("A whole number from 0 to %d.", MaxLadderRecent)
	}
	if r.LadderDays < 0 || r.LadderDays > MaxRetentionDay {
		bad["ladder_days"] = fmt.Sprintf("A whole number of days from 0 to %d.", MaxRetentionDay)
	}
	if r.ArtifactDays < 1 || r.ArtifactDays > MaxRetentionDay {
		bad["artifact_days"] = fmt.Sprintf("A whole number of days from 1 to %d.", MaxRetentionDay)
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// LoadRetention returns the retention settings in force: an admin's, or
// the defaults.
func LoadRetention(ctx context.Context, db DB) (Retention, error) {
	r := DefaultRetention
	settings, err := collectMap[string, string](db.Query(ctx, "SELECT key, value FROM site_settings WHERE key = ANY($1)",
		[]string{settingRetentionEnabled, settingLadderRecent, settingLadderDays, settingArtifactDays}))
	if err != nil {
		return r, err
	}
	for key, value := range settings {
		n, err := strconv.Atoi(value)
		if key != settingRetentionEnabled && err != nil {
			continue // not written by SaveRetention: the default stands
		}
		switch key {
		case settingRetentionEnabled:
			r.Enabled = value == "true"
		case settingLadderRecent:
			r.LadderRecent = n
		case settingLadderDays:
			r.LadderDays = n
		case settingArtifactDays:
			r.ArtifactDays = n
		}
	}
	return r, nil
}

// SaveRetention records valid retention settings.
func SaveRetention(ctx context.Context, db DB, r Retention) error {
	if bad := r.Validate(); bad != nil {
		return fmt.Errorf("invalid retention settings: %v", bad)
	}
	for key, value := range map[string]string{
		settingRetentionEnabled: strconv.FormatBool(r.Enabled),
		settingLadderRecent:     strconv.Itoa(r.LadderRecent),
		settingLadderDays:       strconv.Itoa(r.LadderDays),
		settingArtifactDays:     strconv.Itoa(r.ArtifactDays),
	} {
		if err := SetSetting(ctx, db, key, value); err != nil {
			return err
		}
	}
	return nil
}

// Pruned is what one batch of the retention job did.
type Pruned struct {
	Scanned int   // candidates found (fewer than the batch: none are left)
	Deleted int   // replays or artifacts deleted
	Bytes   int64 // their size as stored
	Next    int64 // the id the next batch starts after
}

// PruneReplays deletes the replays of up to batch ladder matches after
// the id after that the rules r do not keep, oldest first. Finding them
// takes no lock; deleting them is one short transaction that skips a
// match another holds (DeleteReplays).
func PruneReplays(ctx context.Context, db interface {
	DB
	Begin(context.Context) (pgx.Tx, error)
}, r Retention, after int64, batch int) (Pruned, error) {
	return PruneReplaysAt(ctx, db, r, time.Now(), after, batch)
}

// PruneReplaysAt is PruneReplays with the days counted back from now (the
// semester benchmark's simulated clock).
func PruneReplaysAt(ctx context.Context, db interface {
	DB
	Begin(context.Context) (pgx.Tx, error)
}, r Retention, now time.Time, after int64, batch int) (Pruned, error) {
	cutoff := now.Add(-time.Duration(r.LadderDays) * 24 * time.Hour)
	// A match is kept while it is among the LadderRecent most recent
	// finished ladder matches of one of its versions: its id is at least
	// the version's LadderRecent-th newest (none: the version has fewer).
	rows, err := db.Query(ctx, `
		SELECT m.id FROM matches m
		WHERE m.kind = 'ladder' AND m.status = 'finished' AND m.replay_key IS NOT NULL AND m.id > $1
		  AND coalesce(m.replay_regenerated_at, m.finished_at) < $2
		  AND ($3 = 0 OR NOT EXISTS (
			SELECT 1 FROM match_players mp
			WHERE mp.match_id = m.id AND mp.bot_version_id IS NOT NULL
			  AND m.id >= coalesce((SELECT r.match_id FROM match_players r JOIN matches rm ON rm.id = r.match_id
				WHERE r.bot_version_id = mp.bot_version_id AND rm.kind = 'ladder' AND rm.status = 'finished'
				ORDER BY r.match_id DESC OFFSET greatest($3 - 1, 0) LIMIT 1), 0)))
		ORDER BY m.id LIMIT $4`, after, cutoff, r.LadderRecent, batch)
	if err != nil {
		return Pruned{}, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return Pruned{}, err
	}
	p := Pruned{Scanned: len(ids), Next: after}
	if len(ids) == 0 {
		return p, nil
	}
	p.Next = ids[len(ids)-1]
	err = pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		var err error
		p.Deleted, p.Bytes, err = DeleteReplays(ctx, tx, ids, cutoff)
		return err
	})
	return p, err
}

// DeleteReplays deletes the replays of these finished matches, those
// played (or played again) before olderThan, and records when: the match
// rows, results and ratings stay. A match another transaction holds (one
// being played again) is skipped, never waited for. A blob is deleted
// only under the match's own key (replay/ID/...).
func DeleteReplays(ctx context.Context, db DB, ids []int64, olderThan time.Time) (n int, bytes int64, err error) {
	err = db.QueryRow(ctx, `
		WITH del AS (
			SELECT id, replay_key FROM matches
			WHERE id = ANY($1) AND status = 'finished' AND replay_key IS NOT NULL
			  AND coalesce(replay_regenerated_at, finished_at) < $2
			FOR UPDATE SKIP LOCKED),
		upd AS (
			UPDATE matches m SET replay_key = NULL, replay_deleted_at = now(), replay_differs = false
			FROM del WHERE m.id = del.id RETURNING m.id),
		gone AS (
			DELETE FROM blobs b USING del
			WHERE b.key = del.replay_key AND starts_with(b.key, 'replay/' || del.id || '/')
			RETURNING pg_column_size(b.data) AS size)
		SELECT (SELECT count(*) FROM upd), (SELECT coalesce(sum(size), 0) FROM gone)`, ids, olderThan).Scan(&n, &bytes)
	return n, bytes, err
}

// DropArtifacts drops the compiled artifacts of up to batch versions after
// the id after that are accepted, superseded or rejected, current in no
// bot, entered in no unfinished tournament, seated in no queued match, and
// whose status, last rebuild and last match are all older than idleDays.
// The version keeps its hash and is marked; the blob goes when no version
// that keeps its artifact shares it. One short transaction; versions
// another holds are skipped.
func DropArtifacts(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}, idleDays int, after int64, batch int) (Pruned, error) {
	return DropArtifactsAt(ctx, db, idleDays, time.Now(), after, batch)
}

// DropArtifactsAt is DropArtifacts with the days counted back from now
// (the semester benchmark's simulated clock).
func DropArtifactsAt(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}, idleDays int, now time.Time, after int64, batch int) (Pruned, error) {
	p := Pruned{Next: after}
	cutoff := now.Add(-time.Duration(idleDays) * 24 * time.Hour)
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			WITH c AS (
				SELECT v.id FROM bot_versions v
				WHERE v.id > $1 AND v.artifact_sha256 IS NOT NULL AND v.artifact_dropped_at IS NULL AND v.builtin IS NULL
				  AND v.status IN ('accepted', 'superseded', 'rejected')
				  AND greatest(v.created_at, v.status_changed_at, v.rebuilt_at) < $2
				  AND NOT EXISTS (SELECT 1 FROM bots b WHERE b.current_version_id = v.id)
				  AND NOT EXISTS (SELECT 1 FROM tournament_entrants te JOIN tournaments t ON t.id = te.tournament_id
					WHERE te.bot_version_id = v.id AND t.status IN ('scheduled', 'running', 'paused'))
				  AND NOT EXISTS (SELECT 1 FROM matches q JOIN match_players qp ON qp.match_id = q.id
					WHERE q.status = 'queued' AND qp.bot_version_id = v.id)
				  AND coalesce((SELECT lm.created_at FROM matches lm WHERE lm.id =
					(SELECT max(lp.match_id) FROM match_players lp WHERE lp.bot_version_id = v.id)), '-infinity') < $2
				ORDER BY v.id LIMIT $3
				FOR UPDATE OF v SKIP LOCKED)
			UPDATE bot_versions v SET artifact_dropped_at = now() FROM c WHERE v.id = c.id
			RETURNING v.id, v.artifact_sha256`, after, cutoff, batch)
		if err != nil {
			return err
		}
		type dropped struct {
			ID             int64
			ArtifactSHA256 string
		}
		drops, err := pgx.CollectRows(rows, pgx.RowToStructByName[dropped])
		if err != nil {
			return err
		}
		var keys []string
		for _, d := range drops {
			p.Scanned++
			p.Next = max(p.Next, d.ID)
			keys = append(keys, "wasm/"+d.ArtifactSHA256)
		}
		if len(keys) == 0 {
			return nil
		}
		return tx.QueryRow(ctx, `
			WITH gone AS (
				DELETE FROM blobs b WHERE b.key = ANY($1)
				  AND NOT EXISTS (SELECT 1 FROM bot_versions k
					WHERE k.artifact_sha256 = substr(b.key, 6) AND k.artifact_dropped_at IS NULL)
				RETURNING pg_column_size(b.data) AS size)
			SELECT count(*), coalesce(sum(size), 0) FROM gone`, keys).Scan(&p.Deleted, &p.Bytes)
	})
	return p, err
}

// BlobExists says whether a blob is stored under key.
func BlobExists(ctx context.Context, db DB, key string) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM blobs WHERE key = $1)", key).Scan(&ok)
	return ok, err
}

// SetReplayRegenerated records a replay played again for a finished match
// whose replay was deleted: kept from now like a fresh one. differs says
// that it does not end as the recorded result.
func SetReplayRegenerated(ctx context.Context, db DB, matchID int64, key string, differs bool) error {
	return updateOne(ctx, db, `UPDATE matches SET replay_key = $2, replay_deleted_at = NULL,
		replay_regenerated_at = now(), replay_differs = $3 WHERE id = $1`, matchID, key, differs)
}

// ReplayRequests counts a user's requests to play a match again: waiting
// now, and made since window ago, the oldest of these made at oldest.
func ReplayRequests(ctx context.Context, db DB, userID int64, window time.Duration) (waiting, recent int, oldest time.Time, err error) {
	var first *time.Time
	err = db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE state IN ('available', 'pending', 'running', 'retryable', 'scheduled')),
			count(*) FILTER (WHERE created_at > now() - $2::interval),
			min(created_at) FILTER (WHERE created_at > now() - $2::interval)
		FROM river_job WHERE kind = 'replay' AND args @> jsonb_build_object('requested_by', $1::bigint)`,
		userID, window).Scan(&waiting, &recent, &first)
	if first != nil {
		oldest = *first
	}
	return waiting, recent, oldest, err
}

// ReplayJob says where the newest request to play a match again stands:
// River's state of its job ("" when there is none), how many jobs are
// ahead of it in its queue when it waits, and its last error when it gave
// up.
func ReplayJob(ctx context.Context, db DB, matchID int64) (state string, ahead int, lastError string, err error) {
	err = db.QueryRow(ctx, `
		WITH j AS (SELECT id, state, queue, priority, scheduled_at, errors FROM river_job
			WHERE kind = 'replay' AND args @> jsonb_build_object('match_id', $1::bigint) ORDER BY id DESC LIMIT 1)
		SELECT j.state::text, CASE WHEN j.state = 'available' THEN (SELECT count(*) FROM river_job a
			WHERE a.state = 'available' AND a.queue = j.queue
			  AND (a.priority, a.scheduled_at, a.id) < (j.priority, j.scheduled_at, j.id)) ELSE 0 END,
			coalesce(j.errors[array_length(j.errors, 1)]->>'error', '')
		FROM j`, matchID).Scan(&state, &ahead, &lastError)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, "", nil
	}
	return state, ahead, lastError, err
}
