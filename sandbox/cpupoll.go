package sandbox

import (
	"os"
	"sync"
)

// A match is hundreds of short waits on pipes, each of which can put an
// idle core to sleep; waking it again costs tens of µs on a virtual machine
// (the hypervisor must resume the vCPU) and up to ~100 µs from a deep
// C-state on bare metal, and the bot pays part of it in CPU time. So while
// any bot of this process runs, it holds a PM QoS request for zero CPU
// wake-up latency (Linux's /dev/cpu_dma_latency): idle cores poll instead
// of sleeping. The request ends when the last bot does. It needs root, as
// the jail does; without root it does nothing.
//
// Measured on a 2-vCPU VM (BenchmarkRound4, BenchmarkExchange, BenchmarkMatch):
// a round of four bots 90–100 → 72–84 µs; a warm match 32 → 30 ms.
// The price: cores that poll draw power, and a VM's polling vCPU is CPU the
// host cannot give to others. SetCPUPoll(false) turns it off.
var cpuPoll struct {
	sync.Mutex
	off  bool
	bots int      // bots started and not closed
	req  *os.File // the open request, while bots > 0
}

// cpuLatencyDevice is where Linux takes PM QoS CPU latency requests.
const cpuLatencyDevice = "/dev/cpu_dma_latency"

// SetCPUPoll says whether running bots keep idle cores polling (the
// default) instead of sleeping; see the comment above cpuPoll.
func SetCPUPoll(on bool) {
	cpuPoll.Lock()
	defer cpuPoll.Unlock()
	cpuPoll.off = !on
	if cpuPoll.off && cpuPoll.req != nil {
		cpuPoll.req.Close()
		cpuPoll.req = nil
	}
}

// holdCPUPoll counts a bot that starts, and makes the request with the first.
func holdCPUPoll() {
	cpuPoll.Lock()
	defer cpuPoll.Unlock()
	cpuPoll.bots++
	if cpuPoll.off || cpuPoll.req != nil {
		return
	}
	f, err := os.OpenFile(cpuLatencyDevice, os.O_WRONLY, 0)
	if err != nil {
		return // not root, or not Linux: wake-ups stay as they are
	}
	// The request is a 32-bit latency in µs, and lasts while f is open.
	if _, err := f.Write([]byte{0, 0, 0, 0}); err != nil {
		f.Close()
		return
	}
	cpuPoll.req = f
}

// releaseCPUPoll counts a bot that ends, and drops the request with the last.
func releaseCPUPoll() {
	cpuPoll.Lock()
	defer cpuPoll.Unlock()
	cpuPoll.bots--
	if cpuPoll.bots == 0 && cpuPoll.req != nil {
		cpuPoll.req.Close()
		cpuPoll.req = nil
	}
}
