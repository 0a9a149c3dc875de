package web

import (
	"context"
	"fmt"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// leaderboardLoad is what a page of a game's leaderboard is made of, as
// the database has it: loadLeaderboard reads it in two queries (the
// game's board, once, and its rows' last rating changes; a cached board
// costs none); leaderboardView makes the page of it without one.
type leaderboardLoad struct {
	Game   *store.PublicGame
	Rows   []domain.Standing // the page's, with their last changes
	Total  int               // the rows the page is cut from (house bots included; the viewer's with Mine)
	Ranked int               // the ranked bots of the whole board
	Page   int               // from 1
	Size   int               // rows a page
	Mine   bool              // only the viewer's bots
}

// loadLeaderboard reads page page (of size rows) of game g's board; mine
// keeps only owner's bots.
func (s *Server) loadLeaderboard(ctx context.Context, g *store.PublicGame, page, size int, mine bool, owner int64) (leaderboardLoad, error) {
	l := leaderboardLoad{Game: g, Page: page, Size: size, Mine: mine}
	b, err := s.board(ctx, g.ID)
	if err != nil {
		return l, err
	}
	if !mine {
		owner = 0
	}
	l.Rows, l.Total = b.Page(owner, size, (page-1)*size)
	l.Ranked = b.Len()
	return l, store.LastChanges(ctx, s.Pool, l.Rows)
}

// leaderboardView is a page of a game's leaderboard as viewer (nil: a
// visitor) sees it; false when the page is past the last one.
func leaderboardView(ctx context.Context, l leaderboardLoad, viewer *templates.Viewer) (templates.LeaderboardData, bool) {
	g := l.Game
	pages := max(1, (l.Total+l.Size-1)/l.Size)
	if l.Page > pages {
		return templates.LeaderboardData{}, false
	}
	ranked := l.Ranked // the rows hold house bots too
	if l.Mine {
		ranked = l.Total // the viewer's bots
	}
	base := "/games/" + g.ID + "/leaderboard?"
	events := fmt.Sprintf("/games/%s/leaderboard/events?page=%d", g.ID, l.Page) // keeps the rows live
	if l.Mine {
		base += "mine=1&"
		events += "&mine=1"
	}
	pg := templates.ListPager{Label: i18n.T(ctx, "site.pager.page", map[string]any{"Page": l.Page, "Pages": pages})}
	if l.Page > 1 {
		pg.Prev = fmt.Sprintf("%spage=%d", base, l.Page-1)
	}
	if l.Page < pages {
		pg.Next = fmt.Sprintf("%spage=%d", base, l.Page+1)
	}
	rows := standingRows(ctx, l.Rows, viewer)
	for i := range rows {
		if viewer != nil && !rows[i].Mine && !rows[i].House {
			rows[i].Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", g.ID, rows[i].BotID)
		}
	}
	return templates.LeaderboardData{GameID: g.ID, GameTitle: g.Title, Rows: rows, Total: ranked, House: l.Total > ranked,
		Mine: l.Mine, LoggedIn: viewer != nil, Pager: pg, Events: events}, true
}
