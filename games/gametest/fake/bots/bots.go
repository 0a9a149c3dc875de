// Package bots holds Race's reference bots.
package bots

import (
	"arena.dev/games"
	"arena.dev/games/gametest/fake/sdk"
)

// Roster is the reference bots, weakest first.
var Roster = games.NewRoster("race", sdk.NewSession, []games.Builtin[sdk.Bot]{
	{Name: "Null", New: func() sdk.Bot { return Null{} }},
	{Name: "Demo", New: func() sdk.Bot { return &Demo{} }},
	{Name: "Dummy", New: func() sdk.Bot { return &Dummy{} }},
})

// New returns a fresh bot by name (bots keep state between rounds).
func New(name string) (sdk.Bot, error) { return Roster.New(name) }

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
