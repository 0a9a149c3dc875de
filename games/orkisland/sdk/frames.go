package sdk

import (
	"encoding/binary"
	"errors"
)

// Frames (docs/protocol.md) carry unsigned varints (encoding/binary) unless
// said otherwise; cells are numbered i*cols+j. The layouts are:
//
//	setup:    version=1, me, seed, 14 parameters in ParamNames order,
//	          rows*cols terrain bytes,
//	          cities: n, then per city: k, k cells,
//	          paths: n, then per path: city a, city b, k, k cells in order
//	round:    version=1, round, per player: score, per player: status
//	          (0 frozen, else 1 + used fraction in millionths),
//	          orks changed: n, then per ork: id, player, cell, health,
//	          cities whose owner changed: n, then per city: id, owner+1,
//	          paths whose owner changed: n, then per path: id, owner+1
//	commands: n, then per command: ork id, direction byte
//
// The host sends every ork in the first round frame, then only changes.
const frameVersion = 1

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = [...]string{
	"nb_players", "rows", "cols", "nb_rounds", "initial_health", "nb_orks",
	"cost_grass", "cost_forest", "cost_sand", "cost_city", "cost_path",
	"bonus_per_city_cell", "bonus_per_path_cell", "factor_connected_component",
}

// Parameter indices in ParamNames.
const (
	pNbPlayers = iota
	pRows
	pCols
	pNbRounds
	pInitialHealth
	pNbOrks
	pCostGrass
	pCostForest
	pCostSand
	pCostCity
	pCostPath
	pBonusCity
	pBonusPath
	pFactor
	nbParams
)

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the statement aborts such a player).
const MaxCommands = 1000

var errShort = errors.New("truncated frame")

// reader decodes a frame, remembering the first error so callers check once.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<31 {
		if r.err == nil {
			r.err = errShort
		}
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// count reads a number of items that each take at least one more byte,
// so a forged count cannot make the decoder allocate or loop for nothing.
func (r *reader) count() int {
	n := r.uint()
	if n > len(r.b) {
		if r.err == nil {
			r.err = errShort
		}
		r.b = nil
		return 0
	}
	return n
}

func (r *reader) uint64() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		if r.err == nil {
			r.err = errShort
		}
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		if r.err == nil {
			r.err = errShort
		}
		r.b = nil
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// Command is one instruction as sent to the host.
type Command struct {
	ID  int
	Dir Dir
}

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = binary.AppendUvarint(b, uint64(len(cmds)))
	for _, c := range cmds {
		b = binary.AppendUvarint(b, uint64(c.ID))
		b = append(b, byte(c.Dir))
	}
	return b
}

// DecodeCommands decodes a commands frame into cmds (reused). It fails on a
// malformed frame or more than MaxCommands commands; it does not check ids
// or directions (the engine does, and counts the invalid ones).
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	r := reader{b: frame}
	n := r.uint()
	if r.err != nil {
		return cmds[:0], r.err
	}
	if n > MaxCommands {
		return cmds[:0], errors.New("more than 1000 commands in one round")
	}
	cmds = cmds[:0]
	for range n {
		id := r.uint64()
		d := r.bytes(1)
		if r.err != nil {
			return cmds[:0], r.err
		}
		if id > 1<<31 {
			id = 1 << 31 // still invalid, without overflowing int
		}
		cmds = append(cmds, Command{ID: int(id), Dir: Dir(d[0])})
	}
	if len(r.b) != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
