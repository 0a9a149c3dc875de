package web

import (
	"context"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/templates"
)

// myBotsLoad is what My bots is made of, as the database has it:
// loadMyBots reads it in three queries whatever the number of bots and
// games (the bots, their latest and current versions, the boards of
// their games; a cached board costs none); myBotsView makes the page of
// it without one.
type myBotsLoad struct {
	Bots      []store.BotSummary        // the user's, by game then name
	Standings map[int64]domain.Standing // the bots on their game's board, by bot id
	BoardSize map[string]int            // the rows of each game's board, house bots included
	Open      []string                  // the games bots can be built for (they have an SDK)
}

// loadMyBots reads the page of user userID's bots.
func (s *Server) loadMyBots(ctx context.Context, userID int64) (myBotsLoad, error) {
	l := myBotsLoad{}
	var err error
	if l.Bots, err = store.BotsOfOwner(ctx, s.Pool, userID, ""); err != nil {
		return l, err
	}
	var ids []string
	seen := map[string]bool{}
	for _, b := range l.Bots {
		if id := b.Bot.GameID; !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	boards, err := s.boards(ctx, ids)
	if err != nil {
		return l, err
	}
	l.Standings, l.BoardSize = map[int64]domain.Standing{}, map[string]int{}
	for _, b := range l.Bots {
		board := boards[b.Bot.GameID]
		if st, ok := board.Standing(b.Bot.ID); ok {
			l.Standings[b.Bot.ID] = st
		}
		l.BoardSize[b.Bot.GameID] = len(board.Rows)
	}
	for _, id := range games.IDs() {
		if submittable(id) {
			l.Open = append(l.Open, id)
		}
	}
	return l, nil
}

// myBotsView is My bots: the user's bots per game with their latest
// version (followed live) and their standing on the ladder, and the games
// they have no bot in yet.
func myBotsView(l myBotsLoad) templates.MyBotsData {
	var d templates.MyBotsData
	byGame := map[string]int{} // index in d.Games
	for _, b := range l.Bots {
		i, ok := byGame[b.Bot.GameID]
		if !ok {
			i = len(d.Games)
			byGame[b.Bot.GameID] = i
			d.Games = append(d.Games, templates.MyGame{ID: b.Bot.GameID, Title: gameTitle(b.Bot.GameID)})
		}
		row := templates.MyBot{ID: b.Bot.ID, Name: b.Bot.Name, Disabled: b.Bot.Disabled}
		if v := b.Latest; v != nil {
			row.Latest = &templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt}
			d.Versions = append(d.Versions, v.ID)
		}
		if v := b.Active; v != nil {
			row.Active = &templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt}
			row.Games = v.Games
		}
		if st, ok := l.Standings[b.Bot.ID]; ok {
			score := st.Ordinal
			row.Rank, row.Score = st.Rank, &score
			d.Games[i].Total = l.BoardSize[b.Bot.GameID] // the whole board, for "#3 of 40"
		}
		d.Games[i].Bots = append(d.Games[i].Bots, row)
	}
	for _, id := range l.Open {
		if _, mine := byGame[id]; !mine {
			d.Others = append(d.Others, templates.GameCard{ID: id, Title: gameTitle(id)})
		}
	}
	return d
}
