package bracket

import (
	"slices"
	"testing"
)

func TestSnakeGroupsBalanceSeeds(t *testing.T) {
	field := make([]int, 16) // seeds 1 (best) .. 16
	for i := range field {
		field[i] = i + 1
	}
	groups := SnakeGroups(field, GroupCount(len(field), 4))
	want := [][]int{{1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}}
	for i := range want {
		if !slices.Equal(groups[i], want[i]) {
			t.Fatalf("groups %v, want %v", groups, want)
		}
	}
	// Counts not divisible by four: groups of 3–4 (2–3 for five).
	for n := 5; n <= 23; n++ {
		gs := SnakeGroups(make([]int, n), GroupCount(n, 4))
		for _, g := range gs {
			if len(g) > 4 || len(g) < 2 || (n > 5 && len(g) < 3) {
				t.Fatalf("n=%d: a group of %d", n, len(g))
			}
		}
	}
	// Two-player games: pairs.
	if gs := SnakeGroups([]int{1, 2, 3, 4}, GroupCount(4, 2)); !slices.Equal(gs[0], []int{1, 4}) || !slices.Equal(gs[1], []int{2, 3}) {
		t.Fatalf("pairs of 4: %v", gs)
	}
}

func TestLeagueGroupsAreDeterministic(t *testing.T) {
	field := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	a, b := LeagueGroups(field, 42, 1, 4), LeagueGroups(field, 42, 1, 4)
	c := LeagueGroups(field, 42, 2, 4)
	if len(a) != 3 || !slices.EqualFunc(a, b, slices.Equal[[]int]) {
		t.Fatalf("same seed and round, different groups: %v %v", a, b)
	}
	if slices.EqualFunc(a, c, slices.Equal[[]int]) {
		t.Fatalf("rounds 1 and 2 have the same groups: %v", a)
	}
	if got := LeagueGroups(field, 42, 1, 2); len(got) != 5 {
		t.Fatalf("groups of two: %d groups, want 5", len(got))
	}
	if !slices.Equal(field, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Fatalf("the caller's field was shuffled: %v", field)
	}
}

func TestPlanRound(t *testing.T) {
	el := Rules{Players: 4, GroupMatches: 2, FinalMatches: 5, DropCount: 2}
	field := []int{1, 2, 3, 4, 5, 6, 7, 8}
	r := PlanRound(el, 1, field)
	if r.Final || r.Matches != 2 || len(r.Groups) != 2 {
		t.Fatalf("8 bots: %+v", r)
	}
	r = PlanRound(el, 2, field[:4])
	if !r.Final || r.Matches != 5 || len(r.Groups) != 1 || len(r.Groups[0]) != 4 {
		t.Fatalf("4 bots: %+v", r)
	}
	lg := Rules{Players: 4, League: true, GroupMatches: 3, LeagueRounds: 2, Seed: 7}
	r = PlanRound(lg, 1, field[:3])
	if r.Final || r.Matches != 3 || len(r.Groups) != 1 {
		t.Fatalf("a league never has a final: %+v", r)
	}
}

func TestSeatsRotateAndFill(t *testing.T) {
	members := []string{"a", "b", "c"}
	var got [][]string
	for idx := range 4 {
		got = append(got, Seats(members, "Dummy", 4, idx))
	}
	want := [][]string{{"a", "b", "c", "Dummy"}, {"b", "c", "Dummy", "a"}, {"c", "Dummy", "a", "b"}, {"Dummy", "a", "b", "c"}}
	if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Fatalf("seats %v, want %v", got, want)
	}
	if s := Seats([]string{"a", "b"}, "Dummy", 2, 1); !slices.Equal(s, []string{"b", "a"}) {
		t.Fatalf("two seats: %v", s)
	}
}

func TestBoardsInTurn(t *testing.T) {
	if _, ok := Board(0, 1, 3, 2); ok {
		t.Fatal("a board without boards")
	}
	var got []int
	for g := range 2 {
		for idx := range 3 {
			i, _ := Board(4, g, 3, idx)
			got = append(got, i)
		}
	}
	if !slices.Equal(got, []int{0, 1, 2, 3, 0, 1}) {
		t.Fatalf("boards %v", got)
	}
}

