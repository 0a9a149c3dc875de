package ladder

import (
	"fmt"
	"time"

	"arena.dev/domain"
)

// Pacing: the ladder spends matches where they teach something. A version
// is unsettled while its rating is still uncertain; while a game has an
// unsettled version it plays at full pace, every match seeded by one of
// them (PlanUnsettled). Once every version is settled, the game plays a
// trickle, enough to follow the ratings' drift and to meet the others'
// new versions, and its cores rest.

// SettledSigma and SettledGames decide when a version is settled (ratings
// on OpenSkill's scale: μ0 = 25, σ0 = 25/3 ≈ 8.3, β ≈ 4.2). σ ≤ 4 is about
// one β, the noise of a single game: the rating is then known to within
// the spread of one match's performance, and a new version of the bot
// (σ widened by β, to ≈ 5.8 from a settled 4) needs a few dozen games to
// settle again instead of a fresh bot's ~60 to 80. SettledGames is the
// backstop: a version whose σ stays up (an erratic bot) is settled after
// that many ladder games all the same, so it cannot keep a game at full
// pace for ever.
const (
	SettledSigma = 4.0
	SettledGames = 100
)

// Settled says whether a candidate's rating is known well enough to be
// played at the trickle. House bots count as settled: they are the
// reference, not what the ladder is learning.
func Settled(c Candidate) bool {
	return c.House || c.Sigma <= SettledSigma || c.Games >= SettledGames
}

// Unsettled counts the candidates that are not settled.
func Unsettled(cands []Candidate) int {
	n := 0
	for _, c := range cands {
		if !Settled(c) {
			n++
		}
	}
	return n
}

// Pace is an admin's setting of one game's ladder.
type Pace = domain.Pace

// DefaultPace is in force until an admin changes a game's (domain.DefaultPace).
var DefaultPace = domain.DefaultPace

// Limits of the pace settings. A trickle is at most one match per
// matchmaking tick (10 s): 360 an hour.
const (
	MaxTrickle   = 360
	MaxHourlyCap = 100000
)

// Validate says what is wrong with pace p, by field, or nil.
func Validate(p Pace) map[string]string {
	bad := map[string]string{}
	if p.Trickle < 0 || p.Trickle > MaxTrickle {
		bad["trickle"] = fmt.Sprintf("A whole number of matches an hour from 0 to %d.", MaxTrickle)
	}
	if p.HourlyCap < 0 || p.HourlyCap > MaxHourlyCap {
		bad["hourly_cap"] = fmt.Sprintf("A whole number of matches from 0 (no cap) to %d.", MaxHourlyCap)
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// Mode is the pace in force for a game at one tick.
type Mode = domain.PaceMode

const (
	ModePaused  = domain.ModePaused
	ModeFull    = domain.ModeFull
	ModeTrickle = domain.ModeTrickle
	ModeIdle    = domain.ModeIdle
)

// Tick is what the matchmaker knows of a game when it plans.
type Tick struct {
	Now         time.Time
	Unsettled   int       // versions not settled (Unsettled)
	Versions    int       // versions that may play, house bots excluded
	Queued      int       // matches already waiting (ladder and challenges)
	Full        int       // the queue full pace keeps (Config.LadderQueue)
	HourStart   time.Time // the clock hour HourPlanned counts
	HourPlanned int       // ladder matches planned in that hour
	LastPlanned time.Time // the game's last planned ladder match; zero: none
}

// Decide is pace p's decision for one game at one tick: the mode in
// force and how many ladder matches to plan now. Full pace tops the queue
// up to Full; the trickle plans one match when the queue is empty and an
// hour/Trickle has passed since the last; the hourly cap bounds both.
func Decide(p Pace, t Tick) (Mode, int) {
	mode := ModeOf(p, t.Versions, t.Unsettled)
	var k int
	switch mode {
	case ModePaused, ModeIdle:
		return mode, 0
	case ModeFull:
		k = t.Full - t.Queued
	default:
		if p.Trickle > 0 && t.Queued == 0 &&
			(t.LastPlanned.IsZero() || t.Now.Sub(t.LastPlanned) >= time.Hour/time.Duration(p.Trickle)) {
			k = 1
		}
	}
	if p.HourlyCap > 0 {
		used := t.HourPlanned
		if !t.HourStart.Equal(HourOf(t.Now)) {
			used = 0 // a new hour
		}
		k = min(k, p.HourlyCap-used)
	}
	return mode, max(k, 0)
}

// ModeOf is the pace p in force for a game with these versions (house bots
// excluded), unsettled of them.
func ModeOf(p Pace, versions, unsettled int) Mode {
	switch {
	case p.Paused:
		return ModePaused
	case versions == 0:
		return ModeIdle
	case unsettled > 0:
		return ModeFull
	}
	return ModeTrickle
}

// HourOf is the clock hour (UTC) the hourly cap counts t in.
func HourOf(t time.Time) time.Time { return domain.PaceHour(t) }
