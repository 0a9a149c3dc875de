package auth

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPoolBoundsAndRefuses(t *testing.T) {
	p := NewPool(2, 50*time.Millisecond)
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Both slots taken: a check waits its 50 ms, then is refused.
	p.acquire(ctx)
	p.acquire(ctx)
	start := time.Now()
	if _, err := p.Check(ctx, h, "correct horse"); !errors.Is(err, ErrBusy) {
		t.Fatalf("check with every slot taken: %v, want ErrBusy", err)
	}
	if waited := time.Since(start); waited < 50*time.Millisecond {
		t.Fatalf("refused after %v, before the 50 ms wait", waited)
	}
	if _, err := p.Hash(ctx, "x"); !errors.Is(err, ErrBusy) {
		t.Fatalf("hash with every slot taken: %v, want ErrBusy", err)
	}
	// A slot freed while a check waits: the check gets it.
	go func() { time.Sleep(10 * time.Millisecond); p.release() }()
	if ok, err := p.Check(ctx, h, "correct horse"); !ok || err != nil {
		t.Fatalf("check after a slot was freed: %v %v", ok, err)
	}
	// A request that goes away stops waiting.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	p2 := NewPool(1, time.Minute)
	p2.acquire(ctx)
	if _, err := p2.Check(cctx, h, "x"); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled check: %v", err)
	}
}

// No more than the pool's size run at once, however many ask.
func TestPoolConcurrency(t *testing.T) {
	p := NewPool(2, time.Minute)
	var running, most atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.acquire(context.Background()); err != nil {
				t.Error(err)
				return
			}
			n := running.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(2 * time.Millisecond)
			running.Add(-1)
			p.release()
		}()
	}
	wg.Wait()
	if most.Load() != 2 {
		t.Fatalf("%d ran at once through a pool of 2", most.Load())
	}
}
