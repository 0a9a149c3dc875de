package service

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
)

// Tournament administration: an admin creates, pauses, resumes, cancels a
// tournament and runs one of its matches again, each in one transaction
// with the jobs it queues; the judge's workers start and play the rounds
// (judge/tournament.go).

// refuseTournament is a request that the tournament's state refuses (pausing a
// finished one...): the user's mistake, not the system's.
func refuseTournament(key, english string, data domain.Data) error {
	return domain.Refusal("errors.tournament."+key, english, data)
}

// CreateTournament validates t, inserts it and its start job (scheduled at
// t.StartAt), in one transaction.
func CreateTournament(ctx context.Context, pool *pgxpool.Pool, client *judge.Client, t *domain.Tournament) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return createTournament(ctx, tx, client, t) })
}

func createTournament(ctx context.Context, tx pgx.Tx, client *judge.Client, t *domain.Tournament) error {
	game, err := games.Get(t.GameID)
	if err != nil {
		return refuseTournament("unknown_game", "unknown game {{.Game}}", domain.Data{"Game": domain.Quote(t.GameID)})
	}
	if err := game.Info().Check(games.Settings(t.Settings)); err != nil {
		return refuseTournament("settings", "settings: {{.Reason}}", domain.Data{"Reason": err.Error()})
	}
	if t.Format != domain.FormatElimination && t.Format != domain.FormatLeague {
		return refuseTournament("unknown_format", "unknown format {{.Format}}", domain.Data{"Format": domain.Quote(t.Format)})
	}
	if t.GroupMatches < 1 || t.GroupMatches > 100 || t.FinalMatches < 1 || t.FinalMatches > 100 ||
		t.LeagueRounds < 1 || t.LeagueRounds > 100 || t.DropCount < 1 || t.DropCount > 3 {
		return refuseTournament("numbers", "matches and rounds must be between 1 and 100, and the drop count between 1 and 3", nil)
	}
	known, err := store.GameEnabled(ctx, tx, t.GameID)
	if err != nil {
		return err
	}
	if !known {
		return refuseTournament("game_disabled", "game {{.Game}} is not enabled on this site", domain.Data{"Game": domain.Quote(t.GameID)})
	}
	if len(t.BotIDs) > 0 {
		n, err := store.CountGameBots(ctx, tx, t.GameID, t.BotIDs)
		if err != nil {
			return err
		}
		if n != len(t.BotIDs) {
			return refuseTournament("bot", "a chosen bot does not exist or is not a bot of {{.Game}}", domain.Data{"Game": t.GameID})
		}
	}
	if len(t.BoardIDs) > 0 {
		n, err := store.CountGameBoards(ctx, tx, t.GameID, t.BoardIDs)
		if err != nil {
			return err
		}
		if n != len(t.BoardIDs) {
			return refuseTournament("board", "a chosen board does not exist or is not a board of {{.Game}}", domain.Data{"Game": t.GameID})
		}
	}
	if t.Seed == 0 {
		t.Seed = judge.NewSeed()
	}
	if err := store.CreateTournament(ctx, tx, t); err != nil {
		return err
	}
	_, err = client.InsertTx(ctx, tx, judge.TournamentStartArgs{TournamentID: t.ID}, &river.InsertOpts{ScheduledAt: t.StartAt})
	return err
}

// PauseTournament stops a running tournament between rounds: matches
// already queued still play, but no new round starts until it resumes.
func PauseTournament(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		t, err := store.TournamentForUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status != domain.TournamentRunning {
			return refuseTournament("pause", "only a running tournament can be paused (this one is {{.Status}})", domain.Data{"Status": t.Status})
		}
		if err := store.SetTournamentStatus(ctx, tx, id, domain.TournamentPaused); err != nil {
			return err
		}
		return store.NotifyTournament(ctx, tx, id)
	})
}

