package judge_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/rating"
	"arena.dev/sandbox"
	"arena.dev/service"
	"arena.dev/store"
)

// accepted submits source for a new user and puts the compiled version on
// the ladder directly (as if it had qualified), at the default rating.
func (e *env) accepted(t testing.TB, source string) int64 {
	t.Helper()
	ctx := context.Background()
	v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "walker", "go", source)
	if err != nil {
		t.Fatal(err)
	}
	e.waitStatus(t, v.ID, 2*time.Minute, domain.StatusQualifying, domain.StatusRejected, domain.StatusAccepted)
	// Its own qualification matches are not part of these tests.
	if _, err := e.pool.Exec(ctx, `DELETE FROM matches WHERE bot_version_id = $1 AND status = 'queued'`, v.ID); err != nil {
		t.Fatal(err)
	}
	r := rating.Default().Initial()
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = $3, games = 0 WHERE id = $1`,
		v.ID, r.Mu, r.Sigma); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE bots SET current_version_id = $1 WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)`, v.ID); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

func TestLadderPlaysRatesAndCountsOnce(t *testing.T) {
	e := startJudge(t, judge.Config{LadderQueue: 6})
	ctx := context.Background()
	src := readSource(t, "walker.go")
	var versions []int64
	for i := 0; i < 5; i++ {
		versions = append(versions, e.accepted(t, src))
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET games = 0 WHERE id = ANY($1)", versions); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "DELETE FROM matches WHERE bot_version_id = ANY($1)", versions); err != nil {
		t.Fatal(err)
	}

	var before int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT coalesce(max(id), 0) FROM matches"), &before)
	if _, err := e.client.Insert(ctx, judge.MatchmakingArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 3*time.Minute, "matchmaking", "match")

	var ladder, rated int
	if err := e.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE rated AND status = 'finished')
		FROM matches WHERE kind = 'ladder' AND id > $1`, before).Scan(&ladder, &rated); err != nil {
		t.Fatal(err)
	}
	if ladder != 6 || rated != 6 {
		t.Fatalf("%d ladder matches, %d finished and rated; want 6 and 6", ladder, rated)
	}
	// Every player's match count agrees with the results table, and each
	// match moved each of its players' rating exactly once.
	rows, err := e.pool.Query(ctx, `
		SELECT v.id, v.games, v.mu,
		       (SELECT count(*) FROM match_players mp JOIN matches m ON m.id = mp.match_id
		        WHERE mp.bot_version_id = v.id AND m.status = 'finished'),
		       (SELECT count(*) FROM rating_history h WHERE h.bot_version_id = v.id AND h.match_id IS NOT NULL)
		FROM bot_versions v WHERE v.id = ANY($1)`, versions)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for rows.Next() {
		var id int64
		var games, results, history int
		var mu float64
		if err := rows.Scan(&id, &games, &mu, &results, &history); err != nil {
			t.Fatal(err)
		}
		if games != results || history != results {
			t.Errorf("version %d: games %d, results %d, rating changes %d", id, games, results, history)
		}
		if mu != rating.DefaultMu {
			moved++
		}
	}
	rows.Close()
	if moved == 0 {
		t.Error("no rating moved after 6 rated matches")
	}
}

// A match whose job runs twice (a rescued job, a duplicate) lands once.
func TestMatchLandsOnceWhenWorkedTwice(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	src := readSource(t, "walker.go")
	var seats []domain.Seat
	for i := 0; i < 4; i++ {
		id := e.accepted(t, src)
		seats = append(seats, domain.Seat{VersionID: &id})
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 42, Settings: map[string]int{"nb_rounds": 30}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	var before []int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT array_agg(games ORDER BY id) FROM bot_versions WHERE id = ANY($1)", ids(seats)), &before)
	for i := 0; i < 3; i++ {
		if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{Queue: judge.QueueMatch}); err != nil {
			t.Fatal(err)
		}
	}
	e.waitJobs(t, 2*time.Minute, "match")
	var after []int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT array_agg(games ORDER BY id) FROM bot_versions WHERE id = ANY($1)", ids(seats)), &after)
	for i := range after {
		if after[i] != before[i]+1 {
			t.Fatalf("games before %v, after %v: want each +1", before, after)
		}
	}
	var history, blobs int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM rating_history WHERE match_id = $1", m.ID), &history)
	if history != 4 {
		t.Fatalf("%d rating changes for one match, want 4", history)
	}
	got, err := store.MatchByID(ctx, e.pool, m.ID)
	if err != nil || got.Status != domain.MatchFinished || got.ReplayKey == nil {
		t.Fatalf("match %+v, %v", got, err)
	}
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM blobs WHERE key = $1", *got.ReplayKey), &blobs)
	if blobs != 1 {
		t.Fatal("the replay the match refers to is missing")
	}
}

// Results that involve a superseded version count the game but move no rating.
func TestSupersededVersionMovesNoRating(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	src := readSource(t, "walker.go")
	var seats []domain.Seat
	for i := 0; i < 4; i++ {
		id := e.accepted(t, src)
		seats = append(seats, domain.Seat{VersionID: &id})
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	old := *seats[0].VersionID
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET status = 'superseded' WHERE id = $1`, old); err != nil {
		t.Fatal(err)
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 7, Settings: map[string]int{"nb_rounds": 20}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, nil); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 2*time.Minute, "match")
	got, _ := store.MatchByID(ctx, e.pool, m.ID)
	if got.Status != domain.MatchFinished || got.Rated {
		t.Fatalf("status %s rated %v; want finished and unrated", got.Status, got.Rated)
	}
	var moved int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM bot_versions WHERE id = ANY($1) AND mu <> $2", ids(seats), rating.DefaultMu), &moved)
	if moved != 0 {
		t.Fatalf("%d ratings moved", moved)
	}
}

