// Prints a known line in known rounds (3, 10, 17, ...) and, in round 5,
// commands an ork of the next player, which the engine ignores.
package main

import (
	"fmt"

	"arena.dev/games/orkisland/sdk"
)

type bot struct{}

func (b *bot) Play(g *sdk.Game) {
	if g.Round()%7 == 3 {
		fmt.Println("hello round", g.Round())
	}
	if g.Round() == 5 {
		g.Move(g.Orks((g.Me() + 1) % g.NbPlayers())[0], sdk.Dirs[0])
	}
}

func main() { sdk.Run(&bot{}) }
