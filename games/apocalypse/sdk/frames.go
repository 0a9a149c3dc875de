package sdk

import (
	"errors"

	"arena.dev/games/wire"
)

// Frames (docs/protocol.md) carry unsigned varints (games/wire) unless said
// otherwise; a cell is the number i*MAX+j. The layouts are:
//
//	setup:    version=1, me, seed, the parameters in ParamNames order,
//	          MAX*MAX land bytes (CellType codes),
//	          posts: n, then per post: cell, value
//	round:    version=1, round, per player: score, per player: status
//	          (0 frozen, else 1 + used fraction in millionths),
//	          cells changed: n, then per cell: cell, land + 8*fire,
//	          posts whose owner changed: n, then per post: index, owner+1,
//	          soldiers new or changed: n, then per soldier: id, player, cell, life,
//	          helicopters changed: n, then per helicopter: id, player, cell,
//	          orientation, napalm, k, k parachuters,
//	          soldiers gone: n, then their ids
//	commands: n, then per command: kind byte, then
//	          soldier (0): id, i, j (signed);
//	          helicopter (1): id, instruction;
//	          jump (2): i, j (signed)
//
// The host sends everything in the first round frame, then only changes.
const frameVersion = 1

// ParamNames are the statement's parameters in the order the setup frame
// carries them.
var ParamNames = [...]string{
	"NUM_PLAYERS", "GAME_ROUNDS", "MAX", "NUM_SOLDIERS", "NUM_HELICOPTERS", "NUM_POSTS",
	"LIFE", "FOREST_DAMAGE", "GRASS_DAMAGE", "ROUNDS_NAPALM", "REACH", "FOREST_BURNS",
	"OTHER_BURNS", "PROB_FIRE", "ROUNDS_JUMP", "MAX_JUMP", "HIGH_VALUE", "LOW_VALUE",
}

// Parameter indices in ParamNames.
const (
	pNumPlayers = iota
	pGameRounds
	pMax
	pNumSoldiers
	pNumHelicopters
	pNumPosts
	pLife
	pForestDamage
	pGrassDamage
	pRoundsNapalm
	pReach
	pForestBurns
	pOtherBurns
	pProbFire
	pRoundsJump
	pMaxJump
	pHighValue
	pLowValue
	nbParams
)

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
