package judge

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"arena.dev/rating"
	"arena.dev/store"
)

// DefaultQualificationMatches is Q, the number of matches against three
// Dummies a version plays; a game's settings may set qualification_matches.
const DefaultQualificationMatches = 4

// QualifierBot is the built-in bot a submission must beat.
const QualifierBot = "Dummy"

func qualificationMatches(ctx context.Context, db store.DB, gameID string) (int, error) {
	var q int
	err := db.QueryRow(ctx, `SELECT coalesce((settings->>'qualification_matches')::int, $2) FROM games WHERE id = $1`,
		gameID, DefaultQualificationMatches).Scan(&q)
	if q < 1 {
		q = DefaultQualificationMatches
	}
	return q, err
}

// matchSettings are the game's settings an admin chose for new matches:
// the game's parameters only, without the platform's own keys.
func matchSettings(ctx context.Context, db store.DB, gameID string) (map[string]int, error) {
	var all map[string]any
	if err := db.QueryRow(ctx, "SELECT settings FROM games WHERE id = $1", gameID).Scan(&all); err != nil {
		return nil, err
	}
	out := map[string]int{}
	for k, v := range all {
		if f, ok := v.(float64); ok && k != "qualification_matches" {
			out[k] = int(f)
		}
	}
	return out, nil
}

// scheduleQualification creates a version's qualification matches and
// their jobs in tx, rotating its seat so no seat advantage decides.
func scheduleQualification(ctx context.Context, tx pgx.Tx, gameID string, versionID int64) error {
	q, err := qualificationMatches(ctx, tx, gameID)
	if err != nil {
		return err
	}
	settings, err := matchSettings(ctx, tx, gameID)
	if err != nil {
		return err
	}
	var jobs []river.InsertManyParams
	for i := 0; i < q; i++ {
		seats := make([]store.Seat, 4)
		for s := range seats {
			seats[s] = store.Seat{Builtin: QualifierBot}
		}
		seats[i%4] = store.Seat{VersionID: &versionID}
		m := &store.Match{GameID: gameID, Kind: store.KindQualification, Seed: newSeed(), BotVersionID: &versionID, Settings: settings}
		if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
			return err
		}
		jobs = append(jobs, matchJob(m))
	}
	return insertJobs(ctx, tx, jobs)
}

// decideQualification gives the verdict once all of a version's
// qualification matches have landed: accepted when it outscored every
// Dummy in a majority of them.
func decideQualification(ctx context.Context, tx pgx.Tx, versionID int64) error {
	v, err := store.VersionForUpdate(ctx, tx, versionID)
	if err != nil || v.Status != store.StatusQualifying {
		return err
	}
	bot, err := store.BotByID(ctx, tx, v.BotID)
	if err != nil {
		return err
	}
	// A qualification match landed: its owner's page shows the progress.
	if err := store.NotifyVersion(ctx, tx, v.ID, bot.ID, bot.OwnerID, v.Status); err != nil {
		return err
	}
	q, err := qualificationMatches(ctx, tx, bot.GameID)
	if err != nil {
		return err
	}
	var finished, won int
	err = tx.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE me.score > (
			SELECT max(o.score) FROM match_players o WHERE o.match_id = m.id AND o.seat <> me.seat))
		FROM matches m JOIN match_players me ON me.match_id = m.id AND me.bot_version_id = $1
		WHERE m.bot_version_id = $1 AND m.kind = 'qualification' AND m.status IN ('finished', 'failed')
		  -- after a rejudge, only the new matches count
		  AND m.created_at >= coalesce((SELECT rejudged_at FROM bot_versions WHERE id = $1), '-infinity')`,
		versionID).Scan(&finished, &won)
	if err != nil || finished < q {
		return err
	}
	if 2*won <= q {
		return store.SetVersionStatus(ctx, tx, v.ID, store.StatusRejected)
	}
	return accept(ctx, tx, bot, v)
}

// accept puts a version on the ladder in place of the bot's current one. It
// keeps the bot's μ with σ widened; an older version accepted after a newer
// one goes straight to superseded.
func accept(ctx context.Context, tx pgx.Tx, bot *store.Bot, v *store.Version) error {
	if _, err := tx.Exec(ctx, "SELECT 1 FROM bots WHERE id = $1 FOR UPDATE", bot.ID); err != nil {
		return err
	}
	model := rating.Default()
	r := model.Initial()
	var current *store.Version
	if err := tx.QueryRow(ctx, "SELECT current_version_id FROM bots WHERE id = $1", bot.ID).Scan(&bot.CurrentVersionID); err != nil {
		return err
	}
	if bot.CurrentVersionID != nil {
		var err error
		if current, err = store.VersionForUpdate(ctx, tx, *bot.CurrentVersionID); err != nil {
			return err
		}
		if current.Number > v.Number {
			return store.SetVersionStatus(ctx, tx, v.ID, store.StatusSuperseded)
		}
		if current.Mu != nil && current.Sigma != nil {
			r = model.NewVersion(rating.Rating{Mu: *current.Mu, Sigma: *current.Sigma})
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = $3, status_changed_at = now()
		WHERE id = $1`, v.ID, r.Mu, r.Sigma); err != nil {
		return err
	}
	if err := store.NotifyVersion(ctx, tx, v.ID, bot.ID, bot.OwnerID, store.StatusAccepted); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO rating_history (bot_version_id, mu, sigma) VALUES ($1, $2, $3)", v.ID, r.Mu, r.Sigma); err != nil {
		return err
	}
	if current != nil {
		if err := store.SetVersionStatus(ctx, tx, current.ID, store.StatusSuperseded); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", bot.ID, v.ID)
	return err
}

// newSeed is a fresh match seed of 53 bits: it fits Postgres' bigint and a
// JavaScript number, so the seed the viewer shows replays the same match.
func newSeed() int64 {
	var b [8]byte
	rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 11)
}

// insertJobs inserts jobs in tx with the River client that is working the
// current job.
func insertJobs(ctx context.Context, tx pgx.Tx, jobs []river.InsertManyParams) error {
	if len(jobs) == 0 {
		return nil
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("inserting jobs outside a worker: %w", err)
	}
	_, err = client.InsertManyTx(ctx, tx, jobs)
	return err
}
