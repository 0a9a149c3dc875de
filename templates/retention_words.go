package templates

import (
	"fmt"
	"strconv"
)

// RetentionRules are the retention rules in force (store.Retention), which
// the match and storage pages put in words.
type RetentionRules struct {
	Enabled      bool // false: nothing is deleted
	LadderRecent int  // each version's most recent ladder matches keep their replays
	LadderDays   int  // ladder replays younger than this many days are kept
	ArtifactDays int  // artifacts of versions idle this many days are dropped
}

// ReplayRetentionWords says which replays the rules r keep.
func ReplayRetentionWords(r RetentionRules) string {
	if !r.Enabled {
		return "every replay (retention is off now)."
	}
	return fmt.Sprintf("the replays of qualification, tournament and challenge matches, and ladder replays of %s and of the last %s.",
		ladderRecentWords(r.LadderRecent), Days(r.LadderDays))
}

// ladderRecentWords: "each version's 10 most recent ladder matches".
func ladderRecentWords(n int) string {
	switch n {
	case 0:
		return "no version's recent matches beyond that"
	case 1:
		return "each version's most recent ladder match"
	}
	return fmt.Sprintf("each version's %d most recent ladder matches", n)
}

// Days is a number of days as the retention rules say it: "day", "3 days".
func Days(n int) string {
	if n == 1 {
		return "day"
	}
	return strconv.Itoa(n) + " days"
}
