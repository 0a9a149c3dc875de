package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	_ "arena.dev/games/all" // the registered games a tournament is of
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// tourGame is a registered game the tournament tests use.
const tourGame = "wasteland"

func recordTourGame(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if err := store.EnsureGame(context.Background(), pool, tourGame, "Wasteland"); err != nil {
		t.Fatal(err)
	}
}

// tournament is a valid tournament of tourGame, named afresh.
func tournament() *domain.Tournament {
	return &domain.Tournament{Name: fresh("tour"), GameID: tourGame, Format: domain.FormatElimination,
		GroupMatches: 2, FinalMatches: 3, DropCount: 1, LeagueRounds: 1, StartAt: time.Now().Add(time.Hour).Truncate(time.Second)}
}

// tournamentsNamed counts the tournaments of that name.
func tournamentsNamed(t *testing.T, pool *pgxpool.Pool, name string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM tournaments WHERE name = $1", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCreateTournament(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	recordTourGame(t, pool)
	tr := tournament()
	if err := service.CreateTournament(ctx, pool, jobs, tr); err != nil {
		t.Fatal(err)
	}
	if tr.ID == 0 || tr.Seed == 0 || tr.Status != domain.TournamentScheduled {
		t.Fatalf("created %+v: want an id, a seed and scheduled", tr)
	}
	got, err := store.TournamentByID(ctx, pool, tr.ID)
	if err != nil || got.Name != tr.Name || got.Seed != tr.Seed || !got.StartAt.Equal(tr.StartAt) {
		t.Fatalf("stored %+v, %v", got, err)
	}
	state, at, ok, err := store.TournamentStartJob(ctx, pool, tr.ID)
	if err != nil || !ok || state != "scheduled" || !at.Equal(tr.StartAt) {
		t.Fatalf("start job: %q at %v (%v), %v; want scheduled at %v", state, at, ok, err, tr.StartAt)
	}
}

func TestCreateTournamentRefusals(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	recordTourGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	otherGame := newGame(t, pool)
	foreignBot, err := store.BotByName(ctx, pool, student.ID, otherGame, "elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key    string
		change func(*domain.Tournament)
	}{
		{"unknown_game", func(tr *domain.Tournament) { tr.GameID = "no-such-game" }},
		{"settings", func(tr *domain.Tournament) { tr.Settings = map[string]int{"no_such_setting": 1} }},
		{"unknown_format", func(tr *domain.Tournament) { tr.Format = "swiss" }},
		{"numbers", func(tr *domain.Tournament) { tr.GroupMatches = 0 }},
		{"numbers", func(tr *domain.Tournament) { tr.DropCount = 4 }},
		{"bot", func(tr *domain.Tournament) { tr.BotIDs = []int64{foreignBot.ID} }},
		{"board", func(tr *domain.Tournament) { tr.BoardIDs = []int64{1 << 40} }},
	} {
		tr := tournament()
		c.change(tr)
		err := service.CreateTournament(ctx, pool, jobs, tr)
		wantCode(t, err, domain.Invalid)
		wantKey(t, err, "errors.tournament."+c.key)
		if n := tournamentsNamed(t, pool, tr.Name); n != 0 {
			t.Fatalf("%s: a refused tournament was stored", c.key)
		}
	}
}

// A start job that cannot be queued leaves no tournament without one.
func TestCreateTournamentAtomic(t *testing.T) {
	pool, jobs := env(t)
	recordTourGame(t, pool)
	failJobs(t, pool, "tournament_start")
	tr := tournament()
	wantRefused(t, service.CreateTournament(context.Background(), pool, jobs, tr))
	if n := tournamentsNamed(t, pool, tr.Name); n != 0 {
		t.Fatal("a tournament was stored without its start job")
	}
}

func tourStatus(t *testing.T, pool *pgxpool.Pool, id int64) string {
	t.Helper()
	tr, err := store.TournamentByID(context.Background(), pool, id)
	if err != nil {
		t.Fatal(err)
	}
	return tr.Status
}

