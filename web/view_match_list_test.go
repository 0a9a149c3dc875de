package web

import (
	"context"
	"testing"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
)

// A page of a game's matches is made from loaded rows without a database.
func TestMatchListView(t *testing.T) {
	ctx := context.Background()
	g := &store.PublicGame{ID: "g", Title: "The Game"}
	full := make([]store.MatchSummary, matchListSize)
	for i := range full {
		full[i] = store.MatchSummary{ID: int64(500 - i), GameID: "g", Kind: domain.KindLadder}
	}
	d := matchListView(ctx, g, 0, full) // the newest, a full page
	if d.GameTitle != "The Game" || len(d.Rows) != matchListSize || d.Rows[0].ID != 500 || d.Rows[0].GameTitle != "g" {
		t.Errorf("rows: %d, first %+v", len(d.Rows), d.Rows[0])
	}
	if d.Pager.Prev != "" || d.Pager.Next != "/games/g/matches?before=471" {
		t.Errorf("the newest page links the older: %+v", d.Pager)
	}
	// An older page, not full: back to the newest, nothing older.
	d = matchListView(ctx, g, 471, full[:3])
	if d.Pager.Prev != "/games/g/matches" || d.Pager.Next != "" || d.Pager.Label != "Older matches" {
		t.Errorf("the last page: %+v", d.Pager)
	}
	if d := matchListView(i18n.WithLang(ctx, "ca"), g, 471, full[:3]); d.Pager.Label != "Partides més antigues" {
		t.Errorf("the pager's label in Catalan: %q", d.Pager.Label)
	}
	if d := matchListView(ctx, g, 0, nil); len(d.Rows) != 0 || d.Pager.Next != "" || d.Pager.Prev != "" {
		t.Errorf("no matches: %+v", d)
	}
}
