package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"arena.dev/auth"
	"arena.dev/games"
	_ "arena.dev/games/all" // every game registers itself
	"arena.dev/store"
	"arena.dev/store/bench"
)

// SeedPassword is the password of every generated user (bench0001, ...).
const seedPassword = "benchpass"

// benchReplayKey is the one replay blob every generated match points to.
const benchReplayKey = "replay/bench"

type seedConfig struct {
	users, bots, matches, history int
	game                          string
	force                         bool
	rng                           *rand.Rand
}

// seed migrates the database and fills it through COPY: users, bots with
// one or two versions (the current one accepted and rated), finished
// ladder matches with four seats each, and each bot's last rating changes.
// Everything is written in one transaction.
func seed(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ExitOnError)
	c := seedConfig{}
	fs.IntVar(&c.users, "users", 500, "users to create")
	fs.IntVar(&c.bots, "bots", 10000, "bots to create, spread over the users")
	fs.IntVar(&c.matches, "matches", 1000000, "finished ladder matches, 4 seats each")
	fs.IntVar(&c.history, "history", 20, "rating changes kept per bot (its last matches)")
	fs.StringVar(&c.game, "game", "orkisland", "the game of every bot and match")
	fs.BoolVar(&c.force, "force", false, "add to a database that already has bots")
	seedN := fs.Uint64("seed", 1, "random seed")
	fs.Parse(args)
	if c.users < 1 || c.bots < 4 || c.matches < 0 || c.history < 0 {
		return errors.New("seed: need at least 1 user and 4 bots")
	}
	c.rng = rand.New(rand.NewPCG(*seedN, 0x5eed))
	g, err := games.Get(c.game)
	if err != nil {
		return err
	}

	began := time.Now()
	pool, err := store.Open(ctx, databaseURL())
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool); err != nil {
		return err
	}
	if err := store.EnsureGame(ctx, pool, c.game, g.Info().Title); err != nil {
		return err
	}
	existing, err := bench.CountBots(ctx, pool)
	if err != nil {
		return err
	}
	if existing > 0 && !c.force {
		return fmt.Errorf("the database already has %d bots: seed an empty one (or pass -force to add more)", existing)
	}
	replay, err := benchReplay(ctx, g)
	if err != nil {
		return fmt.Errorf("playing the replay every match shows: %w", err)
	}
	hash, err := auth.HashPassword(seedPassword)
	if err != nil {
		return err
	}

	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	// The generated rows are consistent by construction: skipping the
	// foreign-key triggers (superusers only) makes COPY several times faster.
	notSkipped, err := bench.SkipForeignKeys(ctx, tx)
	if notSkipped != nil {
		fmt.Println("note: not a superuser, so foreign keys are checked row by row (slower):", notSkipped)
	}
	if err != nil {
		return err
	}

	last, err := bench.MaxIDs(ctx, tx)
	if err != nil {
		return err
	}
	base := struct{ user, bot, version, match int64 }{last.User, last.Bot, last.Version, last.Match}
	now := time.Now().UTC().Truncate(time.Second)
	step := func(what string, n int64, t0 time.Time) {
		fmt.Printf("%-15s %9d rows  %6.1fs\n", what, n, time.Since(t0).Seconds())
	}

	// Users.
	t0 := time.Now()
	n, err := bench.CopyUsers(ctx, tx, c.users, func(i int) bench.User {
		name := fmt.Sprintf("bench%04d", i+1)
		return bench.User{ID: base.user + int64(i) + 1, Name: name, Email: name + "@example.test", PasswordHash: hash,
			CreatedAt: now.Add(-90 * 24 * time.Hour)}
	})
	if err != nil {
		return err
	}
	step("users", n, t0)

	// Bots and their versions. The last version of a bot is its current,
	// accepted one; 30% of the bots also have an older, superseded version.
	type botGen struct {
		owner          int64
		name           string
		first, current int64 // version ids
		mu, sigma      float64
		games          int
	}
	bots := make([]botGen, c.bots)
	vid := base.version
	for i := range bots {
		b := &bots[i]
		b.owner = base.user + 1 + int64(i%c.users)
		b.name = fmt.Sprintf("%s%d", botWords[c.rng.IntN(len(botWords))], i+1)
		vid++
		b.first = vid
		if c.rng.IntN(10) < 3 {
			vid++
		}
		b.current = vid
		b.mu = 25 + 6*c.rng.NormFloat64()
		b.sigma = 0.8 + 2.5*c.rng.Float64()
	}

	// Matches: a seed bot and three opponents near it by μ, as the
	// matchmaker picks them. Seats are kept to count games and to write
	// match_players afterwards.
	order := make([]int32, c.bots) // bot indexes by μ
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmpFloat(bots[a].mu, bots[b].mu) })
	seats := make([]int32, 4*c.matches)
	const window = 60
	for m := range c.matches {
		at := c.rng.IntN(c.bots)
		picked := seats[4*m : 4*m+4]
		for s := range 4 {
			for {
				k := at + c.rng.IntN(2*window+1) - window
				if k < 0 || k >= c.bots {
					continue
				}
				b := order[k]
				if !slices.Contains(picked[:s], b) {
					picked[s] = b
					break
				}
			}
		}
		for _, b := range picked {
			bots[b].games++
		}
	}
	span := 60 * 24 * time.Hour
	matchTime := func(m int) time.Time {
		return now.Add(-span + time.Duration(float64(span)*float64(m+1)/float64(c.matches+1)))
	}

	t0 = time.Now()
	n, err = bench.CopyBots(ctx, tx, len(bots), func(i int) bench.Bot {
		return bench.Bot{ID: base.bot + int64(i) + 1, OwnerID: bots[i].owner, GameID: c.game, Name: bots[i].name, CreatedAt: now.Add(-75 * 24 * time.Hour)}
	})
	if err != nil {
		return err
	}
	step("bots", n, t0)

	t0 = time.Now()
	src := fmt.Sprintf("// A generated bot for the load benchmark.\npackage main\n\nimport \"arena.dev/games/%s/sdk\"\n\nfunc main() { sdk.Run(nil) }\n", c.game)
	var versionRows []bench.Version
	for i, b := range bots {
		botID := base.bot + int64(i) + 1
		created := now.Add(-70 * 24 * time.Hour)
		if b.first != b.current {
			first := created
			versionRows = append(versionRows, bench.Version{ID: b.first, BotID: botID, Number: 1, Source: src, Status: "superseded",
				Mu: b.mu - 2, Sigma: b.sigma + 1, CreatedAt: created, LastPlayedAt: &first})
			created = created.Add(24 * time.Hour)
		}
		number := int(b.current - b.first + 1)
		var last *time.Time
		if b.games > 0 {
			last = &now
		}
		versionRows = append(versionRows, bench.Version{ID: b.current, BotID: botID, Number: number, Source: src, Status: "accepted",
			Mu: b.mu, Sigma: b.sigma, Games: b.games, CreatedAt: created, LastPlayedAt: last})
	}
	n, err = bench.CopyVersions(ctx, tx, versionRows) // and the bots' current versions
	if err != nil {
		return err
	}
	step("bot_versions", n, t0)

	t0 = time.Now()
	n, err = bench.CopyMatches(ctx, tx, c.matches, func(m int) bench.Match {
		at := matchTime(m)
		return bench.Match{ID: base.match + int64(m) + 1, GameID: c.game, Kind: "ladder", Seed: int64(m + 1), Status: "finished",
			CreatedAt: at.Add(-40 * time.Second), FinishedAt: at, ReplayKey: benchReplayKey, Rated: true}
	})
	if err != nil {
		return err
	}
	step("matches", n, t0)

	t0 = time.Now()
	var scores [4]int64
	var ranks [4]int
	n, err = bench.CopySeats(ctx, tx, 4*c.matches, func(i int) bench.Seat {
		m, s := i/4, i%4
		if s == 0 {
			for k := range scores {
				scores[k] = int64(c.rng.IntN(900) + 20)
			}
			for k := range ranks {
				ranks[k] = 1
				for j := range scores {
					if scores[j] > scores[k] {
						ranks[k]++
					}
				}
			}
		}
		return bench.Seat{MatchID: base.match + int64(m) + 1, Seat: s, VersionID: bots[seats[i]].current,
			Score: scores[s], Rank: ranks[s], CPUSeconds: 0.05 + 0.4*c.rng.Float64()}
	})
	if err != nil {
		return err
	}
	step("match_players", n, t0)

	// Rating history: each bot's last matches, its μ converging to today's.
	t0 = time.Now()
	left := make([]int, len(bots))
	for i := range left {
		left[i] = min(c.history, bots[i].games)
	}
	type point struct {
		version, match int64
		mu, sigma      float64
		at             time.Time
	}
	var hist []point
	for m := c.matches - 1; m >= 0 && c.history > 0; m-- {
		for _, b := range seats[4*m : 4*m+4] {
			if left[b] == 0 {
				continue
			}
			left[b]--
			k := float64(min(c.history, bots[b].games) - left[b]) // 1 = the latest
			hist = append(hist, point{bots[b].current, base.match + int64(m) + 1,
				bots[b].mu + 0.3*(k-1)*c.rng.NormFloat64()/math.Sqrt(k), bots[b].sigma + 0.02*(k-1), matchTime(m)})
		}
	}
	n, err = bench.CopyRatings(ctx, tx, len(hist), func(i int) bench.Rating {
		p := hist[len(hist)-1-i] // oldest first, as they were recorded
		return bench.Rating{VersionID: p.version, MatchID: p.match, Mu: p.mu, Sigma: p.sigma, At: p.at}
	})
	if err != nil {
		return err
	}
	step("rating_history", n, t0)

	if err := bench.PutBlob(ctx, tx, benchReplayKey, replay); err != nil {
		return err
	}
	if err := bench.ResetSequences(ctx, tx); err != nil {
		return err
	}
	t0 = time.Now()
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	step("commit", 0, t0)
	// Fresh statistics and visibility maps, as autovacuum would leave them
	// on a database that grew over months.
	t0 = time.Now()
	if err := bench.VacuumAnalyze(ctx, conn); err != nil {
		return err
	}
	step("vacuum analyze", 0, t0)
	fmt.Printf("seeded %d users (password %q), %d bots, %d versions, %d matches in %.0fs\n",
		c.users, seedPassword, len(bots), len(versionRows), c.matches, time.Since(began).Seconds())
	return nil
}

// benchReplay plays one real match of built-in bots: every generated match
// shows it, so the match pages load a real viewer.
func benchReplay(ctx context.Context, g games.Game) ([]byte, error) {
	info := g.Info()
	var players []games.Player
	for p := range info.Players {
		name := []string{info.Qualifier, "Demo"}[p%2]
		a, err := g.NewBot(name)
		if err != nil {
			return nil, err
		}
		players = append(players, games.Player{Name: name, Agent: a})
	}
	r, err := games.Play(ctx, games.Config{Game: g, Seed: 7, Players: players})
	if err != nil {
		return nil, err
	}
	return r.Gzip()
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

var botWords = []string{"Gothmog", "Azog", "Bolg", "Grishnakh", "Ugluk", "Shagrat", "Gorbag", "Lugdush", "Mauhur",
	"Snaga", "Radbug", "Muzgash", "Lagduf", "Ufthak", "Golfimbul", "Orcobal", "Boldog", "Othrod"}