func TestPauseResumeCancelTournament(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	recordTourGame(t, pool)
	tr := tournament()
	if err := service.CreateTournament(ctx, pool, jobs, tr); err != nil {
		t.Fatal(err)
	}

	// Unknown tournaments.
	wantCode(t, service.PauseTournament(ctx, pool, 1<<40), domain.NotFound)
	wantCode(t, service.ResumeTournament(ctx, pool, jobs, 1<<40), domain.NotFound)
	wantCode(t, service.CancelTournament(ctx, pool, jobs, 1<<40), domain.NotFound)

	// A scheduled tournament is neither paused nor resumed.
	wantKey(t, service.PauseTournament(ctx, pool, tr.ID), "errors.tournament.pause")
	wantKey(t, service.ResumeTournament(ctx, pool, jobs, tr.ID), "errors.tournament.resume")
	if s := tourStatus(t, pool, tr.ID); s != domain.TournamentScheduled {
		t.Fatalf("status %q after refusals", s)
	}

	// Started (as its start job does), it pauses and resumes.
	if err := store.MarkTournamentStarted(ctx, pool, tr.ID, ""); err != nil {
		t.Fatal(err)
	}
	before, err := store.TournamentByID(ctx, pool, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := service.PauseTournament(ctx, pool, tr.ID); err != nil {
		t.Fatal(err)
	}
	if s := tourStatus(t, pool, tr.ID); s != domain.TournamentPaused {
		t.Fatalf("status %q, want paused", s)
	}
	wantKey(t, service.PauseTournament(ctx, pool, tr.ID), "errors.tournament.pause")
	if err := service.ResumeTournament(ctx, pool, jobs, tr.ID); err != nil {
		t.Fatal(err)
	}
	after, err := store.TournamentByID(ctx, pool, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Status != domain.TournamentRunning || after.Changes <= before.Changes {
		t.Fatalf("resumed: status %q, changes %d (before %d); want running and a change noted", after.Status, after.Changes, before.Changes)
	}

	// Cancelled: its queued match fails, their jobs and the start job are cancelled.
	m := &domain.Match{GameID: tourGame, Kind: domain.KindTournament, Seed: 1}
	if err := store.CreateMatch(ctx, pool, m, []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}}); err != nil {
		t.Fatal(err)
	}
	if err := store.AddTournamentMatch(ctx, pool, tr.ID, 1, 0, 0, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := jobs.InsertMany(ctx, []river.InsertManyParams{judge.MatchJob(m)}); err != nil {
		t.Fatal(err)
	}
	if err := service.CancelTournament(ctx, pool, jobs, tr.ID); err != nil {
		t.Fatal(err)
	}
	if s := tourStatus(t, pool, tr.ID); s != domain.TournamentCancelled {
		t.Fatalf("status %q, want cancelled", s)
	}
	if got, err := store.MatchByID(ctx, pool, m.ID); err != nil || got.Status != domain.MatchFailed {
		t.Fatalf("its queued match: %+v, %v; want failed", got, err)
	}
	if state, _, _, err := store.TournamentStartJob(ctx, pool, tr.ID); err != nil || state != "cancelled" {
		t.Fatalf("start job %q, %v; want cancelled", state, err)
	}
	if state := jobState(t, pool, "match", "match_id", m.ID); state != "cancelled" {
		t.Fatalf("match job %q, want cancelled", state)
	}
	wantKey(t, service.CancelTournament(ctx, pool, jobs, tr.ID), "errors.tournament.cancel")
	wantKey(t, service.ResumeTournament(ctx, pool, jobs, tr.ID), "errors.tournament.resume")
}

// jobState is the state of the newest job of kind whose args hold key = id.
func jobState(t *testing.T, pool *pgxpool.Pool, kind, key string, id int64) string {
	t.Helper()
	var state string
	err := pool.QueryRow(context.Background(), `SELECT state::text FROM river_job
		WHERE kind = $1 AND args @> jsonb_build_object($2::text, $3::bigint) ORDER BY id DESC LIMIT 1`, kind, key, id).Scan(&state)
	if err != nil {
		t.Fatal(err)
	}
	return state
}

func TestReplayTournamentMatch(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	recordTourGame(t, pool)
	tr := tournament()
	if err := service.CreateTournament(ctx, pool, jobs, tr); err != nil {
		t.Fatal(err)
	}
	seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Null"}}
	idx := 0
	match := func(finished bool) int64 {
		m := &domain.Match{GameID: tourGame, Kind: domain.KindTournament, Seed: 42, Settings: map[string]int{"rounds": 50}}
		if err := store.CreateMatch(ctx, pool, m, seats); err != nil {
			t.Fatal(err)
		}
		if err := store.AddTournamentMatch(ctx, pool, tr.ID, 1, 0, idx, m.ID); err != nil {
			t.Fatal(err)
		}
		idx++
		if finished {
			if err := store.FinishMatch(ctx, pool, m.ID, "replay/x", false, nil); err != nil {
				t.Fatal(err)
			}
		}
		return m.ID
	}
	played, unplayed := match(true), match(false)
	outside := newMatch(t, pool, tourGame, true, false)

	_, err := service.ReplayTournamentMatch(ctx, pool, jobs, tr.ID, outside)
	wantKey(t, err, "errors.tournament.replay_other")
	_, err = service.ReplayTournamentMatch(ctx, pool, jobs, tr.ID, unplayed)
	wantKey(t, err, "errors.tournament.replay_unplayed")

	// A match job that cannot be queued leaves no replay behind.
	failJobs(t, pool, "match")
	_, err = service.ReplayTournamentMatch(ctx, pool, jobs, tr.ID, played)
	wantRefused(t, err)
	if rs, err := store.TournamentReplays(ctx, pool, tr.ID); err != nil || len(rs) != 0 {
		t.Fatalf("replays %+v, %v after a failure", rs, err)
	}
}

func TestReplayTournamentMatchQueues(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	recordTourGame(t, pool)
	tr := tournament()
	if err := service.CreateTournament(ctx, pool, jobs, tr); err != nil {
		t.Fatal(err)
	}
	orig := &domain.Match{GameID: tourGame, Kind: domain.KindTournament, Seed: 42, Settings: map[string]int{"rounds": 50}}
	seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Null"}}
	if err := store.CreateMatch(ctx, pool, orig, seats); err != nil {
		t.Fatal(err)
	}
	if err := store.AddTournamentMatch(ctx, pool, tr.ID, 1, 0, 0, orig.ID); err != nil {
		t.Fatal(err)
	}
	if err := store.FinishMatch(ctx, pool, orig.ID, "replay/x", false, nil); err != nil {
		t.Fatal(err)
	}

	id, err := service.ReplayTournamentMatch(ctx, pool, jobs, tr.ID, orig.ID)
	if err != nil {
		t.Fatal(err)
	}
	m, err := store.MatchByID(ctx, pool, id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Seed != orig.Seed || m.Kind != domain.KindTournament || m.Status != domain.MatchQueued || m.Settings["rounds"] != 50 {
		t.Fatalf("the replay %+v: want the original's seed and settings, queued", m)
	}
	got, err := store.MatchSeats(ctx, pool, id)
	if err != nil || len(got) != 2 || got[0].Builtin != "Dummy" || got[1].Builtin != "Null" {
		t.Fatalf("seats %+v, %v; want the original's", got, err)
	}
	rs, err := store.TournamentReplays(ctx, pool, tr.ID)
	if err != nil || len(rs) != 1 || rs[0].MatchID != id || rs[0].OriginalID != orig.ID {
		t.Fatalf("replays %+v, %v", rs, err)
	}
	if n := jobCount(t, pool, "match", "match_id", id); n != 1 {
		t.Fatalf("%d match jobs for the replay, want 1", n)
	}
}
