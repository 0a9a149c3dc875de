package web

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"arena.dev/config"
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
func signupLimit(perHour int) *limiter {
	if perHour <= 0 {
		perHour = config.DefaultSignupsPerHour
	}
	return newLimiter(time.Hour/time.Duration(perHour), perHour)
}

// limiter hands out one token bucket per key (an IP, a user), forgetting
// keys idle for a while so memory stays bounded.
type limiter struct {
	mu      sync.Mutex
	every   time.Duration
	burst   int
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// newLimiter allows burst events at once, then one per every.
func newLimiter(every time.Duration, burst int) *limiter {
	return &limiter{every: every, burst: burst, buckets: map[string]*bucket{}}
}

// allow reports whether key may act now.
func (l *limiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	return l.bucket(key, now).AllowN(now, 1)
}

// take is allow with a way back: undo returns the turn, for an attempt
// that the server, not the caller, failed (the password checks were busy).
func (l *limiter) take(key string) (undo func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	r := l.bucket(key, now).ReserveN(now, 1)
	if !r.OK() || r.DelayFrom(now) > 0 {
		r.CancelAt(now)
		return func() {}, false
	}
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		r.Cancel()
	}, true
}

// delay takes key's next turn and says how long to wait for it. A turn
// further away than most is not taken: the caller waits most, so a flood
// slows every attempt but never pushes the wait further.
func (l *limiter) delay(key string, most time.Duration) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	r := l.bucket(key, now).ReserveN(now, 1)
	d := r.DelayFrom(now)
	if !r.OK() || d > most {
		r.CancelAt(now)
		return most
	}
	return d
}

// bucket returns key's bucket; l.mu is held.
func (l *limiter) bucket(key string, now time.Time) *rate.Limiter {
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	return b.lim
}

// sleep waits d, or less if ctx ends first.
func sleep(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
