// Package proto is Apocalypse Now's bot protocol (both variants): the frame
// layouts, the codes of lands and helicopter instructions on the wire, the
// order of the settings and the commands frame. The engine
// (games/apocalypse) encodes the setup and round frames and decodes
// commands with it; the Go SDK (package sdk) and the C++ SDKs
// (cpp-common/arena/apocalypse.hh, shared by cpp/ and cpp-redux/) decode and
// encode the same frames.
//
// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; a cell is the number i*MAX+j. The layouts are:
//
//	setup:    Version, me, seed (uint64), NbParams parameters in
//	          ParamNames order, MAX*MAX land bytes (CellType),
//	          posts: n, then per post: cell, value
//	round:    Version, round, per player: score, per player: status
//	          (0 frozen, else 1 + used fraction in millionths),
//	          cells changed: n, then per cell: cell, land + 8*fire,
//	          posts whose owner changed: n, then per post: index, owner+1,
//	          soldiers new or changed (by increasing id): n, then per
//	          soldier: id, player, cell, life,
//	          helicopters changed: n, then per helicopter: id, player, cell,
//	          orientation (0 south, 1 east, 2 north, 3 west), napalm, k,
//	          k parachuters,
//	          soldiers gone (by increasing id): n, then their ids
//	commands: n (at most MaxCommands), then per command: kind byte, then
//	          soldier (KindSoldier): id, i, j (signed);
//	          helicopter (KindHelicopter): id, instruction;
//	          jump (KindJump): i, j (signed)
//
// The host sends everything in the first round frame, then only changes.
// A bot seeds its random generator with rand.NewPCG(seed, SeedStream),
// unless the setup frame's version is ReduxSetup: Redux's host sends the
// seed the original engine gives the team, for the original's generator
// (sdk.ReduxRandom); the layout is the same.
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

// ReduxSetup is the first byte of Redux's setup frames: the seed is for
// the original Redux generator.
const ReduxSetup = 2

// SeedStream is the second word of the PCG seed of a bot's generator.
const SeedStream = 0x61706f63

// ParamNames are the statement's parameters in the order the setup frame
// carries them.
var ParamNames = [NbParams]string{
	"NUM_PLAYERS", "GAME_ROUNDS", "MAX", "NUM_SOLDIERS", "NUM_HELICOPTERS", "NUM_POSTS",
	"LIFE", "FOREST_DAMAGE", "GRASS_DAMAGE", "ROUNDS_NAPALM", "REACH", "FOREST_BURNS",
	"OTHER_BURNS", "PROB_FIRE", "ROUNDS_JUMP", "MAX_JUMP", "HIGH_VALUE", "LOW_VALUE",
}

// Indices of the parameters in ParamNames.
const (
	ParamNumPlayers = iota
	ParamGameRounds
	ParamMax
	ParamNumSoldiers
	ParamNumHelicopters
	ParamNumPosts
	ParamLife
	ParamForestDamage
	ParamGrassDamage
	ParamRoundsNapalm
	ParamReach
	ParamForestBurns
	ParamOtherBurns
	ParamProbFire
	ParamRoundsJump
	ParamMaxJump
	ParamHighValue
	ParamLowValue
	NbParams
)

// CellType is the land of a cell, with the original's codes.
type CellType int

// Lands, with the codes used on the wire (the original's constants).
// NoCell is no land: what a query off the board returns.
const (
	NoCell   CellType = -1
	Forest   CellType = 1
	Grass    CellType = 2
	Water    CellType = 3
	Mountain CellType = 4
)

func (t CellType) String() string {
	switch t {
	case Forest:
		return "FOREST"
	case Grass:
		return "GRASS"
	case Water:
		return "WATER"
	case Mountain:
		return "MOUNTAIN"
	}
	return "?"
}

// Instruction is an order to a helicopter, with the original's codes.
type Instruction int

// Helicopter instructions, with the codes used on the wire (the
// original's constants).
const (
	Forward1         Instruction = 1
	Forward2         Instruction = 2
	CounterClockwise Instruction = 3
	Clockwise        Instruction = 4
	Napalm           Instruction = 5
)

func (in Instruction) String() string {
	switch in {
	case Forward1:
		return "FORWARD1"
	case Forward2:
		return "FORWARD2"
	case CounterClockwise:
		return "COUNTER_CLOCKWISE"
	case Clockwise:
		return "CLOCKWISE"
	case Napalm:
		return "NAPALM"
	}
	return "?"
}

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the player is frozen).
const MaxCommands = 1000

// Command kinds on the wire.
const (
	KindSoldier    = 0
	KindHelicopter = 1
	KindJump       = 2
)

// Command is one instruction as sent to the host: a soldier's target
// cell, a helicopter's instruction, or a parachuter's jump cell.
type Command struct {
	Kind  byte
	ID    int // soldier or helicopter
	I, J  int // soldier target or jump cell
	Instr Instruction
}

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = wire.AppendUint(b, len(cmds))
	for _, c := range cmds {
		b = append(b, c.Kind)
		switch c.Kind {
		case KindSoldier:
			b = wire.AppendUint(b, c.ID)
			b = wire.AppendInt(b, c.I)
			b = wire.AppendInt(b, c.J)
		case KindHelicopter:
			b = wire.AppendUint(b, c.ID)
			b = wire.AppendUint(b, max(0, int(c.Instr)))
		default:
			b = wire.AppendInt(b, c.I)
			b = wire.AppendInt(b, c.J)
		}
	}
	return b
}

// DecodeCommands decodes a commands frame into cmds (reused). It fails on a
// malformed frame, an unknown kind or more than MaxCommands commands; it
// does not check ids, cells or instructions (the engine does, and counts
// the invalid ones).
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
	id := func() int {
		v := r.Uint64()
		if v > wire.MaxUint {
			v = wire.MaxUint // still invalid, without overflowing int
		}
		return int(v)
	}
	for range n {
		c := Command{Kind: r.Byte()}
		switch c.Kind {
		case KindSoldier:
			c.ID = id()
			c.I, c.J = r.Int(), r.Int()
		case KindHelicopter:
			c.ID = id()
			c.Instr = Instruction(min(r.Uint(), 1<<20))
		case KindJump:
			c.I, c.J = r.Int(), r.Int()
		default:
			if r.Err() == nil {
				return cmds[:0], errors.New("unknown command kind")
			}
		}
		if r.Err() != nil {
			return cmds[:0], r.Err()
		}
		cmds = append(cmds, c)
	}
	if r.Len() != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
