package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// Tournaments: the public list and pages (the live part is polled by htmx
// every 3 s until the tournament is over: simple, and it survives any
// restart of any process), and the admin's actions, each a POST that
// calls into package judge inside one transaction.

// GET /tournaments
func (s *Server) tournamentsPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ts, err := store.Tournaments(ctx, s.Pool, 200)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	var counts map[int64]int
	rows, err := s.Pool.Query(ctx, "SELECT tournament_id, count(*) FROM tournament_entrants GROUP BY 1")
	if err == nil {
		counts = map[int64]int{}
		for rows.Next() {
			var id int64
			var n int
			if err = rows.Scan(&id, &n); err != nil {
				break
			}
			counts[id] = n
		}
		rows.Close()
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := templates.TournamentsData{}
	if u := userFrom(ctx); u != nil && u.Role == store.RoleAdmin {
		d.Admin = true
	}
	for _, t := range ts {
		row := templates.TournamentRow{ID: t.ID, Name: t.Name, Game: t.GameID, Format: t.Format, Status: t.Status,
			When: fullTime(&t.StartAt), Entrants: counts[t.ID]}
		switch t.Status {
		case store.TournamentScheduled:
			d.Upcoming = append(d.Upcoming, row)
		case store.TournamentRunning, store.TournamentPaused:
			d.Running = append(d.Running, row)
		default:
			row.When = fullTime(t.FinishedAt)
			d.Finished = append(d.Finished, row)
		}
	}
	// Upcoming soonest first; the others as listed, latest first.
	slices.Reverse(d.Upcoming)
	s.render(w, r, http.StatusOK, templates.Tournaments(s.page(r, "Tournaments", "tournaments"), d))
}

// tournamentOf loads the tournament of the URL or answers 404.
func (s *Server) tournamentOf(w http.ResponseWriter, r *http.Request) (*store.Tournament, bool) {
	id, ok := urlInt64(r, "id")
	if !ok {
		s.notFound(w, r)
		return nil, false
	}
	t, err := store.TournamentByID(r.Context(), s.Pool, id)
	if errors.Is(err, store.ErrNotFound) {
		s.notFound(w, r)
		return nil, false
	}
	if err != nil {
		s.serverError(w, r, err)
		return nil, false
	}
	return t, true
}

// GET /tournaments/{id}
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
	t, ok := s.tournamentOf(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	live, err := s.tournamentLive(ctx, t)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := templates.TournamentData{ID: t.ID, Name: t.Name, GameID: t.GameID, GameTitle: t.GameID, Format: t.Format,
		Rules: tournamentRules(t), Settings: settingsText(t.Settings), Start: fullTime(&t.StartAt),
		Started: fullTime(t.StartedAt), Finished: fullTime(t.FinishedAt), Note: t.Note, Status: t.Status,
		Admin: live.Admin, Live: live}
	if g, err := store.PublicGameByID(ctx, s.Pool, t.GameID); err == nil {
		d.GameTitle = g.Title
	}
	if d.Admin {
		if state, at, ok, err := judge.TournamentStartJob(ctx, s.Pool, t.ID); err == nil && ok {
			d.StartJob = state + ", due " + fullTime(&at)
		}
	}
	s.render(w, r, http.StatusOK, templates.Tournament(s.page(r, t.Name, "tournaments"), d))
}

// GET /tournaments/{id}/live: the fragment htmx polls.
func (s *Server) tournamentLivePart(w http.ResponseWriter, r *http.Request) {
	t, ok := s.tournamentOf(w, r)
	if !ok {
		return
	}
	live, err := s.tournamentLive(r.Context(), t)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.TournamentLivePart(live))
}

func tournamentRules(t *store.Tournament) string {
	if t.Format == store.FormatLeague {
		return fmt.Sprintf("league: %d rounds of shuffled groups of four, %d match(es) per group, ranked by mean place, then mean score",
			t.LeagueRounds, t.GroupMatches)
	}
	return fmt.Sprintf("elimination: groups of four seeded by μ−3σ, %d match(es) per group, the last %d of each group out, "+
		"then a final group of four plays %d match(es)", t.GroupMatches, t.DropCount, t.FinalMatches)
}

func settingsText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, " ")
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