func ids(seats []domain.Seat) []int64 {
	var out []int64
	for _, s := range seats {
		out = append(out, *s.VersionID)
	}
	return out
}

// A worker whose cache lost a bot's artifact (sandbox.Caches.Trim) fetches
// it from the database again and plays the match normally.
func TestMatchFetchesATrimmedArtifact(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	id := e.accepted(t, readSource(t, "walker.go"))
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	var sha string
	if err := e.pool.QueryRow(ctx, "SELECT artifact_sha256 FROM bot_versions WHERE id = $1", id).Scan(&sha); err != nil {
		t.Fatal(err)
	}
	art := filepath.Join(sandbox.Caches{Dir: sandboxDir()}.ArtifactDir(), sha+".wasm")
	if err := os.Remove(art); err != nil {
		t.Fatal(err)
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 7, Settings: map[string]int{"nb_rounds": 20}}
	seats := []domain.Seat{{VersionID: &id}, {Builtin: "Dummy"}, {Builtin: "Demo"}, {Builtin: "Null"}}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{Queue: judge.QueueMatch}); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 2*time.Minute, "match")
	results, err := store.Seats(ctx, e.pool, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := store.MatchByID(ctx, e.pool, m.ID); got == nil || got.Status != domain.MatchFinished {
		t.Fatalf("match %+v", got)
	}
	if results[0].FrozenReason != nil {
		t.Fatalf("the bot whose artifact was trimmed was frozen: %s", *results[0].FrozenReason)
	}
	if _, err := os.Stat(art); err != nil {
		t.Fatalf("the artifact was not fetched back: %v", err)
	}
}

