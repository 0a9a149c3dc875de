//go:build !arena_portable

package sandbox

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// spinFor bounds how long a lone exchange polls for the reply before it
// parks in the poller.
const spinFor = 50 * time.Microsecond

// spin polls the bot's output for up to spinFor while this is the only
// exchange in progress in the process, and returns the bytes it read into p.
//
// Parking costs more than it seems on a virtual machine: the thread sleeps,
// its idle virtual CPU halts, and the bot's reply must wake it through the
// hypervisor, a cost the bot's write pays in part and is charged for.
// Polling keeps this CPU awake for a reply that usually comes within a few
// µs. BenchmarkExchange: 24 µs per exchange parked, 12 µs polling, the bot
// charged 6.6 µs instead of 9.7 (55 µs parked without the request of
// cpupoll.go). The polling is the host's CPU, not the bot's.
//
// A lone exchange is a match with one sandboxed bot (a qualification against
// built-in bots). The exchanges of a round of several sandboxed bots, or of
// several matches, see each other and park, leaving the cores to the bots.
func (b *Bot) spin(p []byte) int {
	// Let the other exchanges of a round, if any, start first: then a
	// round's goroutines see each other and none polls.
	runtime.Gosched()
	if exchanging.Load() != 1 || b.outConn == nil {
		return 0
	}
	got := 0
	start := time.Now()
	b.outConn.Read(func(fd uintptr) bool {
		for exchanging.Load() == 1 && time.Since(start) < spinFor {
			n, err := unix.Read(int(fd), p)
			if n > 0 {
				got = n
				break
			}
			if err != unix.EAGAIN && err != unix.EINTR {
				break // EOF or an error: the normal read reports it
			}
		}
		return true // never wait here: fill parks with its deadlines
	})
	return got
}
