package web

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
)

// The list of tournaments is made from loaded rows without a database.
func TestTournamentsView(t *testing.T) {
	at := func(day int) time.Time { return time.Date(2026, 11, day, 9, 0, 0, 0, time.UTC) }
	done := at(3)
	l := tournamentsLoad{ // latest first, as store.Tournaments lists them
		Tournaments: []*domain.Tournament{
			{ID: 6, Name: "later", Status: domain.TournamentScheduled, StartAt: at(20)},
			{ID: 5, Name: "sooner", Status: domain.TournamentScheduled, StartAt: at(10)},
			{ID: 4, Name: "running", Status: domain.TournamentRunning, StartAt: at(5)},
			{ID: 3, Name: "paused", Status: domain.TournamentPaused, StartAt: at(4)},
			{ID: 2, Name: "done", Status: domain.TournamentFinished, StartAt: at(2), FinishedAt: &done},
			{ID: 1, Name: "called off", Status: domain.TournamentCancelled, StartAt: at(1)},
		},
		Entrants: map[int64]int{5: 8, 2: 16},
	}
	d := tournamentsView(context.Background(), l)
	if len(d.Upcoming) != 2 || d.Upcoming[0].Name != "sooner" || d.Upcoming[1].Name != "later" || d.Upcoming[0].Entrants != 8 ||
		d.Upcoming[0].When != "10 November 2026, 09:00 UTC" {
		t.Errorf("upcoming, soonest first: %+v", d.Upcoming)
	}
	if w := tournamentsView(i18n.WithLang(context.Background(), "ca"), l).Upcoming[0].When; w != "10 de novembre de 2026, a les 09:00 UTC" {
		t.Errorf("in Catalan: %q", w)
	}
	if len(d.Running) != 2 || d.Running[0].Name != "running" || d.Running[1].Name != "paused" || d.Running[0].Entrants != 0 {
		t.Errorf("running and paused: %+v", d.Running)
	}
	if len(d.Finished) != 2 || d.Finished[0].When != "3 November 2026, 09:00 UTC" || d.Finished[0].Entrants != 16 || d.Finished[1].When != "" {
		t.Errorf("finished, when they finished: %+v", d.Finished)
	}
	if d.Admin {
		t.Error("a visitor is offered to create a tournament")
	}
	l.Viewer = &domain.User{Role: domain.RoleStudent}
	if tournamentsView(context.Background(), l).Admin {
		t.Error("a student is offered to create a tournament")
	}
	l.Viewer.Role = domain.RoleAdmin
	if !tournamentsView(context.Background(), l).Admin {
		t.Error("an admin is not offered to create a tournament")
	}
	if d := tournamentsView(context.Background(), tournamentsLoad{}); d.Upcoming != nil || d.Running != nil || d.Finished != nil {
		t.Errorf("no tournaments: %+v", d)
	}
}
