// Package redux holds Apocalypse Now Redux's own reference bots, written
// against the public SDK exactly as a student's bot would be: Null, Demo
// (the original Redux kit's AIDemo.cc) and Dummy (the original Redux kit's
// Dummy, whose source was never published: ours plays like it). Apocalypse
// Now 2018's are in package bots.
package redux

import (
	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// Roster is Redux's reference bots, weakest first.
var Roster = games.ReferenceRoster("apocalypse-redux", sdk.NewSession,
	func() sdk.Bot { return Null{} }, func() sdk.Bot { return &Demo{} }, func() sdk.Bot { return &Dummy{} })

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
