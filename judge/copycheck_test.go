package judge_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"arena.dev/copycheck"
	"arena.dev/copycheck/copytest"
	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// compiledVersion makes a version as a successful compile leaves it (a
// build recorded), without building, and returns its id.
func (e *env) compiledVersion(t testing.TB, owner int64, game, bot, language, source string) int64 {
	t.Helper()
	ctx := context.Background()
	b, err := store.BotByName(ctx, e.pool, owner, game, bot)
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, b.ID, language, source)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetCompiled(ctx, e.pool, v.ID, "", "not-built", ""); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

// check inserts the copy checks of versions, as compiles do, and waits for
// them and those they cause.
func (e *env) check(t testing.TB, ids ...int64) {
	t.Helper()
	for _, id := range ids {
		if _, err := e.client.Insert(context.Background(), judge.CopyCheckArgs{VersionID: id}, nil); err != nil {
			t.Fatal(err)
		}
	}
	e.waitJobs(t, time.Minute, "copycheck", "copycheck_backfill")
}

type pairRow struct {
	a, b   int64
	shared int
	score  float64
}

// pairsOf returns the stored pairs that involve any of ids.
func (e *env) pairsOf(t testing.TB, ids ...int64) []pairRow {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), `SELECT a_version_id, b_version_id, shared, score FROM copy_pairs
		WHERE a_version_id = ANY($1) OR b_version_id = ANY($1) ORDER BY a_version_id, b_version_id`, ids)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []pairRow
	for rows.Next() {
		var p pairRow
		var score float32
		if err := rows.Scan(&p.a, &p.b, &p.shared, &score); err != nil {
			t.Fatal(err)
		}
		p.score = float64(score)
		out = append(out, p)
	}
	return out
}

// kitWith is Ork Island's Go kit bot with its one statement replaced.
func kitWith(t testing.TB, body string) string {
	t.Helper()
	kit := readSource(t, "../../games/orkisland/kit/main.go")
	out := strings.Replace(kit, "_ = g.Orks(g.Me()) // the ids of your orks", body, 1)
	if out == kit {
		t.Fatal("the kit changed: update the test")
	}
	return out
}

// demoWith is Ork Island's Demo, as students are given it, with old
// replaced by new.
func demoWith(t testing.TB, old, new string) string {
	t.Helper()
	demo, err := games.BotProgram("orkisland", "Demo")
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Replace(string(demo), old, new, 1)
	if out == string(demo) {
		t.Fatalf("the Demo has no %q: update the test", old)
	}
	return out
}

// Through the real pipeline: six students submit, the compiles insert the
// copy checks, and only the disguised copy pairs with its original; the
// two students who changed the kit's bot a little, and the two who changed
// the Demo a little, do not pair: what they share is base code.
func TestCopyCheckAfterCompile(t *testing.T) {
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueCompile, judge.QueueDefault}})
	ctx := context.Background()
	strong := readSource(t, "../../games/orkisland/testdata/strong.go")
	disguised, err := copytest.DisguiseGo([]byte(strong), rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		t.Fatal(err)
	}
	sources := []string{
		strong,
		string(disguised),
		kitWith(t, "for _, id := range g.Orks(g.Me()) {\n\t\tg.Move(id, sdk.Top)\n\t}"),
		kitWith(t, "orks := g.Orks(g.Me())\n\tif len(orks) > 0 && g.Round()%2 == 0 {\n\t\tg.Move(orks[0], sdk.Left)\n\t}"),
		demoWith(t, "if g.Random(0, 3) == 0 { // act with probability 3/4", "if g.Round()%5 == 0 { // rest every fifth round"),
		demoWith(t, "g.Round() > g.NbRounds()/2", "g.Round() > 2*g.NbRounds()/3"),
	}
	ids := make([]int64, len(sources))
	for i, src := range sources {
		v, err := service.Submit(ctx, e.pool, e.client, e.user(t), "orkisland", "mine", "go", src)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = v.ID
	}
	for _, id := range ids {
		if v := e.waitStatus(t, id, 3*time.Minute, domain.StatusQualifying, domain.StatusCompileError); v.Status != domain.StatusQualifying {
			t.Fatalf("version %d did not compile:\n%s", id, v.CompileLog)
		}
	}
	e.waitJobs(t, time.Minute, "copycheck")
	var indexed int
	scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM copy_versions WHERE version_id = ANY($1)", ids), &indexed)
	if indexed != len(ids) {
		t.Fatalf("%d of %d compiled versions indexed", indexed, len(ids))
	}
	pairs := e.pairsOf(t, ids...)
	var found bool
	for _, p := range pairs {
		switch {
		case p.a == ids[0] && p.b == ids[1]:
			found = true
			if p.score < 0.6 {
				t.Errorf("the disguised copy scores %.0f%%, want at least 60%%", 100*p.score)
			}
		case p.a == ids[2] || p.b == ids[2] || p.a == ids[3] || p.b == ids[3]:
			t.Errorf("a kit bot with small changes pairs: %+v", p)
		case p.a == ids[4] || p.b == ids[4] || p.a == ids[5] || p.b == ids[5]:
			t.Errorf("a Demo with small changes pairs: %+v", p)
		}
	}
	if !found {
		t.Errorf("the disguised copy does not pair with its original: %+v", pairs)
	}
}

