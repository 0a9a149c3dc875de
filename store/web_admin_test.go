package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// AllLadderCandidates answers, for every game at once, what
// LadderCandidates answers for each: the accepted current versions of
// enabled bots of enabled owners, house bots marked.
func TestAllLadderCandidatesMatchesEachGame(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	suffix := time.Now().UnixNano() % 1e9
	first, second := fmt.Sprintf("cand%da", suffix), fmt.Sprintf("cand%db", suffix)
	seedRankGame(t, pool, first)
	seedRankGame(t, pool, second)
	if _, err := pool.Exec(ctx, `UPDATE bot_versions v SET last_played_at = now() FROM bots b
		WHERE b.id = v.bot_id AND b.game_id = $1 AND b.name = 'rb0'`, second); err != nil {
		t.Fatal(err)
	}
	all, err := store.AllLadderCandidates(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	byID := func(a, b domain.Candidate) int { return int(a.BotID - b.BotID) }
	for _, game := range []string{first, second} {
		want, err := store.LadderCandidates(ctx, pool, game)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Clone(all[game])
		slices.SortFunc(got, byID)
		slices.SortFunc(want, byID)
		// The seed has 11 bots: one not accepted, one disabled, one of a disabled owner.
		if len(want) != 8 {
			t.Fatalf("%s: LadderCandidates gave %d candidates, want 8", game, len(want))
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d candidates, want %d", game, len(got), len(want))
		}
		for i := range want {
			if !got[i].LastPlayed.Equal(want[i].LastPlayed) {
				t.Errorf("%s: candidate %d last played %v, want %v", game, want[i].BotID, got[i].LastPlayed, want[i].LastPlayed)
			}
			got[i].LastPlayed, want[i].LastPlayed = time.Time{}, time.Time{}
			if got[i] != want[i] {
				t.Errorf("%s: candidate %+v, want %+v", game, got[i], want[i])
			}
		}
	}
	if _, ok := all["nosuchgame"]; ok {
		t.Error("a game without bots has candidates")
	}
}
