//go:build linux && !arena_portable

package sandbox

import (
	"testing"
	"time"
)

func TestPoolReuse(t *testing.T) {
	pl := &Pool{MaxSessions: 3}
	defer pl.Close()

	first := poolStart(t, pl, "random", 7)
	pid := first.p.cmd.Process.Pid
	want := exchange3(t, first)
	first.Close()
	if pl.Idle() != 1 {
		t.Fatalf("%d idle children after a clean end, want 1", pl.Idle())
	}
	// The same child, a fresh guest: same seed, same clock, same answers.
	second := poolStart(t, pl, "random", 7)
	if second.p.cmd.Process.Pid != pid {
		t.Fatalf("child %d not reused (got %d)", pid, second.p.cmd.Process.Pid)
	}
	if got := exchange3(t, second); got != want {
		t.Fatalf("a reused child answers\n%s, a fresh one\n%s", got, want)
	}
	second.Close()

	// Another artifact never gets this child.
	other := poolStart(t, pl, "echo", 7)
	if other.p.cmd.Process.Pid == pid {
		t.Fatal("a child of another artifact was reused")
	}
	other.Close()
	if pl.Idle() != 2 {
		t.Fatalf("%d idle, want 2", pl.Idle())
	}

	// The third session is this child's last (MaxSessions).
	third := poolStart(t, pl, "random", 7)
	if third.p.cmd.Process.Pid != pid {
		t.Fatal("child not reused for its third session")
	}
	third.Close()
	if !processGone(third) || pl.Idle() != 1 {
		t.Fatalf("a child past MaxSessions was kept (idle %d)", pl.Idle())
	}
	pl.Close()
	if !processGone(other) || pl.Idle() != 0 {
		t.Fatal("Pool.Close left a child")
	}
}

func TestPoolAfterDeath(t *testing.T) {
	pl := &Pool{}
	defer pl.Close()

	// A crash ends the session, not the child: it is reused.
	b := poolStart(t, pl, "panic", 1)
	if _, _, err := b.Exchange([]byte("x"), time.Second); ReasonOf(err) != ReasonCrash {
		t.Fatalf("want crash, got %v", err)
	}
	b.Close()
	if pl.Idle() != 1 {
		t.Fatalf("crashed session: %d idle, want 1", pl.Idle())
	}
	b = poolStart(t, pl, "panic", 1)
	if _, _, err := b.Exchange([]byte("x"), time.Second); ReasonOf(err) != ReasonCrash {
		t.Fatalf("second session: want crash, got %v", err)
	}
	b.Close()

	// A child killed for time is never reused.
	b = poolStart(t, pl, "loop", 1)
	if _, _, err := b.Exchange([]byte("x"), 50*time.Millisecond); ReasonOf(err) != ReasonTimeout {
		t.Fatalf("want timeout, got %v", err)
	}
	b.Close()
	if !processGone(b) {
		t.Fatal("killed child kept")
	}

	// Nor is one whose guest ignores the end of the match.
	b = poolStart(t, pl, "stubborn", 1)
	if _, _, err := b.Exchange([]byte("x"), time.Second); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	b.Close()
	if d := time.Since(start); d > 2*endGrace || !processGone(b) {
		t.Fatalf("stubborn bot: Close took %v, child gone %v", d, processGone(b))
	}
	if pl.Idle() != 1 { // the panic child only
		t.Fatalf("%d idle, want 1", pl.Idle())
	}
}
