// Package bots holds Poquémon's reference bots, written against the public
// SDK exactly as a student's bot would be: Null, Demo and Dummy. Each of
// Demo and Dummy is one self-contained file, so that it builds alone as a
// program (games.BotProgram).
package bots

import (
	"arena.dev/games"
	"arena.dev/games/poquemon/sdk"
)

// Roster is the reference bots, weakest first.
var Roster = games.ReferenceRoster("poquemon", sdk.NewSession,
	func() sdk.Bot { return Null{} }, func() sdk.Bot { return &Demo{} }, func() sdk.Bot { return &Dummy{} })

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
