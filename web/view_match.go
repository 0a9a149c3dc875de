package web

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// matchLoad is what a match's page is made of, as the database has it:
// loadMatch reads it in at most nine queries (the match, its seats, its
// game, its challenger, its job while queued, the retention rules and the
// replay's job once the replay is deleted, the viewer's seats and logs);
// matchView makes the page of it without one.
type matchLoad struct {
	M          *domain.Match
	Seats      []store.SeatResult
	GameTitle  string // "" when the game is not public
	Challenger string // who started a challenge
	// Queued matches: their job's state and the jobs ahead of it.
	Job templates.JobQueue
	// Finished matches whose replay retention deleted: the rules, and the
	// job playing the match again (its state, the jobs ahead of it, its
	// last error).
	Retention      store.Retention
	ReplayJob      templates.JobQueue
	ReplayJobError string
	// The viewer (nil: no one logged in), the owners of the seats, and the
	// viewer's bots' logs by seat.
	Viewer *domain.User
	Owners map[int]int64
	Logs   map[int]string
}

// loadMatch reads what the page of match m (with its seats) shows the
// viewer.
func (s *Server) loadMatch(ctx context.Context, m *domain.Match, seats []store.SeatResult) (matchLoad, error) {
	l := matchLoad{M: m, Seats: seats, Viewer: userFrom(ctx)}
	var err error
	if g, err := store.PublicGameByID(ctx, s.Pool, m.GameID); err == nil {
		l.GameTitle = g.Title
	}
	if m.ChallengerID != nil {
		u, err := store.UserByID(ctx, s.Pool, *m.ChallengerID)
		if err != nil {
			return l, err
		}
		l.Challenger = u.Name
	}
	if m.Status == domain.MatchQueued {
		if l.Job.State, l.Job.Ahead, err = store.MatchJob(ctx, s.Pool, m.ID); err != nil {
			return l, err
		}
	}
	if replayGone(m) {
		if l.Retention, err = store.LoadRetention(ctx, s.Pool); err != nil {
			return l, err
		}
		if l.ReplayJob.State, l.ReplayJob.Ahead, l.ReplayJobError, err = store.ReplayJob(ctx, s.Pool, m.ID); err != nil {
			return l, err
		}
	}
	if l.Viewer != nil {
		if l.Owners, err = store.SeatOwners(ctx, s.Pool, m.ID); err != nil {
			return l, err
		}
		if l.Logs, err = store.SeatLogs(ctx, s.Pool, m.ID, l.Viewer.ID); err != nil {
			return l, err
		}
	}
	return l, nil
}

// replayGone: the match is over but retention deleted its replay.
func replayGone(m *domain.Match) bool {
	return m.Status == domain.MatchFinished && m.ReplayKey == nil
}

// matchView is a match's page: who played, how it ended, where it stands
// while it waits, what became of its replay, and what the viewer may do
// with their seats.
func matchView(ctx context.Context, l matchLoad) templates.MatchData {
	m := l.M
	d := templates.MatchData{ID: m.ID, GameID: m.GameID, GameTitle: cmp.Or(l.GameTitle, m.GameID), Kind: m.Kind, Status: m.Status,
		Rated: m.Rated, Seed: m.Seed, Created: localTime(ctx, &m.CreatedAt), Finished: localTime(ctx, m.FinishedAt),
		Failed: m.Status == domain.MatchFailed, HasReplay: m.ReplayKey != nil, Challenger: l.Challenger}
	if g, err := games.Get(m.GameID); err == nil {
		d.Scoring = g.Info().Scoring
	}
	d.Seats = matchSeatRows(ctx, l)
	if m.Status == domain.MatchQueued {
		job := l.Job
		d.Queue, d.Polling = &job, job.State != "cancelled" && job.State != "discarded"
	}
	matchRetentionView(ctx, l, &d)
	matchViewerSeats(l, &d)
	return d
}

// matchSeatRows are a match's seats as its page lists them, best first.
func matchSeatRows(ctx context.Context, l matchLoad) []templates.SeatRow {
	m := l.M
	var rows []templates.SeatRow
	for _, st := range l.Seats {
		row := templates.SeatRow{Seat: st.Seat, Bot: seatBotLabel(ctx, st.BotName, m.Kind, st.BotID == nil, st.House, m.Rated),
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
			row.CPU = i18n.T(ctx, "site.match.cpu_seconds", map[string]any{"S": templates.Decimal(ctx, *st.CPUSeconds, 3)})
		}
		row.Frozen = frozenWords(ctx, st)
		if st.Invalid != nil {
			row.Invalid = *st.Invalid
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b templates.SeatRow) int { return cmp.Compare(rankKey(a.Rank), rankKey(b.Rank)) })
	return rows
}

// matchRetentionView says on d what retention did to the match's replay:
// deleted (and being played again, or not), or played again.
func matchRetentionView(ctx context.Context, l matchLoad, d *templates.MatchData) {
	m := l.M
	if m.ReplayRegeneratedAt != nil {
		d.Regenerated, d.ReplayDiffers = localTime(ctx, m.ReplayRegeneratedAt), m.ReplayDiffers
	}
	if replayGone(m) {
		d.ReplayGone = true
		d.ReplayDeleted = localTime(ctx, m.ReplayDeletedAt)
		d.LoggedIn = l.Viewer != nil
		d.Kept = retentionRules(l.Retention)
		switch job := l.ReplayJob; job.State {
		case "available", "running", "retryable", "scheduled", "pending":
			d.ReplayQueue, d.Polling = &job, true
		case "cancelled", "discarded":
			d.ReplayFailed = job.State
			d.ReplayFailedWhy = strings.TrimPrefix(l.ReplayJobError, "JobCancelError: ")
		}
	}
}

// matchViewerSeats puts on d the viewer's seats: their bots' debug logs,
// "play again" with their latest version, and a challenge of the same
// bots.
func matchViewerSeats(l matchLoad, d *templates.MatchData) {
	m := l.M
	if l.Viewer == nil {
		return
	}
	link := url.Values{}
	for _, st := range l.Seats {
		mine := l.Owners[st.Seat] == l.Viewer.ID && st.BotID != nil
		if mine {
			d.MySeats = append(d.MySeats, st.Seat)
		}
		if text, ok := l.Logs[st.Seat]; ok {
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
	d.SeatLogs = len(d.MySeats) > 0 || l.Viewer.Role == domain.RoleAdmin
}

// retentionRules are the retention rules r, for the pages to put in words.
func retentionRules(r store.Retention) templates.RetentionRules {
	return templates.RetentionRules{Enabled: r.Enabled, LadderRecent: r.LadderRecent, LadderDays: r.LadderDays, ArtifactDays: r.ArtifactDays}
}
