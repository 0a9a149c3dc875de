// Package ladder chooses who plays the next ladder matches, in the style of
// Halite's matchmaker: a seed bot among those that have played least, then
// opponents of similar skill. It is pure: no clock, no database; all
// randomness comes from the *rand.Rand the caller injects, so the same
// candidates and the same seed give the same matches.
package ladder

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"arena.dev/rating"
)

// MinWindow is the smallest half-width of the μ window around the seed: one
// β, the skill gap at which a game is still informative but not a
// foregone conclusion. A seed with a larger σ uses σ instead, since its μ
// is itself that uncertain.
const MinWindow = rating.DefaultBeta

// Candidate is a bot that may be scheduled.
type Candidate struct {
	BotID      int64
	OwnerID    int64
	Mu, Sigma  float64
	Games      int       // ladder games played by this version
	LastPlayed time.Time // zero if it never played
}

var (
	// ErrTooFewOwners: no match is possible, since the bots of one owner
	// never meet in a match.
	ErrTooFewOwners = errors.New("ladder: fewer distinct owners than seats")
	// ErrInput is wrapped by errors about malformed candidates.
	ErrInput = errors.New("ladder: invalid candidates")
)

// Pick chooses one match of size bots (the game's players): the seed bot
// first, then its opponents.
//
// The seed is a bot with the fewest games; among those, the one that
// played longest ago; remaining ties are broken with r. The opponents are
// drawn uniformly from the bots of other owners whose μ is within the
// window (see MinWindow) of the seed's; the window doubles until it holds
// bots of at least size-1 other owners. No two bots of one owner are in a
// match. The result does not depend on the order of cands.
func Pick(cands []Candidate, size int, r *rand.Rand) ([]int64, error) {
	es, err := entries(cands)
	if err != nil {
		return nil, err
	}
	m, err := pick(es, all(es), size, r)
	if err != nil {
		return nil, err
	}
	return ids(es, m), nil
}

// Plan chooses k matches for one scheduling tick, each as Pick returns it.
// Within a tick each bot plays at most once while that is possible:
// matches are drawn from the bots not yet planned, and only when those no
// longer hold size owners does the pool refill with everyone (so a small
// ladder still fills k matches). A planned bot counts one more game and is
// then the most recently played, so after a refill a bot left out goes
// before one with as many games that did play.
func Plan(cands []Candidate, size, k int, r *rand.Rand) ([][]int64, error) {
	es, err := entries(cands)
	if err != nil {
		return nil, err
	}
	if n := owners(es, all(es)); n < size {
		return nil, fmt.Errorf("%w: %d", ErrTooFewOwners, n)
	}
	var (
		plan [][]int64
		pool []int // indices into es not yet planned in this round
	)
	for len(plan) < k {
		if owners(es, pool) < size {
			pool = all(es)
		}
		m, err := pick(es, pool, size, r)
		if err != nil {
			return nil, err // unreachable: pool has size owners
		}
		for _, i := range m {
			es[i].planned++
			es[i].seq = len(plan) + 1
		}
		pool = slices.DeleteFunc(pool, func(i int) bool { return slices.Contains(m, i) })
		plan = append(plan, ids(es, m))
	}
	return plan, nil
}

// entry is a candidate plus what Plan has already scheduled for it.
type entry struct {
	Candidate
	planned int // matches planned in this tick
	seq     int // index+1 of its last planned match, 0 if none
}

// entries validates cands and sorts a copy by BotID, so that the result
// depends on the set of candidates only, not on the order the caller
// (e.g. an SQL query without ORDER BY) gave them in.
func entries(cands []Candidate) ([]entry, error) {
	es := make([]entry, len(cands))
	for i, c := range cands {
		if math.IsNaN(c.Mu) || math.IsInf(c.Mu, 0) || math.IsNaN(c.Sigma) || math.IsInf(c.Sigma, 0) {
			return nil, fmt.Errorf("%w: bot %d has μ=%v σ=%v", ErrInput, c.BotID, c.Mu, c.Sigma)
		}
		es[i] = entry{Candidate: c}
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.BotID, b.BotID) })
	for i := 1; i < len(es); i++ {
		if es[i].BotID == es[i-1].BotID {
			return nil, fmt.Errorf("%w: bot %d listed twice", ErrInput, es[i].BotID)
		}
	}
	return es, nil
}

