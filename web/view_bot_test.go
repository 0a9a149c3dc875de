package web

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// A bot's page is made from loaded rows without a database.

func botRows() botLoad {
	now := time.Now()
	return botLoad{
		Bot:   &domain.Bot{ID: 5, OwnerID: 100, GameID: "g", Name: "cat", CurrentVersionID: ptr(int64(52))},
		Owner: "ann", Game: &store.PublicGame{ID: "g", Title: "The Game"}, Rank: 2, Ranked: 9,
		Versions: []store.PublicVersion{{ID: 53, Number: 3, Status: domain.VersionStatus(domain.StatusCompileError), CreatedAt: now},
			{ID: 52, Number: 2, Status: domain.VersionStatus(domain.StatusAccepted), Mu: ptr(25.0), Sigma: ptr(2.0), Games: 40, CreatedAt: now}},
		Rivals: []store.Rival{{BotID: ptr(int64(6)), BotName: "dog", Wins: 3, Losses: 1, Matches: 4}, {BotName: "Dummy", Matches: 2}},
	}
}

func TestBotView(t *testing.T) {
	d := botView(context.Background(), botRows()) // a visitor
	if d.Name != "cat" || d.GameTitle != "The Game" || d.Rank != 2 || d.Ranked != 9 || d.Version != 2 || d.Games != 40 {
		t.Errorf("head: %+v", d)
	}
	if !d.Rated || d.Score != 19 {
		t.Errorf("rating: rated %v, score %v; want μ−3σ = 19", d.Rated, d.Score)
	}
	if len(d.Rivals) != 2 || d.Rivals[0].BotID != 6 || d.Rivals[1].BotID != 0 || d.Rivals[0].Wins != 3 {
		t.Errorf("rivals %+v", d.Rivals)
	}
	if d.Mine || d.Challenge != "" || d.Versions != nil {
		t.Errorf("a visitor sees: mine %v, challenge %q, versions %v", d.Mine, d.Challenge, d.Versions)
	}

	l := botRows()
	l.Viewer = &domain.User{ID: 100}
	d = botView(context.Background(), l)
	if !d.Mine || d.Challenge != "/games/g/challenge?version=bot:5" || len(d.Versions) != 2 || d.Versions[0].Number != 3 {
		t.Errorf("the owner sees: mine %v, challenge %q, versions %+v", d.Mine, d.Challenge, d.Versions)
	}
	l.Viewer = &domain.User{ID: 200, Role: domain.RoleStudent}
	if d := botView(context.Background(), l); d.Mine || d.Challenge != "/games/g/challenge?opponent=bot:5" || d.Versions != nil {
		t.Errorf("another student sees: challenge %q, versions %+v", d.Challenge, d.Versions)
	}
	l.Viewer.Role = domain.RoleAdmin
	if d := botView(context.Background(), l); len(d.Versions) != 2 {
		t.Error("an admin does not see the versions")
	}

	// No current version: not rated, nothing to challenge.
	l = botRows()
	l.Bot.CurrentVersionID, l.Viewer = nil, &domain.User{ID: 200}
	if d := botView(context.Background(), l); d.Rated || d.Version != 0 || d.Challenge != "" {
		t.Errorf("without a current version: %+v", d)
	}
}
