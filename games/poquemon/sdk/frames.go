package sdk

import (
	"errors"

	"arena.dev/games/wire"
)

// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; cells are numbered i*cols+j. The layouts are:
//
//	setup:    version=1, me, seed, 21 parameters in ParamNames order,
//	          rows*cols bytes (0 floor, 1 wall, 2 ghost-wall cell),
//	          per ghost wall (nb_ghost_wall): its cell,
//	          per bonus (nb_point+nb_stone+nb_scope+nb_attack+nb_defense):
//	          its kind (a CellType byte)
//	round:    version=1, round, per player: status (0 frozen, else 1 +
//	          used fraction in millionths),
//	          ghost walls changed: n, then per wall: index, present byte,
//	          rounds before it changes,
//	          bonuses changed: n, then per bonus: index, cell+1 (0: not on
//	          the board), value (points of a bag, else 0),
//	          per own Poquémon (id order): alive byte, cell, attack,
//	          defense, scope, stones, points, time,
//	          opponents in sight: n, then per opponent: id, cell, attack,
//	          defense, scope, stones
//	commands: n, then per command: Poquémon id, kind byte (0 move,
//	          1 attack), direction byte
//
// The host sends every ghost wall and bonus in the first round frame, then
// only changes. It builds each round frame from the player's view alone
// (what the statement lets the player know), never from the whole state.
const frameVersion = 1

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = [...]string{
	"nb_players", "nb_pokemon", "nb_rounds", "nb_ghost_wall",
	"nb_point", "nb_stone", "nb_scope", "nb_attack", "nb_defense",
	"player_regen_time", "wall_change_time", "point_regen_time", "stone_regen_time",
	"scope_regen_time", "attack_regen_time", "defense_regen_time",
	"battle_reward", "max_scope", "max_stone", "rows", "cols",
}

// Parameter indices in ParamNames.
const (
	pNbPlayers = iota
	pNbPokemon
	pNbRounds
	pNbGhostWall
	pNbPoint
	pNbStone
	pNbScope
	pNbAttack
	pNbDefense
	pPlayerRegen
	pWallChange
	pPointRegen
	pStoneRegen
	pScopeRegen
	pAttackRegen
	pDefenseRegen
	pBattleReward
	pMaxScope
	pMaxStone
	pRows
	pCols
	nbParams
)

// Static cell codes of the setup frame.
const (
	SetupFloor = 0
	SetupWall  = 1
	SetupGhost = 2
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
			b = append(b, actAttack)
		} else {
			b = append(b, actMove)
		}
		b = append(b, byte(c.Dir))
	}
	return b
}

// badDir marks a command whose kind byte is neither move nor attack:
// DecodeCommands keeps it with this direction so that the engine counts it
// as invalid.
const badDir Dir = 255

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
		if kind > actAttack {
			d = badDir
		}
		cmds = append(cmds, Command{ID: int(id), Attack: kind == actAttack, Dir: d})
	}
	if r.Len() != 0 {
		return cmds[:0], errors.New("trailing bytes after commands")
	}
	return cmds, nil
}
