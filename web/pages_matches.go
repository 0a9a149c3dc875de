package web

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

const matchListSize = 30

// GET /games/{game}/matches[?before=ID]: finished matches, newest first.
func (s *Server) gameMatchesPage(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	before := queryInt64(r, "before")
	ms, err := store.FinishedMatches(r.Context(), s.Pool, g.ID, before, matchListSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.MatchList(s.page(r, i18n.T(r.Context(), "site.matches.title", map[string]any{"Game": g.Title}), "games"), templates.MatchListData{
		GameID: g.ID, GameTitle: g.Title,
		Rows:  matchRows(r.Context(), ms, nil, 0),
		Pager: olderPager("/games/"+g.ID+"/matches", before, matchIDs(ms), matchListSize),
	}))
}

// GET /matches/{id}: who played, how it ended, and the replay. Until it
// is over, its live part follows it (matchLivePart).
func (s *Server) matchPage(w http.ResponseWriter, r *http.Request) {
	d, err := s.matchPageData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Match(s.page(r, i18n.T(r.Context(), "site.match.title", map[string]any{"ID": d.ID}), "games"), d))
}

// GET /matches/{id}/live: the part of the match page that changes until
// the match is over, which that part fetches every few seconds meanwhile,
// with the page's badges out of band.
func (s *Server) matchLivePart(w http.ResponseWriter, r *http.Request) {
	d, err := s.matchPageData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.MatchLiveResponse(d))
}

