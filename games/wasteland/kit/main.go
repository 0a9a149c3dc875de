// Command kit is the starter bot for Wasteland: the Null bot. Rename it,
// then make Play give instructions; `arena kit wasteland DIR` copies it as
// main.go.
package main

import "arena.dev/games/wasteland/sdk"

// bot keeps whatever your strategy needs between rounds.
type bot struct{}

// Play is called once per round: read the state from g and give
// instructions with g.Move(id, dir) and g.Shoot(id). This one gives none,
// so its cars move Default until their gas runs out.
func (b *bot) Play(g *sdk.Game) {
	for id := g.Begin(g.Me()); id < g.End(g.Me()); id++ {
		_ = g.Car(id) // your cars: position, missiles, gas, alive
	}
}

func main() { sdk.Run(&bot{}) }
