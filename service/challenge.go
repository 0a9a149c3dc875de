package service

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
)

// Challenges. A student plays one of their versions against opponents
// they choose (ranked bots of the game, its built-in bots, their own other
// versions), on the judge like any match but after every other kind
// (PriorityChallenge), and unrated: kindOf gives a challenge no rating,
// no games count and no verdict. The match is public like any other; each
// bot's debug log stays its owner's.

// The limits of each student's challenges, checked in the transaction
// that starts one: at most MaxPendingChallenges queued or being played at
// once, and at most MaxChallengesPerHour started in any ChallengeWindow.
// Admins have none (they run the course), as for submissions, and may
// start challenges where they are switched off.
const (
	MaxPendingChallenges = 3
	MaxChallengesPerHour = 30
	ChallengeWindow      = time.Hour
)

// maxSeed keeps seeds to 53 bits, as newSeed does: a JavaScript number
// holds them, so the viewer shows the seed that replays the match.
const maxSeed = 1<<53 - 1

// refuseChallenge is a challenge refused for a reason the user can fix.
func refuseChallenge(key, english string, data domain.Data) error {
	return domain.Refusal("errors.challenge."+key, english, data)
}

// Challenge is a challenge to start.
type Challenge struct {
	GameID  string
	Version int64 // the challenger's version: one of theirs that can play
	// Opponents, in seat order after the challenger's version: up to the
	// game's players less one; the seats they leave get its qualifier.
	Opponents []domain.Seat
	Seed      *int64 // nil: a fresh one
	Board     string // an uploaded board the ladder plays on, by id or name; "": generated from the seed
	Shuffle   bool   // seats in a random order instead
}

// Allowance is how many more challenges a user may start now.
type Allowance struct {
	Unlimited bool // an admin
	Now       int  // before the limit at once
	ThisHour  int  // before the limit per hour
}

// ChallengeAllowance says how many more challenges the user may start.
func ChallengeAllowance(ctx context.Context, db store.DB, userID int64, admin bool) (Allowance, error) {
	if admin {
		return Allowance{Unlimited: true}, nil
	}
	load, err := store.UserChallengeLoad(ctx, db, userID, ChallengeWindow)
	return Allowance{Now: max(0, MaxPendingChallenges-load.Pending), ThisHour: max(0, MaxChallengesPerHour-load.Recent)}, err
}

// StartChallenge checks c and the user's limits, and creates the match and
// its job in one transaction.
func StartChallenge(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, userID int64, c Challenge) (*domain.Match, error) {
	var m *domain.Match
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		game, err := admitChallenge(ctx, tx, userID, c.GameID)
		if err != nil {
			return err
		}
		info := game.Info()
		if _, err := store.OwnContender(ctx, tx, userID, c.GameID, c.Version); errors.Is(err, domain.ErrNotFound) {
			return refuseChallenge("not_yours", "version {{.Version}} is not one of your versions of {{.Game}} that can play: "+
				"a version plays once it has compiled and while it qualifies or after", domain.Data{"Version": c.Version, "Game": info.Title})
		} else if err != nil {
			return err
		}
		if len(c.Opponents) > info.Players-1 {
			return refuseChallenge("too_many_opponents", "{{.Game}} is played by {{.Players}}: choose at most {{.Opponents}} opponents",
				domain.Data{"Game": info.Title, "Players": info.Players, "Opponents": info.Players - 1})
		}
		mine := c.Version
		seats := []domain.Seat{{VersionID: &mine}}
		for _, o := range c.Opponents {
			if err := checkOpponent(ctx, tx, userID, info, o); err != nil {
				return err
			}
			seats = append(seats, o)
		}
		for len(seats) < info.Players {
			seats = append(seats, domain.Seat{Builtin: info.Qualifier})
		}
		if c.Shuffle {
			rand.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
		}
		m = &domain.Match{GameID: c.GameID, Kind: domain.KindChallenge, ChallengerID: &userID, Seed: judge.NewSeed()}
		if c.Seed != nil {
			if *c.Seed < 0 || *c.Seed > maxSeed {
				return refuseChallenge("seed_range", "a seed is a whole number from 0 to {{.Max}}", domain.Data{"Max": int64(maxSeed)})
			}
			m.Seed = *c.Seed
		}
		if m.Settings, err = store.GameMatchSettings(ctx, tx, c.GameID); err != nil {
			return err
		}
		if c.Board != "" {
			b, err := challengeBoard(ctx, tx, info, c.Board)
			if err != nil {
				return err
			}
			m.BoardID, m.Settings = &b.ID, games.OnBoard(m.Settings, b.Settings)
		}
		return createChallenge(ctx, tx, jobs, m, seats)
	})
	return m, err
}