// tournamentLive gathers what the live part shows, from the viewer's side.
func (s *Server) tournamentLive(ctx context.Context, t *store.Tournament) (templates.TournamentLive, error) {
	d := templates.TournamentLive{ID: t.ID, Status: t.Status, Round: t.Round, League: t.Format == store.FormatLeague,
		Polling: t.Status != store.TournamentFinished && t.Status != store.TournamentCancelled}
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
		p := templates.TournamentPlace{BotID: e.BotID, Bot: e.BotName, Owner: e.OwnerName, Seed: fmt.Sprintf("%.2f", e.SeedRating),
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
					Replayable: d.Admin && m.Status == store.MatchFinished}
				for _, seat := range m.Seats {
					c := templates.PlayerCell{Bot: seat.BotName, Owner: seat.OwnerName, Score: "–", Frozen: seat.Frozen}
					if seat.BotID != nil {
						c.BotID = *seat.BotID
						c.Focus = mineBot[c.BotID]
						row.Mine = row.Mine || c.Focus
					}
					if seat.Score != nil {
						c.Score = strconv.FormatInt(*seat.Score, 10)
					}
					if seat.Rank != nil {
						c.Rank = *seat.Rank
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

// --- admin actions ---

// GET /admin/tournaments/new
func (s *Server) adminTournamentNew(w http.ResponseWriter, r *http.Request) {
	d := templates.TournamentFormData{Games: games.IDs(), AllBots: true, Format: store.FormatElimination,
		GroupMatches: "3", FinalMatches: "5", DropCount: "2", LeagueRounds: "4"}
	if len(d.Games) > 0 {
		d.Game = d.Games[0]
	}
	var err error
	if d.Boards, err = s.boardOptions(r.Context(), nil); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.TournamentForm(s.page(r, "New tournament · Admin", "admin"), d))
}

// boardOptions lists the uploaded boards for the form, chosen ones checked.
func (s *Server) boardOptions(ctx context.Context, chosen []int64) ([]templates.BoardOption, error) {
	boards, err := store.Boards(ctx, s.Pool)
	if err != nil {
		return nil, err
	}
	out := make([]templates.BoardOption, len(boards))
	for i, b := range boards {
		out[i] = templates.BoardOption{ID: b.ID, Game: b.GameID, Name: b.Name, Checked: slices.Contains(chosen, b.ID)}
	}
	return out, nil
}

// parseSettings reads "k=v k=v" (spaces, commas or new lines between) or a
// JSON object of whole numbers.
func parseSettings(raw string) (map[string]int, error) {
	out := map[string]int{}
	raw = strings.TrimSpace(raw)
	if strings.HasPrefix(raw, "{") {
		if err := json.Unmarshal([]byte(raw), &out); err != nil {
			return nil, fmt.Errorf("settings: %v", err)
		}
		return out, nil
	}
	for _, f := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' }) {
		k, v, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("settings: %q is not name=number", f)
		}
		out[strings.TrimSpace(k)] = n
	}
	return out, nil
}

