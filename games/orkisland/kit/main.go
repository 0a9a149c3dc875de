// Command kit is the starter bot for Ork Island: the Null bot. Rename it,
// then make Play give orders; `arena kit orkisland DIR` copies it as main.go.
package main

import "arena.dev/games/orkisland/sdk"

// bot keeps whatever your strategy needs between rounds.
type bot struct{}

// Play is called once per round: read the state from g and give orders
// with g.Move(id, dir). This one does nothing.
func (b *bot) Play(g *sdk.Game) {
	_ = g.Orks(g.Me()) // the ids of your orks
}

func main() { sdk.Run(&bot{}) }
