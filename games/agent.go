package games

import (
	"fmt"
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
			reply, cpu, err = nil, time.Since(start), fmt.Errorf("bot panicked: %v", v)
		}
	}()
	reply, err = n.H.Handle(msg)
	return reply, time.Since(start), err
}

// Close implements Agent.
func (n *Native) Close() error { return nil }
