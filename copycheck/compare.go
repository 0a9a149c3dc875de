package copycheck

import (
	"slices"
	"sort"
)

// Match is what two versions share.
type Match struct {
	Shared int // distinct fingerprints both hold
	// Total is each side's count of distinct fingerprints, and Share the
	// part of them the other side holds too.
	TotalA, TotalB int
	ShareA, ShareB float64
	// LinesA and LinesB are the longest shared run on each side, in lines:
	// consecutive fingerprints all shared.
	LinesA, LinesB int
}

// Score ranks pairs: the larger share, so that a bot copied whole into a
// bigger one ranks as high as a copy of the same size.
func (m Match) Score() float64 { return max(m.ShareA, m.ShareB) }

// Lines is the longer of the two sides' longest shared runs.
func (m Match) Lines() int { return max(m.LinesA, m.LinesB) }

// Set is a version's fingerprints prepared for comparing it with many
// others.
type Set struct {
	seq    []Fingerprint
	hashes map[int64]bool
}

// NewSet prepares fps, leaving out the fingerprints ignore says (common
// code); ignore may be nil.
func NewSet(fps []Fingerprint, ignore func(int64) bool) *Set {
	s := &Set{seq: make([]Fingerprint, 0, len(fps)), hashes: make(map[int64]bool, len(fps))}
	for _, f := range fps {
		if ignore == nil || !ignore(f.Hash) {
			s.seq = append(s.seq, f)
			s.hashes[f.Hash] = true
		}
	}
	return s
}

// Len is the number of distinct fingerprints.
func (s *Set) Len() int { return len(s.hashes) }

// Compare measures what a and b share.
func Compare(a, b *Set) Match {
	m := Match{TotalA: a.Len(), TotalB: b.Len()}
	small, large := a, b
	if small.Len() > large.Len() {
		small, large = b, a
	}
	for h := range small.hashes {
		if large.hashes[h] {
			m.Shared++
		}
	}
	if m.Shared == 0 {
		return m
	}
	m.ShareA = float64(m.Shared) / float64(m.TotalA)
	m.ShareB = float64(m.Shared) / float64(m.TotalB)
	m.LinesA = longestRun(a.seq, b)
	m.LinesB = longestRun(b.seq, a)
	return m
}

// longestRun is the longest span, in lines, of consecutive fingerprints
// of seq that other holds.
func longestRun(seq []Fingerprint, other *Set) int {
	best, start := 0, -1
	for i, f := range seq {
		if !other.hashes[f.Hash] {
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
		best = max(best, int(f.EndLine-seq[start].StartLine)+1)
	}
	return best
}

// Lines is a range of lines, first and last included.
type Lines struct{ From, To int }

// Fragment is a stretch of code the two sides share: a chain of shared
// fingerprints in the same order on both sides.
type Fragment struct {
	A, B         Lines
	Fingerprints int
}

// fragmentGap is how far apart two fingerprints of one fragment may be on
// either side: a line or two inserted into a copy does not cut it.
const fragmentGap = 3

// maxOccurrences bounds the pairings of one hash: code repeated many times
// over is shown through its first occurrences.
const maxOccurrences = 8

// Fragments pairs the shared code of a and b into fragments, longest
// first.
func Fragments(a, b *Set) []Fragment {
	where := map[int64][]int{} // hash → indices in b.seq
	for j, f := range b.seq {
		if a.hashes[f.Hash] && len(where[f.Hash]) < maxOccurrences {
			where[f.Hash] = append(where[f.Hash], j)
		}
	}
	var done, open []*chain
	for i, f := range a.seq {
		js := where[f.Hash]
		if len(js) == 0 {
			continue
		}
		// Close the chains this fingerprint can no longer extend.
		kept := open[:0]
		for _, c := range open {
			if i-c.lastA > fragmentGap {
				done = append(done, c)
			} else {
				kept = append(kept, c)
			}
		}
		open = kept
		var extended []*chain
		for _, j := range js {
			var best *chain
			for _, c := range open {
				if c.lastA < i && c.lastB < j && j-c.lastB <= fragmentGap && (best == nil || c.lastB > best.lastB) {
					best = c
				}
			}
			if best != nil && !slices.Contains(extended, best) {
				best.lastA, best.lastB = i, j
				best.n++
				extended = append(extended, best)
				continue
			}
			c := &chain{firstA: i, lastA: i, firstB: j, lastB: j, n: 1}
			extended = append(extended, c)
			open = append(open, c)
		}
	}
	done = append(done, open...)
	out := make([]Fragment, 0, len(done))
	for _, c := range done {
		out = append(out, Fragment{
			A:            Lines{int(a.seq[c.firstA].StartLine), int(a.seq[c.lastA].EndLine)},
			B:            Lines{int(b.seq[c.firstB].StartLine), int(b.seq[c.lastB].EndLine)},
			Fingerprints: c.n,
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		li, lj := out[i].A.To-out[i].A.From+out[i].B.To-out[i].B.From, out[j].A.To-out[j].A.From+out[j].B.To-out[j].B.From
		if li != lj {
			return li > lj
		}
		return out[i].A.From < out[j].A.From
	})
	return out
}

// chain is a fragment being built: indices in a's and b's sequences.
type chain struct {
	firstA, lastA, firstB, lastB, n int
}

// Disjoint keeps, of fragments ranked longest first, those whose lines
// overlap no fragment kept before them on either side: code shared more
// than once is shown once, so that on a page each line belongs to one
// fragment and each fragment has one counterpart.
func Disjoint(fs []Fragment) []Fragment {
	var out []Fragment
	for _, f := range fs {
		free := true
		for _, k := range out {
			if overlap(f.A, k.A) || overlap(f.B, k.B) {
				free = false
				break
			}
		}
		if free {
			out = append(out, f)
		}
	}
	return out
}

func overlap(a, b Lines) bool { return a.From <= b.To && b.From <= a.To }
