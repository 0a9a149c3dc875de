package judge

import (
	"slices"
	"testing"

	"arena.dev/store"
)

func TestSnakeGroupsBalanceSeeds(t *testing.T) {
	field := make([]int, 16) // seeds 1 (best) .. 16
	for i := range field {
		field[i] = i + 1
	}
	groups := snakeGroups(field, groupCount(len(field)))
	want := [][]int{{1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}}
	for i := range want {
		if !slices.Equal(groups[i], want[i]) {
			t.Fatalf("groups %v, want %v", groups, want)
		}
	}
	// Counts not divisible by four: groups of 3–4 (2–3 for five).
	for n := 5; n <= 23; n++ {
		gs := snakeGroups(make([]int, n), groupCount(n))
		for _, g := range gs {
			if len(g) > 4 || len(g) < 2 || (n > 5 && len(g) < 3) {
				t.Fatalf("n=%d: a group of %d", n, len(g))
			}
		}
	}
}

func TestLeagueGroupsAreDeterministic(t *testing.T) {
	field := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	a, b := leagueGroups(field, 42, 1), leagueGroups(field, 42, 1)
	c := leagueGroups(field, 42, 2)
	if len(a) != 3 || !slices.EqualFunc(a, b, slices.Equal[[]int]) {
		t.Fatalf("same seed and round, different groups: %v %v", a, b)
	}
	if slices.EqualFunc(a, c, slices.Equal[[]int]) {
		t.Fatalf("rounds 1 and 2 have the same groups: %v", a)
	}
}

func TestPlannedMatches(t *testing.T) {
	el := &store.Tournament{Format: store.FormatElimination, GroupMatches: 2, FinalMatches: 3, DropCount: 2}
	for n, want := range map[int]int{1: 0, 2: 3, 4: 3, 5: 2*2 + 3, 8: 2*2 + 3, 16: 4*2 + 2*2 + 3, 13: 4*2 + 2*2 + 3} {
		if got := PlannedMatches(el, n); got != want {
			t.Errorf("elimination of %d: %d matches, want %d", n, got, want)
		}
	}
	lg := &store.Tournament{Format: store.FormatLeague, GroupMatches: 1, LeagueRounds: 3}
	if got := PlannedMatches(lg, 6); got != 6 {
		t.Errorf("league of 6: %d matches, want 6", got)
	}
}