// A fragment in the code of more owners than CommonLimit allows stops
// counting, and the pairs it made go: each version holding it is scored
// again.
func TestCopyCheckCommonFragmentStopsCounting(t *testing.T) {
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault}})
	const game = "wasteland" // a game of its own: the limit depends on its owners
	if err := store.EnsureGame(context.Background(), e.pool, game, game); err != nil {
		t.Fatal(err)
	}
	// Twelve C++ bots of the repository that share nothing.
	bots, err := copytest.Corpus("..")
	if err != nil {
		t.Fatal(err)
	}
	base, err := copycheck.Base(game)
	if err != nil {
		t.Fatal(err)
	}
	// The same helper at the end of each: a fragment everyone has.
	helper := `
int manhattan_walk (int ai, int aj, int bi, int bj) {
  int steps = 0;
  while (ai != bi or aj != bj) {
    if (ai < bi) ++ai; else if (ai > bi) --ai;
    else if (aj < bj) ++aj; else --aj;
    ++steps;
    if (steps > 1000) break;
  }
  vector<int> seen(steps + 1, 0);
  for (int k = 0; k <= steps; ++k) seen[k] = k * k % 7;
  return steps + seen[steps];
}
`
	helperFps, err := copycheck.Fingerprints(lang.Cpp.ID, []byte(helper), base)
	if err != nil {
		t.Fatal(err)
	}
	helperHashes := map[int64]bool{}
	for _, f := range helperFps {
		helperHashes[f.Hash] = true
	}
	var chosen []string
	var sets []*copycheck.Set
	for _, b := range bots {
		if b.Language != lang.Cpp.ID || len(chosen) == copycheck.CommonMinOwners+2 {
			continue
		}
		// Chosen as they will be compared: with the helper, whose own
		// fingerprints stop counting, but not those where a bot's last
		// tokens run into it (two bots ending alike share those).
		fps, _ := copycheck.Fingerprints(b.Language, append(slices.Clone(b.Source), helper...), base)
		s := copycheck.NewSet(fps, func(h int64) bool { return helperHashes[h] })
		alone := s.Len() >= 20
		for _, o := range sets {
			if m := copycheck.Compare(s, o); m.Shared >= copycheck.MinShared && m.Score() >= copycheck.MinScore {
				alone = false
			}
		}
		if alone {
			chosen, sets = append(chosen, string(b.Source)), append(sets, s)
		}
	}
	if len(chosen) < copycheck.CommonMinOwners+2 {
		t.Fatalf("only %d independent C++ bots in the repository", len(chosen))
	}
	var ids []int64
	for i, src := range chosen {
		ids = append(ids, e.compiledVersion(t, e.user(t), game, "walker", "cpp", src+helper))
		if i == 2 {
			e.check(t, ids...)
			if n := len(e.pairsOf(t, ids...)); n != 3 {
				t.Fatalf("three versions with the helper: %d pairs, want 3", n)
			}
		}
	}
	e.check(t, ids[3:]...)
	if pairs := e.pairsOf(t, ids...); len(pairs) != 0 {
		t.Errorf("the helper is in %d owners' code and still pairs them: %d pairs, e.g. %+v", len(ids), len(pairs), pairs[0])
	}
	var common int
	scanOne(t, e.pool.QueryRow(context.Background(), "SELECT count(*) FROM copy_common WHERE game_id = $1", game), &common)
	if common == 0 {
		t.Error("no common fragment recorded")
	}
}

