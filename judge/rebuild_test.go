package judge_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/metrics"
	"arena.dev/sandbox"
	"arena.dev/service"
	"arena.dev/store"
)

// oldRaceID is Race with the SDKs of an older release: its Go and C++
// SDKs speak protocol version 0 (Race speaks 1), and the Go SDK has a
// function the current one no longer has.
const oldRaceID = "race-old-sdk"

var registerOldRace sync.Once

func oldRace(t *testing.T) {
	t.Helper()
	src := fake.Game{}.Info().Files.FS
	files := fstest.MapFS{}
	if err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(src, p)
		files[p] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	edit := func(file, old, new string) {
		t.Helper()
		if !bytes.Contains(files[file].Data, []byte(old)) {
			t.Fatalf("Race's %s does not say %q", file, old)
		}
		files[file] = &fstest.MapFile{Data: bytes.ReplaceAll(files[file].Data, []byte(old), []byte(new))}
	}
	edit("sdk/sdk.go", "const FrameVersion = 1", "const FrameVersion = 0\n\n// OldHelper is gone in the next release.\nfunc OldHelper() int { return 1 }")
	edit("cpp/Player.hh", "r.version(1);", "r.version(0);")
	registerOldRace.Do(func() { games.Register(sdkCopy{id: oldRaceID, files: files}) })
}

