package judge

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/bracket"
	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// Tournaments. A tournament is a row whose status moves
// scheduled → running ⇄ paused → finished (or → cancelled from any of the
// first three). A River job scheduled at the start time freezes the field
// and creates round 1; every later round is created by the transaction
// that lands the previous round's last match (landMatchAndCompleteJob → advanceTournament).
// Each step locks the tournament row first and re-checks the state it
// expects, so a retried, rescued or duplicated job changes nothing twice,
// and tournament_matches' key (tournament, round, group, index) makes a
// doubled round impossible rather than merely unlikely. Package bracket
// says how rounds are played (groups, seats, drops, places); package store
// reads and writes the rows.

// TournamentStartArgs starts a tournament; it is inserted scheduled at the
// tournament's start time.
type TournamentStartArgs struct {
	TournamentID int64 `json:"tournament_id"`
}

func (TournamentStartArgs) Kind() string { return "tournament_start" }

func (TournamentStartArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TournamentStartWorker freezes the field and creates the first round, and
// completes its own job in that transaction.
type TournamentStartWorker struct {
	river.WorkerDefaults[TournamentStartArgs]
	j *judge
}

func (w *TournamentStartWorker) Work(ctx context.Context, job *river.Job[TournamentStartArgs]) error {
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		if err := startTournament(ctx, tx, insertJobs, job.Args.TournamentID); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// inserter inserts jobs in a transaction: insertJobs inside a worker, a
// client's InsertManyTx in the web server.
type inserter func(ctx context.Context, tx pgx.Tx, jobs []river.InsertManyParams) error

func clientInserter(c *Client) inserter {
	return func(ctx context.Context, tx pgx.Tx, jobs []river.InsertManyParams) error {
		if len(jobs) == 0 {
			return nil
		}
		_, err := c.InsertManyTx(ctx, tx, jobs)
		return err
	}
}

// startTournament freezes the field and plays round 1, once.
func startTournament(ctx context.Context, tx pgx.Tx, insert inserter, id int64) error {
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil || t.Status != domain.TournamentScheduled {
		return err // already started, or cancelled before its start
	}
	// The field: each bot's current accepted version (or its last one
	// accepted before t.VersionsBefore), rated μ−3σ now.
	eligible, entered, err := store.FreezeField(ctx, tx, t)
	if err != nil {
		return err
	}
	t.Status = domain.TournamentRunning
	field, err := store.TournamentField(ctx, tx, t.ID, false)
	if err != nil {
		return err
	}
	// Said on the page: who stays out and why.
	var notes []string
	if t.BotIDs != nil && eligible < len(t.BotIDs) {
		when := "at the start"
		if t.VersionsBefore != nil {
			when = "before " + t.VersionsBefore.UTC().Format("2006-01-02 15:04 UTC")
		}
		notes = append(notes, fmt.Sprintf("%d of the %d chosen bots had no accepted version %s and do not play",
			len(t.BotIDs)-eligible, len(t.BotIDs), when))
	}
	if entered < eligible {
		notes = append(notes, fmt.Sprintf("%d bots do not play: one bot per student, the best rated", eligible-entered))
	}
	t.Note = strings.Join(notes, "; ")
	if err := store.MarkTournamentStarted(ctx, tx, t.ID, t.Note); err != nil {
		return err
	}
	if len(field) < 2 {
		if len(field) == 1 {
			if err := store.SetEntrantResult(ctx, tx, t.ID, field[0].VersionID, 1, nil); err != nil {
				return err
			}
		}
		return changed(ctx, tx, t.ID, finishTournament(ctx, tx, t, strings.TrimPrefix(t.Note+"; ", "; ")+
			fmt.Sprintf("%d entrant(s): nothing to play", len(field))))
	}
	return changed(ctx, tx, t.ID, playRound(ctx, tx, insert, t, 1, field))
}

// changed announces a change of tournament id (its live pages refresh)
// once the change, whose error is err, succeeded.
func changed(ctx context.Context, tx pgx.Tx, id int64, err error) error {
	if err != nil {
		return err
	}
	return store.NotifyTournament(ctx, tx, id)
}

// rules are a tournament's rules for package bracket; ok is false for a
// game this binary does not know.
func rules(t *domain.Tournament) (bracket.Rules, bool) {
	g, err := games.Get(t.GameID)
	if err != nil {
		return bracket.Rules{}, false
	}
	return bracket.Rules{Players: g.Info().Players, League: t.Format == domain.FormatLeague, GroupMatches: t.GroupMatches,
		FinalMatches: t.FinalMatches, DropCount: t.DropCount, LeagueRounds: t.LeagueRounds, Seed: t.Seed}, true
}

// playRound creates round r's groups, matches and jobs for the field.
func playRound(ctx context.Context, tx pgx.Tx, insert inserter, t *domain.Tournament, r int, field []store.Seeded) error {
	game, err := games.Get(t.GameID)
	if err != nil {
		return err
	}
	info := game.Info()
	rl, _ := rules(t)
	round := bracket.PlanRound(rl, r, field)
	var jobs []river.InsertManyParams
	for g, members := range round.Groups {
		versions := make([]int64, len(members))
		seats := make([]domain.Seat, len(members))
		for i, e := range members {
			versions[i] = e.VersionID
			seats[i] = domain.Seat{VersionID: &versions[i]}
		}
		if err := store.AddTournamentGroup(ctx, tx, t.ID, r, g, versions); err != nil {
			return err
		}
		// A seat per player, the qualifier (the Dummy) in empty ones.
		for idx := 0; idx < round.Matches; idx++ {
			m := &domain.Match{GameID: t.GameID, Kind: domain.KindTournament, Seed: bracket.MatchSeed(t.Seed, r, g, idx), Settings: t.Settings}
			if b, ok := bracket.Board(len(t.BoardIDs), g, round.Matches, idx); ok {
				m.BoardID = &t.BoardIDs[b]
			}
			if err := store.CreateMatch(ctx, tx, m, bracket.Seats(seats, domain.Seat{Builtin: info.Qualifier}, info.Players, idx)); err != nil {
				return err
			}
			if err := store.AddTournamentMatch(ctx, tx, t.ID, r, g, idx, m.ID); err != nil {
				return err
			}
			jobs = append(jobs, matchJob(m))
		}
	}
	if err := store.SetTournamentRound(ctx, tx, t.ID, r, round.Final); err != nil {
		return err
	}
	t.Round, t.FinalRound = r, round.Final
	return insert(ctx, tx, jobs)
}

// advanceTournament is called by landMatchAndCompleteJob() in the transaction that lands a
// tournament match: when that was the round's last match, it ends the
// round (the next one, or the end). Every landing is a change its live
// pages show, re-plays included.
func advanceTournament(ctx context.Context, tx pgx.Tx, matchID int64) error {
	id, round, ok, err := store.TournamentMatchOf(ctx, tx, matchID)
	if err != nil {
		return err
	}
	if !ok { // a re-play, shown but counting for nothing, or a stray match
		id, ok, err := store.TournamentOfReplay(ctx, tx, matchID)
		if err != nil || !ok {
			return err
		}
		return store.NotifyTournament(ctx, tx, id)
	}
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	if t.Status != domain.TournamentRunning || t.Round != round {
		// Paused (resume continues), cancelled, or an old round.
		return store.NotifyTournament(ctx, tx, id)
	}
	return changed(ctx, tx, id, checkRound(ctx, tx, insertJobs, t))
}

// checkRound ends the current round of a running, locked tournament if
// all its matches have landed.
func checkRound(ctx context.Context, tx pgx.Tx, insert inserter, t *domain.Tournament) error {
	pending, err := store.UnplayedRoundMatches(ctx, tx, t.ID, t.Round)
	if err != nil {
		return err
	}
	if pending > 0 || t.Round == 0 {
		return nil
	}
	if t.Format == domain.FormatLeague {
		if t.Round < t.LeagueRounds {
			field, err := store.TournamentField(ctx, tx, t.ID, false)
			if err != nil {
				return err
			}
			return playRound(ctx, tx, insert, t, t.Round+1, field)
		}
		st, err := store.TournamentStandings(ctx, tx, t.ID, 0, t.Format)
		if err != nil {
			return err
		}
		for i, s := range st {
			if err := store.SetEntrantResult(ctx, tx, t.ID, s.VersionID, i+1, nil); err != nil {
				return err
			}
		}
		return finishTournament(ctx, tx, t, "")
	}
	st, err := store.TournamentStandings(ctx, tx, t.ID, t.Round, t.Format)
	if err != nil {
		return err
	}
	ranked := make([]bracket.Ranked, len(st))
	for i, s := range st {
		ranked[i] = bracket.Ranked{Version: s.VersionID, Group: s.Group}
	}
	// The entrant's place holds its position in the group for now; the
	// final places replace it.
	for _, o := range bracket.EndRound(ranked, t.DropCount, t.FinalRound) {
		var outRound *int
		if o.Out {
			outRound = &t.Round
		}
		if err := store.SetEntrantResult(ctx, tx, t.ID, o.Version, o.Position, outRound); err != nil {
			return err
		}
	}
	if t.FinalRound {
		return placeElimination(ctx, tx, t)
	}
	field, err := store.TournamentField(ctx, tx, t.ID, true)
	if err != nil {
		return err
	}
	return playRound(ctx, tx, insert, t, t.Round+1, field)
}

// placeElimination gives every entrant of an ended elimination its final
// place and finishes the tournament.
func placeElimination(ctx context.Context, tx pgx.Tx, t *domain.Tournament) error {
	entrants, err := store.EliminationEntrants(ctx, tx, t.ID)
	if err != nil {
		return err
	}
	es := make([]bracket.Entrant, len(entrants))
	for i, e := range entrants {
		es[i] = bracket.Entrant{Version: e.VersionID, Seed: e.SeedRating}
		if e.OutRound != nil {
			es[i].OutRound = *e.OutRound
		}
		if e.Place != nil {
			es[i].Position = *e.Place
		}
	}
	for i, v := range bracket.FinalPlaces(es) {
		if err := store.SetEntrantResult(ctx, tx, t.ID, v, i+1, nil); err != nil {
			return err
		}
	}
	return finishTournament(ctx, tx, t, "")
}

func finishTournament(ctx context.Context, tx pgx.Tx, t *domain.Tournament, note string) error {
	t.Status = domain.TournamentFinished
	return store.FinishTournament(ctx, tx, t.ID, note)
}

// ContinueTournament re-checks the round of running tournament t in tx:
// when it is over, the next round starts (or the tournament finishes).
// service.ResumeTournament calls it after setting t running again.
func ContinueTournament(ctx context.Context, tx pgx.Tx, client *Client, t *domain.Tournament) error {
	return changed(ctx, tx, t.ID, checkRound(ctx, tx, clientInserter(client), t))
}

// TournamentStartJob says when a tournament's start job is due and in what
// state it is; ok is false when there is none.
func TournamentStartJob(ctx context.Context, db store.DB, id int64) (state string, at time.Time, ok bool, err error) {
	return store.TournamentStartJob(ctx, db, id)
}

// PlannedMatches is how many matches a tournament of n entrants plays in
// all (for progress bars); 0 for a game this binary does not know.
func PlannedMatches(t *domain.Tournament, n int) int {
	rl, ok := rules(t)
	if !ok {
		return 0
	}
	return bracket.PlannedMatches(rl, n)
}
