package web

import (
	"context"
	"fmt"
	"net/http"

	"arena.dev/store"
	"arena.dev/templates"
)

const (
	botMatchesSize  = 20
	botRivals       = 12
	botRivalMatches = 100 // head to head over the bot's last 100 matches
)

// GET /bots/{id}[?before=MATCH]: a bot's public page. It never shows a
// version's source or logs; the owner and admins get links to the version
// pages, where those live.
func (s *Server) botPage(w http.ResponseWriter, r *http.Request) {
	id, err := routeID(r, "id")
	var d templates.BotData
	if err == nil {
		d, err = s.botData(r.Context(), id, queryInt64(r, "before"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Bot(s.page(r, d.Name, "games"), d))
}

// botData is what the bot page shows the viewer: its rating, rank, chart,
// matches older than before (all when 0) and rivals, and its versions to
// its owner and admins. A bot of a disabled game is not found.
func (s *Server) botData(ctx context.Context, id, before int64) (templates.BotData, error) {
	var d templates.BotData
	bot, owner, err := store.BotWithOwner(ctx, s.Pool, id)
	if err != nil {
		return d, err
	}
	versions, err := store.PublicVersions(ctx, s.Pool, id)
	if err != nil {
		return d, err
	}
	g, err := store.PublicGameByID(ctx, s.Pool, bot.GameID)
	if err != nil {
		return d, err
	}
	d = templates.BotData{ID: id, Name: bot.Name, Owner: owner, GameID: g.ID, GameTitle: g.Title, Disabled: bot.Disabled}
	var current *store.PublicVersion // the version on the ladder, if any
	for i, v := range versions {
		if bot.CurrentVersionID != nil && v.ID == *bot.CurrentVersionID {
			current = &versions[i]
		}
	}
	if v := current; v != nil {
		d.Version, d.Language, d.Games = v.Number, v.Language, v.Games
		if v.Mu != nil && v.Sigma != nil {
			d.Rated, d.Mu, d.Sigma, d.Score = true, *v.Mu, *v.Sigma, *v.Mu-3**v.Sigma
		}
	}
	if d.Rank, d.Ranked, err = s.boardRank(ctx, g.ID, id); err != nil {
		return d, err
	}
	hist, err := store.BotRatingHistory(ctx, s.Pool, id, chartPoints)
	if err != nil {
		return d, err
	}
	d.Chart = ratingChart(hist)
	ms, err := store.BotMatches(ctx, s.Pool, id, before, botMatchesSize)
	if err != nil {
		return d, err
	}
	d.Matches = matchRows(ctx, ms, nil, id)
	d.Pager = olderPager(fmt.Sprintf("/bots/%d", id), before, matchIDs(ms), botMatchesSize)
	rivals, err := store.HeadToHead(ctx, s.Pool, id, botRivals, botRivalMatches)
	if err != nil {
		return d, err
	}
	d.RivalMatches = botRivalMatches
	for _, rv := range rivals {
		row := templates.RivalRow{Bot: rv.BotName, Owner: rv.OwnerName, Wins: rv.Wins, Losses: rv.Losses,
			Draws: rv.Draws, Matches: rv.Matches}
		if rv.BotID != nil {
			row.BotID = *rv.BotID
		}
		d.Rivals = append(d.Rivals, row)
	}
	u := userFrom(ctx)
	if u != nil && current != nil && !bot.Disabled {
		d.Mine = u.ID == bot.OwnerID
		if d.Mine {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?version=bot:%d", g.ID, id)
		} else {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", g.ID, id)
		}
	}
	if u != nil && (u.ID == bot.OwnerID || u.Role == store.RoleAdmin) {
		for _, v := range versions {
			d.Versions = append(d.Versions, templates.VersionLink{Number: v.Number, Language: v.Language, Status: string(v.Status),
				When: templates.Ago(ctx, v.CreatedAt)})
		}
	}
	return d, nil
}
