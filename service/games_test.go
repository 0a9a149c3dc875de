package service_test

import (
	"context"
	"maps"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/service"
	"arena.dev/store"
)

// A game no process has recorded yet: each change creates its row first.
func unrecorded() games.Info {
	id := fresh("game")
	return games.Info{ID: id, Title: "Title of " + id}
}

func gameRow(t *testing.T, id string) store.GameRow {
	t.Helper()
	pool, _ := env(t)
	all, err := store.AdminGames(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := all[id]
	if !ok {
		t.Fatalf("game %s has no row", id)
	}
	return g
}

func TestGameChanges(t *testing.T) {
	ctx := context.Background()
	pool, _ := env(t)

	info := unrecorded()
	if err := service.SetGameEnabled(ctx, pool, info, false); err != nil {
		t.Fatal(err)
	}
	if g := gameRow(t, info.ID); g.Enabled || g.Title != info.Title {
		t.Fatalf("after disabling: %+v", g)
	}
	if err := service.SetGameEnabled(ctx, pool, info, true); err != nil {
		t.Fatal(err)
	}
	if !gameRow(t, info.ID).Enabled {
		t.Fatal("not enabled again")
	}

	info = unrecorded()
	settings := map[string]int{"width": 30, "rounds": 200}
	if err := service.SetGameSettings(ctx, pool, info, settings); err != nil {
		t.Fatal(err)
	}
	if got := gameRow(t, info.ID).Settings; !maps.Equal(got, settings) {
		t.Fatalf("settings %v, want %v", got, settings)
	}

	info = unrecorded()
	pace := domain.Pace{Trickle: 2, HourlyCap: 9, Paused: true}
	if err := service.SetGamePace(ctx, pool, info, pace); err != nil {
		t.Fatal(err)
	}
	if p, err := store.GamePace(ctx, pool, info.ID); err != nil || p.Pace != pace || p.UpdatedAt == nil {
		t.Fatalf("pace %+v, %v; want %+v set now", p, err, pace)
	}

	info = unrecorded()
	deadline := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := service.SetSubmissionDeadline(ctx, pool, info, &deadline); err != nil {
		t.Fatal(err)
	}
	if d, passed, err := store.SubmissionDeadline(ctx, pool, info.ID); err != nil || d == nil || !d.Equal(deadline) || !passed {
		t.Fatalf("deadline %v (passed %v), %v; want %v", d, passed, err, deadline)
	}
	if err := service.SetSubmissionDeadline(ctx, pool, info, nil); err != nil {
		t.Fatal(err)
	}
	if d, _, err := store.SubmissionDeadline(ctx, pool, info.ID); err != nil || d != nil {
		t.Fatalf("deadline %v, %v; want none", d, err)
	}

	info = unrecorded()
	for _, on := range []bool{false, true, false} {
		if err := service.SetChallengesEnabled(ctx, pool, info, on); err != nil {
			t.Fatal(err)
		}
		if got, err := store.ChallengesEnabled(ctx, pool, info.ID); err != nil || got != on {
			t.Fatalf("challenges %v, %v; want %v", got, err, on)
		}
	}
}

func TestAddBoard(t *testing.T) {
	ctx := context.Background()
	pool, _ := env(t)
	admin := newUser(t, pool, domain.RoleAdmin)
	info := unrecorded()
	settings := map[string]int{"size": 10}

	if already, err := service.AddBoard(ctx, pool, info, "plain", []byte("P"), settings, admin.ID, ""); err != nil || already != nil {
		t.Fatalf("first board: %v, %v", already, err)
	}
	_, err := service.AddBoard(ctx, pool, info, "plain", []byte("Q"), settings, admin.ID, "")
	wantCode(t, err, domain.Conflict)

	if already, err := service.AddBoard(ctx, pool, info, "orig", []byte("O"), settings, admin.ID, "default"); err != nil || already != nil {
		t.Fatalf("an original: %v, %v", already, err)
	}
	orig, err := store.BoardWithOriginal(ctx, pool, info.ID, "default")
	if err != nil || orig.Name != "orig" {
		t.Fatalf("the original's board: %+v, %v", orig, err)
	}
	// The same original again is not stored: the board it already is.
	already, err := service.AddBoard(ctx, pool, info, "orig again", []byte("O"), settings, admin.ID, "default")
	if err != nil || already == nil || already.ID != orig.ID {
		t.Fatalf("the original again: %+v, %v; want board %d", already, err, orig.ID)
	}

	boards, err := store.Boards(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range boards {
		if b.GameID == info.ID {
			names = append(names, b.Name)
			if b.UploadedBy != admin.Name || !maps.Equal(b.Settings, settings) {
				t.Fatalf("board %+v", b)
			}
		}
	}
	if len(names) != 2 {
		t.Fatalf("the game's boards %v, want plain and orig", names)
	}
}

func TestChooseGameBoards(t *testing.T) {
	ctx := context.Background()
	pool, _ := env(t)
	admin := newUser(t, pool, domain.RoleAdmin)
	info, other := unrecorded(), unrecorded()
	board := func(info games.Info, name string) int64 {
		if _, err := service.AddBoard(ctx, pool, info, name, []byte(name), nil, admin.ID, ""); err != nil {
			t.Fatal(err)
		}
		boards, err := store.Boards(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			if b.GameID == info.ID && b.Name == name {
				return b.ID
			}
		}
		t.Fatalf("board %s not stored", name)
		return 0
	}
	a, b, foreign := board(info, "a"), board(info, "b"), board(other, "x")

	mismatch, err := service.ChooseGameBoards(ctx, pool, info, domain.ForLadder, false, false, []int64{a, foreign})
	if err != nil || !mismatch {
		t.Fatalf("another game's board: mismatch %v, %v", mismatch, err)
	}
	if c, err := store.GameBoards(ctx, pool, info.ID, domain.ForLadder, nil); err != nil || c.Chosen {
		t.Fatalf("after a mismatch: %+v, %v; want the default kept", c, err)
	}

	mismatch, err = service.ChooseGameBoards(ctx, pool, info, domain.ForLadder, false, true, []int64{b, a})
	if err != nil || mismatch {
		t.Fatalf("choosing: mismatch %v, %v", mismatch, err)
	}
	c, err := store.GameBoards(ctx, pool, info.ID, domain.ForLadder, nil)
	if err != nil || !c.Chosen || !c.Generated || len(c.Boards) != 2 || c.Boards[0].ID != b || c.Boards[1].ID != a {
		t.Fatalf("chosen: %+v, %v; want generated and b, a", c, err)
	}
	if q, err := store.GameBoards(ctx, pool, info.ID, domain.ForQualification, nil); err != nil || q.Chosen {
		t.Fatalf("the qualification's boards changed too: %+v, %v", q, err)
	}

	if _, err := service.ChooseGameBoards(ctx, pool, info, domain.ForLadder, true, false, nil); err != nil {
		t.Fatal(err)
	}
	if c, err := store.GameBoards(ctx, pool, info.ID, domain.ForLadder, nil); err != nil || c.Chosen || !c.Generated {
		t.Fatalf("back to the default: %+v, %v", c, err)
	}
}
