package sdk

import "arena.dev/games/wasteland/proto"

// The frame layouts are in package proto, which the engine shares; these
// names are the SDK's view of them, for the host.

// frameVersion is the first byte of the setup and round frames.
const frameVersion = proto.FrameVersion

// ParamNames are the settings in the order the setup frame carries them:
// the statement's names.
var ParamNames = proto.ParamNames

// MaxCommands is the most commands a bot may give in one round; more
// breaks the protocol (the player is frozen).
const MaxCommands = proto.MaxCommands

// Command codes besides the nine directions (0-8, as in Dirs).
const (
	CodeShoot = proto.CodeShoot // shoot a missile
	CodeBad   = proto.CodeBad   // a direction that is not one of the nine
)

// Command is one instruction as sent to the host: a car and a code, the
// index of a direction in Dirs, CodeShoot or CodeBad.
type Command = proto.Command

// AppendCommands encodes a commands frame.
func AppendCommands(b []byte, cmds []Command) []byte { return proto.AppendCommands(b, cmds) }

// DecodeCommands decodes a commands frame into cmds (reused). It fails on a
// malformed frame or more than MaxCommands commands; it does not check ids
// or codes (the engine does, and counts the invalid ones).
func DecodeCommands(frame []byte, cmds []Command) ([]Command, error) {
	return proto.DecodeCommands(frame, cmds)
}
