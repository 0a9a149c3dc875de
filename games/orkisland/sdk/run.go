package sdk

import "arena.dev/games/wire"

// Run plays a match over standard input and output and returns when the
// host closes standard input. What the bot prints goes to its debug log.
func Run(bot Bot) { wire.Run(NewSession(bot)) }
