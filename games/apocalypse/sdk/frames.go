package sdk

import "arena.dev/games/apocalypse/proto"

// The frame layouts are in package proto, which the engine shares; these
// names keep the SDK's API.

// ParamNames are the statement's parameters in the order the setup frame
// carries them.
var ParamNames = proto.ParamNames

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the player is frozen).
const MaxCommands = proto.MaxCommands

// Command kinds on the wire.
const (
	KindSoldier    = proto.KindSoldier
	KindHelicopter = proto.KindHelicopter
	KindJump       = proto.KindJump
)

// Command is one instruction as sent to the host: a soldier's target
// cell, a helicopter's instruction, or a parachuter's jump cell.
type Command = proto.Command

// AppendCommands encodes a commands frame: proto.AppendCommands.
func AppendCommands(b []byte, cmds []Command) []byte { return proto.AppendCommands(b, cmds) }

// DecodeCommands decodes a commands frame into cmds (reused):
// proto.DecodeCommands.
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	return proto.DecodeCommands(frame, cmds)
}
