// Package ladder chooses who plays the next ladder matches, in the style of
// Halite's matchmaker: a seed bot among those that have played least, then
// opponents of similar skill. When fewer owners than seats have a bot, the
// game's house bots (its reference bots) fill the empty seats, so a ladder
// plays from its first bot. It is pure: no clock, no database; all
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

	"arena.dev/domain"
	"arena.dev/rating"
)

// MinWindow is the smallest half-width of the μ window around the seed: one
// β, the skill gap at which a game is still informative but not a
// foregone conclusion. A seed with a larger σ uses σ instead, since its μ
// is itself that uncertain.
const MinWindow = rating.DefaultBeta

// Candidate is a bot that may be scheduled.
type Candidate = domain.Candidate

var (
	// ErrTooFewOwners: no match is possible: there is no bot but house
	// bots, or fewer owners than seats and no house bot to fill them (the
	// bots of one owner never meet in a match).
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
//
// House bots are never the seed, and play only when fewer than size
// owners have a bot: then every owner has one bot in the match and house
// bots, drawn the same way around the seed's μ, take the seats left. With
// too few house bots for them all, the match is shorter than size and the
// caller fills the rest (with bots that are not rated).
func Pick(cands []Candidate, size int, r *rand.Rand) ([]int64, error) {
	es, err := entries(cands)
	if err != nil {
		return nil, err
	}
	if err := enough(es, size); err != nil {
		return nil, err
	}
	m := pick(es, players(es), size, false, r)
	return ids(es, m), nil
}

// enough refuses candidates from which no match can be made.
func enough(es []entry, size int) error {
	n := owners(es, players(es))
	if n == 0 || (n < size && len(house(es)) == 0) {
		return fmt.Errorf("%w: %d", ErrTooFewOwners, n)
	}
	return nil
}

// Plan chooses k matches for one scheduling tick, each as Pick returns it.
// Within a tick each bot plays at most once while that is possible:
// matches are drawn from the bots not yet planned, and only when those no
// longer hold size owners does the pool refill with everyone (so a small
// ladder still fills k matches). A planned bot counts one more game and is
// then the most recently played, so after a refill a bot left out goes
// before one with as many games that did play.
//
// House bots are not drawn from the pool: they fill seats in every match
// that needs them.
func Plan(cands []Candidate, size, k int, r *rand.Rand) ([][]int64, error) {
	return plan(cands, size, k, false, r)
}

// PlanUnsettled is Plan at full pace (pace.go): every match is seeded by
// an unsettled bot, those with the fewest games first, so a new version
// is seated at once and in every match until it has played its share;
// its opponents are drawn as Plan draws them, settled or not. Without
// an unsettled bot it is Plan.
func PlanUnsettled(cands []Candidate, size, k int, r *rand.Rand) ([][]int64, error) {
	return plan(cands, size, k, Unsettled(cands) > 0, r)
}

func plan(cands []Candidate, size, k int, unsettled bool, r *rand.Rand) ([][]int64, error) {
	es, err := entries(cands)
	if err != nil {
		return nil, err
	}
	if err := enough(es, size); err != nil {
		return nil, err
	}
	want := min(size, owners(es, players(es))) // owners a match needs
	var (
		plan [][]int64
		pool []int // indices into es of bots (not house bots) not yet planned in this round
	)
	for len(plan) < k {
		if owners(es, pool) < want || (unsettled && !anyUnsettled(es, pool)) {
			pool = players(es)
		}
		m := pick(es, pool, size, unsettled, r)
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

// pick chooses a match among the entries es[pool...], which hold bots of
// at least one owner and, when they hold fewer than size owners, every
// owner there is, and returns indices into es, seed first: the pool's
// owners first, then house bots in the seats left. With unsettled set,
// the pool holds an unsettled bot and the seed is one.
func pick(es []entry, pool []int, size int, unsettled bool, r *rand.Rand) []int {
	// Seed: uniformly among the bots tied for most in need.
	var ties []int
	for _, i := range pool {
		switch {
		case unsettled && Settled(es[i].Candidate):
			continue
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

	// Opponents: a random order of the window, skipping owners already
	// in. Taking any bot of a new owner never blocks the rest, because
	// the window holds at least size-1 owners, or all of them.
	var others []int
	for _, i := range pool {
		if es[i].OwnerID != s.OwnerID {
			others = append(others, i)
		}
	}
	window := around(es, s, others, size-1)
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

	// House bots in the seats left, drawn the same way.
	if left := size - len(match); left > 0 {
		window := around(es, s, house(es), left)
		r.Shuffle(len(window), func(i, j int) { window[i], window[j] = window[j], window[i] })
		match = append(match, window[:min(left, len(window))]...)
	}
	return match
}

// around is the window of the bots cands whose μ is near the seed s's:
// it widens until it holds n owners (house bots count one each) or every
// bot of cands. Once it spans the farthest bot it holds them all, so the
// loop ends.
func around(es []entry, s entry, cands []int, n int) []int {
	far := 0.0
	for _, i := range cands {
		far = math.Max(far, math.Abs(es[i].Mu-s.Mu))
	}
	var window []int
	for half := math.Max(MinWindow, s.Sigma); ; half *= 2 {
		window = window[:0]
		for _, i := range cands {
			if math.Abs(es[i].Mu-s.Mu) <= half {
				window = append(window, i)
			}
		}
		if owners(es, window) >= n || half >= far {
			return window
		}
	}
}

// anyUnsettled says whether es[pool...] holds an unsettled bot.
func anyUnsettled(es []entry, pool []int) bool {
	for _, i := range pool {
		if !Settled(es[i].Candidate) {
			return true
		}
	}
	return false
}

// players are the indices of the bots that are not house bots.
func players(es []entry) []int {
	var idx []int
	for i := range es {
		if !es[i].House {
			idx = append(idx, i)
		}
	}
	return idx
}

// house are the indices of the house bots.
func house(es []entry) []int {
	var idx []int
	for i := range es {
		if es[i].House {
			idx = append(idx, i)
		}
	}
	return idx
}

// owners counts the distinct owners of es[idx...], each house bot as one.
func owners(es []entry, idx []int) int {
	seen := map[int64]bool{}
	houses := 0
	for _, i := range idx {
		if es[i].House {
			houses++
		} else {
			seen[es[i].OwnerID] = true
		}
	}
	return len(seen) + houses
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
