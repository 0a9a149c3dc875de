package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// webUser makes a student of its own.
func webUser(t *testing.T, db store.DB, name string) int64 {
	t.Helper()
	u := &domain.User{Name: fmt.Sprintf("%s%d", name, time.Now().UnixNano()%1e9), PasswordHash: "x", Role: domain.RoleStudent}
	u.Email = u.Name + "@example.test"
	if err := store.CreateUser(context.Background(), db, u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// BotsOfOwner reads every bot of the owner (in a game, or in all), in
// game and name order, with its newest and its current version.
func TestBotsOfOwner(t *testing.T) {
	db := pgtest.Pool(t)
	ctx := context.Background()
	for _, g := range []string{"ob1", "ob2"} {
		if err := store.EnsureGame(ctx, db, g, "Owner Bots "+g); err != nil {
			t.Fatal(err)
		}
	}
	owner, other := webUser(t, db, "ob_owner"), webUser(t, db, "ob_other")
	bot := func(owner int64, game, name string, versions int, current int) {
		b, err := store.BotByName(ctx, db, owner, game, name)
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= versions; n++ {
			v, err := store.CreateVersion(ctx, db, b.ID, "go", fmt.Sprintf("package main // %s %d\n", name, n))
			if err != nil {
				t.Fatal(err)
			}
			if n == current {
				if _, err := db.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = 25, sigma = 2 WHERE id = $1`, v.ID); err != nil {
					t.Fatal(err)
				}
				if _, err := db.Exec(ctx, `UPDATE bots SET current_version_id = $2 WHERE id = $1`, b.ID, v.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	bot(owner, "ob1", "Zeta", 3, 1) // current is older than latest
	bot(owner, "ob1", "alpha", 2, 2)
	bot(owner, "ob2", "empty", 0, 0) // no version yet
	bot(owner, "ob2", "fresh", 1, 0) // no current version
	bot(other, "ob1", "theirs", 1, 1)

	for game, want := range map[string]string{
		"":           "[alpha latest 2 active 2] [Zeta latest 3 active 1] [empty latest <nil> active <nil>] [fresh latest 1 active <nil>] ",
		"ob1":        "[alpha latest 2 active 2] [Zeta latest 3 active 1] ",
		"ob2":        "[empty latest <nil> active <nil>] [fresh latest 1 active <nil>] ",
		"nosuchgame": "",
	} {
		got, err := store.BotsOfOwner(ctx, db, owner, game)
		if err != nil {
			t.Fatal(err)
		}
		if botSummaries(got) != want {
			t.Errorf("game %q:\n got %s\nwant %s", game, botSummaries(got), want)
		}
	}
}

func botSummaries(bs []store.BotSummary) string {
	s := ""
	for _, b := range bs {
		s += fmt.Sprintf("[%s latest %v active %v] ", b.Bot.Name, versionNumber(b.Latest), versionNumber(b.Active))
	}
	return s
}

func versionNumber(v *domain.Version) any {
	if v == nil {
		return nil
	}
	return v.Number
}

// MatchesSeats reads each match's seats as Seats does; BoardsByID each
// board as BoardByID does.
func TestMatchesSeatsAndBoards(t *testing.T) {
	db := pgtest.Pool(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, db, "ms1", "Match Seats"); err != nil {
		t.Fatal(err)
	}
	owner := webUser(t, db, "ms_owner")
	b, err := store.BotByName(ctx, db, owner, "ms1", "seated")
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, db, b.ID, "go", "package main\n")
	if err != nil {
		t.Fatal(err)
	}
	var boards, matches []int64
	for i := range 3 {
		board, err := store.CreateBoard(ctx, db, "ms1", fmt.Sprintf("board%d", i), []byte("data "+fmt.Sprint(i)), map[string]int{"size": i}, owner)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, board)
		m := &domain.Match{GameID: "ms1", Kind: domain.KindQualification, Seed: int64(i), BoardID: &board}
		seats := []domain.Seat{{VersionID: &v.ID}, {Builtin: "Dummy"}}
		if i == 1 {
			seats = append(seats, domain.Seat{Builtin: "Null"})
		}
		if err := store.CreateMatch(ctx, db, m, seats); err != nil {
			t.Fatal(err)
		}
		matches = append(matches, m.ID)
	}
	if err := store.FinishMatch(ctx, db, matches[0], "", false, []store.SeatOutcome{{Score: 5, Rank: 1}, {Score: 2, Rank: 2}}); err != nil {
		t.Fatal(err)
	}
	seats, err := store.MatchesSeats(ctx, db, append(matches, 1<<40))
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != len(matches) {
		t.Errorf("seats of %d matches, want %d", len(seats), len(matches))
	}
	for _, id := range matches {
		want, err := store.Seats(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(seats[id], want) {
			t.Errorf("match %d:\n got %+v\nwant %+v", id, seats[id], want)
		}
	}
	if got, err := store.MatchesSeats(ctx, db, nil); err != nil || len(got) != 0 {
		t.Errorf("no matches: %v, %v", got, err)
	}

	got, err := store.BoardsByID(ctx, db, append(boards, 1<<40))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(boards) {
		t.Errorf("%d boards, want %d", len(got), len(boards))
	}
	for _, id := range boards {
		want, _, err := store.BoardByID(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got[id], want) {
			t.Errorf("board %d:\n got %+v\nwant %+v", id, got[id], want)
		}
	}
}

// LoadRankings ranks each game as LoadRanking does.
func TestLoadRankingsAsLoadRanking(t *testing.T) {
	db := pgtest.Pool(t)
	ctx := context.Background()
	games := []string{fmt.Sprintf("lr%d", time.Now().UnixNano()%1e8), fmt.Sprintf("ls%d", time.Now().UnixNano()%1e8), "lrnobody"}
	var owners, bots []int64
	for _, g := range games[:2] {
		o, b := seedRankGame(t, db, g)
		owners, bots = append(owners, o...), append(bots, b...)
	}
	got, err := store.LoadRankings(ctx, db, games)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got["lrnobody"].Len() != 0 || len(got["lrnobody"].Rows) != 0 {
		t.Fatalf("rankings of %d games; the empty game's: %+v", len(got), got["lrnobody"])
	}
	for _, g := range games {
		want, err := store.LoadRanking(ctx, db, g)
		if err != nil {
			t.Fatal(err)
		}
		b := got[g]
		if b.GameID != g || b.Len() != want.Len() || !reflect.DeepEqual(b.Rows, want.Rows) {
			t.Errorf("%s:\n got %d ranked of %+v\nwant %d ranked of %+v", g, b.Len(), b.Rows, want.Len(), want.Rows)
		}
		for _, bot := range bots {
			r, n := b.Rank(bot)
			if wr, wn := want.Rank(bot); r != wr || n != wn {
				t.Errorf("%s: bot %d ranked %d of %d, want %d of %d", g, bot, r, n, wr, wn)
			}
		}
		for _, o := range owners {
			gp, gn := b.Page(o, 100, 0)
			wp, wn := want.Page(o, 100, 0)
			if gn != wn || !reflect.DeepEqual(gp, wp) {
				t.Errorf("%s: owner %d's page %+v (%d), want %+v (%d)", g, o, gp, gn, wp, wn)
			}
		}
	}
	if got, err := store.LoadRankings(ctx, db, nil); err != nil || len(got) != 0 {
		t.Errorf("no games: %v, %v", got, err)
	}
}
