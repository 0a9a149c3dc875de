// Toggle: my own racer, written from scratch after all.
package main

import "arena.dev/games/gametest/fake/sdk"

type toggle struct {
	rested  bool
	covered int
	plan    []int
}

// next is the step to take after a step of last cells.
func (t *toggle) next(g *sdk.Game) int {
	if len(t.plan) > 0 && t.plan[len(t.plan)-1] == g.MaxStep() {
		return g.MaxStep() - 1
	}
	return g.MaxStep()
}

func (t *toggle) Play(g *sdk.Game) {
	n := t.next(g)
	t.plan = append(t.plan, n)
	t.covered += n
	t.rested = n < g.MaxStep()
	g.Step(n)
}

func main() { sdk.Run(&toggle{}) }
