package orkisland

import (
	"encoding/binary"

	"arena.dev/games/orkisland/sdk"
)

// Frame layouts are documented in sdk/frames.go; the SDK decodes what this
// file encodes (a test checks they agree).

const frameVersion = 1

func putUint(b []byte, v int) []byte { return binary.AppendUvarint(b, uint64(v)) }

// appendSetup encodes player me's setup frame; botSeed seeds its SDK's
// random generator so a whole match replays exactly.
func appendSetup(b []byte, s *State, settings map[string]int, me int, botSeed uint64) []byte {
	b = append(b, frameVersion)
	b = putUint(b, me)
	b = binary.AppendUvarint(b, botSeed)
	for _, name := range sdk.ParamNames {
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
	b = append(b, frameVersion)
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
		v.orks = make([]Ork, len(s.Orks))
		for i := range v.orks {
			v.orks[i].Cell = -1 // differs from every real ork
		}
		v.cityOwner = make([]int, len(s.CityOwner))
		v.pathOwner = make([]int, len(s.PathOwner))
		for i := range v.cityOwner {
			v.cityOwner[i] = -1
		}
		for i := range v.pathOwner {
			v.pathOwner[i] = -1
		}
	}
	n := 0
	for i, o := range s.Orks {
		if v.orks[i] != o {
			n++
		}
	}
	b = putUint(b, n)
	for i, o := range s.Orks {
		if v.orks[i] != o {
			v.orks[i] = o
			b = putUint(b, i)
			b = putUint(b, o.Player)
			b = putUint(b, o.Cell)
			b = putUint(b, o.Health)
		}
	}
	b = appendOwners(b, s.CityOwner, v.cityOwner)
	b = appendOwners(b, s.PathOwner, v.pathOwner)
	return b
}

func appendOwners(b []byte, now, seen []int) []byte {
	n := 0
	for i := range now {
		if now[i] != seen[i] {
			n++
		}
	}
	b = putUint(b, n)
	for i := range now {
		if now[i] != seen[i] {
			seen[i] = now[i]
			b = putUint(b, i)
			b = putUint(b, now[i]+1)
		}
	}
	return b
}
