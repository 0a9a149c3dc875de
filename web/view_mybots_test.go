package web

import (
	"slices"
	"testing"
	"time"

	"arena.dev/domain"
	_ "arena.dev/games/all"
	"arena.dev/store"
)

// My bots is made from loaded rows without a database.

func myBotsRows() myBotsLoad {
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	v := func(id int64, n int, status string, games int) *domain.Version {
		return &domain.Version{ID: id, Number: n, Language: "go", Status: domain.VersionStatus(status), Games: games, CreatedAt: at}
	}
	return myBotsLoad{
		Bots: []store.BotSummary{
			{Bot: domain.Bot{ID: 1, GameID: "orkisland", Name: "alpha"}, Latest: v(13, 3, domain.StatusCompileError, 0), Active: v(12, 2, domain.StatusAccepted, 40)},
			{Bot: domain.Bot{ID: 2, GameID: "orkisland", Name: "beta", Disabled: true}, Latest: v(21, 1, domain.StatusQueued, 0)},
			{Bot: domain.Bot{ID: 3, GameID: "nosuchgame", Name: "empty"}},
		},
		Standings: map[int64]domain.Standing{1: {BotID: 1, Rank: 3, Ordinal: 19.5}},
		BoardSize: map[string]int{"orkisland": 41, "nosuchgame": 7},
		Open:      []string{"orkisland", "wasteland", "nosuchgame"},
	}
}

func TestMyBotsView(t *testing.T) {
	d := myBotsView(myBotsRows())
	if len(d.Games) != 2 || d.Games[0].ID != "orkisland" || d.Games[0].Title != "Ork Island" || d.Games[1].Title != "nosuchgame" {
		t.Fatalf("games in the bots' order, by title (an unknown game by id): %+v", d.Games)
	}
	ork := d.Games[0]
	if len(ork.Bots) != 2 || ork.Bots[0].Name != "alpha" || ork.Bots[1].Name != "beta" || !ork.Bots[1].Disabled {
		t.Errorf("a game's bots: %+v", ork.Bots)
	}
	alpha := ork.Bots[0]
	if alpha.Latest == nil || alpha.Latest.Number != 3 || alpha.Active == nil || alpha.Active.Number != 2 || alpha.Games != 40 {
		t.Errorf("alpha's versions: latest %+v, active %+v, games %d", alpha.Latest, alpha.Active, alpha.Games)
	}
	if alpha.Rank != 3 || alpha.Score == nil || *alpha.Score != 19.5 || ork.Total != 41 {
		t.Errorf("alpha on the board: #%d (score %v) of %d; want #3 (19.5) of 41", alpha.Rank, alpha.Score, ork.Total)
	}
	if beta := ork.Bots[1]; beta.Rank != 0 || beta.Score != nil || beta.Active != nil || beta.Games != 0 {
		t.Errorf("beta is not on the board: %+v", beta)
	}
	// No bot of the game on its board: no board size to say.
	if empty := d.Games[1]; empty.Total != 0 || empty.Bots[0].Latest != nil || empty.Bots[0].Active != nil {
		t.Errorf("a game without a ranked bot: %+v", empty)
	}
	if !slices.Equal(d.Versions, []int64{13, 21}) {
		t.Errorf("the versions followed live are the latest ones: %v", d.Versions)
	}
	if len(d.Others) != 1 || d.Others[0].ID != "wasteland" {
		t.Errorf("the games without the user's bots: %+v", d.Others)
	}
}

// A user without bots: no games of theirs, every open game offered.
func TestMyBotsViewEmpty(t *testing.T) {
	d := myBotsView(myBotsLoad{Open: []string{"orkisland", "wasteland"}})
	if d.Games != nil || d.Versions != nil || len(d.Others) != 2 || d.Others[0].Title != "Ork Island" {
		t.Errorf("no bots: %+v", d)
	}
}
