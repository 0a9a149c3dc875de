package games

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// RNG is the seeded random source engines use: PCG, so the same seed gives
// the same sequence on every platform and Go version.
type RNG struct{ r *rand.Rand }

// NewRNG returns a source seeded by seed; stream separates independent uses
// of one match seed (board generation, play, each bot).
func NewRNG(seed, stream uint64) *RNG {
	return &RNG{rand.New(rand.NewPCG(seed, stream))}
}

// NewSecretRNG returns a source for games with hidden information: ChaCha8
// keyed by SHA-256 of label and seed, so that bots, which see some draws (a
// generated board, where a bonus appears), can neither recover the seed nor
// predict the draws they do not see (where a hidden opponent reappears).
// Different labels give independent sources.
func NewSecretRNG(seed uint64, label string) *RNG {
	in := binary.LittleEndian.AppendUint64([]byte(label+"\x00"), seed)
	return &RNG{rand.New(rand.NewChaCha8(sha256.Sum256(in)))}
}

// Intn returns a uniform integer in [0, n).
func (g *RNG) Intn(n int) int { return g.r.IntN(n) }

// Range returns a uniform integer in [lo, hi].
func (g *RNG) Range(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

// Float returns a uniform float in [0, 1).
func (g *RNG) Float() float64 { return g.r.Float64() }

// Shuffle permutes n elements with swap.
func (g *RNG) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Perm returns a random permutation of [0, n).
func (g *RNG) Perm(n int) []int { return g.r.Perm(n) }
