package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
)

// The challenge page's form is made from loaded rows without a database.

func challengeRows() challengeLoad {
	at := time.Now().Add(-time.Hour)
	return challengeLoad{
		Game:      &store.PublicGame{ID: "g", Title: "The Game"},
		Info:      games.Info{Players: 4, Bots: []string{"Dummy", "Smart"}, Qualifier: "Dummy"},
		Viewer:    &domain.User{ID: 100, Name: "ann", Role: domain.RoleStudent},
		On:        true,
		Allowance: service.Allowance{Now: 2, ThisHour: 5},
		Own: []store.Contender{{VersionID: 11, BotName: "cat", Number: 1, Status: "accepted"},
			{VersionID: 12, BotName: "cat", Number: 2, Status: "qualifying"}, {VersionID: 21, BotName: "dog", Number: 1, Status: "accepted"}},
		Board: []domain.Standing{{Rank: 1, BotID: 5, BotName: "best", OwnerID: 200, OwnerName: "bob"},
			{Rank: 2, BotID: 6, BotName: "cat", OwnerID: 100, OwnerName: "ann"}, {House: true, BotID: 7, BotName: "Dummy"}},
		Boards: []domain.Board{{ID: 3, Name: "maze"}},
		Recent: []store.MatchSummary{{ID: 40, HasReplay: true, FinishedAt: &at, Players: []store.SeatBrief{{BotID: ptr(int64(6)), BotName: "cat", OwnerName: "ann"}}},
			{ID: 41}},
	}
}

func TestChallengeFormView(t *testing.T) {
	f := challengeFormView(context.Background(), challengeRows())
	if f.GameTitle != "The Game" || len(f.Picked) != 3 || f.Qualifier != "Dummy" || f.Closed {
		t.Errorf("head: %+v", f)
	}
	if a := f.Allowance; a.Now != 2 || a.ThisHour != 5 || a.MaxNow != service.MaxPendingChallenges || a.Unlimited {
		t.Errorf("allowance %+v", a)
	}
	if len(f.Versions) != 2 || f.Versions[0].Label != "cat" || len(f.Versions[0].Options) != 2 || f.Versions[1].Options[0].Value != "v:21" {
		t.Errorf("versions by bot: %+v", f.Versions)
	}
	var groups []string
	for _, g := range f.Opponents {
		var vals []string
		for _, o := range g.Options {
			vals = append(vals, o.Value)
		}
		groups = append(groups, g.Kind+"="+strings.Join(vals, ","))
	}
	// Neither the viewer's own ranked bot nor the house's Dummy among the ranked.
	if got := strings.Join(groups, " "); got != "ranked=bot:5 builtins=builtin:Dummy,builtin:Smart mine=v:11,v:12,v:21" {
		t.Errorf("opponents %s", got)
	}
	if len(f.Boards) != 1 || f.Boards[0].Value != "3" || f.Boards[0].Label != "maze" {
		t.Errorf("boards %+v", f.Boards)
	}
	if len(f.Recent) != 2 || f.Recent[0].Status != domain.MatchFinished || !f.Recent[0].Players[0].Focus || f.Recent[1].Status != domain.MatchQueued {
		t.Errorf("recent %+v", f.Recent)
	}

	// Challenges switched off: closed for students, not for admins.
	l := challengeRows()
	l.On = false
	if f := challengeFormView(context.Background(), l); !f.Closed {
		t.Error("off, and a student's form is open")
	}
	l.Viewer.Role = domain.RoleAdmin
	if f := challengeFormView(context.Background(), l); f.Closed {
		t.Error("off, and an admin's form is closed")
	}

	// The page says it in words.
	var b strings.Builder
	if err := templates.Challenge(templates.Page{Title: "Challenge"}, f).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, words := range []string{`<option value="v:12">cat version 2 (qualifying)</option>`, `<optgroup label="On the leaderboard">`,
		`<option value="bot:5">#1 best (bob)</option>`, `<optgroup label="Your versions">`} {
		if !strings.Contains(b.String(), words) {
			t.Errorf("the form lacks %q", words)
		}
	}
}
