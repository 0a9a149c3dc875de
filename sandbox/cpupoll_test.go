package sandbox

import (
	"encoding/binary"
	"os"
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

func TestCPUPollWhileBotsRun(t *testing.T) {
	if _, err := os.Stat(cpuLatencyDevice); err != nil || os.Getuid() != 0 {
		t.Skipf("PM QoS requests need Linux's %s and root (uid %d): %v", cpuLatencyDevice, os.Getuid(), err)
	}
	idle := cpuLatency(t)
	if idle == 0 {
		t.Skip("another process already holds a zero-latency request")
	}
	a := startBot(t, "echo", runOptions())
	if got := cpuLatency(t); got != 0 {
		t.Fatalf("with a bot running: latency %d µs, want 0", got)
	}
	b := startBot(t, "echo", runOptions())
	a.Close()
	if got := cpuLatency(t); got != 0 {
		t.Fatalf("with one of two bots closed: latency %d µs, want 0", got)
	}
	b.Close()
	if got := cpuLatency(t); got != idle {
		t.Fatalf("with every bot closed: latency %d µs, want %d as before", got, idle)
	}

	SetCPUPoll(false)
	defer SetCPUPoll(true)
	c := startBot(t, "echo", runOptions())
	if got := cpuLatency(t); got != idle {
		t.Fatalf("turned off, with a bot running: latency %d µs, want %d", got, idle)
	}
	c.Close()
}
