package gametest

import (
	"testing"

	"arena.dev/games"
)

// A Seat is one player of FeedFrames: its SDK session, typically running
// a mirror bot that compares what the SDK decoded with the engine's state
// and then plays like a built-in bot.
type Seat struct {
	SDK  games.Handler
	Seed uint64 // the seed of its setup frame
	// Skip, when set, reports the rounds whose frame the seat misses (a
	// bot out of step, which must get everything when it comes back).
	Skip func(round int) bool
}

// FeedFrames plays m to its end as the runner would, without one: each
// seat's session gets its setup frame, then every round it does not skip
// its view, with cpu as every player's CPU status (seat 0's rises by 1% a
// round, so statuses change); every reply must be a protocol-valid frame
// without an invalid command. afterStep, when set, runs after each round
// (the game's invariants).
func FeedFrames(t *testing.T, m games.Match, seats []Seat, cpu []float64, afterStep func()) {
	t.Helper()
	for p, s := range seats {
		if _, err := s.SDK.Handle(m.Setup(p, s.Seed)); err != nil {
			t.Fatal(err)
		}
	}
	for !m.Done() {
		for p, s := range seats {
			if s.Skip != nil && s.Skip(m.Round()) {
				continue
			}
			reply, err := s.SDK.Handle(m.View(p, cpu))
			if err != nil {
				t.Fatal(err)
			}
			if bad, err := m.Commands(p, reply); bad != 0 || err != nil {
				t.Fatalf("round %d, player %d: %d invalid, %v", m.Round(), p, bad, err)
			}
		}
		m.Step()
		if afterStep != nil {
			afterStep()
		}
		cpu[0] = min(1, cpu[0]+0.01)
	}
}

// FuzzCommandFrames fuzzes the commands frames of seat 0 in a match of g
// with its default settings, a generated board and seed 1 (seed f with
// f.Add beforehand): a bad frame is a protocol error or counted as invalid
// commands, never a panic, and the match goes on. check, when set, runs on
// the match after each round (the game's invariants).
func FuzzCommandFrames(f *testing.F, g games.Game, check func(t *testing.T, m games.Match)) {
	m, err := g.NewMatch(g.Info().Defaults(), nil, 1)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, frame []byte) {
		bad, err := m.Commands(0, frame)
		if err == nil && bad < 0 {
			t.Fatal("negative invalid count")
		}
		m.Step()
		if check != nil {
			check(t, m)
		}
		if m.Done() {
			t.Skip()
		}
	})
}

// A CommandFrame is a case of CheckCommandFrames: a frame and what the
// engine must make of it.
type CommandFrame struct {
	Name    string
	Frame   []byte
	Invalid int  // commands counted invalid (and ignored)
	Err     bool // a protocol error (the player is frozen)
}

// CheckCommandFrames gives each case's frame to m as seat 0's commands.
func CheckCommandFrames(t *testing.T, m games.Match, cases []CommandFrame) {
	t.Helper()
	for _, c := range cases {
		bad, err := m.Commands(0, c.Frame)
		if (err != nil) != c.Err || bad != c.Invalid {
			t.Errorf("%s: %d invalid, err %v", c.Name, bad, err)
		}
	}
}

// FuzzCommandsCodec fuzzes a game's commands codec (its package proto's
// DecodeCommands and AppendCommands; seed f with f.Add first): a frame
// decodes to an error, or to at most max commands that encode to a frame
// decoding to as many.
func FuzzCommandsCodec[C any](f *testing.F, decode func(frame []byte, cmds []C) ([]C, error), encode func(b []byte, cmds []C) []byte, max int) {
	f.Fuzz(func(t *testing.T, frame []byte) {
		cmds, err := decode(frame, nil)
		if err != nil {
			return
		}
		if len(cmds) > max {
			t.Fatal("too many commands accepted")
		}
		again, err := decode(encode(nil, cmds), nil)
		if err != nil || len(again) != len(cmds) {
			t.Fatalf("re-encoding fails: %v", err)
		}
	})
}
