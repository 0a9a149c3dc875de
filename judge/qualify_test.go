package judge_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// qualMatch is what a qualification match was: its seed, the version's
// seat, its board (0: generated), its settings and the scores.
type qualMatch struct {
	seed     int64
	seat     int
	board    int64
	settings map[string]int
	scores   []int
}

func (e *env) qualification(t *testing.T, versionID int64) []qualMatch {
	t.Helper()
	ctx := context.Background()
	ms, err := store.QualificationMatches(ctx, e.pool, versionID)
	if err != nil {
		t.Fatal(err)
	}
	var out []qualMatch
	for _, m := range ms {
		q := qualMatch{seed: m.Seed, settings: m.Settings}
		if m.BoardID != nil {
			q.board = *m.BoardID
		}
		seats, err := store.Seats(ctx, e.pool, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range seats {
			if s.VersionID != nil && *s.VersionID == versionID {
				q.seat = s.Seat
			} else if s.Builtin == nil || *s.Builtin != "Dummy" {
				t.Fatalf("match %d seat %d is not the Dummy", m.ID, s.Seat)
			}
			if s.Score == nil {
				t.Fatalf("match %d not played", m.ID)
			}
			q.scores = append(q.scores, int(*s.Score))
		}
		out = append(out, q)
	}
	return out
}

// Qualification plays the same matches for every version, as
// games.QualificationSeed and friends say: match i on seed i+1, the version
// in seat i mod 4 against three Dummies, on the game's qualification boards
// in turn (here an uploaded board, then a generated one); the verdict is
// first alone in 3 of 4. A rejudge plays the very same matches again.
func TestQualificationPlaysFixedMatches(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	g, _ := games.Get("orkisland")
	data := []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n")
	parsed, err := g.ParseBoard(data)
	if err != nil {
		t.Fatal(err)
	}
	board, err := store.CreateBoard(ctx, e.pool, "orkisland", "qualification-"+t.Name(), data, parsed.Settings(), e.user(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 30}' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	if err := store.SetGameBoards(ctx, e.pool, "orkisland", domain.ForQualification, true, []int64{board}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		e.pool.Exec(ctx, `UPDATE games SET settings = '{}' WHERE id = 'orkisland'`)
		if err := store.DefaultGameBoards(ctx, e.pool, "orkisland", domain.ForQualification); err != nil {
			t.Error(err)
		}
	})

	v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "walker", "go", readSource(t, "walker.go"))
	if err != nil {
		t.Fatal(err)
	}
	final := []domain.VersionStatus{domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError}
	got := e.waitStatus(t, v.ID, 3*time.Minute, final...)
	first := e.qualification(t, v.ID)
	if len(first) != games.QualificationMatches {
		t.Fatalf("%d qualification matches, want %d", len(first), games.QualificationMatches)
	}
	firsts := 0
	for i, m := range first {
		wantBoard, wantSettings := int64(0), map[string]int{"nb_rounds": 30}
		if i%2 == 0 { // the board, then a generated one; the board fixes its rounds
			wantBoard, wantSettings = board, map[string]int{}
		}
		if m.seed != int64(i+1) || m.seat != i%4 || m.board != wantBoard || !maps.Equal(m.settings, wantSettings) {
			t.Errorf("match %d: seed %d, seat %d, board %d, settings %v; want %d, %d, %d, %v",
				i, m.seed, m.seat, m.board, m.settings, i+1, i%4, wantBoard, wantSettings)
		}
		if games.AloneFirst(m.scores, m.seat) {
			firsts++
		}
	}
	if want := firsts >= 3; (got.Status == domain.StatusAccepted) != want {
		t.Fatalf("first alone in %d of 4, yet %s", firsts, got.Status)
	}
	t.Logf("first alone in %d of 4: %s", firsts, got.Status)

	// A rejudge: the same matches, the same scores, the same verdict; the
	// version leaves the live leaderboards meanwhile, so they hear of it.
	listen, err := e.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer listen.Release()
	if _, err := listen.Exec(ctx, "LISTEN "+store.EventsChannel); err != nil {
		t.Fatal(err)
	}
	defer listen.Exec(context.Background(), "UNLISTEN *")
	err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error { // as Admin → Bots → Rejudge does
		if err := store.RequeueVersion(ctx, tx, v.ID); err != nil {
			return err
		}
		_, err := e.client.InsertTx(ctx, tx, judge.CompileArgs{VersionID: v.ID}, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	heard := false
	for !heard {
		wait, cancel := context.WithTimeout(ctx, 10*time.Second)
		n, err := listen.Conn().WaitForNotification(wait)
		cancel()
		if err != nil {
			t.Fatalf("no board change announced for the rejudge: %v", err)
		}
		heard = n.Payload == `{"board" : "orkisland"}` || n.Payload == `{"board":"orkisland"}`
	}
	again := e.waitStatus(t, v.ID, 3*time.Minute, final...)
	second := e.qualification(t, v.ID)
	if len(second) != len(first) || again.Status != got.Status {
		t.Fatalf("rejudged: %d matches, %s; before %d, %s", len(second), again.Status, len(first), got.Status)
	}
	for i := range first {
		a, b := first[i], second[i]
		if a.seed != b.seed || a.seat != b.seat || a.board != b.board || !slices.Equal(a.scores, b.scores) {
			t.Errorf("match %d rejudged as %+v, first %+v", i, b, a)
		}
	}
}

// Until an admin chooses, qualification and the ladder play on the game's
// original boards once uploaded (Apocalypse 2018: qualification on its
// default, the ladder on all of them in the kit's order), else generated
// ones; boards uploaded before the game knew them are recognised.
func TestQualificationOnTheOriginalBoards(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	e := &env{pool: pool}
	admin := e.user(t)
	if err := store.EnsureGame(ctx, pool, "apocalypse", "Apocalypse Now 2018"); err != nil {
		t.Fatal(err)
	}
	g, _ := games.Get("apocalypse")
	upload := func(file string) int64 {
		t.Helper()
		data, err := os.ReadFile("../../shared/boards/" + file)
		if err != nil {
			t.Fatal(err)
		}
		b, err := g.ParseBoard(data)
		if err != nil {
			t.Fatal(err)
		}
		id, err := store.CreateBoard(ctx, pool, "apocalypse", file, data, b.Settings(), admin)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	names := func(use domain.BoardUse) string {
		t.Helper()
		c, err := judge.GameBoards(ctx, pool, "apocalypse", use)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, b := range c.Boards {
			out = append(out, b.Original)
		}
		return fmt.Sprint(out, c.Generated)
	}
	if got := names(domain.ForQualification); got != "[] true" {
		t.Fatalf("no board uploaded: qualification on %s", got)
	}
	// Uploaded unrecognised (as before this build), then recognised.
	maze := upload("originals/apocalypse-maze7.cnf")
	def := upload("apocalypse-default.cnf")
	if got := names(domain.ForQualification); got != "[] true" {
		t.Fatalf("unrecognised boards: qualification on %s", got)
	}
	if err := judge.RecogniseOriginals(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if got, want := names(domain.ForQualification), "[default] false"; got != want {
		t.Fatalf("qualification on %s, want %s", got, want)
	}
	if got, want := names(domain.ForLadder), "[default maze 7] false"; got != want {
		t.Fatalf("ladder on %s, want %s", got, want)
	}
	// An admin's choice wins, and the default comes back on request.
	if err := store.SetGameBoards(ctx, pool, "apocalypse", domain.ForQualification, true, []int64{maze}); err != nil {
		t.Fatal(err)
	}
	if got, want := names(domain.ForQualification), "[maze 7] true"; got != want {
		t.Fatalf("chosen: qualification on %s, want %s", got, want)
	}
	if err := store.DefaultGameBoards(ctx, pool, "apocalypse", domain.ForQualification); err != nil {
		t.Fatal(err)
	}
	if got, want := names(domain.ForQualification), "[default] false"; got != want {
		t.Fatalf("back to the default: qualification on %s, want %s", got, want)
	}
	// Deleting the original sends qualification back to generated boards.
	if err := store.DeleteBoard(ctx, pool, def); err != nil {
		t.Fatal(err)
	}
	if got := names(domain.ForQualification); got != "[] true" {
		t.Fatalf("the default deleted: qualification on %s", got)
	}
	if err := store.DeleteBoard(ctx, pool, maze); err != nil {
		t.Fatal(err)
	}
}
