// Every round: each of its orks gets a random move, then a second one
// (ignored: one command per ork), and it commands another player's ork
// (ignored: not yours).
package main

import "arena.dev/games/orkisland/sdk"

type bot struct{}

func (b *bot) Play(g *sdk.Game) {
	for _, id := range g.Orks(g.Me()) {
		g.Move(id, sdk.Dirs[g.Random(0, len(sdk.Dirs)-1)])
		g.Move(id, sdk.Dirs[0])
	}
	g.Move(g.Orks((g.Me() + 1) % g.NbPlayers())[0], sdk.Dirs[0])
}

func main() { sdk.Run(&bot{}) }
