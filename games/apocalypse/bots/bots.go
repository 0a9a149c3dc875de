// Package bots holds Apocalypse Now's reference bots, written against the
// public SDK exactly as a student's bot would be: Null, Demo and Dummy.
// Redux's are its own (package redux).
package bots

import (
	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// Roster is 2018's reference bots, weakest first.
var Roster = games.NewRoster("apocalypse", sdk.NewSession, []games.Builtin[sdk.Bot]{
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
