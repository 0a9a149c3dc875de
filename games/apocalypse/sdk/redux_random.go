package sdk

// ReduxRandom is the random generator of Apocalypse Now Redux's original
// engine: x' = (62089911·x + 453816693) mod (2³¹ − 1), each draw x/(2³¹ − 1)
// in [0, 1). Redux's engine draws from it, and so does a Redux bot's
// Random, seeded as the original seeds each team, so that a match on an
// original board can be compared with the original's round by round.
type ReduxRandom struct{ x int64 }

const (
	reduxModulus    = 2147483647 // 2³¹ − 1
	reduxMultiplier = 62089911
	reduxIncrement  = 453816693
)

// NewReduxRandom starts the sequence at seed, taken modulo 2³¹ − 1 (the
// original takes any int from 0).
func NewReduxRandom(seed uint64) *ReduxRandom {
	return &ReduxRandom{int64(seed % reduxModulus)}
}

// Float returns the next draw, in [0, 1).
func (g *ReduxRandom) Float() float64 {
	g.x = (reduxMultiplier*g.x + reduxIncrement) % reduxModulus
	return float64(g.x) / reduxModulus
}

// Range returns a number in [l, u] from one draw, as the original does:
// l + ⌊(u − l + 1)·draw⌋.
func (g *ReduxRandom) Range(l, u int) int { return l + int(float64(u-l+1)*g.Float()) }

// Permutation returns a random permutation of 0..n-1 as the original
// draws it: from the last position down, each swapped with a position
// drawn up to it.
func (g *ReduxRandom) Permutation(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	g.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Shuffle permutes n elements with swap in the original's order of draws.
func (g *ReduxRandom) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, g.Range(0, i))
	}
}