// The ladder plays on the boards the admin chose for the game: here two
// uploaded boards (12 and 13 rounds) and a generated one (the game's
// settings: 20 rounds), in turn.
func TestLadderPlaysOnChosenBoards(t *testing.T) {
	e := startJudge(t, judge.Config{LadderQueue: 6})
	ctx := context.Background()
	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	var boards []int64
	for _, rounds := range []int{12, 13, 14} {
		data := []byte(fmt.Sprintf("OrkIsland 1.0\nnb_rounds %d\nGENERATOR1\n", rounds))
		parsed, err := g.ParseBoard(data)
		if err != nil {
			t.Fatal(err)
		}
		id, err := store.CreateBoard(ctx, e.pool, "orkisland", fmt.Sprintf("ladder-%d", rounds), data, parsed.Settings(), e.user(t))
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, id)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 20}' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{}' WHERE id = 'orkisland'`); err != nil {
			t.Error(err)
		}
		if err := store.DefaultGameBoards(ctx, e.pool, "orkisland", domain.ForLadder); err != nil {
			t.Error(err)
		}
	})
	// The third board is chosen, then deleted: it leaves the turn.
	if err := store.SetGameBoards(ctx, e.pool, "orkisland", domain.ForLadder, true, boards); err != nil {
		t.Fatal(err)
	}
	if err := store.DeleteBoard(ctx, e.pool, boards[2]); err != nil {
		t.Fatal(err)
	}
	chosen, err := judge.GameBoards(ctx, e.pool, "orkisland", domain.ForLadder)
	if ids := chosen.IDs(); err != nil || !chosen.Generated || !slices.Equal(ids, boards[:2]) {
		t.Fatalf("ladder boards after a deletion: generated %v, %v, %v; want true, %v", chosen.Generated, ids, err, boards[:2])
	}

	src := readSource(t, "walker.go")
	for i := 0; i < 4; i++ {
		e.accepted(t, src)
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	var before int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT coalesce(max(id), 0) FROM matches"), &before)
	if _, err := e.client.Insert(ctx, judge.MatchmakingArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 3*time.Minute, "matchmaking", "match")

	rows, err := e.pool.Query(ctx, `SELECT board_id, status, replay_key FROM matches
		WHERE kind = 'ladder' AND id > $1 ORDER BY id`, before)
	if err != nil {
		t.Fatal(err)
	}
	type played struct {
		board  *int64
		status string
		key    *string
	}
	var ms []played
	for rows.Next() {
		var p played
		if err := rows.Scan(&p.board, &p.status, &p.key); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ms) != 6 {
		t.Fatalf("%d ladder matches, want 6", len(ms))
	}
	wantBoards := []int64{boards[0], boards[1], 0, boards[0], boards[1], 0}
	wantRounds := map[int64]int{boards[0]: 12, boards[1]: 13, 0: 20}
	for i, p := range ms {
		var board int64
		if p.board != nil {
			board = *p.board
		}
		if board != wantBoards[i] {
			t.Fatalf("match %d on board %d, want %d (boards in turn: %v, 0 generated)", i, board, wantBoards[i], wantBoards)
		}
		if p.status != domain.MatchFinished || p.key == nil {
			t.Fatalf("match %d: %s", i, p.status)
		}
		data, err := store.PGBlobs{DB: e.pool}.Get(ctx, *p.key)
		if err != nil {
			t.Fatal(err)
		}
		r, err := games.ReadReplay(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if r.End.Rounds != wantRounds[board] {
			t.Fatalf("match %d on board %d lasted %d rounds, want %d", i, board, r.End.Rounds, wantRounds[board])
		}
	}
	// A board the ladder played on stays: its matches refer to it.
	if err := store.DeleteBoard(ctx, e.pool, boards[0]); !errors.Is(err, domain.ErrInUse) {
		t.Fatalf("deleting a board that was played on: %v, want ErrInUse", err)
	}
}

// A game row this build does not know (a game since removed from the code)
// does not stop matchmaking: the job completes and the other games' ladders
// are planned.
func TestMatchmakingSkipsAnUnknownGame(t *testing.T) {
	e := startJudge(t, judge.Config{LadderQueue: 1})
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, `INSERT INTO games (id, title) VALUES ('gone-game', 'Gone')`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(ctx, `DELETE FROM games WHERE id = 'gone-game'`) })
	res, err := e.client.Insert(ctx, judge.MatchmakingArgs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var state string
		var errs int
		scanOne(t, e.pool.QueryRow(ctx, `SELECT state, coalesce(array_length(errors, 1), 0) FROM river_job WHERE id = $1`,
			res.Job.ID), &state, &errs)
		if errs > 0 {
			t.Fatalf("matchmaking failed with a game it does not know (state %s)", state)
		}
		if state == "completed" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("matchmaking still %s after 30 s", state)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
