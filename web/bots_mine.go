package web

import (
	"net/http"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// GET /bots: the user's bots per game, with their latest version's status
// (followed live) and their standing on the ladder.
func (s *Server) myBots(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := userFrom(ctx)
	bots, err := store.BotsOfOwner(ctx, s.Pool, u.ID, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var d templates.MyBotsData
	byGame := map[string]int{} // index in d.Games
	for _, b := range bots {
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
		d.Games[i].Bots = append(d.Games[i].Bots, row)
	}
	// Ranks: one query per game, the user's bots with their overall rank.
	for i := range d.Games {
		g := &d.Games[i]
		rows, _, err := s.leaderboard(ctx, g.ID, u.ID, 1000, 0)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if len(rows) > 0 { // the size of the whole board, for "#3 of 40"
			if _, g.Total, err = s.leaderboard(ctx, g.ID, 0, 1, 0); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		rank := map[int64]domain.Standing{}
		for _, st := range rows {
			rank[st.BotID] = st
		}
		for j := range g.Bots {
			if st, ok := rank[g.Bots[j].ID]; ok {
				g.Bots[j].Rank = st.Rank
				score := st.Ordinal
				g.Bots[j].Score = &score
			}
		}
	}
	for _, id := range games.IDs() {
		if _, mine := byGame[id]; !mine && submittable(id) {
			d.Others = append(d.Others, templates.GameCard{ID: id, Title: gameTitle(id)})
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.MyBots(s.page(r, i18n.T(r.Context(), "site.nav.mybots"), "bots"), d))
}

// submittable says whether bots can be built for a game (it has an SDK).
func submittable(gameID string) bool {
	_, err := games.SDKFiles(gameID)
	return err == nil
}
