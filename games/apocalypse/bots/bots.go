// Package bots holds Apocalypse Now's reference bots, written against the
// public SDK exactly as a student's bot would be: Null, Demo and Dummy.
// Redux's are its own (package redux).
package bots

import (
	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// Roster is 2018's reference bots, weakest first.
var Roster = games.ReferenceRoster("apocalypse", sdk.NewSession,
	func() sdk.Bot { return Null{} }, func() sdk.Bot { return &Demo{} }, func() sdk.Bot { return &Dummy{} })

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
