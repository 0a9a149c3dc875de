// Command printer is a test bot: it prints on standard output, which the
// SDK must divert to standard error, and moves every ork south.
package main

import (
	"fmt"

	"arena.dev/games/orkisland/sdk"
)

type bot struct{}

func (bot) Play(g *sdk.Game) {
	fmt.Println("round", g.Round())
	for _, id := range g.Orks(g.Me()) {
		g.Move(id, sdk.Bottom)
	}
}

func main() { sdk.Run(bot{}) }