// POST /admin/tournaments
func (s *Server) adminTournamentCreate(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
		return
	}
	f := r.PostForm
	d := templates.TournamentFormData{Games: games.IDs(), Name: strings.TrimSpace(f.Get("name")), Game: f.Get("game"),
		Format: f.Get("format"), Settings: f.Get("settings"), BotIDs: f.Get("bot_ids"), AllBots: f.Get("entrants") != "list",
		GroupMatches: f.Get("group_matches"), FinalMatches: f.Get("final_matches"), DropCount: f.Get("drop_count"),
		LeagueRounds: f.Get("league_rounds"), Start: f.Get("start")}
	var boardIDs []int64
	for _, v := range f["board"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			http.Error(w, "Bad board id.", http.StatusBadRequest)
			return
		}
		boardIDs = append(boardIDs, id)
	}
	fail := func(msg string) {
		if opts, err := s.boardOptions(r.Context(), boardIDs); err == nil {
			d.Boards = opts
		}
		d.Error = "Not scheduled: " + msg
		s.render(w, r, http.StatusUnprocessableEntity, templates.TournamentForm(s.page(r, "New tournament · Admin", "admin"), d))
	}
	t := &store.Tournament{Name: d.Name, GameID: d.Game, Format: d.Format, StartAt: time.Now(), BoardIDs: boardIDs}
	if n := len([]rune(t.Name)); n < 1 || n > 100 {
		fail("the name must have 1 to 100 characters.")
		return
	}
	var err error
	if t.Settings, err = parseSettings(d.Settings); err != nil {
		fail(err.Error() + ".")
		return
	}
	for _, x := range []struct {
		name, raw string
		to        *int
	}{{"N", d.GroupMatches, &t.GroupMatches}, {"M", d.FinalMatches, &t.FinalMatches},
		{"K", d.DropCount, &t.DropCount}, {"R", d.LeagueRounds, &t.LeagueRounds}} {
		if *x.to, err = strconv.Atoi(strings.TrimSpace(x.raw)); err != nil {
			fail(fmt.Sprintf("%s: %q is not a whole number.", x.name, x.raw))
			return
		}
	}
	if !d.AllBots {
		t.BotIDs = []int64{}
		for _, f := range strings.FieldsFunc(d.BotIDs, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil || id <= 0 {
				fail(fmt.Sprintf("%q is not a bot id.", f))
				return
			}
			t.BotIDs = append(t.BotIDs, id)
		}
		if len(t.BotIDs) < 2 {
			fail("choose at least two bots.")
			return
		}
	}
	if raw := strings.TrimSpace(d.Start); raw != "" {
		at, err := time.ParseInLocation("2006-01-02T15:04", raw, time.UTC)
		if err != nil { // browsers may add seconds
			at, err = time.ParseInLocation("2006-01-02T15:04:05", raw, time.UTC)
		}
		if err != nil {
			fail(fmt.Sprintf("start: %q is not a date and time.", raw))
			return
		}
		t.StartAt = at
	}
	if u := userFrom(r.Context()); u != nil {
		t.CreatedBy = &u.ID
	}
	ctx := r.Context()
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return judge.CreateTournament(ctx, tx, s.Jobs, t) })
	if errors.Is(err, judge.ErrTournament) {
		fail(strings.TrimPrefix(err.Error(), "tournament: ") + ".")
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, fmt.Sprintf("Tournament %q scheduled for %s.", t.Name, fullTime(&t.StartAt)))
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", t.ID), http.StatusSeeOther)
}

// tournamentAction runs one admin action on the URL's tournament in a
// transaction and goes back to its page with what happened.
func (s *Server) tournamentAction(w http.ResponseWriter, r *http.Request, done string, act func(context.Context, pgx.Tx, int64) error) {
	t, ok := s.tournamentOf(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return act(ctx, tx, t.ID) })
	switch {
	case errors.Is(err, judge.ErrTournament):
		s.flash(ctx, "Refused: "+strings.TrimPrefix(err.Error(), "tournament: ")+".")
	case err != nil:
		s.serverError(w, r, err)
		return
	case done != "":
		s.flash(ctx, done)
	}
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", t.ID), http.StatusSeeOther)
}

// POST /admin/tournaments/{id}/pause
func (s *Server) adminTournamentPause(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Paused: matches already queued finish, no new round starts.", judge.PauseTournament)
}

// POST /admin/tournaments/{id}/resume
func (s *Server) adminTournamentResume(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Resumed.", func(ctx context.Context, tx pgx.Tx, id int64) error {
		return judge.ResumeTournament(ctx, tx, s.Jobs, id)
	})
}

// POST /admin/tournaments/{id}/cancel
func (s *Server) adminTournamentCancel(w http.ResponseWriter, r *http.Request) {
	s.tournamentAction(w, r, "Cancelled: its queued matches will not be played.", func(ctx context.Context, tx pgx.Tx, id int64) error {
		return judge.CancelTournament(ctx, tx, s.Jobs, id)
	})
}

// POST /admin/tournaments/{id}/matches/{match}/replay
func (s *Server) adminTournamentReplay(w http.ResponseWriter, r *http.Request) {
	matchID, ok := urlInt64(r, "match")
	if !ok {
		s.notFound(w, r)
		return
	}
	var replay int64
	s.tournamentAction(w, r, "", func(ctx context.Context, tx pgx.Tx, id int64) (err error) {
		replay, err = judge.ReplayTournamentMatch(ctx, tx, s.Jobs, id, matchID)
		if err == nil {
			s.flash(ctx, fmt.Sprintf("Match #%d will be played again as #%d; the standings do not change.", matchID, replay))
		}
		return err
	})
}
