package sandbox

import (
	"context"
	"sync"
	"time"
)

// Pool keeps the children of finished bots warm and reuses them for later
// bots of the same artifact and limits: a new session in a warm child
// skips the process start and the module load (tens of milliseconds of
// CPU each, which dominate short matches). Each session is still a fresh
// instance of the module, with fresh memory and its own seed. The zero
// Pool is ready to use.
type Pool struct {
	MaxIdle     int           // idle children kept in all; default 8
	MaxSessions int           // sessions a child serves before it is retired; default 100
	IdleTimeout time.Duration // idle children older than this are retired; default 1 min

	mu     sync.Mutex
	idle   []*proc // oldest first
	closed bool
}

// Start is like the package's Start but takes a warm child for art when
// there is one, and gives it back when the bot is closed after ending
// normally (exited at the end of the match, or crashed or exited on its
// own; never after it was killed).
func (pl *Pool) Start(ctx context.Context, art Artifact, opts RunOptions) (*Bot, error) {
	opts.defaults()
	p := pl.take(procKey(runConfigFor(art, opts)))
	if p == nil {
		var err error
		if p, err = spawn(art, opts); err != nil {
			return nil, err
		}
	}
	return startSession(ctx, p, pl, opts)
}

// Close kills the idle children; bots still running are not affected, and
// their children are killed when they close.
func (pl *Pool) Close() error {
	pl.mu.Lock()
	idle := pl.idle
	pl.idle, pl.closed = nil, true
	pl.mu.Unlock()
	for _, p := range idle {
		p.kill()
		<-p.exited
	}
	return nil
}

// Idle returns the number of warm children waiting.
func (pl *Pool) Idle() int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return len(pl.idle)
}

func (pl *Pool) limits() (maxIdle, maxSessions int, idleTimeout time.Duration) {
	maxIdle, maxSessions, idleTimeout = pl.MaxIdle, pl.MaxSessions, pl.IdleTimeout
	if maxIdle <= 0 {
		maxIdle = 8
	}
	if maxSessions <= 0 {
		maxSessions = 100
	}
	if idleTimeout <= 0 {
		idleTimeout = time.Minute
	}
	return
}

// take removes and returns a live idle child with the key, newest first
// (its memory is most likely still warm), or nil.
func (pl *Pool) take(key string) *proc {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.evictLocked()
	for i := len(pl.idle) - 1; i >= 0; i-- {
		p := pl.idle[i]
		if p.key == key && p.alive() {
			pl.idle = append(pl.idle[:i], pl.idle[i+1:]...)
			return p
		}
	}
	return nil
}

// put gives back the child of a bot that ended normally.
func (pl *Pool) put(p *proc) {
	maxIdle, maxSessions, _ := pl.limits()
	pl.mu.Lock()
	if pl.closed || p.sessions >= maxSessions || !p.reusable() || !p.alive() {
		pl.mu.Unlock()
		retire(p)
		return
	}
	p.idleSince = time.Now()
	pl.idle = append(pl.idle, p)
	var extra []*proc
	if len(pl.idle) > maxIdle {
		n := len(pl.idle) - maxIdle
		extra = append(extra, pl.idle[:n]...)
		pl.idle = append(pl.idle[:0], pl.idle[n:]...)
	}
	pl.mu.Unlock()
	for _, p := range extra {
		retire(p)
	}
}

// evictLocked retires the children idle for too long or dead.
func (pl *Pool) evictLocked() {
	_, _, idleTimeout := pl.limits()
	keep := pl.idle[:0]
	for _, p := range pl.idle {
		if p.alive() && time.Since(p.idleSince) < idleTimeout {
			keep = append(keep, p)
		} else {
			go retire(p)
		}
	}
	pl.idle = keep
}

func retire(p *proc) {
	p.kill()
	<-p.exited
}
