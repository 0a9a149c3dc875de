package templates

import (
	"context"

	"arena.dev/i18n"
)

// RetentionRules are the retention rules in force (store.Retention), which
// the match and storage pages put in words.
type RetentionRules struct {
	Enabled      bool // false: nothing is deleted
	LadderRecent int  // each version's most recent ladder matches keep their replays
	LadderDays   int  // ladder replays younger than this many days are kept
	ArtifactDays int  // artifacts of versions idle this many days are dropped
}

// ReplayRetentionWords says which replays the rules r keep, in ctx's
// language.
func ReplayRetentionWords(ctx context.Context, r RetentionRules) string {
	if !r.Enabled {
		return i18n.T(ctx, "admin.storage.words.replays_off")
	}
	recent := i18n.T(ctx, "admin.storage.words.recent_none")
	if r.LadderRecent > 0 {
		recent = i18n.N(ctx, "admin.storage.words.recent", r.LadderRecent)
	}
	return i18n.T(ctx, "admin.storage.words.replays", map[string]any{"Recent": recent,
		"Days": i18n.N(ctx, "admin.storage.words.of_days", r.LadderDays)})
}
