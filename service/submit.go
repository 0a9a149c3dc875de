package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
)

// MaxSource is the largest source file accepted, checked before anything
// is stored (the sandbox checks again).
const MaxSource = 256 << 10

// SubmitError is a submission refused for a reason the user can fix.
type SubmitError struct {
	Msg      string
	TooLarge bool // the source is over MaxSource
}

func (e *SubmitError) Error() string { return e.Msg }

// The limits of each student's submissions (admins have none), checked in
// Submit's transaction:
// at most MaxRecentSubmissions in any SubmitWindow, not counting versions
// the compiler refused unless their build ran into a limit (time, memory,
// the preprocessor's bound: they cost the workers the most), and at most
// MaxQueuedCompiles versions waiting for or in a compile at once (compiles
// are the expensive part, refused or not).
const (
	MaxRecentSubmissions = 5
	SubmitWindow         = 2 * time.Minute
	MaxQueuedCompiles    = 4
)

// SubmitLimitError is a submission refused because the user is over a
// submission limit; RetryAfter says when one is likely to pass. When it
// says exactly when (the limit over a window of time), Limit is the
// limit the user is over, without the wait, for pages that count it down.
type SubmitLimitError struct {
	Msg        string
	Limit      string
	RetryAfter time.Duration
}

func (e *SubmitLimitError) Error() string { return e.Msg }

// checkSubmitLimits refuses a submission over the user's limits.
func checkSubmitLimits(load store.SubmissionLoad) error {
	if load.Compiling >= MaxQueuedCompiles {
		return &SubmitLimitError{Msg: fmt.Sprintf("%d of your versions are still waiting to compile; "+
			"submit again once one has compiled", load.Compiling), RetryAfter: 10 * time.Second}
	}
	if load.Recent >= MaxRecentSubmissions {
		wait := max(time.Until(load.OldestRecent.Add(SubmitWindow)), time.Second)
		limit := fmt.Sprintf("you have submitted %d versions in the last %d minutes (versions that did not compile do not count, "+
			"unless their build ran into a limit); "+
			"the limit is %d", load.Recent, int(SubmitWindow.Minutes()), MaxRecentSubmissions)
		return &SubmitLimitError{Msg: fmt.Sprintf("%s: submit again in %d s", limit, int(wait.Seconds()+0.999)), Limit: limit, RetryAfter: wait}
	}
	return nil
}

// DeadlineMessage is the reason a submission after a game's deadline is
// refused: it names the deadline.
func DeadlineMessage(title string, deadline time.Time) string {
	return fmt.Sprintf("the submission deadline of %s was %s: no new version is accepted (the ladder goes on with the versions you have)",
		title, deadline.UTC().Format("2006-01-02 15:04 UTC"))
}

// builtinName refuses a new bot named as one of the game's own bots (the
// Null, the Demo, the Dummy: any case), which play as house bots and fill
// empty seats under those names: a student's "Dummy" beside the house's
// would be taken for it in every match table, and a challenge reference
// "Dummy" names the built-in one. It returns why, or "".
func builtinName(info games.Info, name string) string {
	for _, b := range info.Bots {
		if strings.EqualFold(b, name) {
			return fmt.Sprintf("%q is the name of one of %s's own bots (%s), which play on its ladder under that name: "+
				"give your bot another name, such as \"My%s\"", name, info.Title, strings.Join(info.Bots, ", "), b)
		}
	}
	return ""
}

// Submit stores a new version of the user's bot, in a language (package
// lang's id) the game offers, and queues its compile job in the same
// transaction: either both exist or neither. A bot's versions may be in
// different languages.
func Submit(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, userID int64, gameID, botName, language, source string) (*store.Version, error) {
	botName = strings.TrimSpace(botName)
	l, err := lang.Get(language)
	if err != nil {
		return nil, &SubmitError{Msg: err.Error()}
	}
	switch {
	case len(source) > MaxSource:
		return nil, &SubmitError{Msg: fmt.Sprintf("the source is %d bytes; the limit is %d (%d KB)", len(source), MaxSource, MaxSource>>10), TooLarge: true}
	case strings.TrimSpace(source) == "":
		return nil, &SubmitError{Msg: "the source is empty"}
	case !utf8.ValidString(source):
		return nil, &SubmitError{Msg: "the source is not UTF-8 text"}
	case strings.ContainsRune(source, 0):
		return nil, &SubmitError{Msg: "the source contains a NUL character"}
	case botName == "" || utf8.RuneCountInString(botName) > 64:
		return nil, &SubmitError{Msg: "a bot name has 1 to 64 characters"}
	}
	game, err := games.Get(gameID)
	if err != nil {
		return nil, &SubmitError{Msg: err.Error()}
	}
	if !game.Info().Offers(l.ID) {
		return nil, &SubmitError{Msg: lang.NotOffered(game.Info(), l)}
	}
	var v *store.Version
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := store.EnsureGame(ctx, tx, gameID, game.Info().Title); err != nil {
			return err
		}
		if open, err := store.GameEnabled(ctx, tx, gameID); err != nil {
			return err
		} else if !open {
			return &SubmitError{Msg: "this game is closed: an admin has disabled it"}
		}
		role, err := store.LockUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		// After the game's deadline students' new versions are refused
		// (the ladder goes on); admins still try things.
		if deadline, passed, err := store.SubmissionDeadline(ctx, tx, gameID); err != nil {
			return err
		} else if passed && role != store.RoleAdmin {
			return &SubmitError{Msg: DeadlineMessage(game.Info().Title, *deadline)}
		}
		// Admins run the course (they try every game's bots at once); the
		// limits protect the workers from a class, not from its teachers.
		load, err := store.UserSubmissionLoad(ctx, tx, userID, SubmitWindow) // under the user's lock
		if err != nil {
			return err
		}
		if role != store.RoleAdmin {
			if err := checkSubmitLimits(load); err != nil {
				return err
			}
		}
		if msg := builtinName(game.Info(), botName); msg != "" {
			// Only a new bot: one named so before this rule keeps its versions.
			if _, err := store.FindOwnBot(ctx, tx, userID, gameID, botName); errors.Is(err, store.ErrNotFound) {
				return &SubmitError{Msg: msg}
			} else if err != nil {
				return err
			}
		}
		bot, err := store.BotByName(ctx, tx, userID, gameID, botName)
		if err != nil {
			return err
		}
		if bot.Disabled {
			return &SubmitError{Msg: "this bot has been disabled by an admin"}
		}
		if v, err = store.CreateVersion(ctx, tx, bot.ID, l.ID, source); err != nil {
			return err
		}
		// Fair between users: behind everyone's first compile if this
		// user has one waiting already.
		_, err = jobs.InsertTx(ctx, tx, judge.CompileArgs{VersionID: v.ID}, &river.InsertOpts{Priority: judge.CompilePriority(load.Compiling)})
		return err
	})
	return v, err
}
