// Package bots holds Ork Island's reference bots, written against the public
// SDK exactly as a student's bot would be: Null, Demo and Dummy.
package bots

import (
	"arena.dev/games"
	"arena.dev/games/orkisland/sdk"
)

// Roster is the reference bots, weakest first.
var Roster = games.ReferenceRoster("orkisland", sdk.NewSession,
	func() sdk.Bot { return Null{} }, func() sdk.Bot { return &Demo{} }, func() sdk.Bot { return &Dummy{} })

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
