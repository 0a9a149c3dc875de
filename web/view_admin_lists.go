package web

import (
	"context"
	"net/url"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/templates"
)

// The admin's lists (users, bots, grades) from the page of rows their
// handlers loaded, each in a fixed number of queries.

// adminUsersView is a page of the users list for the query q (search
// and page) of total users, as me sees it (no changing oneself); d
// brings the refusal, the reset password and the roster's count.
func adminUsersView(ctx context.Context, d templates.AdminUsersData, users []store.UserListing, total int, q url.Values, me *domain.User) templates.AdminUsersData {
	search, page := strings.TrimSpace(q.Get("q")), adminPageNumber(q)
	d.Query, d.Back, d.Pager = search, "/admin/users", adminPagerFor(ctx, "/admin/users", q, page, total)
	if enc := adminListQuery(search, "", page); enc != "" {
		d.Back += "?" + enc
	}
	for _, u := range users {
		d.Rows = append(d.Rows, templates.AdminUserRow{ID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role,
			DisplayName: u.DisplayName, Group: u.Group,
			Disabled: u.Disabled, Bots: u.Bots, Joined: templates.Ago(ctx, u.CreatedAt), Self: me != nil && u.ID == me.ID})
	}
	return d
}

// adminBotsView is a page of the bots list for the query q (search, game
// and page) of total bots, with errMsg when a change was refused.
func adminBotsView(ctx context.Context, bots []store.BotListing, total int, q url.Values, errMsg string) templates.AdminBotsData {
	search, game, page := strings.TrimSpace(q.Get("q")), q.Get("game"), adminPageNumber(q)
	d := templates.AdminBotsData{Query: search, Game: game, Games: games.IDs(), Error: errMsg, Back: "/admin/bots",
		Pager: adminPagerFor(ctx, "/admin/bots", q, page, total)}
	if enc := adminListQuery(search, game, page); enc != "" {
		d.Back += "?" + enc
	}
	brief := func(v *store.VersionBrief) *templates.AdminVersion {
		if v == nil {
			return nil
		}
		return &templates.AdminVersion{ID: v.ID, Number: v.Number, Language: v.Language, Status: string(v.Status)}
	}
	for _, b := range bots {
		d.Rows = append(d.Rows, templates.AdminBotRow{ID: b.ID, Name: b.Name, Game: b.GameID, Owner: b.OwnerName,
			OwnerDisabled: b.OwnerDisabled, Disabled: b.Disabled, Versions: b.Versions,
			Current: brief(b.Current), Latest: brief(b.Latest), Created: templates.Ago(ctx, b.CreatedAt)})
	}
	return d
}

// adminGradesView is the grades page: a download per registered game and
// per tournament (ts, newest first), dated by its end or else its start.
func adminGradesView(ctx context.Context, ts []*domain.Tournament) templates.AdminGradesData {
	var d templates.AdminGradesData
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		d.Games = append(d.Games, templates.AdminGradesGame{ID: id, Title: g.Info().Title})
	}
	for _, t := range ts {
		row := templates.AdminGradesTournament{ID: t.ID, Name: t.Name, Game: gameTitle(t.GameID), Status: t.Status}
		if t.FinishedAt != nil {
			row.When = fullTime(ctx, t.FinishedAt)
		} else {
			row.When = fullTime(ctx, &t.StartAt)
		}
		d.Tournaments = append(d.Tournaments, row)
	}
	return d
}
