package auth

import (
	"context"
	"errors"
	"time"
)

// ErrBusy is returned when every slot of a Pool stayed taken for as long
// as a caller may wait: the server is flooded with password checks.
var ErrBusy = errors.New("auth: too many password checks at once")

// Pool bounds how many password hashes are computed at once. Each takes
// 19 MiB and tens of milliseconds of a core, so without a bound a flood of
// log-in or password-change attempts takes the server's memory and CPU
// from everyone. Every hash and check of a request goes through one Pool;
// the rest wait their turn, briefly, then get ErrBusy.
type Pool struct {
	slots chan struct{}
	wait  time.Duration
}

// NewPool lets size hashes run at once; a caller waits at most wait for a
// slot.
func NewPool(size int, wait time.Duration) *Pool {
	return &Pool{slots: make(chan struct{}, max(size, 1)), wait: wait}
}

// Check is CheckPassword in a slot of the pool.
func (p *Pool) Check(ctx context.Context, hash, password string) (bool, error) {
	if err := p.acquire(ctx); err != nil {
		return false, err
	}
	defer p.release()
	return CheckPassword(hash, password)
}

// Hash is HashPassword in a slot of the pool.
func (p *Pool) Hash(ctx context.Context, password string) (string, error) {
	if err := p.acquire(ctx); err != nil {
		return "", err
	}
	defer p.release()
	return HashPassword(password)
}

func (p *Pool) acquire(ctx context.Context) error {
	select {
	case p.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(p.wait)
	defer t.Stop()
	select {
	case p.slots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *Pool) release() { <-p.slots }
