package judge

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/rating"
	"arena.dev/store"
)

// scheduleQualification creates a version's qualification matches and
// their jobs in tx, as games.QualificationSeed and friends say: match i on
// seed i+1, the version in seat i mod players and the qualifier in the
// others, on the game's qualification boards in turn. The same matches
// every time, so a student replays them locally and a rejudge plays them
// again.
func scheduleQualification(ctx context.Context, tx pgx.Tx, gameID string, versionID int64) error {
	q, err := store.QualificationMatchCount(ctx, tx, gameID, games.QualificationMatches)
	if err != nil {
		return err
	}
	settings, err := store.GameMatchSettings(ctx, tx, gameID)
	if err != nil {
		return err
	}
	g, err := games.Get(gameID)
	if err != nil {
		return err
	}
	boards, err := GameBoards(ctx, tx, gameID, domain.ForQualification)
	if err != nil {
		return err
	}
	info := g.Info()
	var jobs []river.InsertManyParams
	for i := 0; i < q; i++ {
		seats := make([]domain.Seat, info.Players)
		for s := range seats {
			seats[s] = domain.Seat{Builtin: info.Qualifier}
		}
		seats[games.QualificationSeat(i, info.Players)] = domain.Seat{VersionID: &versionID}
		m := &domain.Match{GameID: gameID, Kind: domain.KindQualification, Seed: int64(games.QualificationSeed(i)),
			BotVersionID: &versionID, Settings: settings}
		if k := games.QualificationBoard(i, len(boards.Boards), boards.Generated); k >= 0 {
			b := boards.Boards[k]
			m.BoardID, m.Settings = &b.ID, boardSettings(settings, b)
		}
		if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
			return err
		}
		jobs = append(jobs, matchJob(m))
	}
	return insertJobs(ctx, tx, jobs)
}

// decideQualification gives the verdict once all of a version's
// qualification matches have landed: accepted when it ended alone on top
// in enough of them (games.QualificationFirsts).
func decideQualification(ctx context.Context, tx pgx.Tx, versionID int64) error {
	v, err := store.VersionForUpdate(ctx, tx, versionID)
	if err != nil || v.Status != domain.StatusQualifying {
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
	matches, ended, firsts, err := store.QualificationTally(ctx, tx, versionID)
	if err != nil || ended < matches {
		return err
	}
	if firsts < games.QualificationFirsts(matches) {
		return store.SetVersionStatus(ctx, tx, v.ID, domain.StatusRejected)
	}
	return accept(ctx, tx, bot, v)
}

// accept puts a version on the ladder in place of the bot's current one. It
// keeps the bot's μ with σ widened; an older version accepted after a newer
// one goes straight to superseded.
func accept(ctx context.Context, tx pgx.Tx, bot *domain.Bot, v *domain.Version) error {
	var err error
	if bot.CurrentVersionID, err = store.BotCurrentVersionForUpdate(ctx, tx, bot.ID); err != nil {
		return err
	}
	model := rating.Default()
	r := model.Initial()
	var current *domain.Version
	if bot.CurrentVersionID != nil {
		if current, err = store.VersionForUpdate(ctx, tx, *bot.CurrentVersionID); err != nil {
			return err
		}
		if current.Number > v.Number {
			return store.SetVersionStatus(ctx, tx, v.ID, domain.StatusSuperseded)
		}
		if current.Mu != nil && current.Sigma != nil {
			r = model.NewVersion(rating.Rating{Mu: *current.Mu, Sigma: *current.Sigma})
		}
	}
	if err := store.AcceptVersion(ctx, tx, v.ID, r.Mu, r.Sigma); err != nil {
		return err
	}
	if err := store.NotifyVersion(ctx, tx, v.ID, bot.ID, bot.OwnerID, domain.StatusAccepted); err != nil {
		return err
	}
	if err := store.NotifyBoard(ctx, tx, bot.GameID); err != nil { // it joins the leaderboard
		return err
	}
	if current != nil {
		if err := store.SetVersionStatus(ctx, tx, current.ID, domain.StatusSuperseded); err != nil {
			return err
		}
	}
	return store.SetCurrentVersion(ctx, tx, bot.ID, v.ID)
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

// NewSeed is a fresh match seed, as the judge's own matches get.
func NewSeed() int64 { return newSeed() }
