// Package proto holds Wasteland's frame layouts: what the engine encodes
// and the bot SDKs (Go in ../sdk, C++ in ../cpp) decode, and back. It is
// the one place both sides, and the C++ twin, follow.
//
// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*number_universe_columns+j. The layouts:
//
//	setup:    version=1, me, seed (64 bits), 15 parameters in ParamNames
//	          order
//	round:    version=1, round, per player: score, per player: status
//	          (EncodeStatus: 0 frozen, else 1 + used fraction in
//	          millionths),
//	          cells whose content changed: n, then per cell: index, type
//	          byte (the original's CType order: 0 empty, 1 tyre, 4 water
//	          bonus, 5 missile bonus, 6 gas bonus; cars (2) and missiles
//	          (3) come next),
//	          cars changed: n, then per car: id, row, column, missiles,
//	          gas, alive byte (0 or 1), time,
//	          missiles in flight: n, then per missile in increasing id:
//	          id, car, row, column
//	commands: n, then per command: car id, code byte (0-8: move in
//	          Steps[code], CodeShoot: shoot, anything else: not a
//	          direction)
//
// The host sends every cell and car in the first round frame, then only
// changes; missiles all move every round, so each frame lists them all.
// The seed seeds the bot's generator as the original seeds player me's
// (x = 1 + seed mod (2^31-2)); the bot reseeds it from its own next
// number before every round.
package proto

import (
	"errors"

	"arena.dev/games/wire"
)

// FrameVersion is the first byte of the setup and round frames.
const FrameVersion = 1

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
	Players = iota
	Rounds
	Rows
	UniverseColumns
	WindowColumns
	CarsPerPlayer
	RoundsToRegenerate
	MissileBonuses
	WaterBonuses
	GasBonuses
	BonusMissiles
	BonusGas
	WaterPoints
	KillPoints
	InitialGas
	NumParams
)

// Steps are the nine directions as (row, column) steps, in the
// statement's order, indexed by their command code: UP, DEFAULT, DOWN,
// SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN.
var Steps = [9][2]int{{-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 2}, {0, 2}, {1, 2}}

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the player is frozen).
const MaxCommands = 1000

// Command codes besides the nine directions (0-8, as in Steps).
const (
	CodeShoot = 9   // shoot a missile
	CodeBad   = 255 // a direction that is not one of the nine
)

// Command is one instruction as sent to the host.
type Command struct {
	Car  int
	Code byte
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

// EncodeStatus is a player's CPU status as a round frame carries it: 0
// when frozen (f < 0), else 1 + the used fraction f in millionths.
func EncodeStatus(f float64) int {
	if f < 0 {
		return 0
	}
	return 1 + int(f*1e6)
}

// DecodeStatus is the inverse of EncodeStatus: -1 when frozen, else the
// used fraction.
func DecodeStatus(v int) float64 {
	if v == 0 {
		return -1
	}
	return float64(v-1) / 1e6
}
