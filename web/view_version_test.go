package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// A version's page is made from loaded rows without a database.

func versionRows() versionLoad {
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	v := &domain.Version{ID: 71, BotID: 7, Number: 3, Language: "go", Status: domain.StatusQualifying, Source: "package main\n",
		CompileLog: "bot.go:4:2: declared and not used: x\n", CreatedAt: at}
	me := func(score int64) store.SeatResult {
		return store.SeatResult{Seat: 0, VersionID: &v.ID, BotName: "cat", Score: &score}
	}
	dummy := func(seat int, score int64) store.SeatResult {
		return store.SeatResult{Seat: seat, Builtin: ptr("Dummy"), BotName: "Dummy", Score: &score}
	}
	cpu, reason := games.FreezeCPU, "the 2 s budget is spent"
	frozen := me(1)
	frozen.FrozenRound, frozen.FrozenKind, frozen.FrozenReason = ptr(41), cpu, &reason
	return versionLoad{
		Viewer:   &domain.User{ID: 100},
		Versions: []store.VersionRef{{ID: 71, Number: 3, Language: "go"}, {ID: 70, Number: 2, Language: "cpp"}},
		Live: versionLiveLoad{
			Bot: &domain.Bot{ID: 7, OwnerID: 100, GameID: "orkisland", Name: "cat"},
			V:   v,
			Qual: qualLoad{
				Matches: []*domain.Match{
					{ID: 1, GameID: "orkisland", Status: domain.MatchFinished, Seed: 11, BoardID: ptr(int64(5))}, // alone on top
					{ID: 2, GameID: "orkisland", Status: domain.MatchFinished, Seed: 12},                         // tied first
					{ID: 3, GameID: "orkisland", Status: domain.MatchFailed, Seed: 13},
					{ID: 4, GameID: "orkisland", Status: domain.MatchFinished, Seed: 14}, // frozen, last
					{ID: 5, GameID: "orkisland", Status: domain.MatchQueued, Seed: 15},
				},
				Seats: map[int64][]store.SeatResult{
					1: {me(9), dummy(1, 3), dummy(2, 2), dummy(3, 1)},
					2: {me(5), dummy(1, 5), dummy(2, 2), dummy(3, 1)},
					3: {me(0), dummy(1, 0), dummy(2, 0), dummy(3, 0)},
					4: {frozen, dummy(1, 3), dummy(2, 2), dummy(3, 2)},
				},
				Boards: map[int64]*domain.Board{5: {ID: 5, GameID: "orkisland", Name: "small maze"}},
			},
			Queue:       &store.QueuePlace{Stage: "qualification", Left: 1, Ahead: 2, Workers: 1, Estimate: 40 * time.Second},
			FreezeCount: 3,
			Freezes:     []store.Freeze{{MatchID: 4, MatchKind: domain.KindQualification, Round: 41, Kind: cpu, Reason: reason, When: at}},
			Logs:        []store.DebugLog{{MatchID: 4, Kind: domain.KindQualification, Text: "hello", When: at}},
		},
	}
}

func TestVersionView(t *testing.T) {
	ctx := context.Background()
	d := versionView(ctx, versionRows()) // its owner
	if d.BotName != "cat" || d.GameTitle != "Ork Island" || d.Version.Number != 3 || d.Language != "Go" || d.File != "bot.go" ||
		len(d.Versions) != 2 || d.Versions[1].Number != 2 || d.Owner != "" {
		t.Errorf("head: %+v", d)
	}
	if d.Challenge != "/games/orkisland/challenge?version=v:71" {
		t.Errorf("its owner may challenge with a qualifying version: %q", d.Challenge)
	}
	// An admin looking at someone's bot: whose it is, no challenge.
	l := versionRows()
	l.Viewer, l.Owner = &domain.User{ID: 1, Role: domain.RoleAdmin}, "ann"
	if d := versionView(ctx, l); d.Owner != "ann" || d.Challenge != "" {
		t.Errorf("an admin's view: owner %q, challenge %q", d.Owner, d.Challenge)
	}
	// A version that did not compile cannot play.
	l = versionRows()
	l.Live.V.Status = domain.StatusCompileError
	if d := versionView(ctx, l); d.Challenge != "" {
		t.Errorf("a version that did not compile is offered to challenge: %q", d.Challenge)
	}
}

func TestVersionLiveView(t *testing.T) {
	ctx := context.Background()
	d := versionLiveView(ctx, versionRows().Live)
	if d.Score != nil || d.Rank != 0 || !d.HasCompileLog || len(d.CompileLog) < 2 || d.CompileLog[0].Line != 4 {
		t.Errorf("not rated yet; the compile log links its line: %+v", d)
	}
	if !strings.Contains(d.Queue, "40 s") {
		t.Errorf("queue: %q", d.Queue)
	}
	// Five matches, three firsts needed; one alone on top so far, four ended.
	if d.QualSummary != "first in 1 of 4 played so far; needs 3 of 5" || d.QualFinal || d.QualPassed {
		t.Errorf("qualification: %q final %v passed %v", d.QualSummary, d.QualFinal, d.QualPassed)
	}
	q := d.Qualification
	if len(q) != 5 {
		t.Fatalf("%d rows", len(q))
	}
	if !q[0].First || q[0].Place != "first" || q[0].Command != "" || q[0].Board != "small maze" || q[0].BoardURL != "/boards/5" ||
		q[0].BoardFile != "small_maze.cnf" || *q[0].Score != 9 || len(q[0].Others) != 3 || q[0].Others[0].Name != "Dummy" {
		t.Errorf("won alone: %+v", q[0])
	}
	if q[1].First || q[1].Place != "first (tied)" || !strings.HasSuffix(q[1].Command, " -s 12") || q[1].Board != "" {
		t.Errorf("tied first: %+v", q[1])
	}
	if q[2].Place != "" || q[2].Command != "" || q[4].Place != "" || q[4].Command != "" || q[4].Score != nil {
		t.Errorf("failed, then not played: %+v %+v", q[2], q[4])
	}
	if q[3].Place != "4th" || q[3].Frozen == "" || q[3].Command == "" {
		t.Errorf("frozen and last: %+v", q[3])
	}
	if d.FreezeCount != 3 || len(d.Freezes) != 1 || d.Freezes[0].Words == "" || len(d.Logs) != 1 || d.Logs[0].Text != "hello" {
		t.Errorf("freezes %d %+v, logs %+v", d.FreezeCount, d.Freezes, d.Logs)
	}

	// Accepted and rated: its score and rank; no queue; the qualification
	// over.
	l := versionRows().Live
	l.V.Status, l.V.Mu, l.V.Sigma, l.Rank, l.Queue = domain.StatusAccepted, ptr(25.0), ptr(2.0), 4, nil
	l.Qual.Matches = l.Qual.Matches[:2]
	d = versionLiveView(ctx, l)
	if d.Score == nil || *d.Score != 19 || d.Rank != 4 || d.Queue != "" {
		t.Errorf("rated: score %v rank %d queue %q", d.Score, d.Rank, d.Queue)
	}
	if !d.QualFinal || d.QualPassed || d.QualSummary != "first in 1 of 2; needs 2" {
		t.Errorf("ended without enough firsts: %q", d.QualSummary)
	}
	// No qualification matches: nothing to show.
	l.Qual = qualLoad{}
	if d := versionLiveView(ctx, l); d.Qualification != nil {
		t.Errorf("no matches: %+v", d.Qualification)
	}
}
