package wasteland

import (
	"encoding/binary"

	"arena.dev/games/wasteland/proto"
	"arena.dev/games/wire"
)

// Frame layouts are documented in package proto; the SDKs decode what this
// file encodes (a test checks they agree). Bots know everything, so every
// player gets the same view.

const frameVersion = proto.FrameVersion

var putUint = wire.AppendUint

// appendSetup encodes player me's setup frame; botSeed seeds its SDK's
// random generator as the original seeds player me's.
func appendSetup(b []byte, settings map[string]int, me int, botSeed uint64) []byte {
	b = append(b, frameVersion)
	b = putUint(b, me)
	b = binary.AppendUvarint(b, botSeed)
	for _, name := range proto.ParamNames {
		b = putUint(b, settings[name])
	}
	return b
}

// appendHeader encodes the start of a round frame: the round, scores
// and every player's CPU status.
func appendHeader(b []byte, s *State, cpu []float64) []byte {
	b = append(b, frameVersion)
	b = putUint(b, s.Round)
	for _, sc := range s.Scores {
		b = putUint(b, sc)
	}
	for _, f := range cpu {
		b = putUint(b, proto.EncodeStatus(f))
	}
	return b
}

// appendBody encodes the rest of a round frame: the cells listed (every
// cell if all), the cars that differ from seen (which it updates) and the
// missiles. A car or a missile stands on an empty cell.
func appendBody(b []byte, s *State, all bool, cells []int, seen []Car) []byte {
	if all {
		b = putUint(b, len(s.Cells))
		for i := range s.Cells {
			b = putCell(b, s, i)
		}
	} else {
		b = putUint(b, len(cells))
		for _, i := range cells {
			b = putCell(b, s, i)
		}
	}
	b = wire.AppendChanges(b, s.Cars, seen, func(b []byte, c Car) []byte {
		b = putUint(b, c.Pos.I)
		b = putUint(b, c.Pos.J)
		b = putUint(b, c.Missiles)
		b = putUint(b, c.Gas)
		b = wire.AppendBool(b, c.Alive)
		return putUint(b, c.Time)
	})
	b = putUint(b, len(s.Missiles))
	for _, m := range s.Missiles {
		b = putUint(b, m.ID)
		b = putUint(b, m.Car)
		b = putUint(b, m.Pos.I)
		b = putUint(b, m.Pos.J)
	}
	return b
}

func putCell(b []byte, s *State, i int) []byte {
	return append(putUint(b, i), byte(s.content(i)))
}

// unseen are cars that differ from every real car: a bot's view before
// its first frame.
func unseen(n int) []Car { return wire.Unseen(n, Car{ID: -1}) }
