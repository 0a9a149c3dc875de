package service

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
)

// MaxSource is the largest source file accepted, checked before anything
// is stored (the sandbox checks again).
const MaxSource = 256 << 10

// refuseSubmit is a submission refused for a reason the user can fix.
func refuseSubmit(key, english string, data domain.Data) error {
	return domain.Refusal("errors.submit."+key, english, data)
}

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

// checkSubmitLimits refuses a submission over the user's limits.
func checkSubmitLimits(load store.SubmissionLoad) error {
	if load.Compiling >= MaxQueuedCompiles {
		e := domain.NewError(domain.TooMany, "errors.submit.compiling",
			"{{.Compiling}} of your versions are still waiting to compile; submit again once one has compiled",
			domain.Data{"Compiling": load.Compiling})
		e.RetryAfter = 10 * time.Second
		return e
	}
	if load.Recent >= MaxRecentSubmissions {
		wait := max(time.Until(load.OldestRecent.Add(SubmitWindow)), time.Second)
		data := domain.Data{"Recent": load.Recent, "Minutes": int(SubmitWindow.Minutes()), "Max": MaxRecentSubmissions,
			"Wait": int(wait.Seconds() + 0.999)}
		const limit = "you have submitted {{.Recent}} versions in the last {{.Minutes}} minutes (versions that did not compile do not count, " +
			"unless their build ran into a limit); the limit is {{.Max}}"
		e := domain.NewError(domain.TooMany, "errors.submit.recent", limit+": submit again in {{.Wait}} s", data)
		e.RetryAfter, e.Limit = wait, domain.NewError(domain.TooMany, "errors.submit.recent_limit", limit, data)
		return e
	}
	return nil
}

// DeadlineError is the refusal of a submission after a game's deadline:
// it names the deadline.
func DeadlineError(title string, deadline time.Time) error {
	return refuseSubmit("deadline", "the submission deadline of {{.Game}} was {{.Deadline}}: no new version is accepted "+
		"(the ladder goes on with the versions you have)",
		domain.Data{"Game": title, "Deadline": domain.Moment(deadline)})
}

// builtinName refuses a new bot named as one of the game's own bots (the
// Null, the Demo, the Dummy: any case), which play as house bots and fill
// empty seats under those names: a student's "Dummy" beside the house's
// would be taken for it in every match table, and a challenge reference
// "Dummy" names the built-in one. It returns why, or nil.
func builtinName(info games.Info, name string) error {
	for _, b := range info.Bots {
		if strings.EqualFold(b, name) {
			return refuseSubmit("builtin_name", "{{.Name}} is the name of one of {{.Game}}'s own bots ({{.Bots}}), "+
				"which play on its ladder under that name: give your bot another name, such as \"My{{.Bot}}\"",
				domain.Data{"Name": domain.Quote(name), "Game": info.Title, "Bots": strings.Join(info.Bots, ", "), "Bot": b})
		}
	}
	return nil
}

// Submit stores a new version of the user's bot, in a language (package
// lang's id) the game offers, and queues its compile job in the same
// transaction: either both exist or neither. A bot's versions may be in
// different languages.
func Submit(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, userID int64, gameID, botName, language, source string) (*domain.Version, error) {
	botName = strings.TrimSpace(botName)
	l, err := lang.Get(language)
	if err != nil {
		return nil, refuseSubmit("language", "{{.Reason}}", domain.Data{"Reason": err.Error()})
	}
	switch {
	case len(source) > MaxSource:
		return nil, domain.NewError(domain.TooLarge, "errors.submit.too_large", "the source is {{.Size}} bytes; the limit is {{.Max}} ({{.KB}} KB)",
			domain.Data{"Size": len(source), "Max": MaxSource, "KB": MaxSource >> 10})
	case strings.TrimSpace(source) == "":
		return nil, refuseSubmit("empty", "the source is empty", nil)
	case !utf8.ValidString(source):
		return nil, refuseSubmit("not_utf8", "the source is not UTF-8 text", nil)
	case strings.ContainsRune(source, 0):
		return nil, refuseSubmit("nul", "the source contains a NUL character", nil)
	case botName == "" || utf8.RuneCountInString(botName) > 64:
		return nil, refuseSubmit("bot_name", "a bot name has 1 to 64 characters", nil)
	}
	game, err := games.Get(gameID)
	if err != nil {
		// As games.Get says it, from the catalogue.
		return nil, refuseSubmit("game", "unknown game {{.Game}} (known: {{.Games}})",
			domain.Data{"Game": domain.Quote(gameID), "Games": strings.Join(games.IDs(), ", ")})
	}
	if !game.Info().Offers(l.ID) {
		return nil, refuseSubmit("language", "{{.Reason}}", domain.Data{"Reason": lang.NotOffered(game.Info(), l)})
	}
	var v *domain.Version
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := store.EnsureGame(ctx, tx, gameID, game.Info().Title); err != nil {
			return err
		}
		if open, err := store.GameEnabled(ctx, tx, gameID); err != nil {
			return err
		} else if !open {
			return refuseSubmit("closed", "this game is closed: an admin has disabled it", nil)
		}
		role, err := store.LockUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		// After the game's deadline students' new versions are refused
		// (the ladder goes on); admins still try things.
		if deadline, passed, err := store.SubmissionDeadline(ctx, tx, gameID); err != nil {
			return err
		} else if passed && role != domain.RoleAdmin {
			return DeadlineError(game.Info().Title, *deadline)
		}
		// Admins run the course (they try every game's bots at once); the
		// limits protect the workers from a class, not from its teachers.
		load, err := store.UserSubmissionLoad(ctx, tx, userID, SubmitWindow) // under the user's lock
		if err != nil {
			return err
		}
		if role != domain.RoleAdmin {
			if err := checkSubmitLimits(load); err != nil {
				return err
			}
		}
		if refused := builtinName(game.Info(), botName); refused != nil {
			// Only a new bot: one named so before this rule keeps its versions.
			if _, err := store.FindOwnBot(ctx, tx, userID, gameID, botName); errors.Is(err, domain.ErrNotFound) {
				return refused
			} else if err != nil {
				return err
			}
		}
		bot, err := store.BotByName(ctx, tx, userID, gameID, botName)
		if err != nil {
			return err
		}
		if bot.Disabled {
			return refuseSubmit("bot_disabled", "this bot has been disabled by an admin", nil)
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
