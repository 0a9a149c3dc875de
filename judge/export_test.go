package judge

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// The semester benchmark (semester_bench_test.go) drives the judge's own
// decisions on a simulated clock, and plays the matches itself in place
// of River's workers.

// Matchmake is one matchmaking tick at now, in tx, as MatchmakingWorker
// runs it; it returns the ids of the matches it created, without their
// River jobs.
func Matchmake(ctx context.Context, tx pgx.Tx, full int, now time.Time, rng *rand.Rand) ([]int64, error) {
	jobs, err := matchmake(ctx, tx, slog.Default(), full, now, rng)
	var ids []int64
	for _, j := range jobs {
		ids = append(ids, j.Args.(MatchArgs).MatchID)
	}
	return ids, err
}

// LandPlayed lands a queued match as MatchWorker does once it is played:
// these scores, a replay of these bytes, the ratings it moves.
func LandPlayed(ctx context.Context, tx pgx.Tx, matchID int64, seats []store.SeatResult, scores []int, budget time.Duration, gz []byte) error {
	n := len(seats)
	r := &games.Replay{CPUBudgetMS: budget.Milliseconds(),
		End: games.End{Scores: scores, Invalid: make([]int, n), CPU: make([]float64, n)}}
	return landQueuedMatch(ctx, tx, matchID, 1, landing{seats: seats, replay: r, gz: gz, logs: make([]seatLog, n)})
}

// Accept puts a qualified version on the ladder as qualification does.
func Accept(ctx context.Context, tx pgx.Tx, bot *domain.Bot, v *domain.Version) error {
	return accept(ctx, tx, bot, v)
}
