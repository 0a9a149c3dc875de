package web

import (
	"context"
	"fmt"
	"net/http"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
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
		d, err = s.botData(r.Context(), id, request.QueryInt(r, "before"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Bot(s.page(r, d.Name, "games"), d))
}

// botData is what the bot page shows the viewer.
func (s *Server) botData(ctx context.Context, id, before int64) (templates.BotData, error) {
	l, err := s.loadBot(ctx, id, before)
	if err != nil {
		return templates.BotData{}, err
	}
	return botView(ctx, l), nil
}

// botLoad is what a bot's page is made of, as the database has it:
// loadBot reads it in seven queries (the bot, its versions, its game, its
// rank (cached), its rating history, its matches, its rivals); botView
// makes the page of it without one.
type botLoad struct {
	Bot      *domain.Bot
	Owner    string
	Versions []store.PublicVersion
	Game     *store.PublicGame
	Rank     int // on the board of Ranked bots; 0 when off it
	Ranked   int
	History  []store.RatingPoint
	Matches  []store.MatchSummary // older than Before (all when 0)
	Before   int64
	Rivals   []store.Rival
	Viewer   *domain.User // nil: no one logged in
}

// loadBot reads bot id's page: a bot of a disabled game is not found.
func (s *Server) loadBot(ctx context.Context, id, before int64) (botLoad, error) {
	l := botLoad{Before: before, Viewer: userFrom(ctx)}
	var err error
	if l.Bot, l.Owner, err = store.BotWithOwner(ctx, s.Pool, id); err != nil {
		return l, err
	}
	if l.Versions, err = store.PublicVersions(ctx, s.Pool, id); err != nil {
		return l, err
	}
	if l.Game, err = store.PublicGameByID(ctx, s.Pool, l.Bot.GameID); err != nil {
		return l, err
	}
	if l.Rank, l.Ranked, err = s.boardRank(ctx, l.Game.ID, id); err != nil {
		return l, err
	}
	if l.History, err = store.BotRatingHistory(ctx, s.Pool, id, chartPoints); err != nil {
		return l, err
	}
	if l.Matches, err = store.BotMatches(ctx, s.Pool, id, before, botMatchesSize); err != nil {
		return l, err
	}
	l.Rivals, err = store.HeadToHead(ctx, s.Pool, id, botRivals, botRivalMatches)
	return l, err
}

// botView is what the bot page shows the viewer: its rating, rank, chart,
// matches and rivals, and its versions to its owner and admins.
func botView(ctx context.Context, l botLoad) templates.BotData {
	bot, g, id := l.Bot, l.Game, l.Bot.ID
	d := templates.BotData{ID: id, Name: bot.Name, Owner: l.Owner, GameID: g.ID, GameTitle: g.Title, Disabled: bot.Disabled,
		Rank: l.Rank, Ranked: l.Ranked}
	var current *store.PublicVersion // the version on the ladder, if any
	for i, v := range l.Versions {
		if bot.CurrentVersionID != nil && v.ID == *bot.CurrentVersionID {
			current = &l.Versions[i]
		}
	}
	if v := current; v != nil {
		d.Version, d.Language, d.Games = v.Number, v.Language, v.Games
		if v.Mu != nil && v.Sigma != nil {
			d.Rated, d.Mu, d.Sigma, d.Score = true, *v.Mu, *v.Sigma, *v.Mu-3**v.Sigma
		}
	}
	d.Chart = ratingChart(l.History)
	d.Matches = matchRows(ctx, l.Matches, nil, id)
	d.Pager = olderPager(ctx, fmt.Sprintf("/bots/%d", id), l.Before, matchIDs(l.Matches), botMatchesSize)
	d.RivalMatches = botRivalMatches
	for _, rv := range l.Rivals {
		row := templates.RivalRow{Bot: rv.BotName, Owner: rv.OwnerName, Wins: rv.Wins, Losses: rv.Losses,
			Draws: rv.Draws, Matches: rv.Matches}
		if rv.BotID != nil {
			row.BotID = *rv.BotID
		}
		d.Rivals = append(d.Rivals, row)
	}
	u := l.Viewer
	if u != nil && current != nil && !bot.Disabled {
		d.Mine = u.ID == bot.OwnerID
		if d.Mine {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?version=bot:%d", g.ID, id)
		} else {
			d.Challenge = fmt.Sprintf("/games/%s/challenge?opponent=bot:%d", g.ID, id)
		}
	}
	if u != nil && (u.ID == bot.OwnerID || u.Role == domain.RoleAdmin) {
		for _, v := range l.Versions {
			d.Versions = append(d.Versions, templates.VersionLink{Number: v.Number, Language: v.Language, Status: string(v.Status),
				When: templates.Ago(ctx, v.CreatedAt)})
		}
	}
	return d
}
