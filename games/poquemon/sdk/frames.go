package sdk

import "arena.dev/games/poquemon/proto"

// The frame layouts are in package proto, shared with the engine; these
// names are the host's and stay here for bots that used them.

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = proto.ParamNames

// Static cell codes of the setup frame.
const (
	SetupFloor = proto.SetupFloor
	SetupWall  = proto.SetupWall
	SetupGhost = proto.SetupGhost
)

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol and freezes the player.
const MaxCommands = proto.MaxCommands

// Command is one action as sent to the host: Attack is false for a move.
type Command = proto.Command

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte { return proto.AppendCommands(b, cmds) }

// DecodeCommands decodes a commands frame into cmds (reused); see
// proto.DecodeCommands.
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	return proto.DecodeCommands(frame, cmds)
}
