package sdk

import (
	"errors"

	"arena.dev/games/wire"
)

// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*NumberUniverseColumns()+j. The layouts:
//
//	setup:    version=1, me, seed, 15 parameters in ParamNames order
//	round:    version=1, round, per player: score, per player: status
//	          (0 frozen, else 1 + used fraction in millionths),
//	          cells whose content changed: n, then per cell: index, type
//	          byte (EmptyCell, TyreCell or a bonus; cars and missiles
//	          come next), cars changed: n, then per car: id, row, column,
//	          missiles, gas, alive byte, time,
//	          missiles in flight: n, then per missile in increasing id:
//	          id, car, row, column
//	commands: n, then per command: car id, code byte (0-8: move in
//	          Dirs[code], 9: shoot, anything else: not a direction)
//
// The host sends every cell and car in the first round frame, then only
// changes; missiles all move every round, so each frame lists them all.
const frameVersion = 1

// ParamNames are the settings in the order the setup frame carries them:
// the statement's names.
var ParamNames = [...]string{
	"number_players", "number_rounds", "number_rows", "number_universe_columns",
	"number_window_columns", "number_cars_per_player", "number_rounds_to_regenerate",
	"number_missile_bonuses", "number_water_bonuses", "number_gas_bonuses",
	"bonus_missiles", "bonus_gas", "water_points", "kill_points", "initial_gas",
}

// Parameter indices in ParamNames.
const (
	pPlayers = iota
	pRounds
	pRows
	pUniverseCols
	pWindowCols
	pCarsPerPlayer
	pRoundsToRegenerate
	pMissileBonuses
	pWaterBonuses
	pGasBonuses
	pBonusMissiles
	pBonusGas
	pWaterPoints
	pKillPoints
	pInitialGas
	nbParams
)

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the player is frozen).
const MaxCommands = 1000

// Command codes besides the nine directions (0-8, as in Dirs).
const (
	CodeShoot = 9   // shoot a missile
	CodeBad   = 255 // a direction that is not one of the nine
)

// Command is one instruction as sent to the host.
type Command struct {
	Car  int
	Code byte
}

// Dir returns the direction of a move command and whether it is one.
func (c Command) Dir() (Dir, bool) {
	if c.Code < 9 {
		return Dirs[c.Code], true
	}
	return Dir{}, false
}

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = wire.AppendUint(b, len(cmds))
	for _, c := range cmds {
		b = wire.AppendUint(b, c.Car)
		b = append(b, c.Code)
	}
	return b
}

// DecodeCommands decodes a commands frame into cmds (reused). It fails on a
// malformed frame or more than MaxCommands commands; it does not check ids
// or codes (the engine does, and counts the invalid ones).
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
		code := r.Byte()
		if r.Err() != nil {
			return cmds[:0], r.Err()
		}
		if id > wire.MaxUint {
			id = wire.MaxUint // still invalid, without overflowing int
		}
		cmds = append(cmds, Command{Car: int(id), Code: code})
	}
	if r.Len() != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
