package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The live part of a tournament's page: progress, podium, standings, the
// rounds with their groups and matches, and the viewer's own path. While
// the tournament is not over, the page follows its event stream
// (tournamentEvents) and fetches the live part again when the stream says
// it changed; while the stream is down (a proxy that buffers, a restart),
// the part polls itself every 3 s instead (static/live.js decides).

// GET /tournaments/{id}/live: the fragment htmx fetches, with the page's
// head and facts out of band (its status and buttons change too).
func (s *Server) tournamentLivePart(w http.ResponseWriter, r *http.Request) {
	t, err := byID(r, "id", s.Pool, store.TournamentByID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.tournamentData(r.Context(), t)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.TournamentLiveResponse(d))
}

func (s *Server) tournamentLive(ctx context.Context, t *store.Tournament) (templates.TournamentLive, error) {
	d := templates.TournamentLive{ID: t.ID, GameID: t.GameID, Status: t.Status, Round: t.Round, League: t.Format == store.FormatLeague,
		Polling: t.Status != store.TournamentFinished && t.Status != store.TournamentCancelled}
	if g, err := games.Get(t.GameID); err == nil {
		d.Scoring = g.Info().Scoring
	}
	viewer := userFrom(ctx)
	if viewer != nil && viewer.Role == store.RoleAdmin {
		d.Admin = true
	}
	entrants, err := store.TournamentEntrants(ctx, s.Pool, t.ID)
	if err != nil {
		return d, err
	}
	matches, err := store.TournamentMatches(ctx, s.Pool, t.ID)
	if err != nil {
		return d, err
	}
	replays, err := store.TournamentReplays(ctx, s.Pool, t.ID)
	if err != nil {
		return d, err
	}
	byVersion := map[int64]store.Entrant{}
	mineBot := map[int64]bool{}
	for _, e := range entrants {
		byVersion[e.VersionID] = e
		if viewer != nil && e.OwnerID == viewer.ID {
			mineBot[e.BotID] = true
		}
	}
	place := func(e store.Entrant) templates.TournamentPlace {
		p := templates.TournamentPlace{BotID: e.BotID, Bot: e.BotName, Owner: e.OwnerName, Language: e.Language, Seed: fmt.Sprintf("%.2f", e.SeedRating),
			Mine: mineBot[e.BotID]}
		if e.Place != nil && t.Status == store.TournamentFinished {
			p.Place = *e.Place
		}
		return p
	}
	finished := t.Status == store.TournamentFinished
	d.Planned = judge.PlannedMatches(t, len(entrants))
	for _, m := range matches {
		if m.Status == store.MatchFinished || m.Status == store.MatchFailed {
			d.Done++
		}
	}

	// Standings: the league's running totals, or the field by place.
	if d.League {
		st, err := store.TournamentStandings(ctx, s.Pool, t.ID, 0, t.Format)
		if err != nil {
			return d, err
		}
		for i, x := range st {
			p := place(byVersion[x.VersionID])
			p.Played, p.Total, p.MeanRank = x.Played, x.Total, fmt.Sprintf("%.2f", x.MeanRank)
			p.Status = "playing"
			if finished {
				p.Place, p.Status = i+1, ""
			}
			d.Standings = append(d.Standings, p)
		}
		if finished { // stored places are the final word
			slices.SortStableFunc(d.Standings, func(a, b templates.TournamentPlace) int { return a.Place - b.Place })
		}
	} else {
		for _, e := range entrants {
			p := place(e)
			switch {
			case e.OutRound != nil:
				p.Status = fmt.Sprintf("out in round %d", *e.OutRound)
			case finished && p.Place == 1:
				p.Status = "champion"
			case finished:
				p.Status = "finalist"
			case t.FinalRound:
				p.Status = "in the final"
			case t.Round > 0:
				p.Status = fmt.Sprintf("playing round %d", t.Round)
			}
			d.Standings = append(d.Standings, p)
		}
	}
	if finished {
		for _, p := range d.Standings {
			if p.Place >= 1 && p.Place <= 3 {
				d.Podium = append(d.Podium, p)
			}
		}
	}

	// Rounds and groups, with each group's standings and matches.
	byGroup := map[[2]int][]store.TournamentMatch{}
	for _, m := range matches {
		k := [2]int{m.Round, m.Group}
		byGroup[k] = append(byGroup[k], m)
	}
	for r := 1; r <= t.Round; r++ {
		st, err := store.TournamentStandings(ctx, s.Pool, t.ID, r, t.Format)
		if err != nil {
			return d, err
		}
		rd := templates.TournamentRoundView{N: r, Final: t.Format == store.FormatElimination && t.FinalRound && r == t.Round}
		for _, x := range st {
			if len(rd.Groups) == 0 || rd.Groups[len(rd.Groups)-1].N != x.Group+1 {
				rd.Groups = append(rd.Groups, templates.TournamentGroupView{N: x.Group + 1})
			}
			g := &rd.Groups[len(rd.Groups)-1]
			e := byVersion[x.VersionID]
			p := place(e)
			p.Played, p.Total, p.MeanRank = x.Played, x.Total, fmt.Sprintf("%.2f", x.MeanRank)
			p.Out = e.OutRound != nil && *e.OutRound == r
			g.Rows = append(g.Rows, p)
			g.Mine = g.Mine || p.Mine
		}
		for gi := range rd.Groups {
			g := &rd.Groups[gi]
			for _, m := range byGroup[[2]int{r, g.N - 1}] {
				row := templates.TournamentMatchRow{ID: m.MatchID, N: m.Index + 1, Status: m.Status,
					Rerunnable: d.Admin && (m.Status == store.MatchFinished || m.Status == store.MatchFailed)}
				for _, seat := range m.Seats {
					c := playerCell(seat, store.KindTournament)
					if seat.BotID != nil {
						c.Focus = mineBot[c.BotID]
						row.Mine = row.Mine || c.Focus
					}
					row.Players = append(row.Players, c)
				}
				g.Matches = append(g.Matches, row)
			}
		}
		d.Rounds = append(d.Rounds, rd)
	}
	// The viewer's path, in words: where each of their bots stood in each
	// round, and how it ended.
	for _, e := range entrants {
		if !mineBot[e.BotID] {
			continue
		}
		var steps []string
		for _, rd := range d.Rounds {
			for _, g := range rd.Groups {
				for i, p := range g.Rows {
					if p.BotID != e.BotID {
						continue
					}
					where := fmt.Sprintf("round %d, group %d", rd.N, g.N)
					if rd.Final {
						where = fmt.Sprintf("the final (round %d)", rd.N)
					}
					verdict := ""
					if p.Out {
						verdict = ", out"
					}
					steps = append(steps, fmt.Sprintf("%s %s of %d%s", where, ordinal(i+1), len(g.Rows), verdict))
				}
			}
		}
		line := e.BotName + ": " + strings.Join(steps, " → ")
		if len(steps) == 0 {
			line = e.BotName + ": entered"
		}
		if finished && e.Place != nil {
			line += fmt.Sprintf("; finished %s of %d", ordinal(*e.Place), len(entrants))
		}
		d.MyPath = append(d.MyPath, line)
	}
	for _, r := range replays {
		d.Replays = append(d.Replays, templates.TournamentReplayRow{ID: r.MatchID, Of: r.OriginalID, Status: r.Status})
	}
	return d, nil
}

