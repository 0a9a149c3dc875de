// Package proto is Poquémon's bot protocol: the frame layouts and the codes
// they carry, shared by the engine (which encodes setup and round frames and
// decodes commands) and the Go SDK (which does the reverse). The C++ SDK
// mirrors it: cpp/Proto.hh (the codes) and the Session in cpp/Player.hh
// (the decoding, as sdk/session.go does it).
//
// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*cols+j. The layouts are:
//
//	setup:    version=2, me, seed (a uint64 varint), 21 parameters in
//	          ParamNames order,
//	          rows*cols bytes (SetupFloor, SetupWall or SetupGhost),
//	          per ghost wall (nb_ghost_wall): its cell,
//	          per bonus (nb_point+nb_stone+nb_scope+nb_attack+nb_defense):
//	          its kind (a CellType byte)
//	round:    version=2, round, per player: status (EncodeStatus),
//	          ghost walls changed: n, then per wall: index, present byte,
//	          rounds before it changes,
//	          bonuses changed: n, then per bonus: index, cell+1 (0: not on
//	          the board), value (points of a bag, else 0),
//	          Poquémon changed: n, then per Poquémon: id, alive byte, cell
//	          (where it died while dead), attack, defense, scope, stones,
//	          points, time (regenerations before a dead one comes back),
//	          opponents in sight: n, then their ids, increasing
//	commands: n, then per command: Poquémon id, kind byte (ActMove or
//	          ActAttack), direction byte (a Dir)
//
// The host sends every ghost wall, bonus and Poquémon in the first round
// frame, then only changes. As in the original engine, every Poquémon is
// known in full, opponents included (the original's poquemon(id) returns
// the whole record); the opponents in sight are those whose cell shows
// their id (the original's cell_id: one of the player's Poquémon, alive or
// where it died, shares their row or column with no wall between). It
// builds each round frame from the player's view alone, never from the
// whole state: the bonuses' regeneration timers and the engine's random
// draws never reach a bot.
//
// A bot seeds its random generator with the setup frame's seed as
// rand.NewPCG(seed, SeedStream), once.
package proto

import (
	"errors"

	"arena.dev/games/wire"
)

// Version is the first byte of setup and round frames. Version 2 sends
// every Poquémon in full (version 1 sent only the opponents in sight).
const Version = 2

// SeedStream is the second word of the SDKs' PCG seed.
const SeedStream = 0x706f71

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = [NbParams]string{
	"nb_players", "nb_pokemon", "nb_rounds", "nb_ghost_wall",
	"nb_point", "nb_stone", "nb_scope", "nb_attack", "nb_defense",
	"player_regen_time", "wall_change_time", "point_regen_time", "stone_regen_time",
	"scope_regen_time", "attack_regen_time", "defense_regen_time",
	"battle_reward", "max_scope", "max_stone", "rows", "cols",
}

// Param is an index in ParamNames.
type Param int

// Parameter indices in ParamNames.
const (
	NbPlayers Param = iota
	NbPokemon
	NbRounds
	NbGhostWall
	NbPoint
	NbStone
	NbScope
	NbAttack
	NbDefense
	PlayerRegen
	WallChange
	PointRegen
	StoneRegen
	ScopeRegen
	AttackRegen
	DefenseRegen
	BattleReward
	MaxScope
	MaxStone
	Rows
	Cols
	NbParams
)

// Static cell codes of the setup frame.
const (
	SetupFloor = 0
	SetupWall  = 1
	SetupGhost = 2
)

// CellType is what a cell holds; bonus kinds travel as these codes.
type CellType uint8

// Cell types and their codes (the original's CType order).
const (
	Empty CellType = iota
	Wall
	Stone
	Point
	Scope
	Attack
	Defense
)

func (t CellType) String() string {
	if t <= Defense {
		return [...]string{"Empty", "Wall", "Stone", "Point", "Scope", "Attack", "Defense"}[t]
	}
	return "?"
}

// IsBonus reports whether t is a kind of bonus.
func (t CellType) IsBonus() bool { return t >= Stone && t <= Defense }

// Dir is a direction as commands carry it (not the original's enum order:
// the C++ SDK translates).
type Dir uint8

// Directions and their codes: Top is row−1, Bottom row+1, Left column−1,
// Right column+1, None stands still.
const (
	Top Dir = iota
	Bottom
	Left
	Right
	None
)

func (d Dir) String() string {
	if d <= None {
		return [...]string{"Top", "Bottom", "Left", "Right", "None"}[d]
	}
	return "?"
}

// EncodeStatus is a player's status in a round frame: 0 when frozen (f < 0),
// else 1 + the used fraction f of its CPU budget in millionths.
func EncodeStatus(f float64) int {
	if f < 0 {
		return 0
	}
	return 1 + int(f*1e6)
}

// DecodeStatus is the inverse of EncodeStatus: -1 when frozen.
func DecodeStatus(s int) float64 {
	if s == 0 {
		return -1
	}
	return float64(s-1) / 1e6
}

// Action kinds in commands.
const (
	ActMove   = 0
	ActAttack = 1
)

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol and freezes the player.
const MaxCommands = 1000

// Command is one action as sent to the host: Attack is false for a move.
type Command struct {
	ID     int
	Attack bool
	Dir    Dir
}

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = wire.AppendUint(b, len(cmds))
	for _, c := range cmds {
		b = wire.AppendUint(b, c.ID)
		if c.Attack {
			b = append(b, ActAttack)
		} else {
			b = append(b, ActMove)
		}
		b = append(b, byte(c.Dir))
	}
	return b
}

// BadDir marks a command whose kind byte is neither move nor attack:
// DecodeCommands keeps it with this direction so that the engine counts it
// as invalid.
const BadDir Dir = 255

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
		kind := r.Byte()
		d := Dir(r.Byte())
		if r.Err() != nil {
			return cmds[:0], r.Err()
		}
		if id > wire.MaxUint {
			id = wire.MaxUint // still invalid, without overflowing int
		}
		if kind > ActAttack {
			d = BadDir
		}
		cmds = append(cmds, Command{ID: int(id), Attack: kind == ActAttack, Dir: d})
	}
	if r.Len() != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
