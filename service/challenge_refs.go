package service

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// Seat references: how the challenge form, the API and `arena challenge`
// name who sits in a challenge (docs/api.md).
//
//	Dummy, builtin:Dummy  a built-in bot of the game
//	OWNER/BOT             OWNER's bot on the leaderboard (your own: its newest version that can play)
//	bot:ID                the same, by the bot's id
//	BOT                   your bot BOT's newest version that can play
//	BOT@N                 version N of your bot BOT
//	v:ID                  your version (or a leaderboard bot's version) by id
//
// Resolving a reference only finds what it names; StartChallenge checks
// that the user may put it in a challenge.

// ResolveSeat finds the seat a reference names for the user in a game.
// own asks for one of the user's versions (the challenger's): a built-in
// bot or someone else's is refused.
func ResolveSeat(ctx context.Context, db store.DB, userID int64, gameID, ref string, own bool) (domain.Seat, error) {
	ref = strings.TrimSpace(ref)
	game, err := games.Get(gameID)
	if err != nil {
		return domain.Seat{}, err
	}
	info := game.Info()
	if ref == "" {
		return domain.Seat{}, refuseChallenge("empty_ref", "an empty bot name", nil)
	}
	if name, ok := strings.CutPrefix(ref, "builtin:"); ok || !strings.ContainsAny(ref, ":/@") {
		for _, b := range info.Bots {
			if strings.EqualFold(b, name) {
				if own {
					return domain.Seat{}, refuseChallenge("builtin_own", "{{.Bot}} is a built-in bot: challenge with one of your own versions", domain.Data{"Bot": b})
				}
				return domain.Seat{Builtin: b}, nil
			}
		}
		if ok {
			return domain.Seat{}, refuseChallenge("no_builtin", "{{.Game}} has no built-in bot {{.Name}} (it has {{.Bots}})",
				domain.Data{"Game": info.Title, "Name": domain.Quote(name), "Bots": strings.Join(info.Bots, ", ")})
		}
	}
	version := func(id int64) (domain.Seat, error) { return domain.Seat{VersionID: &id}, nil }
	if id, ok := idRef(ref, "v:"); ok {
		return version(id)
	}
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
		return version(id) // a bare number: a version id, as the API's "version" gives one
	}
	// botSeat is the version a bot plays with: its newest playable one if
	// it is the user's, else the one on the leaderboard.
	botSeat := func(b *domain.Bot, err error) (domain.Seat, error) {
		if errors.Is(err, domain.ErrNotFound) || (err == nil && b.GameID != gameID) {
			return domain.Seat{}, refuseChallenge("no_bot", "no bot {{.Ref}} in {{.Game}}", domain.Data{"Ref": domain.Quote(ref), "Game": info.Title})
		}
		if err != nil {
			return domain.Seat{}, err
		}
		if b.OwnerID == userID {
			c, err := store.NewestContender(ctx, db, b.ID)
			if errors.Is(err, domain.ErrNotFound) {
				return domain.Seat{}, refuseChallenge("no_version_yet", "your bot {{.Bot}} has no version that can play yet: one plays once it has compiled",
					domain.Data{"Bot": b.Name})
			}
			if err != nil {
				return domain.Seat{}, err
			}
			return version(c.VersionID)
		}
		if own {
			return domain.Seat{}, refuseChallenge("not_your_bot", "{{.Ref}} is not your bot: challenge with one of your own", domain.Data{"Ref": domain.Quote(ref)})
		}
		c, err := store.BoardContender(ctx, db, gameID, b.ID)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Seat{}, refuseChallenge("not_ranked", "{{.Ref}} is not on the {{.Game}} leaderboard: only bots on it can be challenged",
				domain.Data{"Ref": ref, "Game": info.Title})
		}
		if err != nil {
			return domain.Seat{}, err
		}
		return version(c.VersionID)
	}
	if id, ok := idRef(ref, "bot:"); ok {
		return botSeat(store.BotByID(ctx, db, id))
	}
	if owner, name, ok := strings.Cut(ref, "/"); ok {
		if strings.Contains(name, "@") {
			return domain.Seat{}, refuseChallenge("version_of_other", "{{.Ref}}: a version number goes with your own bots only (BOT@N)", domain.Data{"Ref": domain.Quote(ref)})
		}
		return botSeat(store.FindBot(ctx, db, gameID, owner, name))
	}
	if name, n, ok := strings.Cut(ref, "@"); ok {
		num, err := strconv.Atoi(n)
		if err != nil || num < 1 {
			return domain.Seat{}, refuseChallenge("bad_version_ref", "{{.Ref}}: write BOT@N, N a version number", domain.Data{"Ref": domain.Quote(ref)})
		}
		b, err := store.FindOwnBot(ctx, db, userID, gameID, name)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Seat{}, refuseChallenge("no_own_bot", "you have no bot {{.Ref}} in {{.Game}}", domain.Data{"Ref": domain.Quote(name), "Game": info.Title})
		} else if err != nil {
			return domain.Seat{}, err
		}
		v, err := store.VersionByNumber(ctx, db, b.ID, num)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Seat{}, refuseChallenge("no_such_version", "your bot {{.Bot}} has no version {{.Number}}", domain.Data{"Bot": b.Name, "Number": num})
		} else if err != nil {
			return domain.Seat{}, err
		}
		return version(v.ID)
	}
	if strings.Contains(ref, ":") {
		return domain.Seat{}, refuseChallenge("bad_ref", "{{.Ref}} is not a bot: name a built-in bot, BOT, BOT@N, OWNER/BOT, bot:ID or v:ID", domain.Data{"Ref": domain.Quote(ref)})
	}
	b, err := store.FindOwnBot(ctx, db, userID, gameID, ref)
	if errors.Is(err, domain.ErrNotFound) {
		data := domain.Data{"Ref": domain.Quote(ref), "Game": info.Title}
		if !own {
			return domain.Seat{}, refuseChallenge("no_own_bot_hint", "you have no bot {{.Ref}} in {{.Game}} (someone else's is OWNER/BOT)", data)
		}
		return domain.Seat{}, refuseChallenge("no_own_bot", "you have no bot {{.Ref}} in {{.Game}}", data)
	}
	return botSeat(b, err)
}

// idRef reads "prefix:ID".
func idRef(ref, prefix string) (int64, bool) {
	s, ok := strings.CutPrefix(ref, prefix)
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}
