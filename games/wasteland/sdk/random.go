package sdk

// Generator is the original game's random generator (Park–Miller, the
// "minimal standard" with multiplier 48271), so that a match gives the
// same numbers as the original engine for the same seed.
type Generator struct{ x int64 }

const (
	modulus    = 2147483647 // 2^31 - 1
	multiplier = 48271
)

// Seed restarts the sequence from s.
func (g *Generator) Seed(s uint64) { g.x = 1 + int64(s%(modulus-1)) }

// Next returns a number in [0, 2^31 - 3].
func (g *Generator) Next() int {
	if g.x == 0 { // never seeded: the original's default seed
		g.Seed(123456789)
	}
	g.x = g.x * multiplier % modulus
	return int(g.x - 1)
}

// Range returns a number in [l, u], as the original draws it:
// l + Next() mod (u - l + 1). It returns l without drawing when u < l.
func (g *Generator) Range(l, u int) int {
	if u < l {
		return l
	}
	return l + g.Next()%(u-l+1)
}
