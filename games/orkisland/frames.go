package orkisland

import (
	"encoding/binary"

	"arena.dev/games/orkisland/proto"
	"arena.dev/games/wire"
)

// Frame layouts are documented in package proto; the SDKs decode what this
// file encodes (a test checks they agree).

var putUint = wire.AppendUint

// appendSetup encodes player me's setup frame; botSeed seeds its SDK's
// random generator so a whole match replays exactly.
func appendSetup(b []byte, s *State, settings map[string]int, me int, botSeed uint64) []byte {
	b = append(b, proto.Version)
	b = putUint(b, me)
	b = binary.AppendUvarint(b, botSeed)
	for _, name := range proto.ParamNames {
		b = putUint(b, settings[name])
	}
	for _, t := range s.B.Cells {
		b = append(b, byte(t))
	}
	b = putUint(b, len(s.B.Cities))
	for _, cs := range s.B.Cities {
		b = putUint(b, len(cs))
		for _, c := range cs {
			b = putUint(b, c)
		}
	}
	b = putUint(b, len(s.B.Paths))
	for _, p := range s.B.Paths {
		b = putUint(b, p.A)
		b = putUint(b, p.B)
		b = putUint(b, len(p.Cells))
		for _, c := range p.Cells {
			b = putUint(b, c)
		}
	}
	return b
}

// view is what one player was last told, to send only the differences.
type view struct {
	sent      bool
	orks      []Ork
	cityOwner []int
	pathOwner []int
}

// appendRound encodes the round frame for a player whose last view is v,
// and updates v.
func appendRound(b []byte, s *State, v *view, cpu []float64) []byte {
	b = append(b, proto.Version)
	b = putUint(b, s.Round)
	for _, sc := range s.Scores {
		b = putUint(b, sc)
	}
	for _, f := range cpu {
		if f < 0 {
			b = putUint(b, 0)
		} else {
			b = putUint(b, 1+int(f*1e6))
		}
	}
	if !v.sent {
		v.sent = true
		v.orks = wire.Unseen(len(s.Orks), Ork{Cell: -1}) // differs from every real ork
		v.cityOwner = wire.Unseen(len(s.CityOwner), -1)
		v.pathOwner = wire.Unseen(len(s.PathOwner), -1)
	}
	b = wire.AppendChanges(b, s.Orks, v.orks, func(b []byte, o Ork) []byte {
		b = putUint(b, o.Player)
		b = putUint(b, o.Cell)
		return putUint(b, o.Health)
	})
	b = wire.AppendChanges(b, s.CityOwner, v.cityOwner, putOwner)
	return wire.AppendChanges(b, s.PathOwner, v.pathOwner, putOwner)
}

// putOwner sends an owner as owner+1, so that none (-1) is 0.
func putOwner(b []byte, owner int) []byte { return putUint(b, owner+1) }
