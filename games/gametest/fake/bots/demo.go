package bots

import "arena.dev/games/gametest/fake/sdk"

// Demo steps 0, 1 or 2 at random.
type Demo struct{}

// Play implements sdk.Bot.
func (*Demo) Play(g *sdk.Game) { g.Step(g.Random(0, 2)) }
