package gametest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"arena.dev/games"
)

// The frames fuzzed here are real ones from a match, mutated by a seeded
// generator, so a failure reproduces: a bot's commands as the host decodes
// them, and the host's setup and round frames as a bot's SDK decodes them.
// Either side must answer garbage with an error, never a panic.

// mutate returns a damaged copy of frame.
func mutate(r *rand.Rand, frame []byte) []byte {
	b := slices.Clone(frame)
	switch r.IntN(6) {
	case 0: // random bytes
		b = make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
	case 1: // flipped bits
		for range 1 + r.IntN(4) {
			if len(b) > 0 {
				b[r.IntN(len(b))] ^= 1 << r.IntN(8)
			}
		}
	case 2: // cut short
		if len(b) > 0 {
			b = b[:r.IntN(len(b))]
		}
	case 3: // trailing bytes
		for range 1 + r.IntN(8) {
			b = append(b, byte(r.Uint32()))
		}
	case 4: // extreme varints
		extreme := [][]byte{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, {0x80}, {0xff, 0xff, 0xff, 0x7f}, {0}}
		at := r.IntN(len(b) + 1)
		b = append(b[:at], append(slices.Clone(extreme[r.IntN(len(extreme))]), b[at:]...)...)
	default: // one byte set to an edge value
		if len(b) > 0 {
			b[r.IntN(len(b))] = []byte{0, 1, 0x7f, 0x80, 0xff}[r.IntN(5)]
		}
	}
	return b
}

// noPanic runs f and turns a panic into a test failure naming what.
func noPanic(t *testing.T, what string, input []byte, f func()) (ok bool) {
	t.Helper()
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("%s panicked on %x: %v", what, input, v)
			ok = false
		}
	}()
	f()
	return true
}

// handler is a built-in bot's SDK session, called directly so that a panic
// reaches the test (games.Native would turn it into an error).
func handler(t *testing.T, g games.Game, name string) games.Handler {
	t.Helper()
	a, err := g.NewBot(name)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := a.(*games.Native)
	if !ok {
		t.Fatalf("NewBot(%q) is a %T, not *games.Native", name, a)
	}
	return n.H
}

const fuzzRounds = 40

func fuzzCommands(t *testing.T, g games.Game) {
	info := g.Info()
	m, err := g.NewMatch(info.Defaults(), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]games.Handler, info.Players)
	for p := range bots {
		bots[p] = handler(t, g, []string{"Dummy", "Demo"}[p%2])
		if _, err := bots[p].Handle(m.Setup(p, info.SeatSeed(1, p))); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	cpu := make([]float64, info.Players)
	for round := 0; round < fuzzRounds && !m.Done(); round++ {
		for p := range bots {
			reply, err := bots[p].Handle(m.View(p, cpu))
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			reply = slices.Clone(reply)
			// Many damaged frames, then the real one, which must be taken.
			for range 20 {
				bad := mutate(r, reply)
				if !noPanic(t, "Commands", bad, func() { m.Commands(p, bad) }) {
					return
				}
			}
			if !noPanic(t, "Commands", reply, func() { _, err = m.Commands(p, reply) }) {
				return
			}
			if err != nil {
				t.Fatalf("round %d: the bot's own commands are refused: %v", round, err)
			}
		}
		if !noPanic(t, fmt.Sprintf("Step after damaged commands in round %d", round), nil, m.Step) {
			return
		}
	}
}

func fuzzHostFrames(t *testing.T, g games.Game) {
	info := g.Info()
	m, err := g.NewMatch(info.Defaults(), nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Player 0's frames of a real match.
	setup := m.Setup(0, info.SeatSeed(2, 0))
	var frames [][]byte
	cpu := make([]float64, info.Players)
	for round := 0; round < fuzzRounds && !m.Done(); round++ {
		frames = append(frames, slices.Clone(m.View(0, cpu)))
		m.Step()
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		bad := mutate(r, setup)
		h := handler(t, g, "Null")
		if !noPanic(t, "decoding a setup frame", bad, func() { h.Handle(bad) }) {
			return
		}
	}
	for k, frame := range frames {
		for range 10 {
			h := handler(t, g, "Null")
			if _, err := h.Handle(setup); err != nil {
				t.Fatalf("setup: %v", err)
			}
			for _, f := range frames[:k] {
				if _, err := h.Handle(f); err != nil {
					t.Fatalf("round frame: %v", err)
				}
			}
			bad := mutate(r, frame)
			if !noPanic(t, fmt.Sprintf("decoding round frame %d", k), bad, func() { h.Handle(bad) }) {
				return
			}
		}
	}
}
