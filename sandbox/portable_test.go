//go:build !linux || arena_portable

package sandbox

import (
	"sync/atomic"
	"testing"
)

// linuxWalls: the walls besides wazero are Linux's (portable.go).
const linuxWalls = false

// noNamespaces is Linux's switch (jail_linux.go), which tests turn; here
// there are no namespaces to turn off.
var noNamespaces atomic.Bool

// probeHook: no probing test binaries here (walls_test.go is Linux's).
func probeHook() {}

// TestPoolStartsFreshChildren: a child here serves one session (no
// descriptors can be handed to a running one), so a Pool keeps none, and
// each bot gets a fresh child that answers as the first did.
func TestPoolStartsFreshChildren(t *testing.T) {
	pl := &Pool{}
	defer pl.Close()
	first := poolStart(t, pl, "random", 7)
	want := exchange3(t, first)
	first.Close()
	if pl.Idle() != 0 || !processGone(first) {
		t.Fatalf("after a clean end: %d idle, child gone %v; want none kept", pl.Idle(), processGone(first))
	}
	second := poolStart(t, pl, "random", 7)
	defer second.Close()
	if second.p.cmd.Process.Pid == first.p.cmd.Process.Pid {
		t.Fatal("a child served a second session")
	}
	if got := exchange3(t, second); got != want {
		t.Fatalf("the second child answers\n%s, the first\n%s", got, want)
	}
}
