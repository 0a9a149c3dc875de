// Hare: the long step whenever it is allowed, counting rounds by parity.
package main

import "arena.dev/games/gametest/fake/sdk"

type hare struct{ taken map[int]int }

func (h *hare) Play(g *sdk.Game) {
	if h.taken == nil {
		h.taken = map[int]int{}
	}
	step := g.MaxStep()
	if h.taken[g.Round()-1] == step {
		step = g.MaxStep() - 1
	}
	h.taken[g.Round()] = step
	g.Step(step)
}

func main() { sdk.Run(&hare{}) }
