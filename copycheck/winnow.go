package copycheck

import (
	"hash/fnv"

	"arena.dev/lang"
)

// K and W are winnowing's two parameters, in tokens. A fingerprint is the
// hash of K consecutive tokens (a k-gram); of every W consecutive k-grams
// at least one is kept. So a shared run shorter than K tokens is never a
// match (the noise threshold: `for i := 0; i < n; i++ {` alone is 12
// tokens), and a shared run of K+W-1 = 33 tokens or more always is (the
// guarantee threshold: three or four lines of code).
//
// Dolos's defaults are k-grams of 23 and windows of 17, on syntax-tree
// tokens (a node's type, with brackets around its children), which come
// about 1.5 to a lexical token of ours: 17 of ours cover what its 23 do.
// W sets the density, 2/(W+1): about 400 fingerprints for a 500-line bot.
// On the bots of this repository (TestCorpusSeparation), k-grams of 15 to
// 17 separate disguised copies from independent bots by the widest
// margin; 17 keeps independent pairs lower (95th percentile 12%, against
// 16% for 15), which matters in a class of hundreds.
const (
	K = 17
	W = 17
)

// Fingerprint is one k-gram kept by winnowing: its hash and the lines its
// tokens span.
type Fingerprint struct {
	Hash      int64
	StartLine int32
	EndLine   int32
}

// kgrams returns the hash of every k-gram of toks, in order. The language
// is hashed in, so that a Go and a C++ source never share a fingerprint:
// their tokens mean different things.
func kgrams(language string, toks []lang.Token) []uint64 {
	if len(toks) < K {
		return nil
	}
	syms := make([]uint64, len(toks))
	seen := map[string]uint64{}
	for i, t := range toks {
		n := t.Norm()
		h, ok := seen[n]
		if !ok {
			f := fnv.New64a()
			f.Write([]byte(language))
			f.Write([]byte{0})
			f.Write([]byte(n))
			h = f.Sum64()
			seen[n] = h
		}
		syms[i] = h
	}
	// A Karp-Rabin rolling hash modulo 2^64, then a mixer: winnowing keeps
	// the smallest hashes, which should be any k-grams, not some kinds.
	const base = 0x100000001b3
	var top uint64 = 1 // base^(K-1)
	for range K - 1 {
		top *= base
	}
	var h uint64
	for _, s := range syms[:K] {
		h = h*base + s
	}
	out := make([]uint64, 0, len(toks)-K+1)
	out = append(out, mix(h))
	for i := K; i < len(syms); i++ {
		h = (h-syms[i-K]*top)*base + syms[i]
		out = append(out, mix(h))
	}
	return out
}

// mix is splitmix64's finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Winnow returns the fingerprints of a token sequence, in source order:
// in every window of W consecutive k-grams, the one of least hash, each
// kept once; on a tie the one kept for the window before if it is still
// in, else the rightmost (robust winnowing).
func Winnow(language string, toks []lang.Token) []Fingerprint {
	hs := kgrams(language, toks)
	if len(hs) == 0 {
		return nil
	}
	fp := func(i int) Fingerprint {
		return Fingerprint{Hash: int64(hs[i]), StartLine: int32(toks[i].Line), EndLine: int32(toks[i+K-1].Line)}
	}
	w := min(W, len(hs))
	var out []Fingerprint
	last := -1
	for end := w; end <= len(hs); end++ {
		lo := end - w
		if last < lo { // the previous minimum left the window: find the new one
			last = lo
			for i := lo + 1; i < end; i++ {
				if hs[i] <= hs[last] {
					last = i
				}
			}
			out = append(out, fp(last))
		} else if hs[end-1] < hs[last] { // the new k-gram is the new minimum
			last = end - 1
			out = append(out, fp(last))
		}
	}
	return out
}

// Fingerprints reads a source and returns its fingerprints in source order,
// without those in base (see Base; nil keeps all).
func Fingerprints(language string, src []byte, base map[int64]bool) ([]Fingerprint, error) {
	toks, err := Tokens(language, src)
	if err != nil {
		return nil, err
	}
	fps := Winnow(language, toks)
	if len(base) == 0 {
		return fps, nil
	}
	out := fps[:0]
	for _, f := range fps {
		if !base[f.Hash] {
			out = append(out, f)
		}
	}
	return out, nil
}

// Distinct returns the distinct hashes of fps, in order of first
// appearance: a version's entries in the index.
func Distinct(fps []Fingerprint) []int64 {
	seen := make(map[int64]bool, len(fps))
	out := make([]int64, 0, len(fps))
	for _, f := range fps {
		if !seen[f.Hash] {
			seen[f.Hash] = true
			out = append(out, f.Hash)
		}
	}
	return out
}
