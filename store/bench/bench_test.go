package bench_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/bench"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A small seeding as tools/loadgen does it: the rows land, the samplers
// find them, and the sequences move past the ids chosen.
func TestSeedAndSample(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	const game = "bench-game"
	if err := store.EnsureGame(ctx, pool, game, "Bench"); err != nil {
		t.Fatal(err)
	}
	last, err := bench.MaxIDs(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := bench.SkipForeignKeys(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if n, err := bench.CopyUsers(ctx, tx, 2, func(i int) bench.User {
		name := "bench-user-" + string(rune('a'+i))
		return bench.User{ID: last.User + int64(i) + 1, Name: name, Email: name + "@example.test", PasswordHash: "x", CreatedAt: now}
	}); err != nil || n != 2 {
		t.Fatalf("users: %d, %v", n, err)
	}
	if n, err := bench.CopyBots(ctx, tx, 2, func(i int) bench.Bot {
		return bench.Bot{ID: last.Bot + int64(i) + 1, OwnerID: last.User + int64(i) + 1, GameID: game, Name: "b", CreatedAt: now}
	}); err != nil || n != 2 {
		t.Fatalf("bots: %d, %v", n, err)
	}
	// The first bot has an accepted version, the second only a superseded one.
	versions := []bench.Version{
		{ID: last.Version + 1, BotID: last.Bot + 1, Number: 1, Source: "s", Status: domain.StatusAccepted, Mu: 25, Sigma: 1, Games: 1, CreatedAt: now, LastPlayedAt: &now},
		{ID: last.Version + 2, BotID: last.Bot + 2, Number: 1, Source: "s", Status: domain.StatusSuperseded, Mu: 20, Sigma: 2, CreatedAt: now},
	}
	if n, err := bench.CopyVersions(ctx, tx, versions); err != nil || n != 2 {
		t.Fatalf("versions: %d, %v", n, err)
	}
	if n, err := bench.CopyMatches(ctx, tx, 3, func(i int) bench.Match {
		return bench.Match{ID: last.Match + int64(i) + 1, GameID: game, Kind: domain.KindLadder, Seed: int64(i), Status: domain.MatchFinished,
			CreatedAt: now, FinishedAt: now, ReplayKey: "replay/bench", Rated: true}
	}); err != nil || n != 3 {
		t.Fatalf("matches: %d, %v", n, err)
	}
	if n, err := bench.CopySeats(ctx, tx, 6, func(i int) bench.Seat {
		return bench.Seat{MatchID: last.Match + int64(i/2) + 1, Seat: i % 2, VersionID: versions[i%2].ID, Score: int64(i), Rank: 1 + i%2}
	}); err != nil || n != 6 {
		t.Fatalf("seats: %d, %v", n, err)
	}
	if n, err := bench.CopyRatings(ctx, tx, 1, func(int) bench.Rating {
		return bench.Rating{VersionID: versions[0].ID, MatchID: last.Match + 1, Mu: 25, Sigma: 1, At: now}
	}); err != nil || n != 1 {
		t.Fatalf("ratings: %d, %v", n, err)
	}
	if err := bench.PutBlob(ctx, tx, "replay/bench", []byte("r")); err != nil {
		t.Fatal(err)
	}
	if err := bench.ResetSequences(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}

	ranked, err := bench.RankedBots(ctx, pool, game)
	if err != nil || !slices.Equal(ranked, []int64{last.Bot + 1}) {
		t.Fatalf("ranked bots %v, %v; want the one with an accepted version", ranked, err)
	}
	matches, err := bench.FinishedMatches(ctx, pool, game, 100)
	slices.Sort(matches)
	if err != nil || !slices.Equal(matches, []int64{last.Match + 1, last.Match + 2, last.Match + 3}) {
		t.Fatalf("sampled matches %v, %v; want all three of a small database", matches, err)
	}
	if n, err := bench.FinishedLadderMatches(ctx, pool); err != nil || n < 3 {
		t.Fatalf("finished ladder matches %d, %v", n, err)
	}
	if n, err := bench.CountBots(ctx, pool); err != nil || n < 2 {
		t.Fatalf("bots %d, %v", n, err)
	}
	verdicts, err := bench.Verdicts(ctx, pool, []int64{versions[0].ID, versions[1].ID})
	if err != nil || len(verdicts) != 2 || verdicts[versions[0].ID].Status != domain.StatusAccepted || verdicts[versions[1].ID].Language != "go" {
		t.Fatalf("verdicts %+v, %v", verdicts, err)
	}
	if c, err := bench.JobCosts(ctx, pool, []int64{versions[0].ID}); err != nil || c.Compile != nil || c.Match != nil {
		t.Fatalf("costs %+v, %v; want none measured", c, err)
	}
	// A user added now takes an id after the seeded ones.
	u := &domain.User{Name: "after-seeding", Email: "a@example.test", PasswordHash: "x"}
	if err := store.CreateUser(ctx, pool, u); err != nil || u.ID <= last.User+2 {
		t.Fatalf("new user id %d, %v; want one past %d", u.ID, err, last.User+2)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if err := bench.VacuumAnalyze(ctx, conn); err != nil {
		t.Fatal(err)
	}
}

func TestDropDatabase(t *testing.T) {
	ctx := context.Background()
	url := pgtest.FreshURL(t)
	pool, err := store.Open(ctx, url) // creates it
	if err != nil {
		t.Fatal(err)
	}
	pool.Close()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := bench.DropDatabase(ctx, conn, cfg.Database); err != nil {
		t.Fatal(err)
	}
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", cfg.Database).Scan(&exists); err != nil || exists {
		t.Fatalf("database still there (%v, %v)", exists, err)
	}
}
