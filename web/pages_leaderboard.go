package web

import (
	"fmt"
	"net/http"

	"arena.dev/i18n"
	"arena.dev/templates"
	"arena.dev/web/request"
)

const leaderboardPageSize = 50

// GET /games/{game}/leaderboard[?page=N][&mine=1]: the full ranking, the
// viewer's bots highlighted; mine=1 keeps only them (logged-in users).
func (s *Server) leaderboardPage(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.page(r, i18n.T(r.Context(), "site.board.title", map[string]any{"Game": g.Title}), "games")
	page, limit, offset := request.Page(r, leaderboardPageSize)
	mine := p.User != nil && r.URL.Query().Get("mine") == "1"
	var owner int64
	if mine {
		owner = p.User.ID
	}
	rows, total, err := s.leaderboard(r.Context(), g.ID, owner, limit, offset)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	ranked := total // the owner's bots, with mine=1
	if !mine {
		if ranked, err = s.rankedCount(r.Context(), g.ID); err != nil { // the rows hold house bots too
			s.serverError(w, r, err)
			return
		}
	}
	pages := max(1, (total+limit-1)/limit)
	if page > pages {
		s.notFound(w, r)
		return
	}
	base := "/games/" + g.ID + "/leaderboard?"
	if mine {
		base += "mine=1&"
	}
	pg := templates.ListPager{Label: i18n.T(r.Context(), "site.pager.page", map[string]any{"Page": page, "Pages": pages})}
	if page > 1 {
		pg.Prev = fmt.Sprintf("%spage=%d", base, page-1)
	}
	if page < pages {
		pg.Next = fmt.Sprintf("%spage=%d", base, page+1)
	}
	events := fmt.Sprintf("/games/%s/leaderboard/events?page=%d", g.ID, page) // keeps the rows live
	if mine {
		events += "&mine=1"
	}
	standings := standingRows(r.Context(), rows, p.User)
	for i := range standings {
		if p.User != nil && !standings[i].Mine && !standings[i].House {
			standings[i].Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", g.ID, standings[i].BotID)
		}
	}
	s.render(w, r, http.StatusOK, templates.Leaderboard(p, templates.LeaderboardData{
		GameID: g.ID, GameTitle: g.Title, Rows: standings, Total: ranked, House: total > ranked,
		Mine: mine, LoggedIn: p.User != nil, Pager: pg, Events: events,
	}))
}
