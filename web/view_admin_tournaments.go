package web

import (
	"slices"
	"strconv"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// tournamentGameFieldsView is the tournament form's part for one game:
// the game's boards (of every game's, all) and its qualified bots (cands),
// those in boards and bots ticked.
func tournamentGameFieldsView(gameID string, all []domain.Board, cands []store.EntrantCandidate, boards, bots []int64) templates.TournamentGameFields {
	var f templates.TournamentGameFields
	for _, b := range all {
		if b.GameID == gameID {
			f.Boards = append(f.Boards, templates.BoardOption{ID: b.ID, Name: b.Name, Checked: slices.Contains(boards, b.ID)})
		}
	}
	for _, c := range cands {
		f.Entrants = append(f.Entrants, templates.EntrantOption{BotID: c.BotID, Bot: c.BotName, Owner: c.Owner,
			DisplayName: c.DisplayName, Language: c.Language, Rating: c.Rating, House: c.House, Checked: slices.Contains(bots, c.BotID)})
	}
	return f
}

// rerunView is the page that asks to run tournament t's match m again:
// the match and its players with their scores ("–" for none yet).
func rerunView(t *domain.Tournament, m *domain.Match, seats []store.SeatResult) templates.RerunData {
	d := templates.RerunData{TournamentID: t.ID, Tournament: t.Name, GameID: m.GameID, MatchID: m.ID, Status: m.Status, Seed: m.Seed}
	for _, st := range seats {
		c := templates.PlayerCell{Seat: st.Seat, Bot: st.BotName, Owner: st.OwnerName, Score: "–"}
		if st.BotID != nil {
			c.BotID = *st.BotID
		}
		if st.Score != nil {
			c.Score = strconv.FormatInt(*st.Score, 10)
		}
		d.Players = append(d.Players, c)
	}
	return d
}
