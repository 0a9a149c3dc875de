package bots

import "arena.dev/games/gametest/fake/sdk"

// Dummy always steps one less than the maximum, which is always allowed.
type Dummy struct{}

// Play implements sdk.Bot.
func (*Dummy) Play(g *sdk.Game) { g.Step(max(1, g.MaxStep()-1)) }
