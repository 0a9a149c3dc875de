// A player that debugs as students do: every round it examines every cell
// and writes a line about each with fmt.Println, then moves its orks toward
// the first city it saw. BenchmarkPlayPrint plays it in WebAssembly.
package main

import (
	"fmt"

	"arena.dev/games/orkisland/sdk"
)

type bot struct{}

func (*bot) Play(g *sdk.Game) {
	city := sdk.Pos{I: -1, J: -1}
	for i := range g.Rows() {
		for j := range g.Cols() {
			c := g.Cell(sdk.Pos{I: i, J: j})
			fmt.Println("round", g.Round(), "cell", i, j, "type", int(c.Type), "ork", c.Unit)
			if c.Type == sdk.City && city.I < 0 {
				city = sdk.Pos{I: i, J: j}
			}
		}
	}
	for _, id := range g.Orks(g.Me()) {
		p := g.Unit(id).Pos
		d := sdk.None
		switch {
		case p.I < city.I:
			d = sdk.Bottom
		case p.I > city.I:
			d = sdk.Top
		case p.J < city.J:
			d = sdk.Right
		case p.J > city.J:
			d = sdk.Left
		}
		g.Move(id, d)
	}
}

func main() { sdk.Run(&bot{}) }
