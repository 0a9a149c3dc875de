package domain

import "cmp"

// The ranking rule, the one order of every leaderboard: the conservative
// skill μ−3σ (Ordinal), highest first; then games played, most first;
// then the bot's id, lowest first, so that the order is total and a bot's
// rank is its place. store writes the same rule in SQL once (store's
// rankOrderSQL), and its test checks that the two agree.

// Ordinal is the conservative skill μ−3σ a leaderboard sorts by: a bot
// ranks high only once the system is fairly sure it is strong, so a lucky
// newcomer does not jump to the top after one game. The conversion keeps
// the compiler from fusing the multiply and the subtraction, so that Go
// computes it as PostgreSQL does, to the last bit.
func Ordinal(mu, sigma float64) float64 { return mu - float64(3*sigma) }

// Ranked is what the ranking rule reads of a leaderboard's row.
type Ranked struct {
	Mu, Sigma float64
	Games     int
	BotID     int64
}

// CompareRank orders two rows by the ranking rule: negative when a ranks
// above b.
func CompareRank(a, b Ranked) int {
	if c := cmp.Compare(Ordinal(b.Mu, b.Sigma), Ordinal(a.Mu, a.Sigma)); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Games, a.Games); c != 0 {
		return c
	}
	return cmp.Compare(a.BotID, b.BotID)
}
