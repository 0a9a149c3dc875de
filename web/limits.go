package web

import (
	"time"

	"arena.dev/config"
	"arena.dev/web/request"
)

// The limits of password attempts (log-in, API token, password change),
// in one place. Each attempt is counted against its (address, user name)
// pair and against its address, and refused past either; a user name
// alone is never locked (a guesser elsewhere would lock its owner out) but
// its attempts, from wherever, are slowed past the burst.
const (
	// pairBurst attempts at once per (address, user name), then one every
	// pairEvery.
	pairBurst = 10
	pairEvery = 6 * time.Second
	// addrBurst attempts at once per address (a classroom behind one NAT
	// logging in together), then one every addrEvery.
	addrBurst = 60
	addrEvery = time.Second
	// userBurst attempts at once per user name, then one every userEvery;
	// an attempt past them waits its turn, at most userMaxDelay.
	userBurst    = 10
	userEvery    = 2 * time.Second
	userMaxDelay = 3 * time.Second
)

// signupLimit is the sign-ups limit of an address: perHour at once (a
// lab behind one NAT signing up together), then perHour spread over each
// hour, so one address never creates more than perHour accounts an hour
// beyond the first burst. perHour 0 is config.DefaultSignupsPerHour.
func signupLimit(perHour int) *request.Limiter {
	if perHour <= 0 {
		perHour = config.DefaultSignupsPerHour
	}
	return request.NewLimiter(time.Hour/time.Duration(perHour), perHour)
}
