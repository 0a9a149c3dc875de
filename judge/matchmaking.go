package judge

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/ladder"
	"arena.dev/store"
)

// MatchmakingArgs is the periodic job that keeps the ladder busy.
type MatchmakingArgs struct{}

func (MatchmakingArgs) Kind() string { return "matchmaking" }

// MatchmakingWorker tops up each enabled game's queue of ladder matches,
// chosen in the Halite style by package ladder, each with a fresh seed.
type MatchmakingWorker struct {
	river.WorkerDefaults[MatchmakingArgs]
	j *judge
}

func (w *MatchmakingWorker) Work(ctx context.Context, job *river.Job[MatchmakingArgs]) error {
	rng := rand.New(rand.NewPCG(uint64(newSeed()), uint64(time.Now().UnixNano())))
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		// One matchmaker at a time, even if a period's job were doubled.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('arena-matchmaking'))"); err != nil {
			return err
		}
		gameIDs, err := enabledGames(ctx, tx)
		if err != nil {
			return err
		}
		var jobs []river.InsertManyParams
		for _, g := range gameIDs {
			planned, err := planLadder(ctx, tx, g, w.j.cfg.LadderQueue, rng)
			if err != nil {
				return err
			}
			jobs = append(jobs, planned...)
		}
		if err := insertJobs(ctx, tx, jobs); err != nil {
			return err
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

func enabledGames(ctx context.Context, db store.DB) ([]string, error) {
	rows, err := db.Query(ctx, "SELECT id FROM games WHERE enabled ORDER BY id")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// planLadder creates enough ladder matches for one game to bring its queue
// to target, and returns their jobs.
func planLadder(ctx context.Context, tx pgx.Tx, gameID string, target int, rng *rand.Rand) ([]river.InsertManyParams, error) {
	var queued int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM matches WHERE game_id = $1 AND kind = 'ladder' AND status = 'queued'`,
		gameID).Scan(&queued); err != nil {
		return nil, err
	}
	k := target - queued
	if k <= 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `
		SELECT v.id, b.owner_id, v.mu, v.sigma, v.games, coalesce(v.last_played_at, 'epoch')
		FROM bots b JOIN bot_versions v ON v.id = b.current_version_id
		JOIN users u ON u.id = b.owner_id
		WHERE b.game_id = $1 AND NOT b.disabled AND NOT u.disabled AND v.status = 'accepted'`, gameID)
	if err != nil {
		return nil, err
	}
	var cands []ladder.Candidate
	for rows.Next() {
		var c ladder.Candidate
		if err := rows.Scan(&c.BotID, &c.OwnerID, &c.Mu, &c.Sigma, &c.Games, &c.LastPlayed); err != nil {
			rows.Close()
			return nil, err
		}
		cands = append(cands, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	settings, err := matchSettings(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	plan, err := ladder.Plan(cands, k, rng)
	if errors.Is(err, ladder.ErrTooFewOwners) {
		return nil, nil // not enough players yet
	}
	if err != nil {
		return nil, err
	}
	var jobs []river.InsertManyParams
	for _, ids := range plan {
		seats := make([]store.Seat, len(ids))
		for i := range ids {
			seats[i] = store.Seat{VersionID: &ids[i]}
		}
		// The seed bot is first in the plan; rotate so it is not always seat 0.
		rng.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
		m := &store.Match{GameID: gameID, Kind: store.KindLadder, Seed: newSeed(), Settings: settings}
		if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
			return nil, err
		}
		jobs = append(jobs, matchJob(m))
	}
	return jobs, nil
}
