// Strong takes the longest step every other round and one less between:
// it outruns the Dummy, which never takes the longest.
package main

import "arena.dev/games/gametest/fake/sdk"

type strong struct{}

func (strong) Play(g *sdk.Game) {
	if g.Round()%2 == 0 {
		g.Step(g.MaxStep())
	} else {
		g.Step(g.MaxStep() - 1)
	}
}

func main() { sdk.Run(strong{}) }
