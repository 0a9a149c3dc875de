package web

import (
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
	ctx := r.Context()
	b, err := byID(r, "id", s.Pool, store.BotProfileByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g, err := store.PublicGameByID(ctx, s.Pool, b.Bot.GameID)
	if err != nil {
		s.fail(w, r, err) // a disabled game hides its bots too
		return
	}
	id := b.Bot.ID
	p := s.page(r, b.Bot.Name, "games")
	d := templates.BotData{ID: b.Bot.ID, Name: b.Bot.Name, Owner: b.OwnerName, GameID: g.ID, GameTitle: g.Title,
		Disabled: b.Bot.Disabled}
	if v := b.Current; v != nil {
		d.Version, d.Language, d.Games = v.Number, v.Language, v.Games
		if v.Mu != nil && v.Sigma != nil {
			d.Rated, d.Mu, d.Sigma, d.Score = true, *v.Mu, *v.Sigma, *v.Mu-3**v.Sigma
		}
	}
	if d.Rank, d.Ranked, err = s.boardRank(ctx, g.ID, id); err != nil {
		s.serverError(w, r, err)
		return
	}
	hist, err := store.BotRatingHistory(ctx, s.Pool, id, chartPoints)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d.Chart = ratingChart(hist)
	before := queryInt64(r, "before")
	ms, err := store.BotMatches(ctx, s.Pool, id, before, botMatchesSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d.Matches = matchRows(ms, nil, id)
	d.Pager = olderPager(fmt.Sprintf("/bots/%d", id), before, matchIDs(ms), botMatchesSize)
	rivals, err := store.HeadToHead(ctx, s.Pool, id, botRivals, botRivalMatches)
	if err != nil {
		s.serverError(w, r, err)
		return
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
	if u := p.User; u != nil && b.Current != nil && !b.Bot.Disabled {
		d.Mine = u.ID == b.Bot.OwnerID
		if d.Mine {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?version=bot:%d", g.ID, id)
		} else {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", g.ID, id)
		}
	}
	if u := p.User; u != nil && (u.ID == b.Bot.OwnerID || u.Admin) {
		for _, v := range b.Versions {
			d.Versions = append(d.Versions, templates.VersionLink{Number: v.Number, Language: v.Language, Status: string(v.Status),
				When: templates.Ago(v.CreatedAt)})
		}
	}
	s.render(w, r, http.StatusOK, templates.Bot(p, d))
}