// The latest-accepted view compares each owner's ladder version; the
// all-versions view finds the copy an owner later replaced, once per pair
// of owners.
func TestCopyCheckViews(t *testing.T) {
	e := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault}})
	ctx := context.Background()
	const game = "poquemon"
	if err := store.EnsureGame(ctx, e.pool, game, game); err != nil {
		t.Fatal(err)
	}
	strong := readSource(t, "../../games/poquemon/testdata/strong.go")
	dummy := readSource(t, "../../games/poquemon/bots/dummy.go")
	copy1, err := copytest.DisguiseGo([]byte(strong), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	copy2, err := copytest.DisguiseGo([]byte(strong), rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	alice, bob, carol := e.user(t), e.user(t), e.user(t)
	aliceOwn := e.compiledVersion(t, alice, game, "a", "go", strong)
	bobCopy := e.compiledVersion(t, bob, game, "b", "go", string(copy1))
	bobOwn := e.compiledVersion(t, bob, game, "b", "go", dummy) // bob's later version is his own
	carolCopy := e.compiledVersion(t, carol, game, "c", "go", string(copy2))
	for _, id := range []int64{aliceOwn, bobOwn, carolCopy} { // each owner's ladder version
		if _, err := e.pool.Exec(ctx, `UPDATE bots SET current_version_id = $1 WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)`, id); err != nil {
			t.Fatal(err)
		}
	}
	e.check(t, aliceOwn, bobCopy, bobOwn, carolCopy)

	latest, n, err := store.CopyPairs(ctx, e.pool, store.CopyQuery{GameID: game, MinScore: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || len(latest) != 1 || latest[0].A.VersionID != aliceOwn || latest[0].B.VersionID != carolCopy {
		t.Fatalf("latest versions: %d pairs %+v, want alice's and carol's", n, latest)
	}
	p := latest[0]
	if p.A.OwnerID != alice || p.B.OwnerID != carol || p.A.Language != "go" || p.Score < 0.6 || p.Lines() < 10 {
		t.Errorf("pair %+v", p)
	}
	all, n, err := store.CopyPairs(ctx, e.pool, store.CopyQuery{GameID: game, MinScore: 0.3, AllVersions: true})
	if err != nil {
		t.Fatal(err)
	}
	owners := map[[2]int64]int{}
	for _, p := range all {
		owners[[2]int64{p.A.OwnerID, p.B.OwnerID}] = p.Versions
	}
	// alice-bob (bob's first version), alice-carol, bob-carol (two copies of one bot).
	if n != 3 || len(all) != 3 || owners[[2]int64{alice, bob}] != 1 || owners[[2]int64{alice, carol}] != 1 || owners[[2]int64{bob, carol}] != 1 {
		t.Errorf("all versions: %d pairs of owners %v", n, owners)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Score > all[i-1].Score {
			t.Errorf("not ranked: %.2f after %.2f", all[i].Score, all[i-1].Score)
		}
	}
	if high, _, _ := store.CopyPairs(ctx, e.pool, store.CopyQuery{GameID: game, MinScore: 0.99, AllVersions: true}); len(high) != 0 {
		t.Errorf("a threshold of 99%% lists %d pairs", len(high))
	}
}

// A server that starts on versions compiled before the copy check existed
// indexes them.
func TestCopyCheckBackfillsAtStart(t *testing.T) {
	before := &env{pool: pgtest.Pool(t)} // no workers yet
	const game = "apocalypse"
	ctx := context.Background()
	if err := store.EnsureGame(ctx, before.pool, game, game); err != nil {
		t.Fatal(err)
	}
	strong := readSource(t, "../../games/apocalypse/testdata/strong.go")
	a := before.compiledVersion(t, before.user(t), game, "x", "go", strong)
	b := before.compiledVersion(t, before.user(t), game, "y", "go", strong+"\n// mine\n")

	e2 := startJudge(t, judge.Config{Queues: []string{judge.QueueDefault}})
	deadline := time.Now().Add(time.Minute)
	for {
		var indexed int
		scanOne(t, e2.pool.QueryRow(ctx, "SELECT count(*) FROM copy_versions WHERE version_id IN ($1, $2)", a, b), &indexed)
		if indexed == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of 2 versions indexed a minute after the start", indexed)
		}
		time.Sleep(100 * time.Millisecond)
	}
	e2.waitJobs(t, time.Minute, "copycheck")
	if pairs := e2.pairsOf(t, a, b); len(pairs) != 1 || pairs[0].score < 0.99 {
		t.Errorf("two identical bots: %+v", pairs)
	}
}
