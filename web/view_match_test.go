package web

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// A match's page is made from loaded rows without a database.

func finishedMatch() matchLoad {
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	return matchLoad{
		M: &domain.Match{ID: 9, GameID: "nosuchgame", Kind: domain.KindChallenge, Status: domain.MatchFinished, Seed: 4,
			ReplayKey: ptr("replay/9"), CreatedAt: at, FinishedAt: &at, ChallengerID: ptr(int64(100))},
		Seats: []store.SeatResult{
			{Seat: 0, BotID: ptr(int64(1)), BotName: "loser", OwnerName: "bob", Score: ptr(int64(3)), Rank: ptr(2), CPUSeconds: ptr(0.25)},
			{Seat: 1, BotID: ptr(int64(2)), BotName: "mine", OwnerName: "ann", Score: ptr(int64(7)), Rank: ptr(1)},
			{Seat: 2, Builtin: ptr("Dummy"), BotName: "Dummy"},
		},
		GameTitle: "No Such Game", Challenger: "ann",
		Viewer: &domain.User{ID: 100, Name: "ann"}, Owners: map[int]int64{0: 200, 1: 100}, Logs: map[int]string{1: "hello"},
	}
}

func TestMatchViewFinished(t *testing.T) {
	d := matchView(context.Background(), finishedMatch())
	if d.GameTitle != "No Such Game" || d.Challenger != "ann" || d.Polling || d.Queue != nil || !d.HasReplay || d.ReplayGone {
		t.Errorf("head: %+v", d)
	}
	var order []string
	for _, s := range d.Seats {
		order = append(order, s.Bot+":"+s.Score)
	}
	if got := strings.Join(order, " "); got != "mine:7 loser:3 Dummy:–" {
		t.Errorf("seats by rank: %s", got)
	}
	if d.Seats[1].CPU != "0.250 s" || d.Seats[0].CPU != "–" || d.Seats[1].BotID != 1 {
		t.Errorf("seat cells: %+v", d.Seats)
	}
	if !d.Again || len(d.Logs) != 1 || d.Logs[0].Text != "hello" {
		t.Errorf("the viewer's seat: again %v, logs %+v", d.Again, d.Logs)
	}
	link, _ := url.Parse(d.ChallengeURL)
	if q := link.Query(); link.Path != "/games/nosuchgame/challenge" || q.Get("version") != "bot:2" ||
		strings.Join(q["opponent"], ",") != "bot:1,builtin:Dummy" {
		t.Errorf("challenge link %s", d.ChallengeURL)
	}

	// A visitor: no logs, no "play again", no link; the game's id when it is not public.
	l := finishedMatch()
	l.Viewer, l.Owners, l.Logs, l.GameTitle = nil, nil, nil, ""
	if d := matchView(context.Background(), l); d.Again || d.Logs != nil || d.ChallengeURL != "" || d.GameTitle != "nosuchgame" {
		t.Errorf("a visitor's view: %+v", d)
	}
}

func TestMatchViewWaiting(t *testing.T) {
	l := finishedMatch()
	l.M.Status, l.M.ReplayKey, l.M.FinishedAt = domain.MatchQueued, nil, nil
	l.Job = templates.JobQueue{State: "available", Ahead: 3}
	d := matchView(context.Background(), l)
	if d.Queue == nil || *d.Queue != l.Job || !d.Polling || d.ReplayGone {
		t.Errorf("queued: queue %v polling %v", d.Queue, d.Polling)
	}
	l.Job.State = "cancelled"
	if d := matchView(context.Background(), l); d.Polling {
		t.Error("a cancelled match's page still polls")
	}
}

func TestMatchViewReplayGone(t *testing.T) {
	l := finishedMatch()
	l.M.ReplayKey = nil
	l.Retention = store.Retention{Enabled: true, LadderRecent: 10, LadderDays: 3}
	l.ReplayJob = templates.JobQueue{State: "running"}
	d := matchView(context.Background(), l)
	if !d.ReplayGone || !d.LoggedIn || d.ReplayQueue == nil || !d.Polling || d.Kept.LadderRecent != 10 {
		t.Errorf("being played again: %+v", d)
	}
	l.ReplayJob, l.ReplayJobError = templates.JobQueue{State: "cancelled"}, "JobCancelError: the bot's version is gone"
	d = matchView(context.Background(), l)
	if d.ReplayQueue != nil || d.Polling || d.ReplayFailed != "cancelled" || d.ReplayFailedWhy != "the bot's version is gone" {
		t.Errorf("cancelled: %+v", d)
	}
	// The page says it in words.
	var b strings.Builder
	if err := templates.MatchLivePart(d).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, words := range []string{"It could not be played again: the bot&#39;s version is gone.",
		"ladder replays of each version&#39;s 10 most recent ladder matches and of the last 3 days."} {
		if !strings.Contains(b.String(), words) {
			t.Errorf("the page lacks %q:\n%s", words, b.String())
		}
	}
}
