// Package bots holds Race's reference bots.
package bots

import (
	"arena.dev/games"
	"arena.dev/games/gametest/fake/sdk"
)

// Roster is the reference bots, weakest first.
var Roster = games.ReferenceRoster("race", sdk.NewSession,
	func() sdk.Bot { return Null{} }, func() sdk.Bot { return &Demo{} }, func() sdk.Bot { return &Dummy{} })

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
