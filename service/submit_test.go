package service_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/service"
	"arena.dev/store"
)

// switchGame is a registered game the tests close, switch off or give a
// deadline, restored when the test ends.
const switchGame = "poquemon"

const goSource = "package main\n\nfunc main() {}\n"

func recordSwitchGame(t *testing.T, pool *pgxpool.Pool) games.Info {
	t.Helper()
	ctx := context.Background()
	g, err := games.Get(switchGame)
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	if err := store.EnsureGame(ctx, pool, info.ID, info.Title); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, err := range []error{service.SetGameEnabled(ctx, pool, info, true), service.SetChallengesEnabled(ctx, pool, info, true),
			service.SetSubmissionDeadline(ctx, pool, info, nil)} {
			if err != nil {
				t.Error(err)
			}
		}
	})
	return info
}

// botsOf counts a user's bots.
func botsOf(t *testing.T, pool *pgxpool.Pool, userID int64) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM bots WHERE owner_id = $1", userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSubmit(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)

	v, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "  mine  ", "go", goSource)
	if err != nil {
		t.Fatal(err)
	}
	if v.Number != 1 || v.Status != domain.StatusQueued || v.Source != goSource {
		t.Fatalf("version %+v", v)
	}
	b, err := store.FindOwnBot(ctx, pool, student.ID, info.ID, "mine")
	if err != nil || b.ID != v.BotID {
		t.Fatalf("the bot, named without spaces: %+v, %v", b, err)
	}
	if n := jobCount(t, pool, "compile", "version_id", v.ID); n != 1 {
		t.Fatalf("%d compile jobs, want 1", n)
	}
	v2, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "MINE", "cpp", "int main() {}")
	if err != nil || v2.BotID != v.BotID || v2.Number != 2 || v2.Language != "cpp" {
		t.Fatalf("second version: %+v, %v; want version 2 of the same bot, in C++", v2, err)
	}
}

func TestSubmitRefusals(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	for _, c := range []struct {
		key                 string
		code                domain.ErrorCode
		game, bot, language string
		source              string
	}{
		{"language", domain.Invalid, info.ID, "b", "cobol", goSource},
		{"too_large", domain.TooLarge, info.ID, "b", "go", strings.Repeat("x", service.MaxSource+1)},
		{"empty", domain.Invalid, info.ID, "b", "go", " \n\t"},
		{"not_utf8", domain.Invalid, info.ID, "b", "go", "package main \xff"},
		{"nul", domain.Invalid, info.ID, "b", "go", "package main\x00"},
		{"bot_name", domain.Invalid, info.ID, " ", "go", goSource},
		{"bot_name", domain.Invalid, info.ID, strings.Repeat("é", 65), "go", goSource},
		{"game", domain.Invalid, "no-such-game", "b", "go", goSource},
		{"builtin_name", domain.Invalid, info.ID, strings.ToLower(info.Bots[0]), "go", goSource},
	} {
		_, err := service.Submit(ctx, pool, jobs, student.ID, c.game, c.bot, c.language, c.source)
		wantCode(t, err, c.code)
		wantKey(t, err, "errors.submit."+c.key)
	}
	_, err := service.Submit(ctx, pool, jobs, 1<<40, info.ID, "b", "go", goSource)
	wantCode(t, err, domain.NotFound)
	if n := botsOf(t, pool, student.ID); n != 0 {
		t.Fatalf("refused submissions left %d bots", n)
	}

	// A disabled bot takes no new version.
	v, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetBotDisabled(ctx, pool, v.BotID, true); err != nil {
		t.Fatal(err)
	}
	_, err = service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource)
	wantKey(t, err, "errors.submit.bot_disabled")

	// A closed game takes none, from anyone.
	if err := service.SetGameEnabled(ctx, pool, info, false); err != nil {
		t.Fatal(err)
	}
	_, err = service.Submit(ctx, pool, jobs, newUser(t, pool, domain.RoleAdmin).ID, info.ID, "c", "go", goSource)
	wantKey(t, err, "errors.submit.closed")
}

