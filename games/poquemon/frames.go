package poquemon

import (
	"encoding/binary"

	"arena.dev/games/poquemon/proto"
	"arena.dev/games/wire"
)

// Frame layouts are documented in package proto; the SDKs decode what this
// file encodes (tests check they agree). A round frame is a function of
// the player's View, its CPU statuses and what it was sent before, and of
// nothing else: appendRound cannot see the State.

var putUint = wire.AppendUint

// appendSetup encodes player me's setup frame: settings and the static
// board only.
func appendSetup(b []byte, board *Board, settings map[string]int, me int, seat uint64) []byte {
	b = append(b, proto.Version)
	b = putUint(b, me)
	b = binary.AppendUvarint(b, seat)
	for _, name := range proto.ParamNames {
		b = putUint(b, settings[name])
	}
	for c, w := range board.Wall {
		switch {
		case w:
			b = append(b, proto.SetupWall)
		case board.GhostAt[c] >= 0:
			b = append(b, proto.SetupGhost)
		default:
			b = append(b, proto.SetupFloor)
		}
	}
	for _, g := range board.Ghosts {
		b = putUint(b, g.Cell)
	}
	for _, x := range board.Bonuses {
		b = append(b, byte(x.Kind))
	}
	return b
}

// sent is what one player was last told of the public state, to send only
// the differences.
type sent struct {
	started bool
	ghosts  []GhostView
	bonuses []BonusView
	poq     []Poquemon
}

// appendRound encodes the round frame of view v and updates last.
func appendRound(b []byte, v *View, cpu []float64, last *sent) []byte {
	b = append(b, proto.Version)
	b = putUint(b, v.Round)
	for _, f := range cpu {
		b = putUint(b, proto.EncodeStatus(f))
	}
	if !last.started {
		last.started = true
		last.ghosts = wire.Unseen(len(v.Ghosts), GhostView{Time: -1}) // differs from every real one
		last.bonuses = wire.Unseen(len(v.Bonuses), BonusView{Cell: -2})
		last.poq = wire.Unseen(len(v.Poq), Poquemon{Cell: -1})
	}
	b = wire.AppendChanges(b, v.Ghosts, last.ghosts, func(b []byte, g GhostView) []byte {
		b = wire.AppendBool(b, g.Present)
		return putUint(b, g.Time)
	})
	b = wire.AppendChanges(b, v.Bonuses, last.bonuses, func(b []byte, x BonusView) []byte {
		b = putUint(b, x.Cell+1)
		return putUint(b, x.Value)
	})
	b = wire.AppendChanges(b, v.Poq, last.poq, func(b []byte, q Poquemon) []byte {
		b = wire.AppendBool(b, q.Alive)
		b = putUint(b, q.Cell)
		b = putUint(b, q.Attack)
		b = putUint(b, q.Defense)
		b = putUint(b, q.Scope)
		b = putUint(b, q.Stones)
		b = putUint(b, q.Points)
		return putUint(b, q.Time)
	})
	b = putUint(b, len(v.Seen))
	for _, id := range v.Seen {
		b = putUint(b, id)
	}
	return b
}
