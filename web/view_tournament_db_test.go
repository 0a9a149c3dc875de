package web_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
)

// TestTournamentAllStandingsIsEveryRound: the one query a tournament's
// page makes of its standings gives what TournamentStandings gives round
// by round, and the totals of round 0.
func TestTournamentAllStandingsIsEveryRound(t *testing.T) {
	e := newPagesEnv(t)
	_, owner := e.user(domain.RoleStudent)
	var versions []int64
	for i := range 8 {
		_, v := e.rankedBot(owner, "orkisland", fmt.Sprintf("allst%d", i), 30-float64(i), 1)
		versions = append(versions, v)
	}
	id := e.finishedTournament("All standings", versions)
	ctx := context.Background()
	all, err := store.TournamentAllStandings(ctx, e.pool, id, domain.FormatElimination)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || len(all[1]) != 8 || len(all[2]) != 4 || len(all[0]) != 8 {
		t.Fatalf("rounds %d: %d, %d, %d rows", len(all), len(all[0]), len(all[1]), len(all[2]))
	}
	for round := range 3 {
		want, err := store.TournamentStandings(ctx, e.pool, id, round, domain.FormatElimination)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(all[round], want) {
			t.Errorf("round %d:\n got %+v\nwant %+v", round, all[round], want)
		}
	}
}