// ChallengeAgain plays a match the user took part in again, as a
// challenge: the same seed, board, settings and seats, except that each of
// the user's seats is taken by its bot's newest version that can play.
func ChallengeAgain(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, userID, matchID int64) (*domain.Match, error) {
	var m *domain.Match
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		orig, err := store.MatchByID(ctx, tx, matchID)
		if err != nil {
			return err
		}
		if _, err := admitChallenge(ctx, tx, userID, orig.GameID); err != nil {
			return err
		}
		seats, err := store.MatchSeats(ctx, tx, matchID)
		if err != nil {
			return err
		}
		results, err := store.Seats(ctx, tx, matchID)
		if err != nil {
			return err
		}
		owners, err := store.SeatOwners(ctx, tx, matchID)
		if err != nil {
			return err
		}
		mine := 0
		for i := range seats {
			if owners[i] != userID || i >= len(results) || results[i].BotID == nil {
				continue
			}
			newest, err := store.NewestContender(ctx, tx, *results[i].BotID)
			if errors.Is(err, domain.ErrNotFound) {
				return refuseChallenge("again_no_version", "your bot {{.Bot}} has no version that can play", domain.Data{"Bot": results[i].BotName})
			} else if err != nil {
				return err
			}
			seats[i] = domain.Seat{VersionID: &newest.VersionID}
			mine++
		}
		if mine == 0 {
			return refuseChallenge("again_not_yours", "you have no bot in match {{.Match}}: play again a match one of your bots played",
				domain.Data{"Match": matchID})
		}
		m = &domain.Match{GameID: orig.GameID, Kind: domain.KindChallenge, ChallengerID: &userID, Seed: orig.Seed,
			Settings: orig.Settings, BoardID: orig.BoardID}
		return createChallenge(ctx, tx, jobs, m, seats)
	})
	return m, err
}

// admitChallenge checks that the user may start a challenge of the game
// now: it exists and is open, takes challenges, and the user is within
// the limits. tx then holds the user's lock (store.LockUser).
func admitChallenge(ctx context.Context, tx pgx.Tx, userID int64, gameID string) (games.Game, error) {
	game, err := games.Get(gameID)
	if err != nil {
		return nil, fmt.Errorf("game %q: %w", gameID, domain.ErrNotFound)
	}
	title := game.Info().Title
	if open, err := store.GameEnabled(ctx, tx, gameID); err != nil {
		return nil, err
	} else if !open {
		return nil, domain.NewError(domain.Forbidden, "errors.challenge.closed", "{{.Game}} is closed: an admin has disabled it", domain.Data{"Game": title})
	}
	role, err := store.LockUser(ctx, tx, userID)
	if err != nil {
		return nil, err
	}
	if role == domain.RoleAdmin {
		return game, nil
	}
	if on, err := store.ChallengesEnabled(ctx, tx, gameID); err != nil {
		return nil, err
	} else if !on {
		return nil, domain.NewError(domain.Forbidden, "errors.challenge.off", "challenges of {{.Game}} are switched off by an admin for now (an exam, say); "+
			"the ladder goes on, and your matches there still show how your bot does", domain.Data{"Game": title})
	}
	return game, checkChallengeLimits(ctx, tx, userID)
}

