package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/store"
	"arena.dev/templates"
)

// A game's page is made from loaded rows without a database.
func TestGameView(t *testing.T) {
	eng, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	info := eng.Info()
	now := time.Now()
	l := gameLoad{Game: &store.PublicGame{ID: "orkisland", Title: "Ork Island", Deadline: ptr(now.Add(-time.Minute))},
		Info: &info, ReplayID: 12, Ranked: 2, Now: now,
		Qual: gameQual{Matches: 4, Boards: store.BoardChoice{Generated: true}},
		Top:  []domain.Standing{{Rank: 1, BotID: 5, BotName: "best", OwnerID: 100}, {Rank: 2, BotID: 6, BotName: "next", OwnerID: 200}}}
	d := gameView(context.Background(), l, &templates.Viewer{ID: 100})
	if d.Title != "Ork Island" || d.ReplayID != 12 || d.Ranked != 2 || !d.Closed || d.Players != info.Players || d.Qualifier != info.Qualifier {
		t.Errorf("head: %+v", d)
	}
	if len(d.Top) != 2 || !strings.Contains(d.TopEvents, "top=20") {
		t.Errorf("top: %+v, events %s", d.Top, d.TopEvents)
	}
	if q := d.Qual; q.Matches != 4 || q.Needs != 3 || len(q.Rows) != 4 || !q.CanDownload || q.Command == "" {
		t.Errorf("qualification: %+v", q)
	}
	// A visitor cannot download; a deadline ahead is not closed.
	l.Game.Deadline = ptr(now.Add(time.Hour))
	if d := gameView(context.Background(), l, nil); d.Closed || d.Qual.CanDownload {
		t.Errorf("a visitor before the deadline: closed %v, download %v", d.Closed, d.Qual.CanDownload)
	}
	// A game this build does not have: its page, without the engine's facts.
	l.Info = nil
	if d := gameView(context.Background(), l, nil); d.Players != 0 || d.Qual.Rows != nil || d.Title != "Ork Island" {
		t.Errorf("an unknown game: %+v", d)
	}
}