// oldBuild builds src in l against the older SDK and stores the artifact
// as the compile worker does.
func (e *env) oldBuild(t *testing.T, l lang.Language, src []byte) string {
	t.Helper()
	ctx := context.Background()
	art, log, err := lang.Compile(ctx, l, oldRaceID, src, sandbox.Caches{Dir: sandboxDir()}.CompileOptions())
	if err != nil {
		t.Fatalf("building against the older SDK: %v\n%s", err, log)
	}
	wasm, err := os.ReadFile(art.Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := (store.PGBlobs{DB: e.pool}).Put(ctx, "wasm/"+art.Hash, wasm); err != nil {
		t.Fatal(err)
	}
	return art.Hash
}

func sdkKeyOf(t *testing.T, l lang.Language, gameID string) string {
	t.Helper()
	sdk, err := l.SDK(gameID)
	if err != nil {
		t.Fatal(err)
	}
	key, err := l.SDKKey(sdk)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// seatOutcome is how one version's seat of a match ended.
type seatOutcome struct {
	frozenRound *int
	kind        string
	reason      string
	log         string
}

func (e *env) seatOf(t *testing.T, matchID, versionID int64) seatOutcome {
	t.Helper()
	var s seatOutcome
	var reason, log *string
	scanOne(t, e.pool.QueryRow(context.Background(), `SELECT mp.frozen_round, coalesce(mp.frozen_kind, ''), mp.frozen_reason, mp.log
		FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE mp.match_id = $1 AND mp.bot_version_id = $2 AND m.status = 'finished'`, matchID, versionID),
		&s.frozenRound, &s.kind, &reason, &log)
	if reason != nil {
		s.reason = *reason
	}
	if log != nil {
		s.log = *log
	}
	return s
}

// play plays ladder matches of these seats (versions, then built-in bots)
// at once and returns their ids once they all landed.
func (e *env) play(t *testing.T, n int, versions []int64, builtins ...string) []int64 {
	t.Helper()
	ctx := context.Background()
	var seats []domain.Seat
	for _, id := range versions {
		seats = append(seats, domain.Seat{VersionID: &id})
	}
	for _, b := range builtins {
		seats = append(seats, domain.Seat{Builtin: b})
	}
	var ids []int64
	var jobs []river.InsertManyParams
	for i := range n {
		m := &domain.Match{GameID: fake.ID, Kind: domain.KindLadder, Seed: int64(100 + i)}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
		jobs = append(jobs, river.InsertManyParams{Args: judge.MatchArgs{MatchID: m.ID}, InsertOpts: &river.InsertOpts{Queue: judge.QueueMatch}})
	}
	if _, err := e.client.InsertMany(ctx, jobs); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 4*time.Minute, "match")
	return ids
}

// A version built against an older SDK of its game (an upgrade changed
// the protocol) is rebuilt from its source before it plays, once however
// many of its matches start at once, and plays unfrozen; one whose source
// no longer builds is frozen at setup, saying why, and stays as it was.
// The compile worker records the SDK a version is built against.
func TestRebuildStaleVersion(t *testing.T) {
	oldRace(t)
	e := startJudge(t, judge.Config{MaxWorkers: 4})
	ctx := context.Background()
	uid := e.user(t)
	goKey, cppKey := sdkKeyOf(t, lang.Go, fake.ID), sdkKeyOf(t, lang.Cpp, fake.ID)

	dummy, err := games.BotProgram(fake.ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	v, err := service.Submit(ctx, e.pool, e.client, uid, fake.ID, "gopher", "go", string(dummy))
	if err != nil {
		t.Fatal(err)
	}
	goV := e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusQualifying, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	if goV.ArtifactSHA256 == nil || goV.SDKKey == nil || *goV.SDKKey != goKey {
		t.Fatalf("compiled version: %s, SDK key %v, want %s\n%s", goV.Status, goV.SDKKey, goKey, goV.CompileLog)
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile") // its qualification
	if goV, err = store.VersionByID(ctx, e.pool, v.ID); err != nil {
		t.Fatal(err)
	}

	// The same Go bot, a C++ one and one that uses what the SDK no longer
	// has, as an older release built them.
	demo, err := games.CppBotProgram(fake.ID, "Demo")
	if err != nil {
		t.Fatal(err)
	}
	legacy := append(bytes.Clone(dummy), "\nvar _ = sdk.OldHelper\n"...)
	oldGo, oldCpp, oldLegacy := e.oldBuild(t, lang.Go, dummy), e.oldBuild(t, lang.Cpp, demo), e.oldBuild(t, lang.Go, legacy)
	stored := func(name, language string, src []byte, sha string) int64 {
		t.Helper()
		bot, err := store.BotByName(ctx, e.pool, uid, fake.ID, name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := store.CreateVersion(ctx, e.pool, bot.ID, language, string(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := store.SetCompiled(ctx, e.pool, v.ID, "built by an older release", sha, ""); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	cppV, legacyV := stored("plusplus", "cpp", demo, oldCpp), stored("legacy", "go", legacy, oldLegacy)
	setBuild := func(id int64, sha string, key any) {
		t.Helper()
		if _, err := e.pool.Exec(ctx, "UPDATE bot_versions SET artifact_sha256 = $2, sdk_key = $3 WHERE id = $1", id, sha, key); err != nil {
			t.Fatal(err)
		}
	}

	// The premise: these artifacts speak the older protocol. Marked as
	// built against this SDK, they play as they are, and stop at setup.
	setBuild(goV.ID, oldGo, goKey)
	setBuild(cppV, oldCpp, cppKey)
	m := e.play(t, 1, []int64{goV.ID, cppV}, "Demo", "Dummy")[0]
	for _, id := range []int64{goV.ID, cppV} {
		s := e.seatOf(t, m, id)
		want := "built against an older SDK of Race (its protocol version 0, the game's 1): rebuild it, or download it again"
		if s.frozenRound == nil || *s.frozenRound != -1 || s.kind != games.FreezeProtocol || s.reason != want {
			t.Fatalf("version %d with an old artifact: frozen %v %s %q, want at setup %s %q", id, s.frozenRound, s.kind, s.reason, games.FreezeProtocol, want)
		}
	}

	// Stale (no key: built before keys were recorded; another key): each
	// is rebuilt once for two matches at once, and plays.
	setBuild(goV.ID, oldGo, nil)
	setBuild(cppV, oldCpp, "an older SDK")
	rebuilt := func(l lang.Language, outcome string) float64 {
		var m dto.Metric
		if err := metrics.Rebuilds.WithLabelValues(fake.ID, l.ID, outcome).Write(&m); err != nil {
			t.Fatal(err)
		}
		return m.GetCounter().GetValue()
	}
	goBefore, cppBefore := rebuilt(lang.Go, "rebuilt"), rebuilt(lang.Cpp, "rebuilt")
	start := time.Now()
	for _, m := range e.play(t, 2, []int64{goV.ID, cppV}, "Demo", "Dummy") {
		for _, id := range []int64{goV.ID, cppV} {
			if s := e.seatOf(t, m, id); s.frozenRound != nil {
				t.Fatalf("match %d: rebuilt version %d frozen %s: %s\n%s", m, id, s.kind, s.reason, s.log)
			}
		}
	}
	t.Logf("two matches with a Go and a C++ version rebuilt first: %v", time.Since(start).Round(time.Millisecond))
	if g, c := rebuilt(lang.Go, "rebuilt")-goBefore, rebuilt(lang.Cpp, "rebuilt")-cppBefore; g != 1 || c != 1 {
		t.Errorf("rebuilt the Go version %v times and the C++ one %v times, want once each", g, c)
	}
	for id, want := range map[int64]struct{ old, key string }{goV.ID: {oldGo, goKey}, cppV: {oldCpp, cppKey}} {
		got, err := store.VersionByID(ctx, e.pool, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.ArtifactSHA256 == nil || *got.ArtifactSHA256 == want.old || got.SDKKey == nil || *got.SDKKey != want.key || got.RebuiltAt == nil {
			t.Errorf("version %d after its rebuild: artifact %v (was %s), key %v, rebuilt %v", id, got.ArtifactSHA256, want.old, got.SDKKey, got.RebuiltAt)
		}
		if id == goV.ID && (got.Status != goV.Status || got.CompileLog != goV.CompileLog) {
			t.Errorf("the rebuild changed the version's status %s → %s or log", goV.Status, got.Status)
		}
	}

	// A source that no longer builds: frozen at setup with the compiler's
	// words, in each of its matches, built once; the version stays.
	failedBefore := rebuilt(lang.Go, "failed")
	for _, m := range e.play(t, 2, []int64{legacyV}, "Demo", "Dummy", "Demo") {
		s := e.seatOf(t, m, legacyV)
		if s.frozenRound == nil || *s.frozenRound != -1 || s.kind != games.FreezeStart ||
			!strings.HasPrefix(s.reason, "no longer builds against this server's SDK for Race: bot.go:") || !strings.Contains(s.reason, "OldHelper") {
			t.Fatalf("match %d: the version that no longer builds: frozen %v %s %q", m, s.frozenRound, s.kind, s.reason)
		}
		if !strings.Contains(s.log, "no longer builds") || !strings.Contains(s.log, "undefined: sdk.OldHelper") {
			t.Errorf("match %d: its log does not show the compiler's:\n%s", m, s.log)
		}
	}
	if n := rebuilt(lang.Go, "failed") - failedBefore; n != 1 {
		t.Errorf("tried to rebuild the version that no longer builds %v times, want once", n)
	}
	got, err := store.VersionByID(ctx, e.pool, legacyV)
	if err != nil {
		t.Fatal(err)
	}
	if got.ArtifactSHA256 == nil || *got.ArtifactSHA256 != oldLegacy || got.SDKKey != nil || got.RebuiltAt != nil {
		t.Errorf("the version that no longer builds changed: artifact %v, key %v, rebuilt %v", got.ArtifactSHA256, got.SDKKey, got.RebuiltAt)
	}
}
