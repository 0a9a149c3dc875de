package store

// The ranking rule in SQL (domain/rank.go has it in Go, and says why),
// over bot_versions v of bots b; written here only.
const (
	// ordinalSQL is a version's μ−3σ (domain.Ordinal).
	ordinalSQL = "(v.mu - 3 * v.sigma)"
	// rankOrderSQL orders a board's rows (domain.CompareRank).
	rankOrderSQL = ordinalSQL + " DESC, v.games DESC, b.id"
)