// seedOrder sorts the bots most in need of a game first.
func seedOrder(a, b *entry) int {
	if c := cmp.Compare(a.Games+a.planned, b.Games+b.planned); c != 0 {
		return c
	}
	// Planned in this tick is more recent than any past game.
	if a.seq != 0 || b.seq != 0 {
		return cmp.Compare(a.seq, b.seq)
	}
	return a.LastPlayed.Compare(b.LastPlayed)
}

// pick chooses a match among the entries es[pool...] and returns indices
// into es, seed first.
func pick(es []entry, pool []int, size int, r *rand.Rand) ([]int, error) {
	if n := owners(es, pool); n < size {
		return nil, fmt.Errorf("%w: %d", ErrTooFewOwners, n)
	}

	// Seed: uniformly among the bots tied for most in need.
	var ties []int
	for _, i := range pool {
		switch {
		case len(ties) == 0:
			ties = append(ties, i)
		case seedOrder(&es[i], &es[ties[0]]) < 0:
			ties = append(ties[:0], i)
		case seedOrder(&es[i], &es[ties[0]]) == 0:
			ties = append(ties, i)
		}
	}
	seed := ties[r.IntN(len(ties))]
	s := es[seed]

	// Window: widen until size-1 other owners are in it. Once it spans the
	// farthest bot it holds every other owner, and there are at least
	// size-1 of them, so the loop ends.
	var others []int
	far := 0.0
	for _, i := range pool {
		if es[i].OwnerID != s.OwnerID {
			others = append(others, i)
			far = math.Max(far, math.Abs(es[i].Mu-s.Mu))
		}
	}
	var window []int
	for half := math.Max(MinWindow, s.Sigma); ; half *= 2 {
		window = window[:0]
		for _, i := range others {
			if math.Abs(es[i].Mu-s.Mu) <= half {
				window = append(window, i)
			}
		}
		if owners(es, window) >= size-1 || half >= far {
			break
		}
	}

	// Opponents: a random order of the window, skipping owners already
	// in. Taking any bot of a new owner never blocks the rest, because
	// the window holds at least size-1 owners.
	r.Shuffle(len(window), func(i, j int) { window[i], window[j] = window[j], window[i] })
	match := []int{seed}
	used := map[int64]bool{s.OwnerID: true}
	for _, i := range window {
		if len(match) == size {
			break
		}
		if !used[es[i].OwnerID] {
			used[es[i].OwnerID] = true
			match = append(match, i)
		}
	}
	return match, nil
}

func all(es []entry) []int {
	idx := make([]int, len(es))
	for i := range idx {
		idx[i] = i
	}
	return idx
}

func owners(es []entry, idx []int) int {
	seen := map[int64]bool{}
	for _, i := range idx {
		seen[es[i].OwnerID] = true
	}
	return len(seen)
}

func ids(es []entry, idx []int) []int64 {
	out := make([]int64, len(idx))
	for k, i := range idx {
		out[k] = es[i].BotID
	}
	return out
}

// Boards chooses the boards of the next k ladder matches of a game: its
// uploaded boards in the order given and, when generated is set, a board
// generated from the match's seed (0 here), in turn. The turn goes on after
// last, the board of the game's latest ladder match (0: generated or none);
// when last is not in the turn, it starts again. Without any uploaded
// board, every match gets a generated board.
func Boards(boards []int64, generated bool, last int64, k int) []int64 {
	turn := slices.Clone(boards)
	if generated || len(turn) == 0 {
		turn = append(turn, 0)
	}
	next := slices.Index(turn, last) + 1 // 0 when last is not in the turn
	out := make([]int64, k)
	for i := range out {
		out[i] = turn[(next+i)%len(turn)]
	}
	return out
}