func TestSubmitDeadline(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student, admin := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleAdmin)
	deadline := time.Date(2020, 3, 4, 5, 6, 0, 0, time.UTC)
	if err := service.SetSubmissionDeadline(ctx, pool, info, &deadline); err != nil {
		t.Fatal(err)
	}
	_, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "late", "go", goSource)
	wantKey(t, err, "errors.submit.deadline")
	if want := service.DeadlineError(info.Title, deadline).Error(); err.Error() != want || !strings.Contains(want, "2020-03-04 05:06 UTC") {
		t.Fatalf("refusal %q, want %q naming the deadline", err, want)
	}
	if _, err := service.Submit(ctx, pool, jobs, admin.ID, info.ID, "late", "go", goSource); err != nil {
		t.Fatalf("an admin after the deadline: %v", err)
	}
}

func TestDeadlineError(t *testing.T) {
	at := time.Date(2031, 12, 1, 23, 30, 0, 0, time.FixedZone("CET", 3600))
	err := service.DeadlineError("Wasteland", at)
	wantCode(t, err, domain.Invalid)
	wantKey(t, err, "errors.submit.deadline")
	var e *domain.Error
	errors.As(err, &e)
	if m, ok := e.Data["Deadline"].(domain.Moment); e.Data["Game"] != "Wasteland" || !ok || !time.Time(m).Equal(at) {
		t.Fatalf("data %v: want the game and the deadline as a moment", e.Data)
	}
	if !strings.Contains(e.Message, "was 2031-12-01 22:30 UTC:") {
		t.Errorf("message %q: want the deadline in UTC", e.Message)
	}
}

func TestSubmitLimits(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student, admin := newUser(t, pool, domain.RoleStudent), newUser(t, pool, domain.RoleAdmin)

	var versions []*domain.Version
	for range service.MaxQueuedCompiles {
		v, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
	}
	_, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource)
	wantCode(t, err, domain.TooMany)
	wantKey(t, err, "errors.submit.compiling")

	// Compiled, they no longer wait, but still count in the window.
	for _, v := range versions {
		if err := store.SetCompiled(ctx, pool, v.ID, "", "sha", ""); err != nil {
			t.Fatal(err)
		}
	}
	for range service.MaxRecentSubmissions - service.MaxQueuedCompiles {
		if _, err := service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource); err != nil {
			t.Fatal(err)
		}
	}
	_, err = service.Submit(ctx, pool, jobs, student.ID, info.ID, "b", "go", goSource)
	wantKey(t, err, "errors.submit.recent")
	var e *domain.Error
	if errors.As(err, &e); e.RetryAfter <= 0 || e.RetryAfter > service.SubmitWindow || e.Limit == nil {
		t.Fatalf("retry after %v (limit %v): want within the window", e.RetryAfter, e.Limit)
	}
	refs, err := store.VersionRefs(ctx, pool, versions[0].BotID)
	if err != nil || len(refs) != service.MaxRecentSubmissions {
		t.Fatalf("%d versions, %v; want %d", len(refs), err, service.MaxRecentSubmissions)
	}

	for range service.MaxRecentSubmissions + 1 {
		if _, err := service.Submit(ctx, pool, jobs, admin.ID, info.ID, "b", "go", goSource); err != nil {
			t.Fatalf("admin: %v", err)
		}
	}
}

// A compile job that cannot be queued leaves neither the version nor its
// new bot.
func TestSubmitAtomic(t *testing.T) {
	pool, jobs := env(t)
	info := recordSwitchGame(t, pool)
	student := newUser(t, pool, domain.RoleStudent)
	failJobs(t, pool, "compile")
	_, err := service.Submit(context.Background(), pool, jobs, student.ID, info.ID, "b", "go", goSource)
	wantRefused(t, err)
	if n := botsOf(t, pool, student.ID); n != 0 {
		t.Fatalf("a failed submission left %d bots", n)
	}
}
