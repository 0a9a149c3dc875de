// Command printer is a test bot: it prints on standard output, which the
// SDK must divert to standard error, moves every soldier south, and gives
// one command the host refuses, which the SDK reports in the debug log.
package main

import (
	"fmt"

	"arena.dev/games/apocalypse/sdk"
)

type bot struct{}

func (bot) Play(g *sdk.Game) {
	fmt.Println("round", g.Round())
	for _, id := range g.Soldiers(g.Me()) {
		u := g.Data(id)
		g.CommandSoldier(id, u.Pos.I+1, u.Pos.J)
	}
	g.CommandParachuter(-1, -1) // off the board: refused
}

func main() { sdk.Run(bot{}) }
