// Package bots holds Race's reference bots.
package bots

import (
	"fmt"

	"arena.dev/games/gametest/fake/sdk"
)

// Names lists the reference bots, weakest first.
func Names() []string { return []string{"Null", "Demo", "Dummy"} }

// New returns a fresh bot by name.
func New(name string) (sdk.Bot, error) {
	switch name {
	case "Null":
		return Null{}, nil
	case "Demo":
		return &Demo{}, nil
	case "Dummy":
		return &Dummy{}, nil
	}
	return nil, fmt.Errorf("race: no built-in bot %q (known: %v)", name, Names())
}

// Null does nothing.
type Null struct{}

// Play implements sdk.Bot.
func (Null) Play(*sdk.Game) {}