func TestMatchSeedIsStableAndDistinct(t *testing.T) {
	if MatchSeed(1, 1, 0, 0) != MatchSeed(1, 1, 0, 0) {
		t.Fatal("same inputs, different seeds")
	}
	seen := map[int64]bool{}
	for r := 1; r <= 3; r++ {
		for g := range 4 {
			for idx := range 5 {
				s := MatchSeed(99, r, g, idx)
				if s < 0 || seen[s] {
					t.Fatalf("seed %d of %d/%d/%d is negative or repeated", s, r, g, idx)
				}
				seen[s] = true
			}
		}
	}
}

func TestEndRound(t *testing.T) {
	// Two groups: 4 bots and 3 bots, best first; two drop out of each.
	st := []Ranked{{11, 0}, {12, 0}, {13, 0}, {14, 0}, {21, 1}, {22, 1}, {23, 1}}
	got := EndRound(st, 2, false)
	want := []Outcome{{13, 3, true}, {14, 4, true}, {22, 2, true}, {23, 3, true}}
	if !slices.Equal(got, want) {
		t.Fatalf("outcomes %v, want %v", got, want)
	}
	// At least one of a group stays, however many should drop.
	if got := EndRound([]Ranked{{1, 0}, {2, 0}}, 3, false); !slices.Equal(got, []Outcome{{2, 2, true}}) {
		t.Fatalf("a pair dropping three: %v", got)
	}
	// The final: everyone's position, nobody out.
	got = EndRound([]Ranked{{5, 0}, {6, 0}, {7, 0}}, 2, true)
	if !slices.Equal(got, []Outcome{{5, 1, false}, {6, 2, false}, {7, 3, false}}) {
		t.Fatalf("final: %v", got)
	}
}

func TestFinalPlaces(t *testing.T) {
	es := []Entrant{
		{Version: 1, Seed: 9, OutRound: 1, Position: 3},
		{Version: 2, Seed: 8, OutRound: 0, Position: 2}, // finalist, 2nd
		{Version: 3, Seed: 7, OutRound: 2, Position: 4},
		{Version: 4, Seed: 6, OutRound: 0, Position: 1}, // champion
		{Version: 5, Seed: 5, OutRound: 1, Position: 3}, // tie with 1: the better seed goes first
		{Version: 6, Seed: 4, OutRound: 2, Position: 3},
		{Version: 7, Seed: 3, OutRound: 1, Position: 0}, // unknown position: last of its round
	}
	got := FinalPlaces(es)
	want := []int64{4, 2, 6, 3, 1, 5, 7}
	if !slices.Equal(got, want) {
		t.Fatalf("places %v, want %v", got, want)
	}
}

func TestPlannedMatches(t *testing.T) {
	el := Rules{Players: 4, GroupMatches: 2, FinalMatches: 3, DropCount: 2}
	for n, want := range map[int]int{1: 0, 2: 3, 4: 3, 5: 2*2 + 3, 8: 2*2 + 3, 16: 4*2 + 2*2 + 3, 13: 4*2 + 2*2 + 3} {
		if got := PlannedMatches(el, n); got != want {
			t.Errorf("elimination of %d: %d matches, want %d", n, got, want)
		}
	}
	lg := Rules{Players: 4, League: true, GroupMatches: 1, LeagueRounds: 3}
	if got := PlannedMatches(lg, 6); got != 6 {
		t.Errorf("league of 6: %d matches, want 6", got)
	}
	// Two-player elimination, one drop per pair: 8 → 4 → 2, then the final.
	duel := Rules{Players: 2, GroupMatches: 1, FinalMatches: 3, DropCount: 1}
	if got := PlannedMatches(duel, 8); got != 4+2+3 {
		t.Errorf("duels of 8: %d matches, want 9", got)
	}
	if got := PlannedMatches(Rules{}, 8); got != 0 {
		t.Errorf("no seats: %d matches", got)
	}
}
