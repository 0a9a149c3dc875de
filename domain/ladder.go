package domain

import "time"

// The ladder's values, as the store reads them and package ladder decides
// with them (ladder/pace.go has the rules).

// Candidate is a version that may play a game's ladder.
type Candidate struct {
	BotID      int64
	OwnerID    int64
	Mu, Sigma  float64
	Games      int       // ladder games played by this version
	LastPlayed time.Time // zero if it never played
	// House marks a house bot, one of the game's reference bots (the
	// Dummy, the Demo): it only fills seats that bots of other owners
	// cannot, it is never a match's seed, and house bots may meet each
	// other (their OwnerID is ignored).
	House bool
}

// Pace is an admin's setting of one game's ladder.
type Pace struct {
	// Trickle is the ladder matches an hour once every version is
	// settled, one at a time and evenly spaced (at least an hour/Trickle
	// apart); 0 stops the ladder until a new version comes.
	Trickle int
	// HourlyCap bounds the ladder matches planned in one clock hour (UTC),
	// at any pace; 0 is no cap.
	HourlyCap int
	// Paused: no ladder match is planned at all.
	Paused bool
}

// DefaultPace is in force until an admin changes a game's: 6 matches an
// hour once settled (with 4 games enabled and a ~0.5 s match, under 1 %
// of a 2-core machine), no hourly cap, not paused.
var DefaultPace = Pace{Trickle: 6}

// PaceMode is the pace in force for a game at one tick.
type PaceMode string

const (
	ModePaused  PaceMode = "paused"  // the admin paused it
	ModeFull    PaceMode = "full"    // unsettled versions: the queue is kept full
	ModeTrickle PaceMode = "trickle" // every version settled
	ModeIdle    PaceMode = "idle"    // no version to play (none, or house bots only)
)

// PaceHour is the clock hour (UTC) a pace's hourly cap counts t in.
func PaceHour(t time.Time) time.Time { return t.UTC().Truncate(time.Hour) }
