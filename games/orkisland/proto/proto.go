// Package proto is Ork Island's bot protocol: the frame layouts, the codes
// of terrains and directions on the wire, the order of the settings and
// the commands frame. The engine (games/orkisland) encodes the setup and
// round frames and decodes commands with it; the Go SDK (package sdk) and
// the C++ SDK (cpp/Player.hh) decode and encode the same frames.
//
// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*cols+j. The layouts are:
//
//	setup:    Version, me, seed (uint64), NbParams parameters in ParamNames
//	          order, rows*cols terrain bytes (CellType),
//	          cities: n, then per city: k, k cells,
//	          paths: n, then per path: city a, city b, k, k cells in order
//	round:    Version, round, per player: score, per player: status
//	          (0 frozen, else 1 + used fraction in millionths),
//	          orks changed: n, then per ork: id, player, cell, health,
//	          cities whose owner changed: n, then per city: id, owner+1,
//	          paths whose owner changed: n, then per path: id, owner+1
//	commands: n (at most MaxCommands), then per command: ork id,
//	          direction byte (Dir)
//
// The host sends every ork in the first round frame, then only changes.
// A bot seeds its random generator with rand.NewPCG(seed, SeedStream).
//
// It uses the standard library and games/wire only: it is part of every
// Go bot's SDK.
package proto

import (
	"errors"

	"arena.dev/games/wire"
)

// Version is the first byte of the setup and round frames.
const Version = 1

// SeedStream is the second word of the PCG seed of a bot's generator.
const SeedStream = 0x6f726b

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = [NbParams]string{
	"nb_players", "rows", "cols", "nb_rounds", "initial_health", "nb_orks",
	"cost_grass", "cost_forest", "cost_sand", "cost_city", "cost_path",
	"bonus_per_city_cell", "bonus_per_path_cell", "factor_connected_component",
}

// Indices of the settings in ParamNames.
const (
	ParamNbPlayers = iota
	ParamRows
	ParamCols
	ParamNbRounds
	ParamInitialHealth
	ParamNbOrks
	ParamCostGrass
	ParamCostForest
	ParamCostSand
	ParamCostCity
	ParamCostPath
	ParamBonusCity
	ParamBonusPath
	ParamFactor
	NbParams
)

// CellType is the terrain of a cell.
type CellType uint8

// Terrains, with the codes used on the wire (the original's CellType).
const (
	Water CellType = iota
	Grass
	Forest
	Sand
	City
	Path
)

func (t CellType) String() string {
	switch t {
	case Water:
		return "WATER"
	case Grass:
		return "GRASS"
	case Forest:
		return "FOREST"
	case Sand:
		return "SAND"
	case City:
		return "CITY"
	case Path:
		return "PATH"
	}
	return "?"
}

// Dir is a direction an ork can be told to move.
type Dir uint8

// Directions, with the codes used on the wire (the original's Dir).
// Bottom is south (row+1), Right east (column+1), Top north (row-1), Left
// west (column-1).
const (
	Bottom Dir = iota
	Right
	Top
	Left
	None
)

func (d Dir) String() string {
	switch d {
	case Bottom:
		return "Bottom"
	case Right:
		return "Right"
	case Top:
		return "Top"
	case Left:
		return "Left"
	case None:
		return "None"
	}
	return "?"
}

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
