package sdk

import (
	"errors"

	"arena.dev/games/wire"
)

// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*cols+j. The layouts are:
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

// Command is one instruction as sent to the host.
type Command struct {
	ID  int
	Dir Dir
}

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = wire.AppendUint(b, len(cmds))
	for _, c := range cmds {
		b = wire.AppendUint(b, c.ID)
		b = append(b, byte(c.Dir))
	}
	return b
}

// DecodeCommands decodes a commands frame into cmds (reused). It fails on a
// malformed frame or more than MaxCommands commands; it does not check ids
// or directions (the engine does, and counts the invalid ones).
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	r := wire.NewReader(frame)
	n := r.Uint()
	if r.Err() != nil {
		return cmds[:0], r.Err()
	}
	if n > MaxCommands {
		return cmds[:0], errors.New("more than 1000 commands in one round")
	}
	cmds = cmds[:0]
	for range n {
		id := r.Uint64()
		d := r.Byte()
		if r.Err() != nil {
			return cmds[:0], r.Err()
		}
		if id > wire.MaxUint {
			id = wire.MaxUint // still invalid, without overflowing int
		}
		cmds = append(cmds, Command{ID: int(id), Dir: Dir(d)})
	}
	if r.Len() != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
