package judge_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake" // Race takes Go and C++, Race (sprint) Go only
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// A submission records its language; one the game does not take, or an
// unknown one, is refused with a message that says so and stores nothing.
func TestSubmitLanguage(t *testing.T) {
	pool := pgtest.Pool(t)
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{pool: pool}
	ctx := context.Background()
	uid := e.user(t)
	for _, c := range []struct{ game, language, want string }{
		{fake.SprintID, "cpp", "Race (sprint) does not take bots in C++; it takes Go"},
		{fake.ID, "rust", `unknown language "rust" (known: go, cpp)`},
		{fake.ID, "", `unknown language "" (known: go, cpp)`},
	} {
		_, err := service.Submit(ctx, pool, jobs, uid, c.game, "x", c.language, "int main() {}")
		var se *domain.Error
		if !errors.As(err, &se) || se.Code != domain.Invalid || se.Message != c.want {
			t.Errorf("%s in %q: %v, want %q", c.game, c.language, err, c.want)
		}
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE b.owner_id = $1`, uid).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused submissions stored %d versions (%v)", n, err)
	}
	v, err := service.Submit(ctx, pool, jobs, uid, fake.ID, "x", "cpp", "int main() {}")
	if err != nil || v.Language != "cpp" {
		t.Fatalf("C++ for Race: %+v, %v", v, err)
	}
	stored, err := store.VersionByID(ctx, pool, v.ID)
	if err != nil || stored.Language != "cpp" {
		t.Fatalf("stored %+v, %v", stored, err)
	}
}

// The judge compiles a version with its language's toolchain: a C++ bot
// (the game's C++ Demo) compiles and qualifies as a Go one does, a broken
// one gets its compile log naming bot.cc:LINE:COL; the same bot may switch
// language between versions.
func TestCompileCpp(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	uid := e.user(t)
	demo, err := games.CppBotProgram(fake.ID, "Demo")
	if err != nil {
		t.Fatal(err)
	}
	v, err := service.Submit(ctx, e.pool, e.client, uid, fake.ID, "polyglot", "cpp", string(demo))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	if got.Status == domain.StatusCompileError || got.ArtifactSHA256 == nil {
		t.Fatalf("the C++ Demo: %s\n%s", got.Status, got.CompileLog)
	}
	var finished int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM matches WHERE bot_version_id = $1 AND status = 'finished'`, v.ID).Scan(&finished); err != nil || finished != games.QualificationMatches {
		t.Fatalf("%d qualification matches finished (%v)", finished, err)
	}
	var frozen int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM match_players WHERE bot_version_id = $1 AND frozen_round IS NOT NULL`, v.ID).Scan(&frozen); err != nil || frozen != 0 {
		t.Fatalf("the C++ Demo was frozen in %d matches (%v)", frozen, err)
	}

	broken := "#include \"Player.hh\"\n#define PLAYER_NAME Broken\nstruct PLAYER_NAME : public Player {\n" +
		"  static Player* factory() { return new PLAYER_NAME; }\n  virtual void play() {\n    stepp(1);\n  }\n};\nRegisterPlayer(PLAYER_NAME);\n"
	v2, err := service.Submit(ctx, e.pool, e.client, uid, fake.ID, "polyglot", "cpp", broken)
	if err != nil {
		t.Fatal(err)
	}
	got = e.waitStatus(t, v2.ID, 2*time.Minute, domain.StatusCompileError, domain.StatusQualifying)
	if got.Status != domain.StatusCompileError || !strings.Contains(got.CompileLog, "bot.cc:6:5:") || !strings.Contains(got.CompileLog, "stepp") {
		t.Fatalf("broken C++: %s, log:\n%s", got.Status, got.CompileLog)
	}

	goDemo, err := games.BotProgram(fake.ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	v3, err := service.Submit(ctx, e.pool, e.client, uid, fake.ID, "polyglot", "go", string(goDemo))
	if err != nil || v3.Number != 3 {
		t.Fatalf("a Go version after C++ ones: %+v, %v", v3, err)
	}
	got = e.waitStatus(t, v3.ID, 3*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	if got.Status == domain.StatusCompileError {
		t.Fatalf("the Go version: %s\n%s", got.Status, got.CompileLog)
	}
}
