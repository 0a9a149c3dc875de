// My racer: as fast as the rules allow.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/gametest/fake/sdk"
)

const players = 4

type pacer struct {
	lastLong bool
	history  [][]int
	gaps     []int
}

// who is in front, and where
func leader(g *sdk.Game) (int, int) {
	best, at := -1, -1
	for p := 0; p < players; p++ {
		if pos := g.Pos(p); pos > at {
			best, at = p, pos
		}
	}
	return best, at
}

// remember the positions
func (b *pacer) record(g *sdk.Game) {
	row := make([]int, players)
	for p := range row {
		row[p] = g.Pos(p)
	}
	b.history = append(b.history, row)
	_, at := leader(g)
	b.gaps = append(b.gaps, at-g.Pos(g.Me()))
}

// average speed of p
func (b *pacer) speed(p, n int) float64 {
	if len(b.history) < 2 {
		return 0
	}
	first := max(0, len(b.history)-1-n)
	last := len(b.history) - 1
	return float64(b.history[last][p]-b.history[first][p]) / float64(last-first)
}

// are we catching up?
func (b *pacer) closing() bool {
	n := len(b.gaps)
	if n < 3 {
		return true
	}
	return b.gaps[n-1] <= b.gaps[n-3]
}

func (b *pacer) Play(g *sdk.Game) {
	b.record(g)
	step := g.MaxStep()
	if b.lastLong {
		step--
	}
	for p := 0; p < players; p++ {
		if p != g.Me() && b.speed(p, 3) > float64(step) && !b.closing() {
			fmt.Fprintf(os.Stderr, "round %d: player %d is faster (%.1f)\n", g.Round(), p, b.speed(p, 3))
		}
	}
	b.lastLong = step == g.MaxStep()
	g.Step(step)
}

func main() { sdk.Run(&pacer{}) }
