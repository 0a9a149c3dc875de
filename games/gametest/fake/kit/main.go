// Command kit is Race's starter bot: it does nothing.
package main

import "arena.dev/games/gametest/fake/sdk"

type bot struct{}

// Play is called once per round: give a step with g.Step(n).
func (b *bot) Play(g *sdk.Game) {}

func main() { sdk.Run(&bot{}) }
