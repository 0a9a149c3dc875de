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
var Roster = games.NewRoster("poquemon", sdk.NewSession, []games.Builtin[sdk.Bot]{
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
