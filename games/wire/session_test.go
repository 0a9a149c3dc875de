package wire_test

import (
	"errors"
	"slices"
	"testing"

	"arena.dev/games/wire"
)

// tally is a toy SDK's game: the frames it decoded and the commands given.
type tally struct {
	frames []string
	cmds   []byte
}

var tallyCodec = wire.Codec[*tally]{
	Setup: func(frame []byte) (*tally, error) {
		if string(frame) != "setup" {
			return nil, errors.New("not a setup frame")
		}
		return &tally{frames: []string{"setup"}}, nil
	},
	Round: func(g *tally, frame []byte) error {
		g.frames = append(g.frames, string(frame))
		return nil
	},
	Commands: func(g *tally, b []byte) []byte {
		b = append(b, g.cmds...)
		g.cmds = g.cmds[:0]
		return b
	},
}

// counter gives the number of frames it has seen as its command.
type counter struct{ played int }

func (c *counter) Play(g *tally) {
	c.played++
	g.cmds = append(g.cmds, byte(len(g.frames)))
}

// The adapter decodes each frame with the codec, lets the bot play every
// round between Round and Commands, and Session gives it the setup frame
// first: a refused setup is asked again, so Round never lacks a game.
func TestAdapter(t *testing.T) {
	bot := &counter{}
	a := wire.NewAdapter(bot, tallyCodec)
	s := wire.NewSession(a)
	if _, err := s.Handle([]byte("round 0")); err == nil {
		t.Fatal("a round frame was taken for the setup")
	}
	if reply, err := s.Handle([]byte("setup")); err != nil || len(reply) != 0 {
		t.Fatalf("setup: %q, %v", reply, err)
	}
	for round, want := range []byte{2, 3} {
		reply, err := s.Handle([]byte{'r', byte(round)})
		if err != nil || !slices.Equal(reply, []byte{want}) {
			t.Fatalf("round %d: %v, %v; want [%d]", round, reply, err, want)
		}
	}
	if bot.played != 2 || len(a.Game().frames) != 3 || len(a.Game().cmds) != 0 {
		t.Fatalf("played %d rounds, game %+v: want 2 rounds, 3 frames and the commands taken", bot.played, a.Game())
	}
}
