package web

import (
	"context"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// A page of a leaderboard is made from loaded rows without a database.

func leaderboardRows() leaderboardLoad {
	return leaderboardLoad{Game: &store.PublicGame{ID: "g", Title: "The Game"}, Page: 2, Size: 50, Total: 120, Ranked: 118,
		Rows: []domain.Standing{{Rank: 51, BotID: 5, BotName: "mine", OwnerID: 100}, {BotID: 6, BotName: "Dummy", House: true, OwnerID: 1},
			{Rank: 52, BotID: 7, BotName: "theirs", OwnerID: 200}}}
}

func TestLeaderboardView(t *testing.T) {
	ctx := context.Background()
	d, ok := leaderboardView(ctx, leaderboardRows(), nil) // a visitor
	if !ok || d.GameTitle != "The Game" || d.Total != 118 || !d.House || d.Mine || d.LoggedIn || len(d.Rows) != 3 {
		t.Fatalf("a visitor's page 2: %+v", d)
	}
	if pg := d.Pager; pg.Prev != "/games/g/leaderboard?page=1" || pg.Next != "/games/g/leaderboard?page=3" || pg.Label != "Page 2 of 3" {
		t.Errorf("pager %+v", pg)
	}
	if d.Events != "/games/g/leaderboard/events?page=2" {
		t.Errorf("events %s", d.Events)
	}
	for _, row := range d.Rows {
		if row.Challenge != "" || row.Mine {
			t.Errorf("a visitor is offered %+v", row)
		}
	}

	// A user: their bot marked, others' challenged, the house bot not.
	d, _ = leaderboardView(ctx, leaderboardRows(), &templates.Viewer{ID: 100})
	if !d.LoggedIn || !d.Rows[0].Mine || d.Rows[0].Challenge != "" || d.Rows[1].Challenge != "" ||
		d.Rows[2].Challenge != "/games/g/challenge?opponent=bot:7" {
		t.Errorf("a user's rows: %+v", d.Rows)
	}

	// The last page has no next; a page past it is not found.
	l := leaderboardRows()
	l.Page = 3
	if d, ok := leaderboardView(ctx, l, nil); !ok || d.Pager.Next != "" || d.Pager.Prev != "/games/g/leaderboard?page=2" {
		t.Errorf("the last page: %v %+v", ok, d.Pager)
	}
	l.Page = 4
	if _, ok := leaderboardView(ctx, l, nil); ok {
		t.Error("page 4 of 3 is shown")
	}
	// An empty board has one page, and no house bots.
	l = leaderboardLoad{Game: l.Game, Page: 1, Size: 50}
	if d, ok := leaderboardView(ctx, l, nil); !ok || d.Pager.Label != "Page 1 of 1" || d.Pager.Next != "" || d.Pager.Prev != "" || d.House {
		t.Errorf("an empty board: %v %+v", ok, d)
	}
}

// With mine=1 the page counts the viewer's bots and its links keep the
// filter.
func TestLeaderboardViewMine(t *testing.T) {
	l := leaderboardRows()
	l.Mine, l.Total, l.Page = true, 51, 1
	d, ok := leaderboardView(context.Background(), l, &templates.Viewer{ID: 100})
	if !ok || !d.Mine || d.Total != 51 || d.House {
		t.Errorf("mine: %+v", d)
	}
	if d.Pager.Next != "/games/g/leaderboard?mine=1&page=2" || d.Events != "/games/g/leaderboard/events?page=1&mine=1" {
		t.Errorf("mine's links: next %s, events %s", d.Pager.Next, d.Events)
	}
}
