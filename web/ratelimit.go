package web

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

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
	return b.lim.AllowN(now, 1)
}