// POST /matches/{id}/again: the match again as a challenge of the user's,
// each of their seats taken by its bot's newest version.
func (s *Server) matchAgain(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := urlInt64(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	m, err := judge.ChallengeAgain(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(ctx, fmt.Sprintf("Challenge #%d plays match #%d again with your latest version. This page follows it.", m.ID, id))
	http.Redirect(w, r, "/matches/"+strconv.FormatInt(m.ID, 10), http.StatusSeeOther)
}

// matchPageData reads the match of the URL as its page shows it to the
// viewer.
func (s *Server) matchPageData(r *http.Request) (templates.MatchData, error) {
	m, seats, err := s.matchWithSeats(r, "id")
	if err != nil {
		return templates.MatchData{}, err
	}
	return s.matchData(r.Context(), m, seats)
}

func (s *Server) matchData(ctx context.Context, m *store.Match, seats []store.SeatResult) (templates.MatchData, error) {
	title := m.GameID
	if g, err := store.PublicGameByID(ctx, s.Pool, m.GameID); err == nil {
		title = g.Title
	}
	d := templates.MatchData{ID: m.ID, GameID: m.GameID, GameTitle: title, Kind: m.Kind, Status: m.Status,
		Rated: m.Rated, Seed: m.Seed, Created: localTime(ctx, &m.CreatedAt), Finished: localTime(ctx, m.FinishedAt),
		Failed: m.Status == store.MatchFailed, HasReplay: m.ReplayKey != nil}
	if g, err := games.Get(m.GameID); err == nil {
		d.Scoring = g.Info().Scoring
	}
	for _, st := range seats {
		row := templates.SeatRow{Seat: st.Seat, Bot: seatBotLabel(st.BotName, m.Kind, st.BotID == nil, st.House, m.Rated),
			Owner: st.OwnerName, Language: st.Language, Score: "–", CPU: "–"}
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
	if m.ChallengerID != nil {
		u, err := store.UserByID(ctx, s.Pool, *m.ChallengerID)
		if err != nil {
			return d, err
		}
		d.Challenger = u.Name
	}
	if m.Status == store.MatchQueued {
		state, ahead, err := store.MatchJob(ctx, s.Pool, m.ID)
		if err != nil {
			return d, err
		}
		d.Waiting, d.Polling = queueWords(state, ahead), state != "cancelled" && state != "discarded"
	}
	if err := s.replayState(ctx, &d, m); err != nil {
		return d, err
	}
	if viewer := userFrom(ctx); viewer != nil {
		if err := s.viewerSeats(ctx, &d, m, seats, viewer.ID); err != nil {
			return d, err
		}
	}
	return d, nil
}

// replayState says what became of a finished match's replay: deleted by
// retention (and being played again, or not), or played again.
func (s *Server) replayState(ctx context.Context, d *templates.MatchData, m *store.Match) error {
	if m.ReplayRegeneratedAt != nil {
		d.Regenerated, d.ReplayDiffers = localTime(ctx, m.ReplayRegeneratedAt), m.ReplayDiffers
	}
	if m.Status != store.MatchFinished || m.ReplayKey != nil {
		return nil
	}
	d.ReplayGone = true
	d.ReplayDeleted = localTime(ctx, m.ReplayDeletedAt)
	d.LoggedIn = userFrom(ctx) != nil
	ret, err := store.LoadRetention(ctx, s.Pool)
	if err != nil {
		return err
	}
	d.Kept = replayRetentionWords(ret)
	state, ahead, lastErr, err := store.ReplayJob(ctx, s.Pool, m.ID)
	if err != nil {
		return err
	}
	switch state {
	case "available", "running", "retryable", "scheduled", "pending":
		d.ReplayWaiting, d.Polling = queueWords(state, ahead), true
	case "cancelled":
		d.ReplayFailed = "It could not be played again: its request was cancelled."
		if why := strings.TrimPrefix(lastErr, "JobCancelError: "); why != "" {
			d.ReplayFailed = "It could not be played again: " + why + "."
		}
	case "discarded":
		d.ReplayFailed = "It could not be played again (its job gave up; an admin sees why on the job queue)."
	}
	return nil
}

// POST /matches/{id}/replay/again: play again a match whose replay
// retention deleted; its page follows it.
func (s *Server) matchReplayAgain(w http.ResponseWriter, r *http.Request) {
	id, ok := urlInt64(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	queued, err := judge.RegenerateReplay(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	msg := "Match #%d is being played again for its replay. This page follows it."
	if !queued {
		msg = "Match #%d is already waiting to be played again. This page follows it."
	}
	s.flash(ctx, fmt.Sprintf(msg, id))
	http.Redirect(w, r, "/matches/"+strconv.FormatInt(id, 10), http.StatusSeeOther)
}

// queueWords says where a waiting match's job stands.
func queueWords(state string, ahead int) string {
	switch state {
	case "available":
		switch ahead {
		case 0:
			return "it is next in the queue"
		case 1:
			return "1 match is ahead of it in the queue"
		}
		return fmt.Sprintf("%d matches are ahead of it in the queue", ahead)
	case "running":
		return "it is being played now"
	case "retryable", "scheduled", "pending":
		return "it will be tried again in a moment"
	case "cancelled", "discarded":
		return "its job was cancelled: it will not be played"
	}
	return "it is waiting for a worker"
}

// viewerSeats adds what the match page offers the viewer because of their
// seats: their bots' debug logs, "play again" with their latest version,
// and a challenge of the same bots.
func (s *Server) viewerSeats(ctx context.Context, d *templates.MatchData, m *store.Match, seats []store.SeatResult, viewerID int64) error {
	owners, err := store.SeatOwners(ctx, s.Pool, m.ID)
	if err != nil {
		return err
	}
	logs, err := store.SeatLogs(ctx, s.Pool, m.ID, viewerID)
	if err != nil {
		return err
	}
	link := url.Values{}
	for _, st := range seats {
		mine := owners[st.Seat] == viewerID && st.BotID != nil
		if text, ok := logs[st.Seat]; ok {
			d.Logs = append(d.Logs, templates.SeatLog{Seat: st.Seat, Bot: st.BotName, Text: text})
		}
		switch {
		case mine && !link.Has("version"):
			d.Again = true
			link.Set("version", "bot:"+strconv.FormatInt(*st.BotID, 10))
		case st.House:
			// A house bot is the built-in it is named after, which the form
			// offers (house bots are not among its leaderboard bots).
			link.Add("opponent", "builtin:"+st.BotName)
		case st.Builtin != nil && st.BotID == nil:
			link.Add("opponent", "builtin:"+*st.Builtin)
		case st.BotID != nil:
			link.Add("opponent", "bot:"+strconv.FormatInt(*st.BotID, 10))
		}
	}
	d.ChallengeURL = "/games/" + m.GameID + "/challenge?" + link.Encode()
	return nil
}
