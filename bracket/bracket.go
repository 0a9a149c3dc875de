// Package bracket is the arithmetic of tournaments: how a field splits into
// groups, which seats and seed each match gets, who drops out of a group,
// the final places, and how many matches a tournament plays. It is pure: no
// clock, no database, no game registry; the judge loads the tournament,
// asks bracket what to do and writes the answer.
//
// Elimination: groups of at most P (the game's players per match) seeded
// by μ−3σ in snake order; a round with n > P bots has ceil(n/P) groups, a
// group short of P fills its empty seats with the game's qualifier. Each
// group plays N matches, seats rotating; the last K of each group drop out
// (at least one stays), until at most P remain and play the final group's
// M matches.
// League: R rounds; each round shuffles the field with the tournament's
// seed and splits it into groups the same way, N matches per group.
package bracket

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
)

// Rules are a tournament's format and sizes.
type Rules struct {
	Players      int   // seats per match: the game's Info.Players
	League       bool  // a league; otherwise an elimination
	GroupMatches int   // N: matches per group and round
	FinalMatches int   // M: matches of the final group (elimination)
	DropCount    int   // K: bots out of each group per round (elimination)
	LeagueRounds int   // R (league)
	Seed         int64 // the tournament's seed
}

// Round is how one round is played.
type Round[T any] struct {
	Groups  [][]T // members of each group, best seed first in an elimination
	Final   bool  // the final group of an elimination
	Matches int   // matches per group
}

// PlanRound splits the field of round r (1-based) into its groups. An
// elimination's field comes best seed first.
func PlanRound[T any](rules Rules, r int, field []T) Round[T] {
	switch {
	case rules.League:
		return Round[T]{Groups: LeagueGroups(field, rules.Seed, r, rules.Players), Matches: rules.GroupMatches}
	case len(field) <= rules.Players:
		return Round[T]{Groups: [][]T{field}, Final: true, Matches: rules.FinalMatches}
	default:
		return Round[T]{Groups: SnakeGroups(field, GroupCount(len(field), rules.Players)), Matches: rules.GroupMatches}
	}
}

// GroupCount is how many groups of at most size n bots make.
func GroupCount(n, size int) int { return (n + size - 1) / size }

// SnakeGroups splits a field sorted best first into g groups in snake
// order (1..g, g..1, ...), so every group gets a balanced mix of seeds.
func SnakeGroups[T any](field []T, g int) [][]T {
	groups := make([][]T, g)
	for i, e := range field {
		k := i % g
		if (i/g)%2 == 1 {
			k = g - 1 - k
		}
		groups[k] = append(groups[k], e)
	}
	return groups
}

// LeagueGroups shuffles the field with a seed of the tournament and round,
// so a re-run gives the same groups, and deals it into groups of at most
// size.
func LeagueGroups[T any](field []T, seed int64, round, size int) [][]T {
	f := slices.Clone(field)
	r := rand.New(rand.NewPCG(uint64(seed), uint64(round)))
	r.Shuffle(len(f), func(i, j int) { f[i], f[j] = f[j], f[i] })
	g := GroupCount(len(f), size)
	groups := make([][]T, g)
	for i, e := range f {
		groups[i%g] = append(groups[i%g], e)
	}
	return groups
}

// Seats are the seats of a group's match idx: the members in seed order
// then filler (the qualifier) up to players, rotated by idx so that no seat
// advantage decides a group.
func Seats[T any](members []T, filler T, players, idx int) []T {
	base := make([]T, players)
	for i := range base {
		base[i] = filler
		if i < len(members) {
			base[i] = members[i]
		}
	}
	seats := make([]T, players)
	for i := range seats {
		seats[i] = base[(i+idx)%players]
	}
	return seats
}

// Board is which of n uploaded boards match idx of group g plays on: the
// boards in turn across the round's groups. ok is false without boards
// (the board is generated from the match's seed).
func Board(n, g, matches, idx int) (i int, ok bool) {
	if n == 0 {
		return 0, false
	}
	return (g*matches + idx) % n, true
}

// MatchSeed derives a match's seed from the tournament's, so the matches
// of a round are the same whoever creates them.
func MatchSeed(seed int64, round, grp, idx int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d/%d", seed, round, grp, idx)
	return int64(h.Sum64() >> 1)
}

// Ranked is a member of a group in a round's standings, which list the
// groups in order and each group best first.
type Ranked struct {
	Version int64
	Group   int
}

// Outcome is how a bot ended a round of an elimination: its position in
// its group and whether it dropped out.
type Outcome struct {
	Version  int64
	Position int // 1 is the group's best
	Out      bool
}

// EndRound says, from a round's standings, who drops out of each group:
// the last dropCount (at least one stays). In the final group nobody drops
// out and everyone's position counts. Bots that go on to the next round
// are not listed.
func EndRound(standings []Ranked, dropCount int, final bool) []Outcome {
	sizes := map[int]int{}
	for _, s := range standings {
		sizes[s.Group]++
	}
	var out []Outcome
	pos := map[int]int{}
	for _, s := range standings {
		pos[s.Group]++
		p := pos[s.Group]
		drops := !final && p > max(1, sizes[s.Group]-dropCount)
		if drops || final {
			out = append(out, Outcome{Version: s.Version, Position: p, Out: drops})
		}
	}
	return out
}

// Entrant is a bot of an ended elimination, as EndRound left it.
type Entrant struct {
	Version  int64
	Seed     float64 // μ−3σ at the start
	OutRound int     // the round it dropped out in; 0 for a finalist
	Position int     // in the final group, or in the group it dropped out of; 0 if unknown
}

// FinalPlaces orders the entrants of an ended elimination: the finalists
// by their position in the final, then the others by how late they went
// out and their position in that group; the seed, then the version, break
// ties. It returns the versions, first place first.
func FinalPlaces(es []Entrant) []int64 {
	es = slices.Clone(es)
	slices.SortFunc(es, func(a, b Entrant) int {
		if (a.OutRound == 0) != (b.OutRound == 0) {
			if a.OutRound == 0 {
				return -1
			}
			return 1
		}
		pa, pb := a.Position, b.Position
		if pa == 0 {
			pa = int(^uint(0) >> 1) // unknown positions last
		}
		if pb == 0 {
			pb = int(^uint(0) >> 1)
		}
		return cmp.Or(cmp.Compare(b.OutRound, a.OutRound), cmp.Compare(pa, pb),
			cmp.Compare(b.Seed, a.Seed), cmp.Compare(a.Version, b.Version))
	})
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.Version
	}
	return out
}

// PlannedMatches is how many matches a tournament of n entrants plays in
// all (for progress bars); 0 when there is nothing to play.
func PlannedMatches(rules Rules, n int) int {
	size := rules.Players
	if n < 2 || size <= 0 {
		return 0
	}
	if rules.League {
		return rules.LeagueRounds * GroupCount(n, size) * rules.GroupMatches
	}
	total := 0
	for n > size {
		g := GroupCount(n, size)
		total += g * rules.GroupMatches
		next := 0
		for _, members := range snakeSizes(n, g) {
			next += max(1, members-rules.DropCount)
		}
		n = next
	}
	return total + rules.FinalMatches
}

// snakeSizes are the sizes of g groups dealt from n bots.
func snakeSizes(n, g int) []int {
	sizes := make([]int, g)
	for i := range n {
		sizes[i%g]++
	}
	return sizes
}
