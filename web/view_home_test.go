package web

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// The home page is made from loaded rows without a database.

func homeRows() homeLoad {
	at := time.Now().Add(-time.Hour)
	return homeLoad{
		Games: []store.PublicGame{{ID: "nosuchgame", Title: "A Game Without Kit"}, {ID: "orkisland", Title: "Ork Island"}},
		Top: map[string][]domain.Standing{"orkisland": {
			{Rank: 1, BotID: 5, BotName: "best", OwnerID: 100, Ordinal: 20},
			{Rank: 2, BotID: 6, BotName: "next", OwnerID: 200, Ordinal: 18, LastChange: &at}}},
		Ranked: map[string]int{"orkisland": 12},
		Recent: []store.MatchSummary{
			{ID: 31, GameID: "orkisland", Kind: domain.KindLadder, FinishedAt: &at, Players: []store.SeatBrief{
				{Seat: 0, BotID: ptr(int64(6)), BotName: "next", Rank: ptr(2), Score: ptr(int64(3))}, {Seat: 1, BotID: ptr(int64(5)), BotName: "best", Rank: ptr(1), Score: ptr(int64(9))}}},
			{ID: 30, GameID: "disabledgame", Kind: domain.KindLadder},
			{ID: 29, GameID: "nosuchgame", Kind: domain.KindTournament},
		},
	}
}

func TestHomeView(t *testing.T) {
	ctx := context.Background()
	d := homeView(ctx, homeRows(), nil) // a visitor
	if !d.Newcomer || d.StartGame != "orkisland" {
		t.Errorf("a visitor is shown how to start with the first game that has a kit: newcomer %v, game %q", d.Newcomer, d.StartGame)
	}
	if len(d.Games) != 2 || d.Games[0].Title != "A Game Without Kit" || len(d.Games[0].Top) != 0 || d.Games[0].Ranked != 0 {
		t.Fatalf("games by the loaded order, an empty board empty: %+v", d.Games)
	}
	ork := d.Games[1]
	if ork.Ranked != 12 || len(ork.Top) != 2 || ork.Top[0].Bot != "best" || ork.Top[0].Mine || ork.Top[1].LastChange == "–" || ork.Top[0].LastChange != "–" {
		t.Errorf("Ork Island's card: %+v", ork)
	}
	// A disabled game's matches are left out; the others name their game
	// and list their players best first.
	if len(d.Recent) != 2 || d.Recent[0].ID != 31 || d.Recent[1].ID != 29 || d.Recent[1].GameTitle != "A Game Without Kit" {
		t.Fatalf("recent matches: %+v", d.Recent)
	}
	if p := d.Recent[0].Players; p[0].Bot != "best" || p[0].Score != "9" || p[1].Bot != "next" {
		t.Errorf("players best first: %+v", p)
	}

	// A user who has submitted is no newcomer; their bots are marked.
	l := homeRows()
	l.Submitted = true
	d = homeView(ctx, l, &templates.Viewer{ID: 200})
	if d.Newcomer || !d.Games[1].Top[1].Mine || d.Games[1].Top[0].Mine {
		t.Errorf("a user who has submitted: newcomer %v, top %+v", d.Newcomer, d.Games[1].Top)
	}
	// One who has not is told how to start.
	l.Submitted = false
	if d := homeView(ctx, l, &templates.Viewer{ID: 200}); !d.Newcomer {
		t.Error("a user who never submitted is not told how to start")
	}
	// No game has a kit: no game to start with.
	l.Games = l.Games[:1]
	if d := homeView(ctx, l, nil); d.StartGame != "" || len(d.Recent) != 1 {
		t.Errorf("only a game without a kit: start %q, recent %+v", d.StartGame, d.Recent)
	}
}