func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// maxTournamentStreams bounds the tournament streams one process serves at
// once (they are public); beyond, pages poll instead.
const maxTournamentStreams = 2000

// GET /tournaments/{id}/events[?seen=N]: a server-sent event stream that
// says when the tournament changed (a match landed, a round started, its
// status changed), for htmx's SSE extension: the page then fetches its live
// part. Each "changed" event carries the tournament's change count as its
// id and data. On connecting (and after the listener lost its connection)
// the stream compares the count with the one the page showed (seen, or the
// browser's Last-Event-ID on a reconnection) and says "changed" if it
// missed one: a page never stays older than its stream. When the
// tournament is over the stream says "over" and ends; the page closes it.
func (s *Server) tournamentEvents(h *hub) http.HandlerFunc {
	streams := &streamLimit{max: maxTournamentStreams}
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		t, err := byID(r, "id", s.Pool, store.TournamentByID)
		if err != nil {
			// Plain answers: a stream has no session, so no page frame.
			if errorStatus(err) == http.StatusNotFound {
				http.Error(w, "No such tournament.", http.StatusNotFound)
			} else {
				s.serverError(w, r, err)
			}
			return
		}
		release, ok := streams.take(w, "Too many live pages: this one polls instead.")
		if !ok {
			return
		}
		defer release()
		seen, _ := strconv.ParseInt(r.URL.Query().Get("seen"), 10, 64)
		if id, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil {
			seen = max(seen, id)
		}

		sub := h.subscribeTournament(t.ID)
		defer h.unsubscribe(sub)
		h.closeOnShutdown(r)

		rc, ok := openStream(w, r, sub, true)
		if !ok {
			return
		}
		// current reads the tournament and reports what the page missed.
		current := func() (store.TournamentEvent, error) {
			t, err := store.TournamentByID(ctx, s.Pool, t.ID)
			if err != nil {
				return store.TournamentEvent{}, err
			}
			return store.TournamentEvent{TournamentID: t.ID, Changes: t.Changes, Status: t.Status}, nil
		}
		e, err := current()
		beat := time.NewTicker(eventsHeartbeat)
		defer beat.Stop()
		for {
			if err == nil && e.Changes > seen {
				seen = e.Changes
				_, err = fmt.Fprintf(w, "event: changed\nid: %d\ndata: %d\n\n", e.Changes, e.Changes)
			}
			over := e.Status == store.TournamentFinished || e.Status == store.TournamentCancelled
			if err == nil && over {
				_, err = fmt.Fprintf(w, "event: over\ndata: %s\n\n", e.Status)
			}
			if err == nil {
				err = rc.Flush()
			}
			if err != nil || over {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-sub.gone:
				return
			case <-beat.C:
				err = ping(w)
				e = store.TournamentEvent{}
			case e = <-sub.tournaments:
				if e == tournamentResync {
					e, err = current()
				}
			}
		}
	}
}
