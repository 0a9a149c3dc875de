// Command kit is the starter bot for Apocalypse Now (2018 and Redux): the
// Null bot. Rename it, then make Play give orders; `arena kit apocalypse
// DIR` copies it as main.go.
package main

import "arena.dev/games/apocalypse/sdk"

// bot keeps whatever your strategy needs between rounds.
type bot struct{}

// Play is called once per round: read the state from g and give orders
// with g.CommandSoldier, g.CommandHelicopter and g.CommandParachuter.
// This one does nothing.
func (b *bot) Play(g *sdk.Game) {
	_ = g.Soldiers(g.Me())    // the ids of your soldiers
	_ = g.Helicopters(g.Me()) // the ids of your helicopters
}

func main() { sdk.Run(&bot{}) }
