package web

import (
	"context"
	"fmt"
	"slices"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// tournamentLoad is what a tournament's live part is made of, as the
// database has it: loadTournamentLive reads it in four queries (entrants,
// matches, replays, every round's standings), tournamentLiveView makes
// the view of it without one (tournamentData adds the page's head).
type tournamentLoad struct {
	T         *domain.Tournament
	Entrants  []store.Entrant
	Matches   []store.TournamentMatch
	Replays   []store.TournamentReplay
	Standings map[int][]store.TourStanding // by round; 0: the totals over rounds
	Viewer    *domain.User                 // nil: no one logged in
}

func (s *Server) loadTournamentLive(ctx context.Context, t *domain.Tournament) (tournamentLoad, error) {
	l := tournamentLoad{T: t, Viewer: userFrom(ctx)}
	var err error
	if l.Entrants, err = store.TournamentEntrants(ctx, s.Pool, t.ID); err != nil {
		return l, err
	}
	if l.Matches, err = store.TournamentMatches(ctx, s.Pool, t.ID); err != nil {
		return l, err
	}
	if l.Replays, err = store.TournamentReplays(ctx, s.Pool, t.ID); err != nil {
		return l, err
	}
	l.Standings, err = store.TournamentAllStandings(ctx, s.Pool, t.ID, t.Format)
	return l, err
}

// tournamentLiveView is the live part of a tournament's page: progress,
// podium, standings, the rounds with their groups and matches, and the
// viewer's own path.
func tournamentLiveView(ctx context.Context, l tournamentLoad) templates.TournamentLive {
	t := l.T
	f := newEntrantsView(l)
	d := templates.TournamentLive{ID: t.ID, GameID: t.GameID, Status: t.Status, Round: t.Round, League: t.Format == domain.FormatLeague,
		Polling: !f.finished && t.Status != domain.TournamentCancelled,
		Admin:   l.Viewer != nil && l.Viewer.Role == domain.RoleAdmin,
		Planned: judge.PlannedMatches(t, len(l.Entrants))}
	if g, err := games.Get(t.GameID); err == nil {
		d.Scoring = g.Info().Scoring
	}
	for _, m := range l.Matches {
		if m.Status == domain.MatchFinished || m.Status == domain.MatchFailed {
			d.Done++
		}
	}
	d.Standings = f.standings(l)
	if f.finished {
		for _, p := range d.Standings {
			if p.Place >= 1 && p.Place <= 3 {
				d.Podium = append(d.Podium, p)
			}
		}
	}
	d.Rounds = f.rounds(ctx, l, d.Admin)
	d.MyPath = f.paths(l, d.Rounds)
	for _, r := range l.Replays {
		d.Replays = append(d.Replays, templates.TournamentReplayRow{ID: r.MatchID, Of: r.OriginalID, Status: r.Status})
	}
	return d
}

// entrantsView is a tournament's entrants as its views look them up.
type entrantsView struct {
	finished  bool
	byVersion map[int64]store.Entrant
	mine      map[int64]bool // the viewer's bots
}

func newEntrantsView(l tournamentLoad) entrantsView {
	f := entrantsView{finished: l.T.Status == domain.TournamentFinished, byVersion: map[int64]store.Entrant{}, mine: map[int64]bool{}}
	for _, e := range l.Entrants {
		f.byVersion[e.VersionID] = e
		if l.Viewer != nil && e.OwnerID == l.Viewer.ID {
			f.mine[e.BotID] = true
		}
	}
	return f
}

// place is entrant e in a table; its place once the tournament is over.
func (f entrantsView) place(e store.Entrant) templates.TournamentPlace {
	p := templates.TournamentPlace{BotID: e.BotID, Bot: e.BotName, Owner: e.OwnerName, Language: e.Language,
		Seed: fmt.Sprintf("%.2f", e.SeedRating), Mine: f.mine[e.BotID]}
	if e.Place != nil && f.finished {
		p.Place = *e.Place
	}
	return p
}

// scored is the entrant of standing x in a table, with its totals.
func (f entrantsView) scored(x store.TourStanding) templates.TournamentPlace {
	p := f.place(f.byVersion[x.VersionID])
	p.Played, p.Total, p.MeanRank = x.Played, x.Total, fmt.Sprintf("%.2f", x.MeanRank)
	return p
}

// standings: the league's running totals, or the entrantsView by place.
func (f entrantsView) standings(l tournamentLoad) []templates.TournamentPlace {
	t := l.T
	var out []templates.TournamentPlace
	if t.Format == domain.FormatLeague {
		for i, x := range l.Standings[0] {
			p := f.scored(x)
			p.State = templates.EntrantPlaying
			if f.finished {
				p.Place, p.State = i+1, ""
			}
			out = append(out, p)
		}
		if f.finished { // stored places are the final word
			slices.SortStableFunc(out, func(a, b templates.TournamentPlace) int { return a.Place - b.Place })
		}
		return out
	}
	for _, e := range l.Entrants {
		p := f.place(e)
		switch {
		case e.OutRound != nil:
			p.State, p.StateRound = templates.EntrantOut, *e.OutRound
		case f.finished && p.Place == 1:
			p.State = templates.EntrantChampion
		case f.finished:
			p.State = templates.EntrantFinalist
		case t.FinalRound:
			p.State = templates.EntrantInFinal
		case t.Round > 0:
			p.State, p.StateRound = templates.EntrantInRound, t.Round
		}
		out = append(out, p)
	}
	return out
}

// rounds: each round's groups, with each group's standings and matches.
// An admin may run a finished or failed match again.
func (f entrantsView) rounds(ctx context.Context, l tournamentLoad, admin bool) []templates.TournamentRoundView {
	t := l.T
	byGroup := map[[2]int][]store.TournamentMatch{}
	for _, m := range l.Matches {
		k := [2]int{m.Round, m.Group}
		byGroup[k] = append(byGroup[k], m)
	}
	var out []templates.TournamentRoundView
	for r := 1; r <= t.Round; r++ {
		rd := templates.TournamentRoundView{N: r, Final: t.Format == domain.FormatElimination && t.FinalRound && r == t.Round}
		for _, x := range l.Standings[r] {
			if len(rd.Groups) == 0 || rd.Groups[len(rd.Groups)-1].N != x.Group+1 {
				rd.Groups = append(rd.Groups, templates.TournamentGroupView{N: x.Group + 1})
			}
			g := &rd.Groups[len(rd.Groups)-1]
			p := f.scored(x)
			e := f.byVersion[x.VersionID]
			p.Out = e.OutRound != nil && *e.OutRound == r
			g.Rows = append(g.Rows, p)
			g.Mine = g.Mine || p.Mine
		}
		for gi := range rd.Groups {
			g := &rd.Groups[gi]
			for _, m := range byGroup[[2]int{r, g.N - 1}] {
				row := templates.TournamentMatchRow{ID: m.MatchID, N: m.Index + 1, Status: m.Status,
					Rerunnable: admin && (m.Status == domain.MatchFinished || m.Status == domain.MatchFailed)}
				for _, seat := range m.Seats {
					c := playerCell(ctx, seat, domain.KindTournament)
					if seat.BotID != nil {
						c.Focus = f.mine[c.BotID]
						row.Mine = row.Mine || c.Focus
					}
					row.Players = append(row.Players, c)
				}
				g.Matches = append(g.Matches, row)
			}
		}
		out = append(out, rd)
	}
	return out
}

// paths: where each of the viewer's bots stood in each round, and how it
// ended (the template says it in words).
func (f entrantsView) paths(l tournamentLoad, rounds []templates.TournamentRoundView) []templates.TournamentPath {
	var out []templates.TournamentPath
	for _, e := range l.Entrants {
		if !f.mine[e.BotID] {
			continue
		}
		path := templates.TournamentPath{Bot: e.BotName}
		for _, rd := range rounds {
			for _, g := range rd.Groups {
				for i, p := range g.Rows {
					if p.BotID == e.BotID {
						path.Steps = append(path.Steps, templates.TournamentStep{Round: rd.N, Group: g.N, Final: rd.Final,
							Rank: i + 1, Of: len(g.Rows), Out: p.Out})
					}
				}
			}
		}
		if f.finished && e.Place != nil {
			path.Place, path.Of = *e.Place, len(l.Entrants)
		}
		out = append(out, path)
	}
	return out
}
