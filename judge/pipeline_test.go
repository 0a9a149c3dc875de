package judge_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/rating"
	"arena.dev/service"
	"arena.dev/store"
)

func TestBrokenBotGetsCompileErrorWithLog(t *testing.T) {
	e := startJudge(t, judge.Config{})
	v, err := service.Submit(context.Background(), e.pool, e.client, e.user(t), "orkisland", "broken", "go", readSource(t, "broken.go"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Number != 1 {
		t.Fatalf("first version numbered %d", v.Number)
	}
	got := e.waitStatus(t, v.ID, 2*time.Minute, domain.StatusCompileError, domain.StatusQualifying)
	if got.Status != domain.StatusCompileError {
		t.Fatalf("status %s, want compile_error", got.Status)
	}
	if !strings.Contains(got.CompileLog, "bot.go:8:") || !strings.Contains(got.CompileLog, "undefinedThing") {
		t.Fatalf("the log should point at the user's line 8:\n%s", got.CompileLog)
	}
}

// The Null bot compiles, plays its qualification matches and loses them.
func TestWeakBotRejectedByTheDummy(t *testing.T) {
	e := startJudge(t, judge.Config{})
	null, err := games.KitTemplate("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	v, err := service.Submit(context.Background(), e.pool, e.client, e.user(t), "orkisland", "idle", "go", string(null))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	if got.Status != domain.StatusRejected {
		t.Fatalf("status %s, want rejected (log: %s)", got.Status, got.CompileLog)
	}
	var matches, finished int
	err = e.pool.QueryRow(context.Background(), `SELECT count(*), count(*) FILTER (WHERE status = 'finished')
		FROM matches WHERE bot_version_id = $1 AND kind = 'qualification'`, v.ID).Scan(&matches, &finished)
	if err != nil {
		t.Fatal(err)
	}
	if matches != games.QualificationMatches || finished != matches {
		t.Fatalf("%d qualification matches, %d finished; want %d finished", matches, finished, games.QualificationMatches)
	}
	if got.Games != 0 {
		t.Fatalf("qualification matches counted as %d ladder games", got.Games)
	}
}

func TestSubmitRefusesBadInput(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	uid := e.user(t)
	for name, c := range map[string]struct {
		game, bot, src string
		code           domain.ErrorCode
	}{
		"empty":        {"orkisland", "b", "  \n", domain.Invalid},
		"too large":    {"orkisland", "b", strings.Repeat("x", service.MaxSource+1), domain.TooLarge},
		"unknown game": {"chess", "b", "package main", domain.Invalid},
		"no name":      {"orkisland", " ", "package main", domain.Invalid},
	} {
		_, err := service.Submit(ctx, e.pool, e.client, uid, c.game, c.bot, "go", c.src)
		if code := domain.CodeOf(err); code != c.code {
			t.Errorf("%s: got %v (%s), want a refusal (%s)", name, err, code, c.code)
		}
	}
	var n int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE b.owner_id = $1", uid), &n)
	if n != 0 {
		t.Fatalf("%d versions stored from refused submissions", n)
	}
}

// A bot that beats the Dummy is accepted and put on the ladder; its next
// version keeps its μ with σ widened and supersedes it.
func TestGoodBotAcceptedAndNewVersionSupersedes(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	uid := e.user(t)
	src := readSource(t, "../../games/orkisland/testdata/strong.go")
	v1, err := service.Submit(ctx, e.pool, e.client, uid, "orkisland", "strong", "go", src)
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v1.ID, 3*time.Minute, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	if got.Status != domain.StatusAccepted {
		t.Fatalf("the strong bot was %s:\n%s", got.Status, got.CompileLog)
	}
	bot, err := store.BotByID(ctx, e.pool, got.BotID)
	if err != nil || bot.CurrentVersionID == nil || *bot.CurrentVersionID != v1.ID {
		t.Fatalf("the accepted version is not on the ladder: %+v %v", bot, err)
	}
	// Pretend it has played: a settled rating.
	if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET mu = 31, sigma = 2 WHERE id = $1", v1.ID); err != nil {
		t.Fatal(err)
	}

	v2, err := service.Submit(ctx, e.pool, e.client, uid, "orkisland", "strong", "go", src+"\n// v2\n")
	if err != nil {
		t.Fatal(err)
	}
	if v2.Number != 2 {
		t.Fatalf("second version numbered %d", v2.Number)
	}
	got2 := e.waitStatus(t, v2.ID, 3*time.Minute, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	if got2.Status != domain.StatusAccepted {
		t.Fatalf("version 2 was %s", got2.Status)
	}
	old, _ := store.VersionByID(ctx, e.pool, v1.ID)
	if old.Status != domain.StatusSuperseded {
		t.Fatalf("version 1 is %s, want superseded", old.Status)
	}
	if *got2.Mu != 31 || *got2.Sigma <= 2 || *got2.Sigma > rating.DefaultSigma {
		t.Fatalf("version 2 rating μ=%v σ=%v: want μ kept (31) and σ widened above 2", *got2.Mu, *got2.Sigma)
	}
	bot, _ = store.BotByID(ctx, e.pool, got.BotID)
	if *bot.CurrentVersionID != v2.ID {
		t.Fatal("the bot's current version is not version 2")
	}
}

// Starting workers builds the Dummy offered for download, as WebAssembly.
func TestDummyBuiltForDownload(t *testing.T) {
	e := startJudge(t, judge.Config{})
	key, err := judge.BuiltinWasmKey("orkisland", "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	var wasm []byte
	// The periodic job is inserted once this client is elected leader.
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		if wasm, err = (store.PGBlobs{DB: e.pool}).Get(context.Background(), key); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Dummy was not built: %v", err)
		}
	}
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Fatalf("the Dummy blob is not WebAssembly: % x", wasm[:8])
	}
}

// Matches that cannot be played (here: settings out of range) fail, and the
// version still gets its verdict instead of qualifying for ever.
func TestFailedQualificationMatchesStillGiveAVerdict(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 1000000}' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{}' WHERE id = 'orkisland'`); err != nil {
			t.Error(err) // the tests after this one would play with its settings
		}
	})
	v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "doomed", "go", readSource(t, "walker.go"))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 2*time.Minute, domain.StatusRejected, domain.StatusAccepted, domain.StatusCompileError)
	if got.Status != domain.StatusRejected {
		t.Fatalf("status %s, want rejected", got.Status)
	}
	var failed int
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM matches WHERE bot_version_id = $1 AND status = 'failed' AND error <> ''`, v.ID), &failed)
	if failed != games.QualificationMatches {
		t.Fatalf("%d failed matches with their error, want %d", failed, games.QualificationMatches)
	}
}
