package sdk

import "arena.dev/games/orkisland/proto"

// The frame layouts are in package proto, which the engine shares; these
// are its names the SDK has always exposed.

// ParamNames are the settings in the order the setup frame carries them.
var ParamNames = proto.ParamNames

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the statement aborts such a player).
const MaxCommands = proto.MaxCommands

// Command is one instruction as sent to the host.
type Command = proto.Command

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte { return proto.AppendCommands(b, cmds) }

// DecodeCommands decodes a commands frame into cmds (reused); see
// proto.DecodeCommands.
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	return proto.DecodeCommands(frame, cmds)
}
