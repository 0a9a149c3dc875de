package apocalypse

import (
	"encoding/binary"
	"slices"

	"arena.dev/games/apocalypse/proto"
	"arena.dev/games/wire"
)

// Frame layouts are documented in package proto; the SDKs decode what this
// file encodes (a test checks they agree).

var putUint = wire.AppendUint

// appendSetup encodes player me's setup frame and starts its view from
// what the frame tells; botSeed seeds its SDK's random generator so a
// whole match replays exactly (in Redux, the original's generator).
func appendSetup(b []byte, s *State, settings map[string]int, me int, botSeed uint64, v *view) []byte {
	if s.redux {
		b = append(b, proto.ReduxSetup)
	} else {
		b = append(b, proto.Version)
	}
	b = putUint(b, me)
	b = binary.AppendUvarint(b, botSeed)
	for _, name := range proto.ParamNames {
		b = putUint(b, settings[name])
	}
	for _, t := range s.Land {
		b = append(b, byte(t))
	}
	b = putUint(b, len(s.Posts))
	for _, p := range s.Posts {
		b = putUint(b, p.Cell)
		b = putUint(b, s.value(p))
	}
	*v = view{last: -2, cells: make([]int32, len(s.Land)), owners: wire.Unseen(len(s.Posts), -1),
		helis: make([]Helicopter, len(s.Helis))}
	for c, t := range s.Land {
		v.cells[c] = int32(t)
	}
	return b
}

// value is what post p is worth each round.
func (s *State) value(p Post) int {
	if p.High {
		return s.Cfg.HighValue
	}
	return s.Cfg.LowValue
}

// view is what one player was last told, to send only the differences.
type view struct {
	last     int     // the round of the last round frame (-2: none yet)
	cells    []int32 // land + 8*fire
	owners   []int
	soldiers []Soldier // alive, by increasing id
	helis    []Helicopter
	scratch  []byte // records before their count is known
}

// appendCells appends the cells whose land or fire the player has not
// seen: after one round, only cells the round touched can differ.
func appendCells(b []byte, s *State, v *view) []byte {
	n, rec := 0, v.scratch[:0]
	put := func(c int) {
		if code := cellCode(s.Land[c], s.Fire[c]); code != v.cells[c] {
			v.cells[c] = code
			n++
			rec = putUint(rec, c)
			rec = putUint(rec, int(code))
		}
	}
	if v.last == s.Round-1 {
		for _, c := range s.Touched {
			put(c)
		}
	} else {
		for c := range s.Land {
			put(c)
		}
	}
	v.last = s.Round
	v.scratch = rec
	return append(putUint(b, n), rec...)
}

// cellCode packs a cell's land and fire as the round frame sends them.
func cellCode(t Terrain, fire int) int32 { return int32(t) + 8*int32(fire) }

// appendRound encodes the round frame for a player whose last view is v,
// and updates v. owners are the posts' owners now.
func appendRound(b []byte, s *State, v *view, cpu []float64, owners []int) []byte {
	b = append(b, proto.Version)
	b = putUint(b, s.Round)
	for _, sc := range s.Scores {
		b = binary.AppendUvarint(b, uint64(sc))
	}
	for _, f := range cpu {
		if f < 0 {
			b = putUint(b, 0)
		} else {
			b = putUint(b, 1+int(f*1e6))
		}
	}
	b = appendCells(b, s, v)
	b = wire.AppendChanges(b, owners, v.owners, func(b []byte, owner int) []byte { return putUint(b, owner+1) })

	// Soldiers: both lists are sorted by id, so one merge finds the new,
	// the changed and the gone.
	var gone []int
	n, rec := 0, v.scratch[:0]
	k := 0
	for _, u := range s.Soldiers {
		for k < len(v.soldiers) && v.soldiers[k].ID < u.ID {
			gone = append(gone, v.soldiers[k].ID)
			k++
		}
		if k < len(v.soldiers) && v.soldiers[k] == u {
			k++
			continue
		}
		if k < len(v.soldiers) && v.soldiers[k].ID == u.ID {
			k++
		}
		n++
		rec = putUint(rec, u.ID)
		rec = putUint(rec, u.Player)
		rec = putUint(rec, u.Cell)
		rec = putUint(rec, u.Life)
	}
	for ; k < len(v.soldiers); k++ {
		gone = append(gone, v.soldiers[k].ID)
	}
	b = append(putUint(b, n), rec...)
	v.soldiers = append(v.soldiers[:0], s.Soldiers...)

	n, rec = 0, rec[:0]
	for k := range s.Helis {
		h, seen := &s.Helis[k], &v.helis[k]
		if h.ID == seen.ID && h.Cell == seen.Cell && h.Ori == seen.Ori && h.Napalm == seen.Napalm && slices.Equal(h.Para, seen.Para) {
			continue
		}
		n++
		rec = putUint(rec, h.ID)
		rec = putUint(rec, h.Player)
		rec = putUint(rec, h.Cell)
		rec = putUint(rec, h.Ori)
		rec = putUint(rec, h.Napalm)
		rec = putUint(rec, len(h.Para))
		for _, r := range h.Para {
			rec = putUint(rec, r)
		}
		para := append(seen.Para[:0], h.Para...)
		*seen = *h
		seen.Para = para
	}
	b = append(putUint(b, n), rec...)
	v.scratch = rec

	b = putUint(b, len(gone))
	for _, id := range gone {
		b = putUint(b, id)
	}
	return b
}
