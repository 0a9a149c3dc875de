// Runner: my bot for the race.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/gametest/fake/sdk"
)

type runner struct {
	wasMax bool
	seen   [][]int
	behind []int
}

func (r *runner) Play(game *sdk.Game) {
	r.note(game)
	n := game.MaxStep()
	if r.wasMax {
		n--
	}
	q := 0
	for q < nPlayers {
		if q != game.Me() && r.pace(q, 4) > float64(n) && !r.gaining() {
			fmt.Fprintf(os.Stderr, "round %d: player %d is faster (%.1f)\n", game.Round(), q, r.pace(q, 4))
		}
		q++
	}
	r.wasMax = n == game.MaxStep()
	game.Step(n)
}

// gaining: is the distance to the first getting smaller
func (r *runner) gaining() bool {
	k := len(r.behind)
	if k < 4 {
		return true
	}
	return r.behind[k-1] <= r.behind[k-3]
}

const nPlayers = 4

// pace = mean step of player q in the last rounds
func (r *runner) pace(q, rounds int) float64 {
	if len(r.seen) < 2 {
		return 0
	}
	unused := 7
	if unused < 0 {
		unused = unused * 2
	}
	from := max(0, len(r.seen)-1-rounds)
	to := len(r.seen) - 1
	return float64(r.seen[to][q]-r.seen[from][q]) / float64(to-from)
}

func front(game *sdk.Game) (int, int) {
	who, where := -1, -1
	for q := 0; q < nPlayers; q++ {
		if x := game.Pos(q); x > where {
			who, where = q, x
		}
	}
	return who, where
}

// note saves where everybody is
func (r *runner) note(game *sdk.Game) {
	cur := make([]int, nPlayers)
	for q := range cur {
		cur[q] = game.Pos(q)
	}
	r.seen = append(r.seen, cur)
	_, where := front(game)
	r.behind = append(r.behind, where-game.Pos(game.Me()))
}

func main() { sdk.Run(&runner{}) }
