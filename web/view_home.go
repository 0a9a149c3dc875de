package web

import (
	"context"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// homeLoad is what the home page is made of, as the database has it:
// loadHome reads it in a fixed number of queries whatever the number of
// games (the games, whether the viewer has submitted, the games' boards
// in one read (cached boards cost none), the latest matches); homeView
// makes the page of it without one.
type homeLoad struct {
	Games     []store.PublicGame // enabled, by title
	Top       map[string][]domain.Standing
	Ranked    map[string]int
	Recent    []store.MatchSummary // the latest ladder and tournament matches
	Submitted bool                 // the viewer has submitted a version
}

// loadHome reads the home page for the viewer (nil: a visitor).
func (s *Server) loadHome(ctx context.Context, viewer *templates.Viewer) (homeLoad, error) {
	l := homeLoad{Top: map[string][]domain.Standing{}, Ranked: map[string]int{}}
	var err error
	if l.Games, err = store.PublicGames(ctx, s.Pool); err != nil {
		return l, err
	}
	if viewer != nil {
		if l.Submitted, err = store.HasSubmitted(ctx, s.Pool, viewer.ID); err != nil {
			return l, err
		}
	}
	ids := make([]string, len(l.Games))
	for i, g := range l.Games {
		ids[i] = g.ID
	}
	boards, err := s.boards(ctx, ids)
	if err != nil {
		return l, err
	}
	for id, b := range boards {
		l.Top[id], l.Ranked[id] = b.Top(homeTop), b.Len()
	}
	l.Recent, err = store.PublicMatches(ctx, s.Pool, homeRecent)
	return l, err
}

// homeView is the home page as viewer (nil: a visitor) sees it: per game
// its top bots, the latest matches of the games still shown, and for a
// newcomer how to start.
func homeView(ctx context.Context, l homeLoad, viewer *templates.Viewer) templates.HomeData {
	// A visitor, or a user who has never submitted, is told how to start.
	d := templates.HomeData{Newcomer: viewer == nil || !l.Submitted}
	titles := map[string]string{}
	for _, g := range l.Games {
		titles[g.ID] = g.Title
		d.Games = append(d.Games, templates.GameCard{ID: g.ID, Title: g.Title, Top: standingRows(ctx, l.Top[g.ID], viewer), Ranked: l.Ranked[g.ID]})
		if d.StartGame == "" && submittable(g.ID) {
			d.StartGame = g.ID
		}
	}
	// Matches of a game disabled since are not shown.
	var recent []store.MatchSummary
	for _, m := range l.Recent {
		if titles[m.GameID] != "" {
			recent = append(recent, m)
		}
	}
	d.Recent = matchRows(ctx, recent, titles, 0)
	return d
}
