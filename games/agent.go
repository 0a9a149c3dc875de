package games

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sync"
	"time"
)

// Agent is the host's side of one bot (docs/protocol.md). Exchange sends one
// frame and returns the bot's reply and the CPU time it used for it. A
// sandboxed agent kills the bot and returns an error when cpuLimit is
// exceeded. After an error the runner calls Close and never uses it again.
type Agent interface {
	Exchange(msg []byte, cpuLimit time.Duration) (reply []byte, cpu time.Duration, err error)
	Close() error
}

// Handler answers one frame in-process: an SDK session.
type Handler interface {
	Handle(frame []byte) ([]byte, error)
}

// Native runs a trusted built-in bot in-process through its SDK session, so
// frames are encoded and decoded as for a sandboxed bot. It reports the wall
// time of each call as CPU and cannot be interrupted.
type Native struct {
	H Handler
}

// Exchange implements Agent.
func (n *Native) Exchange(msg []byte, _ time.Duration) (reply []byte, cpu time.Duration, err error) {
	start := time.Now()
	// A panicking bot must freeze its player, not end the match.
	defer func() {
		if v := recover(); v != nil {
			reply, cpu, err = nil, time.Since(start), &FreezeError{Kind: FreezeCrash, Detail: fmt.Sprintf("panic: %v", v)}
		}
	}()
	reply, err = n.H.Handle(msg)
	return reply, time.Since(start), err
}

// Close implements Agent.
func (n *Native) Close() error { return nil }

// InProcess implements InProcess.
func (n *Native) InProcess() bool { return true }

// InProcess is implemented by an agent whose Exchange runs on the caller's
// goroutine and returns at once (a built-in bot): the runner calls such
// agents one after the other instead of starting a goroutine each per round.
type InProcess interface {
	InProcess() bool
}

func isInProcess(a Agent) bool {
	ip, ok := a.(InProcess)
	return ok && ip.InProcess()
}

// StartAgents makes the n agents of a match at once (a sandboxed bot takes
// tens of milliseconds to start; four in a row would add up) and returns
// them in seat order. If any fails, it closes the others and returns the
// first error by seat.
func StartAgents(n int, start func(seat int) (Agent, error)) ([]Agent, error) {
	agents := make([]Agent, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range agents {
		wg.Go(func() { agents[i], errs[i] = start(i) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			for _, a := range agents {
				if a != nil {
					a.Close()
				}
			}
			return nil, err
		}
	}
	return agents, nil
}

// SeatSeed derives the random seed of the bot in a seat from the match's
// seed. It is the one source of a bot's randomness: its SDK's generator
// (Match.Setup) and, in the sandbox, the WASI random source.
//
// It is one-way (SHA-256 of the seed and the seat): a bot learns neither
// the match's seed, from which the engine draws (where a hidden opponent
// reappears, who wins a tie), nor the other bots' seeds (what a built-in
// opponent will do). A game whose Info says OriginalSeeds seeds seat p
// with seed+p instead, as the original engines do, so that per-seed
// results match the original's.
func (i Info) SeatSeed(seed uint64, seat int) uint64 {
	if i.OriginalSeeds {
		return seed + uint64(seat)
	}
	b := binary.LittleEndian.AppendUint64([]byte("arena seat seed\x00"), seed)
	sum := sha256.Sum256(binary.LittleEndian.AppendUint64(b, uint64(seat)))
	return binary.LittleEndian.Uint64(sum[:8])
}

// FailedAgent stands for a bot that could not even start: its player is
// frozen at setup, a freeze of kind FreezeStart with Err's words.
type FailedAgent struct{ Err error }

// Exchange implements Agent.
func (f FailedAgent) Exchange([]byte, time.Duration) ([]byte, time.Duration, error) {
	return nil, 0, startFailure{f.Err}
}

// Close implements Agent.
func (FailedAgent) Close() error { return nil }
