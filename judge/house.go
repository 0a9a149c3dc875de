package judge

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/ladder"
	"arena.dev/rating"
	"arena.dev/store"
)

// House bots. A ladder plays from its first qualified bot: while fewer
// owners than a match's seats have a bot on it, the game's reference bots
// (HouseBots: the Demo and the Dummy) sit in the empty seats as house bots
// (store/house.go). They are rated like any bot, since their results are
// as real as anyone's, which is also what makes them useful on the
// leaderboard: a student sees where the Dummy stands. They never seed a
// match, are never counted in a student's rank, and enter a tournament
// only when an admin picks them. A seat left over when there are fewer
// house bots than empty seats (one student in a four-player game) gets the
// game's qualifier as a plain built-in, which is not rated: the match
// rates the others among themselves (rate).

// HouseBots are the built-in bots of a game that play on its ladder as
// house bots: its Demo and its qualifier (the Dummy), those it has.
func HouseBots(info games.Info) []string {
	var out []string
	for _, name := range []string{"Demo", info.Qualifier} {
		if slices.Contains(info.Bots, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// ladderCandidates lists the candidates of a game's ladder, first putting
// its house bots on it when they are needed: when some but fewer than a
// match's owners have a bot there. tx holds the matchmaking lock.
func ladderCandidates(ctx context.Context, tx pgx.Tx, gameID string, info games.Info) ([]ladder.Candidate, error) {
	cands, err := store.LadderCandidates(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	owners := map[int64]bool{}
	houses := 0
	for _, c := range cands {
		if c.House {
			houses++
		} else {
			owners[c.OwnerID] = true
		}
	}
	names := HouseBots(info)
	if len(owners) == 0 || len(owners) >= info.Players || houses >= len(names) {
		return cands, nil
	}
	bots := make([]store.HouseBot, len(names))
	for i, name := range names {
		src, _ := games.BotProgram(gameID, name) // the source is shown to admins; none is fine
		bots[i] = store.HouseBot{Name: name, Source: string(src)}
	}
	r := rating.Default().Initial()
	if err := store.EnsureHouseBots(ctx, tx, gameID, bots, r.Mu, r.Sigma); err != nil {
		return nil, err
	}
	return store.LadderCandidates(ctx, tx, gameID)
}
