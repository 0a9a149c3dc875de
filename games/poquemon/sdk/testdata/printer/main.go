// Command printer is a test bot: it prints on standard output, which the
// SDK must divert to standard error, and moves its Poquémon round the four directions.
package main

import (
	"fmt"

	"arena.dev/games/poquemon/sdk"
)

type bot struct{}

func (bot) Play(g *sdk.Game) {
	fmt.Println("round", g.Round())
	for _, id := range g.Ids(g.Me()) {
		if g.Poquemon(id).Alive {
			g.Move(id, sdk.Dirs[g.Round()%4])
		}
	}
}

func main() { sdk.Run(bot{}) }
