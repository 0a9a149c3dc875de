package service_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
)

// challenges counts the challenge matches a user started.
func challenges(t *testing.T, pool *pgxpool.Pool, userID int64) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM matches WHERE challenger_id = $1", userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// playable is a version of a new bot of the user's in switchGame that
// can play (compiled: qualifying).
func playable(t *testing.T, pool *pgxpool.Pool, userID int64) *domain.Version {
	t.Helper()
	return newVersion(t, pool, userID, switchGame, true)
}

func TestStartChallenge(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	mine, other := playable(t, pool, student.ID), playable(t, pool, student.ID)
	seed := int64(99)

	m, err := service.StartChallenge(ctx, pool, jobs, student.ID, service.Challenge{GameID: info.ID, Version: mine.ID,
		Opponents: []domain.Seat{{Builtin: "Demo"}, {VersionID: &other.ID}}, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != domain.KindChallenge || m.ChallengerID == nil || *m.ChallengerID != student.ID || m.Seed != seed {
		t.Fatalf("match %+v", m)
	}
	seats, err := store.MatchSeats(ctx, pool, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != info.Players || *seats[0].VersionID != mine.ID || seats[1].Builtin != "Demo" || *seats[2].VersionID != other.ID ||
		seats[3].Builtin != info.Qualifier {
		t.Fatalf("seats %+v: want mine, Demo, my other version, then the qualifier", seats)
	}
	if n := jobCount(t, pool, "match", "match_id", m.ID); n != 1 {
		t.Fatalf("%d match jobs, want 1", n)
	}

	a, err := service.ChallengeAllowance(ctx, pool, student.ID, false)
	if err != nil || a.Unlimited || a.Now != service.MaxPendingChallenges-1 || a.ThisHour != service.MaxChallengesPerHour-1 {
		t.Fatalf("allowance %+v, %v; want one of each used", a, err)
	}
	if a, err := service.ChallengeAllowance(ctx, pool, student.ID, true); err != nil || !a.Unlimited {
		t.Fatalf("admin allowance %+v, %v", a, err)
	}

	// Again: the same seed and seats, each of the user's seats with its bot's newest version.
	newer, err := store.CreateVersion(ctx, pool, mine.BotID, "go", goSource)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetCompiled(ctx, pool, newer.ID, "", "sha", ""); err != nil {
		t.Fatal(err)
	}
	again, err := service.ChallengeAgain(ctx, pool, jobs, student.ID, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	seats2, err := store.MatchSeats(ctx, pool, again.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again.Seed != seed || *seats2[0].VersionID != newer.ID || seats2[1].Builtin != "Demo" || *seats2[2].VersionID != other.ID {
		t.Fatalf("again: seed %d, seats %+v; want seed %d with version %d first", again.Seed, seats2, seed, newer.ID)
	}
	// Not theirs.
	stranger := newUser(t, pool, domain.RoleStudent)
	_, err = service.ChallengeAgain(ctx, pool, jobs, stranger.ID, m.ID)
	wantKey(t, err, "errors.challenge.again_not_yours")
	_, err = service.ChallengeAgain(ctx, pool, jobs, stranger.ID, 1<<40)
	wantCode(t, err, domain.NotFound)
}

func TestStartChallengeRefusals(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student, other := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleStudent)
	mine, theirs := playable(t, pool, student.ID), playable(t, pool, other.ID)
	uncompiled := newVersion(t, pool, student.ID, switchGame, false)
	tooBig := int64(1 << 53)
	four := []domain.Seat{{Builtin: "Demo"}, {Builtin: "Demo"}, {Builtin: "Demo"}, {Builtin: "Demo"}}
	for _, c := range []struct {
		key string
		c   service.Challenge
	}{
		{"not_yours", service.Challenge{GameID: info.ID, Version: theirs.ID}},
		{"not_yours", service.Challenge{GameID: info.ID, Version: uncompiled.ID}},
		{"too_many_opponents", service.Challenge{GameID: info.ID, Version: mine.ID, Opponents: four}},
		{"no_builtin", service.Challenge{GameID: info.ID, Version: mine.ID, Opponents: []domain.Seat{{Builtin: "Nobody"}}}},
		{"opponent", service.Challenge{GameID: info.ID, Version: mine.ID, Opponents: []domain.Seat{{VersionID: &theirs.ID}}}},
		{"seed_range", service.Challenge{GameID: info.ID, Version: mine.ID, Seed: &tooBig}},
		{"generated_only", service.Challenge{GameID: info.ID, Version: mine.ID, Board: "maze"}},
	} {
		_, err := service.StartChallenge(ctx, pool, jobs, student.ID, c.c)
		wantCode(t, err, domain.Invalid)
		wantKey(t, err, "errors.challenge."+c.key)
	}
	_, err := service.StartChallenge(ctx, pool, jobs, student.ID, service.Challenge{GameID: "no-such-game", Version: mine.ID})
	wantCode(t, err, domain.NotFound)
	if n := challenges(t, pool, student.ID); n != 0 {
		t.Fatalf("refused challenges created %d matches", n)
	}

	// Switched off: refused to students, not to admins.
	if err := service.SetChallengesEnabled(ctx, pool, info, false); err != nil {
		t.Fatal(err)
	}
	_, err = service.StartChallenge(ctx, pool, jobs, student.ID, service.Challenge{GameID: info.ID, Version: mine.ID})
	wantCode(t, err, domain.Forbidden)
	wantKey(t, err, "errors.challenge.off")
	admin := newUser(t, pool, domain.RoleAdmin)
	if _, err := service.StartChallenge(ctx, pool, jobs, admin.ID, service.Challenge{GameID: info.ID, Version: playable(t, pool, admin.ID).ID}); err != nil {
		t.Fatalf("an admin while switched off: %v", err)
	}
	// Closed: refused to all.
	if err := service.SetGameEnabled(ctx, pool, info, false); err != nil {
		t.Fatal(err)
	}
	_, err = service.StartChallenge(ctx, pool, jobs, admin.ID, service.Challenge{GameID: info.ID, Version: mine.ID})
	wantKey(t, err, "errors.challenge.closed")
}

func TestStartChallengeLimits(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	mine := playable(t, pool, student.ID)
	c := service.Challenge{GameID: info.ID, Version: mine.ID}
	for range service.MaxPendingChallenges {
		if _, err := service.StartChallenge(ctx, pool, jobs, student.ID, c); err != nil {
			t.Fatal(err)
		}
	}
	_, err := service.StartChallenge(ctx, pool, jobs, student.ID, c)
	wantCode(t, err, domain.TooMany)
	wantKey(t, err, "errors.challenge.pending")
	if a, err := service.ChallengeAllowance(ctx, pool, student.ID, false); err != nil || a.Now != 0 {
		t.Fatalf("allowance %+v, %v; want none left at once", a, err)
	}
	if n := challenges(t, pool, student.ID); n != service.MaxPendingChallenges {
		t.Fatalf("%d challenges, want %d", n, service.MaxPendingChallenges)
	}
	// Played (their jobs done, their matches no longer queued), they count
	// in the hour only.
	if _, err := pool.Exec(ctx, `UPDATE matches SET status = 'finished', finished_at = now() WHERE challenger_id = $1`, student.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE matches SET created_at = now() - interval '2 hours' WHERE challenger_id = $1`, student.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := service.StartChallenge(ctx, pool, jobs, student.ID, c); err != nil {
		t.Fatalf("after the others were played, long ago: %v", err)
	}
}

// A match job that cannot be queued leaves no challenge match.
func TestStartChallengeAtomic(t *testing.T) {
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	mine := playable(t, pool, student.ID)
	failJobs(t, pool, "match")
	_, err := service.StartChallenge(context.Background(), pool, jobs, student.ID, service.Challenge{GameID: info.ID, Version: mine.ID})
	wantRefused(t, err)
	if n := challenges(t, pool, student.ID); n != 0 {
		t.Fatalf("a failed challenge left %d matches", n)
	}
}

func TestResolveSeat(t *testing.T) {
	ctx := context.Background()
	pool, _ := env(t)
	recordSwitchGame(t, pool)
	student, other := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleStudent)
	mine := playable(t, pool, student.ID)
	bot, err := store.BotByID(ctx, pool, mine.BotID)
	if err != nil {
		t.Fatal(err)
	}
	theirs := playable(t, pool, other.ID)
	theirBot, err := store.BotByID(ctx, pool, theirs.BotID)
	if err != nil {
		t.Fatal(err)
	}
	wantVersion := func(ref string, own bool, id int64) {
		t.Helper()
		s, err := service.ResolveSeat(ctx, pool, student.ID, switchGame, ref, own)
		if err != nil || s.VersionID == nil || *s.VersionID != id {
			t.Fatalf("%q: %+v, %v; want version %d", ref, s, err, id)
		}
	}
	wantVersion("v:123", false, 123)
	wantVersion("77", false, 77)
	wantVersion(bot.Name, true, mine.ID)
	wantVersion(bot.Name+"@1", true, mine.ID)
	if s, err := service.ResolveSeat(ctx, pool, student.ID, switchGame, " demo ", false); err != nil || s.Builtin != "Demo" {
		t.Fatalf("a built-in bot: %+v, %v", s, err)
	}
	for _, c := range []struct {
		ref, key string
		own      bool
	}{
		{"", "empty_ref", false},
		{"Demo", "builtin_own", true},
		{"builtin:Nobody", "no_builtin", false},
		{other.Name + "/" + theirBot.Name, "not_ranked", false}, // qualifying, not on the leaderboard
		{other.Name + "/" + theirBot.Name, "not_your_bot", true},
		{other.Name + "/nothing", "no_bot", false},
		{other.Name + "/" + theirBot.Name + "@1", "version_of_other", false},
		{bot.Name + "@x", "bad_version_ref", true},
		{bot.Name + "@9", "no_such_version", true},
		{"nothing@1", "no_own_bot", true},
		{"x:y", "bad_ref", false},
		{"nothing", "no_own_bot_hint", false},
	} {
		_, err := service.ResolveSeat(ctx, pool, student.ID, switchGame, c.ref, c.own)
		wantKey(t, err, "errors.challenge."+c.key)
	}
	if _, err := service.ResolveSeat(ctx, pool, student.ID, "no-such-game", "Demo", false); err == nil {
		t.Fatal("an unknown game resolved")
	}
}