// checkChallengeLimits refuses a challenge over the user's limits; tx
// holds the user's lock (store.LockUser).
func checkChallengeLimits(ctx context.Context, tx pgx.Tx, userID int64) error {
	load, err := store.UserChallengeLoad(ctx, tx, userID, ChallengeWindow)
	if err != nil {
		return err
	}
	if load.Pending >= MaxPendingChallenges {
		// When one is over depends on the queue; a match takes seconds.
		wait := 30 * time.Second
		e := domain.NewError(domain.TooMany, "errors.challenge.pending", "you have {{.Pending}} challenges waiting or being played; "+
			"the limit is {{.Max}} at once: start another once one of them is over (try again in {{.Wait}})",
			domain.Data{"Pending": load.Pending, "Max": MaxPendingChallenges, "Wait": inWords(wait)})
		e.RetryAfter = wait
		return e
	}
	if load.Recent >= MaxChallengesPerHour {
		wait := max(time.Until(load.OldestRecent.Add(ChallengeWindow)), time.Second)
		e := domain.NewError(domain.TooMany, "errors.challenge.hourly", "you have started {{.Recent}} challenges in the last hour; "+
			"the limit is {{.Max}} an hour: start another in {{.Wait}}",
			domain.Data{"Recent": load.Recent, "Max": MaxChallengesPerHour, "Wait": inWords(wait)})
		e.RetryAfter = wait
		return e
	}
	return nil
}

// inWords says a wait the way people do: "40 s", "12 minutes", "1 h 5 min".
func inWords(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second) // rounded up: never too early
	switch {
	case s < 60:
		return strconv.Itoa(s) + " s"
	case s < 3600:
		m := (s + 59) / 60
		if m == 1 {
			return "1 minute"
		}
		return strconv.Itoa(m) + " minutes"
	}
	return fmt.Sprintf("%d h %d min", s/3600, (s%3600+59)/60)
}

// checkOpponent refuses a seat the user may not put in a challenge: a
// built-in bot the game does not have, or a version that is neither one of
// the user's that can play nor on the game's leaderboard.
func checkOpponent(ctx context.Context, tx pgx.Tx, userID int64, info games.Info, o domain.Seat) error {
	if o.VersionID == nil {
		for _, b := range info.Bots {
			if b == o.Builtin {
				return nil
			}
		}
		return refuseChallenge("no_builtin", "{{.Game}} has no built-in bot {{.Name}} (it has {{.Bots}})",
			domain.Data{"Game": info.Title, "Name": domain.Quote(o.Builtin), "Bots": strings.Join(info.Bots, ", ")})
	}
	if _, err := store.OwnContender(ctx, tx, userID, info.ID, *o.VersionID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	ok, err := store.OnBoard(ctx, tx, info.ID, *o.VersionID)
	if err == nil && !ok {
		err = refuseChallenge("opponent", "version {{.Version}} is not an opponent you can choose: "+
			"choose a bot on the {{.Game}} leaderboard, a built-in bot, or one of your own versions",
			domain.Data{"Version": *o.VersionID, "Game": info.Title})
	}
	return err
}

// challengeBoard finds one of the boards a challenge of the game may be
// played on (ChallengeBoards) by id or name.
func challengeBoard(ctx context.Context, tx pgx.Tx, info games.Info, ref string) (domain.Board, error) {
	boards, err := judge.ChallengeBoards(ctx, tx, info.ID)
	if err != nil {
		return domain.Board{}, err
	}
	id, _ := strconv.ParseInt(ref, 10, 64)
	var names []string
	for _, b := range boards {
		if b.ID == id || strings.EqualFold(b.Name, ref) {
			return b, nil
		}
		names = append(names, b.Name)
	}
	if len(names) == 0 {
		return domain.Board{}, refuseChallenge("generated_only", "{{.Game}}'s ladder and qualification play on generated boards only: "+
			"leave the board out, and give a seed if you like", domain.Data{"Game": info.Title})
	}
	return domain.Board{}, refuseChallenge("board", "{{.Board}} is not one of the boards of {{.Game}}'s ladder or qualification ({{.Boards}})",
		domain.Data{"Board": domain.Quote(ref), "Game": info.Title, "Boards": strings.Join(names, ", ")})
}

// createChallenge inserts a challenge match and its job in tx.
func createChallenge(ctx context.Context, tx pgx.Tx, jobs *judge.Client, m *domain.Match, seats []domain.Seat) error {
	if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
		return err
	}
	_, err := jobs.InsertManyTx(ctx, tx, []river.InsertManyParams{judge.MatchJob(m)})
	return err
}
