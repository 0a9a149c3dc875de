// A weak but lively bot for tests: every ork takes a random step.
package main

import "arena.dev/games/orkisland/sdk"

type bot struct{}

func (b *bot) Play(g *sdk.Game) {
	for _, id := range g.Orks(g.Me()) {
		g.Move(id, sdk.Dirs[g.Random(0, len(sdk.Dirs)-1)])
	}
}

func main() { sdk.Run(&bot{}) }
