package request

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter limits how often a key (an address, a user name) may act. It
// hands out one token bucket per key (an IP, a user), forgetting
// keys idle for a while so memory stays bounded.
type Limiter struct {
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

// NewLimiter allows burst events at once, then one per every.
func NewLimiter(every time.Duration, burst int) *Limiter {
	return &Limiter{every: every, burst: burst, buckets: map[string]*bucket{}}
}

// Allow reports whether key may act now.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	return l.bucket(key, now).AllowN(now, 1)
}

// Take is Allow with a way back: undo returns the turn, for an attempt
// that the server, not the caller, failed (the password checks were busy).
func (l *Limiter) Take(key string) (undo func(), ok bool) {
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
		// At the reservation's own time: rate cancels nothing of a
		// reservation whose time to act has passed (r.Cancel() gave
		// nothing back).
		r.CancelAt(now)
	}, true
}

// Delay takes key's next turn and says how long to wait for it. A turn
// further away than most is not taken: the caller waits most, so a flood
// slows every attempt but never pushes the wait further.
func (l *Limiter) Delay(key string, most time.Duration) time.Duration {
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
func (l *Limiter) bucket(key string, now time.Time) *rate.Limiter {
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

// Sleep waits d, or less if ctx ends first.
func Sleep(ctx context.Context, d time.Duration) {
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
