package web

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// Conversions from store rows to what the public pages' templates show.

func standingRows(ctx context.Context, ss []domain.Standing, viewer *templates.Viewer) []templates.StandingRow {
	out := make([]templates.StandingRow, len(ss))
	for i, s := range ss {
		last := "–"
		if s.LastChange != nil {
			last = templates.Ago(ctx, *s.LastChange)
		}
		out[i] = templates.StandingRow{Rank: s.Rank, House: s.House, BotID: s.BotID, Bot: s.BotName, Owner: s.OwnerName, Language: s.Language,
			Score: s.Ordinal, Mu: s.Mu, Sigma: s.Sigma, Games: s.Games, LastChange: last,
			Mine: viewer != nil && viewer.ID == s.OwnerID}
	}
	return out
}

// matchRows lists players best first; focus marks one bot's seats.
func matchRows(ctx context.Context, ms []store.MatchSummary, titles map[string]string, focus int64) []templates.MatchRow {
	out := make([]templates.MatchRow, len(ms))
	for i, m := range ms {
		row := templates.MatchRow{ID: m.ID, GameID: m.GameID, GameTitle: cmp.Or(titles[m.GameID], m.GameID),
			Kind: m.Kind, HasReplay: m.HasReplay}
		if m.FinishedAt != nil {
			row.When = templates.Ago(ctx, *m.FinishedAt)
		}
		for _, p := range m.Players {
			c := playerCell(ctx, p, m.Kind)
			c.Focus = p.BotID != nil && *p.BotID == focus
			row.Players = append(row.Players, c)
		}
		slices.SortStableFunc(row.Players, func(a, b templates.PlayerCell) int {
			return cmp.Compare(rankKey(a.Rank), rankKey(b.Rank))
		})
		out[i] = row
	}
	return out
}

// playerCell is a listed match's seat as the pages show it.
func playerCell(ctx context.Context, p store.SeatBrief, kind string) templates.PlayerCell {
	c := templates.PlayerCell{Seat: p.Seat, Bot: seatBotLabel(ctx, p.BotName, kind, p.BotID == nil, p.House, false),
		Owner: p.OwnerName, Frozen: p.Frozen, Score: "–"}
	if p.BotID != nil {
		c.BotID = *p.BotID
	}
	if p.Score != nil {
		c.Score = strconv.FormatInt(*p.Score, 10)
	}
	if p.Rank != nil {
		c.Rank = *p.Rank
	}
	return c
}

// seatBotLabel is a seat's bot as the match tables name it. A ladder
// match may hold a game's Dummy twice: a house bot (rated, with its own
// page) and a plain built-in filling a seat left empty (not rated); each
// says which it is. rated (the match page's) adds whether it counts.
// Other built-ins (a qualification's Dummies, a challenge's pick) and
// students' bots keep their names.
func seatBotLabel(ctx context.Context, name, kind string, builtin, house, rated bool) string {
	id := ""
	switch {
	case house && rated:
		id = "site.seat.house_rated"
	case house:
		id = "site.seat.house"
	case builtin && kind == domain.KindLadder && rated:
		id = "site.seat.empty_unrated"
	case builtin && kind == domain.KindLadder:
		id = "site.seat.empty"
	default:
		return name
	}
	return i18n.T(ctx, id, map[string]any{"Bot": name})
}

// rankKey puts unranked seats last.
func rankKey(r int) int {
	if r <= 0 {
		return 1 << 30
	}
	return r
}

// olderPager links the next page of a newest-first list by keyset: the
// ids below the last one shown.
func olderPager(ctx context.Context, base string, before int64, ids []int64, size int) templates.ListPager {
	var pg templates.ListPager
	if before > 0 {
		pg.Prev = base // back to the newest
		pg.Label = i18n.T(ctx, "site.pager.older")
	}
	if len(ids) == size {
		pg.Next = fmt.Sprintf("%s?before=%d", base, ids[len(ids)-1])
	}
	return pg
}

func matchIDs(ms []store.MatchSummary) []int64 {
	ids := make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	return ids
}

// fullTime is a moment on a page, in ctx's language (templates.DateTime):
// "2 March 2026, 14:05 UTC"; "" for none.
func fullTime(ctx context.Context, t *time.Time) string {
	if t == nil {
		return ""
	}
	return templates.DateTime(ctx, *t)
}
