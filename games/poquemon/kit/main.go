// Command kit is the starter bot for Poquémon: the Null bot. Rename it, then
// make Play give actions; `arena kit poquemon DIR` copies it as main.go.
package main

import "arena.dev/games/poquemon/sdk"

// bot keeps whatever your strategy needs between rounds.
type bot struct{}

// Play is called once per round: read the state from g and give each of
// your Poquémon one action with g.Move(id, dir) or g.Attack(id, dir). This
// one does nothing.
func (b *bot) Play(g *sdk.Game) {
	for _, id := range g.Ids(g.Me()) {
		_ = g.Poquemon(id) // your Poquémon: position, attack, defense, scope...
	}
}

func main() { sdk.Run(&bot{}) }