// ResumeTournament continues a paused tournament: if its round ended while
// it was paused, the next round starts now. On a running tournament it
// re-checks the round, which un-sticks one whose match failed.
func ResumeTournament(ctx context.Context, pool *pgxpool.Pool, client *judge.Client, id int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		t, err := store.TournamentForUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status != domain.TournamentPaused && t.Status != domain.TournamentRunning {
			return refuseTournament("resume", "only a paused tournament can be resumed (this one is {{.Status}})", domain.Data{"Status": t.Status})
		}
		if err := store.SetTournamentStatus(ctx, tx, id, domain.TournamentRunning); err != nil {
			return err
		}
		t.Status = domain.TournamentRunning
		return judge.ContinueTournament(ctx, tx, client, t)
	})
}

// CancelTournament stops a tournament for good: its queued matches are
// marked failed and their jobs (and a pending start job) cancelled; a
// match being played when this commits finds its match failed and lands
// nothing.
func CancelTournament(ctx context.Context, pool *pgxpool.Pool, client *judge.Client, id int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		// Match rows before the tournament row: the order judge.landMatchAndCompleteJob takes them
		// in, so the two never wait for each other.
		unplayed, err := store.LockUnplayedTournamentMatches(ctx, tx, id)
		if err != nil {
			return err
		}
		t, err := store.TournamentForUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status == domain.TournamentFinished || t.Status == domain.TournamentCancelled {
			return refuseTournament("cancel", "the tournament is already {{.Status}}", domain.Data{"Status": t.Status})
		}
		if err := store.CancelTournamentRow(ctx, tx, id, unplayed); err != nil {
			return err
		}
		jobs, err := store.PendingTournamentJobs(ctx, tx, id, unplayed)
		if err != nil {
			return err
		}
		for _, j := range jobs {
			if _, err := client.JobCancelTx(ctx, tx, j); err != nil {
				return err
			}
		}
		return store.NotifyTournament(ctx, tx, id)
	})
}

// ReplayTournamentMatch plays a finished tournament match again from its
// seed, as a new match linked to the original: it is shown on the
// tournament's page but never changes the standings.
func ReplayTournamentMatch(ctx context.Context, pool *pgxpool.Pool, client *judge.Client, tournamentID, matchID int64) (id int64, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		id, err = replayTournamentMatch(ctx, tx, client, tournamentID, matchID)
		return err
	})
	return id, err
}

func replayTournamentMatch(ctx context.Context, tx pgx.Tx, client *judge.Client, tournamentID, matchID int64) (int64, error) {
	id, _, ok, err := store.TournamentMatchOf(ctx, tx, matchID)
	if err != nil {
		return 0, err
	}
	if !ok || id != tournamentID {
		return 0, refuseTournament("replay_other", "match {{.Match}} is not a match of tournament {{.Tournament}}",
			domain.Data{"Match": matchID, "Tournament": tournamentID})
	}
	orig, err := store.MatchByID(ctx, tx, matchID)
	if err != nil {
		return 0, err
	}
	if orig.Status != domain.MatchFinished && orig.Status != domain.MatchFailed {
		return 0, refuseTournament("replay_unplayed", "match {{.Match}} has not been played yet", domain.Data{"Match": matchID})
	}
	seats, err := store.MatchSeats(ctx, tx, matchID)
	if err != nil {
		return 0, err
	}
	m := &domain.Match{GameID: orig.GameID, Kind: domain.KindTournament, Seed: orig.Seed, Settings: orig.Settings, BoardID: orig.BoardID}
	if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
		return 0, err
	}
	if err := store.AddTournamentReplay(ctx, tx, tournamentID, matchID, m.ID); err != nil {
		return 0, err
	}
	if err := store.NotifyTournament(ctx, tx, tournamentID); err != nil {
		return 0, err
	}
	_, err = client.InsertManyTx(ctx, tx, []river.InsertManyParams{judge.MatchJob(m)})
	return m.ID, err
}
