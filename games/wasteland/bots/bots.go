// Package bots holds Wasteland's reference bots, written against the public
// SDK exactly as a student's bot would be: Null, Demo and Dummy.
package bots

import (
	"fmt"

	"arena.dev/games/wasteland/sdk"
)

var builtin = map[string]func() sdk.Bot{
	"Null":  func() sdk.Bot { return Null{} },
	"Demo":  func() sdk.Bot { return &Demo{} },
	"Dummy": func() sdk.Bot { return &Dummy{} },
}

// Names lists the reference bots, weakest first.
func Names() []string { return []string{"Null", "Demo", "Dummy"} }

// New returns a fresh bot by name (bots keep state between rounds).
func New(name string) (sdk.Bot, error) {
	f, ok := builtin[name]
	if !ok {
		return nil, fmt.Errorf("wasteland: no built-in bot %q (known: %v)", name, Names())
	}
	return f(), nil
}

// Null gives no instructions: its cars move Default until their gas runs
// out.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
