package sandbox

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// cpuLatency reads the CPU wake-up latency in force, in µs.
func cpuLatency(t *testing.T) int32 {
	t.Helper()
	b, err := os.ReadFile(cpuLatencyDevice)
	if err != nil || len(b) != 4 {
		t.Fatalf("read %s: %v (%d bytes)", cpuLatencyDevice, err, len(b))
	}
	return int32(binary.LittleEndian.Uint32(b))
}

// holdsRequest reports whether this process holds the device open, that
// is, a request of its own. The latency in force alone cannot tell: other
// processes (other test binaries running at the same time) make requests too.
func holdsRequest(t *testing.T) bool {
	t.Helper()
	fds, err := filepath.Glob("/proc/self/fd/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		if target, err := os.Readlink(fd); err == nil && target == cpuLatencyDevice {
			return true
		}
	}
	return false
}

func TestCPUPollWhileBotsRun(t *testing.T) {
	if _, err := os.Stat(cpuLatencyDevice); err != nil || os.Getuid() != 0 {
		t.Skipf("PM QoS requests need Linux's %s and root (uid %d): %v", cpuLatencyDevice, os.Getuid(), err)
	}
	idle := cpuLatency(t)
	if idle == 0 {
		t.Skip("another process already holds a zero-latency request")
	}
	a := startBot(t, "echo", runOptions())
	if got := cpuLatency(t); got != 0 || !holdsRequest(t) {
		t.Fatalf("with a bot running: latency %d µs, want 0", got)
	}
	b := startBot(t, "echo", runOptions())
	a.Close()
	if got := cpuLatency(t); got != 0 || !holdsRequest(t) {
		t.Fatalf("with one of two bots closed: latency %d µs, want 0", got)
	}
	b.Close()
	if holdsRequest(t) {
		t.Fatal("with every bot closed, the request is still held")
	}

	SetCPUPoll(false)
	defer SetCPUPoll(true)
	c := startBot(t, "echo", runOptions())
	if holdsRequest(t) {
		t.Fatal("turned off, with a bot running: a request is held")
	}
	c.Close()
}
