package web

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"arena.dev/store"
	"arena.dev/templates"
)

const matchListSize = 30

// GET /games/{game}/matches[?before=ID]: finished matches, newest first.
func (s *Server) gameMatchesPage(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicGame(w, r)
	if !ok {
		return
	}
	before := queryInt64(r, "before")
	ms, err := store.FinishedMatches(r.Context(), s.Pool, g.ID, before, matchListSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.MatchList(s.page(r, g.Title+" matches", "games"), templates.MatchListData{
		GameID: g.ID, GameTitle: g.Title,
		Rows:  matchRows(ms, nil, 0),
		Pager: olderPager("/games/"+g.ID+"/matches", before, matchIDs(ms), matchListSize),
	}))
}

// GET /matches/{id}: who played, how it ended, and the replay.
func (s *Server) matchPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	m, err := byID(r, "id", s.Pool, store.MatchByID)
	var seats []store.SeatResult
	if err == nil {
		seats, err = store.Seats(ctx, s.Pool, m.ID)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	title := m.GameID
	if g, err := store.PublicGameByID(ctx, s.Pool, m.GameID); err == nil {
		title = g.Title
	}
	d := templates.MatchData{ID: m.ID, GameID: m.GameID, GameTitle: title, Kind: m.Kind, Status: m.Status,
		Rated: m.Rated, Seed: m.Seed, Created: fullTime(&m.CreatedAt), Finished: fullTime(m.FinishedAt),
		Failed: m.Status == store.MatchFailed, HasReplay: m.ReplayKey != nil}
	for _, st := range seats {
		row := templates.SeatRow{Seat: st.Seat, Bot: st.BotName, Owner: st.OwnerName, Language: st.Language, Score: "–", CPU: "–"}
		if st.BotID != nil {
			row.BotID = *st.BotID
		}
		if st.Score != nil {
			row.Score = strconv.FormatInt(*st.Score, 10)
		}
		if st.Rank != nil {
			row.Rank = *st.Rank
		}
		if st.CPUSeconds != nil {
			row.CPU = fmt.Sprintf("%.3f s", *st.CPUSeconds)
		}
		row.Frozen = frozenWords(st)
		if st.Invalid != nil {
			row.Invalid = *st.Invalid
		}
		d.Seats = append(d.Seats, row)
	}
	slices.SortStableFunc(d.Seats, func(a, b templates.SeatRow) int { return cmp.Compare(rankKey(a.Rank), rankKey(b.Rank)) })
	s.render(w, r, http.StatusOK, templates.Match(s.page(r, fmt.Sprintf("Match #%d", m.ID), "games"), d))
}
