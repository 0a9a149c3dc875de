package web

import (
	"context"

	"arena.dev/store"
	"arena.dev/templates"
)

// matchListView is a page of a game's finished matches, newest first
// (one query: store.FinishedMatches, older than before when it is not 0),
// with a link to the older ones when the page is full.
func matchListView(ctx context.Context, g *store.PublicGame, before int64, ms []store.MatchSummary) templates.MatchListData {
	return templates.MatchListData{GameID: g.ID, GameTitle: g.Title, Rows: matchRows(ctx, ms, nil, 0),
		Pager: olderPager(ctx, "/games/"+g.ID+"/matches", before, matchIDs(ms), matchListSize)}
}
