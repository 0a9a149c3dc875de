package apocalypse

import (
	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// drawer makes the rules' random choices. Apocalypse Now 2018 draws from
// Arena's generator; Redux from its original engine's, in the original's
// order and manner, so a match on an original board can be compared with
// the original's round by round.
type drawer interface {
	intn(n int) int         // uniform in [0, n)
	rangeIn(lo, hi int) int // uniform in [lo, hi]
	shuffle(n int, swap func(i, j int))
	chance(percent int) bool  // true with probability percent/100
	other(p, players int) int // a player other than p
}

// arenaDraws are 2018's draws.
type arenaDraws struct{ rng *games.RNG }

func (d arenaDraws) intn(n int) int                     { return d.rng.Intn(n) }
func (d arenaDraws) rangeIn(lo, hi int) int             { return d.rng.Range(lo, hi) }
func (d arenaDraws) shuffle(n int, swap func(i, j int)) { d.rng.Shuffle(n, swap) }
func (d arenaDraws) chance(percent int) bool            { return d.rng.Intn(100) < percent }

func (d arenaDraws) other(p, players int) int {
	o := d.rng.Intn(players - 1)
	if o >= p {
		o++
	}
	return o
}

// reduxDraws are Redux's original draws.
type reduxDraws struct{ g *sdk.ReduxRandom }

func (d reduxDraws) intn(n int) int                     { return d.g.Range(0, n-1) }
func (d reduxDraws) rangeIn(lo, hi int) int             { return d.g.Range(lo, hi) }
func (d reduxDraws) shuffle(n int, swap func(i, j int)) { d.g.Shuffle(n, swap) }
func (d reduxDraws) chance(percent int) bool            { return d.g.Float() < float64(percent)/100 }

// other draws teams until one is not p's, as the original does.
func (d reduxDraws) other(p, players int) int {
	for {
		if o := d.g.Range(0, players-1); o != p {
			return o
		}
	}
}
