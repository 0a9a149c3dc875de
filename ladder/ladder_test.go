package ladder_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"arena.dev/ladder"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// bot is a settled candidate (σ=1, so the window starts at MinWindow) of
// its own owner, played 10 times an hour ago.
func bot(id int64, mu float64) ladder.Candidate {
	return ladder.Candidate{BotID: id, OwnerID: 100 + id, Mu: mu, Sigma: 1, Games: 10, LastPlayed: t0}
}

func with(c ladder.Candidate, f func(*ladder.Candidate)) ladder.Candidate { f(&c); return c }

func index(cands []ladder.Candidate) map[int64]ladder.Candidate {
	m := map[int64]ladder.Candidate{}
	for _, c := range cands {
		m[c.BotID] = c
	}
	return m
}

// size is the seats of a match in these tests: every game so far has four.
const size = 4

// checkMatch fails unless m is size distinct known bots of distinct owners.
func checkMatch(t *testing.T, cands []ladder.Candidate, m []int64) {
	t.Helper()
	byID := index(cands)
	if len(m) != size {
		t.Fatalf("match %v has %d bots, want %d", m, len(m), size)
	}
	owners := map[int64]bool{}
	for _, id := range m {
		c, ok := byID[id]
		if !ok {
			t.Fatalf("match %v has unknown bot %d", m, id)
		}
		if owners[c.OwnerID] {
			t.Fatalf("match %v has two bots of owner %d", m, c.OwnerID)
		}
		owners[c.OwnerID] = true
	}
}

func sortedOpponents(m []int64) []int64 {
	o := slices.Clone(m[1:])
	slices.Sort(o)
	return o
}

func TestPick(t *testing.T) {
	cases := []struct {
		name      string
		cands     []ladder.Candidate
		seed      int64   // expected seed (first id)
		opponents []int64 // expected opponents, in any order; nil: not checked
		seeds     []int64 // when the seed is a random choice: allowed seeds
		check     func(m []int64) bool
	}{
		{
			name: "fewest games is the seed",
			cands: []ladder.Candidate{
				bot(1, 25), bot(2, 25), with(bot(3, 25), func(c *ladder.Candidate) { c.Games = 2 }), bot(4, 25), bot(5, 25),
			},
			seed: 3,
		},
		{
			name: "equal games: oldest last game is the seed",
			cands: []ladder.Candidate{
				bot(1, 25),
				with(bot(2, 25), func(c *ladder.Candidate) { c.LastPlayed = t0.Add(-time.Hour) }),
				with(bot(3, 25), func(c *ladder.Candidate) { c.LastPlayed = t0.Add(-time.Minute) }),
				bot(4, 25),
			},
			seed: 2,
		},
		{
			name: "never played (zero time) comes before any date",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0; c.LastPlayed = t0.Add(-24 * time.Hour) }),
				with(bot(2, 25), func(c *ladder.Candidate) { c.Games = 0; c.LastPlayed = time.Time{} }),
				bot(3, 25), bot(4, 25),
			},
			seed: 2,
		},
		{
			name: "fewer games beats an older last game",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.LastPlayed = t0.Add(-1000 * time.Hour) }),
				with(bot(2, 25), func(c *ladder.Candidate) { c.Games = 9 }),
				bot(3, 25), bot(4, 25),
			},
			seed: 2,
		},
		{
			name: "opponents from the window, far bots left out",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0 }),
				bot(2, 24), bot(3, 27), bot(4, 22), // within β=4.17
				bot(5, 40), bot(6, 5), bot(7, 29.5), // outside
			},
			seed: 1, opponents: []int64{2, 3, 4},
		},
		{
			name: "window widens until three owners",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0 }),
				bot(2, 24), bot(3, 26), // within β
				bot(4, 33),            // within 2β
				bot(5, 45), bot(6, 0), // within 8β only
			},
			seed: 1, opponents: []int64{2, 3, 4},
		},
		{
			name: "a new bot's σ widens its window",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0; c.Sigma = 6 }),
				bot(2, 19.5), bot(3, 30.5), bot(4, 31), // within σ=6, not β
				bot(5, 32.5), // within 2β but not σ
				bot(6, 50),
			},
			seed: 1, opponents: []int64{2, 3, 4},
		},
		{
			name: "same owner as the seed never plays it, even when closest",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0 }),
				with(bot(2, 25), func(c *ladder.Candidate) { c.OwnerID = 101 }),
				with(bot(3, 25), func(c *ladder.Candidate) { c.OwnerID = 101 }),
				bot(4, 24), bot(5, 26), bot(6, 27),
			},
			seed: 1, opponents: []int64{4, 5, 6},
		},
		{
			name: "one owner's many bots in the window fill one seat at most",
			cands: []ladder.Candidate{
				with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0 }),
				with(bot(2, 25), func(c *ladder.Candidate) { c.OwnerID = 7 }),
				with(bot(3, 25), func(c *ladder.Candidate) { c.OwnerID = 7 }),
				with(bot(4, 25), func(c *ladder.Candidate) { c.OwnerID = 7 }),
				bot(5, 26),
				bot(6, 31), // needs the 2β window
				bot(7, 60),
			},
			seed: 1,
			check: func(m []int64) bool {
				o := sortedOpponents(m)
				return len(o) == 3 && o[0] >= 2 && o[0] <= 4 && o[1] == 5 && o[2] == 6
			},
		},
		{
			name:  "exactly four owners",
			cands: []ladder.Candidate{bot(1, 0), bot(2, 100), bot(3, -50), with(bot(4, 7), func(c *ladder.Candidate) { c.Games = 1 })},
			seed:  4, opponents: []int64{1, 2, 3},
		},
		{
			name: "full tie: seed drawn among all",
			cands: []ladder.Candidate{
				bot(1, 25), bot(2, 25), bot(3, 25), bot(4, 25), bot(5, 25),
			},
			seeds: []int64{1, 2, 3, 4, 5},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for s := range uint64(50) {
				m, err := ladder.Pick(c.cands, size, rng(s))
				if err != nil {
					t.Fatal(err)
				}
				checkMatch(t, c.cands, m)
				switch {
				case c.seeds != nil:
					if !slices.Contains(c.seeds, m[0]) {
						t.Fatalf("rand seed %d: seed bot %d, want one of %v", s, m[0], c.seeds)
					}
				case m[0] != c.seed:
					t.Fatalf("rand seed %d: seed bot %d, want %d (match %v)", s, m[0], c.seed, m)
				}
				if c.opponents != nil && !slices.Equal(sortedOpponents(m), c.opponents) {
					t.Fatalf("rand seed %d: opponents %v, want %v", s, sortedOpponents(m), c.opponents)
				}
				if c.check != nil && !c.check(m) {
					t.Fatalf("rand seed %d: unexpected match %v", s, m)
				}
			}
		})
	}
}

// When the window holds more than three owners, each of them gets drawn:
// the choice is random, not "the three nearest".
func TestPickVariesOpponents(t *testing.T) {
	cands := []ladder.Candidate{with(bot(1, 25), func(c *ladder.Candidate) { c.Games = 0 })}
	for id := int64(2); id <= 8; id++ {
		cands = append(cands, bot(id, 25+float64(id)/4))
	}
	seen := map[int64]int{}
	for s := range uint64(200) {
		m, err := ladder.Pick(cands, size, rng(s))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range m[1:] {
			seen[id]++
		}
	}
	for id := int64(2); id <= 8; id++ {
		if seen[id] < 40 { // expected 200·3/7 ≈ 86
			t.Errorf("bot %d was an opponent %d times in 200 draws", id, seen[id])
		}
	}
}

func TestPickErrors(t *testing.T) {
	threeOwners := []ladder.Candidate{
		bot(1, 25), bot(2, 25), bot(3, 25),
		with(bot(4, 25), func(c *ladder.Candidate) { c.OwnerID = 101 }),
		with(bot(5, 25), func(c *ladder.Candidate) { c.OwnerID = 102 }),
		with(bot(6, 25), func(c *ladder.Candidate) { c.OwnerID = 103 }),
	}
	cases := []struct {
		name  string
		cands []ladder.Candidate
		want  error
	}{
		{"none", nil, ladder.ErrTooFewOwners},
		{"three bots", []ladder.Candidate{bot(1, 25), bot(2, 25), bot(3, 25)}, ladder.ErrTooFewOwners},
		{"six bots of three owners", threeOwners, ladder.ErrTooFewOwners},
		{"duplicate bot", []ladder.Candidate{bot(1, 25), bot(2, 25), bot(3, 25), bot(4, 25), bot(2, 30)}, ladder.ErrInput},
		{"NaN μ", []ladder.Candidate{bot(1, 25), bot(2, 25), bot(3, 25), bot(4, math.NaN())}, ladder.ErrInput},
		{"infinite σ", []ladder.Candidate{bot(1, 25), bot(2, 25), bot(3, 25), with(bot(4, 25), func(c *ladder.Candidate) { c.Sigma = math.Inf(1) })}, ladder.ErrInput},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ladder.Pick(c.cands, size, rng(1))
			if !errors.Is(err, c.want) {
				t.Fatalf("Pick = %v, %v; want %v", m, err, c.want)
			}
			p, err := ladder.Plan(c.cands, size, 3, rng(1))
			if !errors.Is(err, c.want) {
				t.Fatalf("Plan = %v, %v; want %v", p, err, c.want)
			}
		})
	}
}

// randomPopulation: n bots, owners drawn from fewer ids so that many own
// several bots, clustered μ with outliers, few distinct game counts (ties).
func randomPopulation(r *rand.Rand, n int) []ladder.Candidate {
	nOwners := 4 + r.IntN(n)
	cands := make([]ladder.Candidate, n)
	for i := range cands {
		cands[i] = ladder.Candidate{
			BotID:   int64(1000 + r.IntN(1<<20)*64 + i), // unique, unordered
			OwnerID: int64(r.IntN(nOwners)),
			Mu:      25 + 10*r.NormFloat64(),
			Sigma:   0.5 + 8*r.Float64(),
			Games:   r.IntN(4),
		}
		if r.IntN(4) > 0 {
			cands[i].LastPlayed = t0.Add(-time.Duration(r.IntN(5)) * time.Hour)
		}
	}
	return cands
}

func distinctOwners(cands []ladder.Candidate) int {
	o := map[int64]bool{}
	for _, c := range cands {
		o[c.OwnerID] = true
	}
	return len(o)
}

// needsGame reports whether a should be seeded before b.
func needsGame(a, b ladder.Candidate) bool {
	if a.Games != b.Games {
		return a.Games < b.Games
	}
	return a.LastPlayed.Before(b.LastPlayed)
}

func TestPickProperties(t *testing.T) {
	r := rng(42)
	for iter := range 2000 {
		cands := randomPopulation(r, 4+r.IntN(30))
		seed := r.Uint64()
		m, err := ladder.Pick(cands, size, rng(seed))
		if distinctOwners(cands) < size {
			if !errors.Is(err, ladder.ErrTooFewOwners) {
				t.Fatalf("#%d: %d owners: got %v, %v", iter, distinctOwners(cands), m, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("#%d: %v", iter, err)
		}
		checkMatch(t, cands, m)

		// The seed is a least-played bot: nobody needs a game more.
		s := index(cands)[m[0]]
		for _, c := range cands {
			if needsGame(c, s) {
				t.Fatalf("#%d: seed %+v but %+v needs a game more", iter, s, c)
			}
		}

		// Same seed, same match, whatever the input order.
		shuffled := slices.Clone(cands)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, err := ladder.Pick(shuffled, size, rng(seed))
		if err != nil || !slices.Equal(again, m) {
			t.Fatalf("#%d: not deterministic: %v then %v (%v)", iter, m, again, err)
		}
	}
}

func TestPlan(t *testing.T) {
	// 10 single-bot owners with 10 games each; bot 1 waited longest.
	var cands []ladder.Candidate
	for id := int64(1); id <= 10; id++ {
		cands = append(cands, bot(id, 20+float64(id)))
	}
	cands[0].LastPlayed = t0.Add(-time.Hour)

	t.Run("fewer than k·4 bots each plays once per round", func(t *testing.T) {
		for s := range uint64(50) {
			plan, err := ladder.Plan(cands, size, 5, rng(s))
			if err != nil {
				t.Fatal(err)
			}
			if len(plan) != 5 {
				t.Fatalf("%d matches, want 5", len(plan))
			}
			if plan[0][0] != 1 {
				t.Fatalf("first seed %d, want the least played bot 1", plan[0][0])
			}
			count := map[int64]int{}
			for _, m := range plan {
				checkMatch(t, cands, m)
				for _, id := range m {
					count[id]++
				}
			}
			// Matches 1–2 use 8 distinct bots; the 2 left out open
			// the next round, so everybody plays by match 4.
			firstRound := map[int64]bool{}
			for _, m := range plan[:2] {
				for _, id := range m {
					if firstRound[id] {
						t.Fatalf("bot %d twice in the first round: %v", id, plan)
					}
					firstRound[id] = true
				}
			}
			for _, c := range cands {
				if count[c.BotID] < 1 || count[c.BotID] > 3 {
					t.Fatalf("bot %d plays %d times in %v", c.BotID, count[c.BotID], plan)
				}
				if !firstRound[c.BotID] && !slices.Contains(plan[2], c.BotID) && !slices.Contains(plan[3], c.BotID) {
					t.Fatalf("bot %d left out of the first round and not in matches 3–4: %v", c.BotID, plan)
				}
			}
			if firstRound[plan[2][0]] {
				t.Fatalf("match 3 seed %d already played while others had not: %v", plan[2][0], plan)
			}
		}
	})

	t.Run("a bot with far fewer games is seeded every round", func(t *testing.T) {
		fresh := slices.Clone(cands)
		fresh[4].Games = 0 // bot 5
		plan, err := ladder.Plan(fresh, size, 5, rng(3))
		if err != nil {
			t.Fatal(err)
		}
		// Rounds: matches 1–2, 3–4, 5. Bot 5 (0, then 1, 2 games) still
		// has fewer games than anyone else (10+) at each round start.
		for _, j := range []int{0, 2, 4} {
			if plan[j][0] != 5 {
				t.Fatalf("match %d seed %d, want 5: %v", j+1, plan[j][0], plan)
			}
		}
	})

	t.Run("planned this tick counts as most recent", func(t *testing.T) {
		// Bot 1 is seeded in match 1 (10 games, then 11). The bot left
		// out of match 1 also has 11 but did not play this tick: it
		// must seed match 2, even though bot 1's last game is older.
		five := []ladder.Candidate{
			with(bot(1, 25), func(c *ladder.Candidate) { c.LastPlayed = t0.Add(-48 * time.Hour) }),
		}
		for id := int64(2); id <= 5; id++ {
			five = append(five, with(bot(id, 25), func(c *ladder.Candidate) { c.Games = 11 }))
		}
		for s := range uint64(50) {
			plan, err := ladder.Plan(five, size, 2, rng(s))
			if err != nil {
				t.Fatal(err)
			}
			var left int64
			for id := int64(2); id <= 5; id++ {
				if !slices.Contains(plan[0], id) {
					left = id
				}
			}
			if plan[0][0] != 1 || plan[1][0] != left {
				t.Fatalf("rand seed %d: %v, want match 1 seeded by 1 and match 2 by %d", s, plan, left)
			}
		}
	})

	t.Run("k zero", func(t *testing.T) {
		plan, err := ladder.Plan(cands, size, 0, rng(1))
		if err != nil || len(plan) != 0 {
			t.Fatalf("got %v, %v", plan, err)
		}
	})
}

func TestPlanProperties(t *testing.T) {
	r := rng(7)
	for iter := range 500 {
		cands := randomPopulation(r, 4+r.IntN(40))
		if distinctOwners(cands) < size {
			continue
		}
		k := 1 + r.IntN(8)
		seed := r.Uint64()
		plan, err := ladder.Plan(cands, size, k, rng(seed))
		if err != nil {
			t.Fatalf("#%d: %v", iter, err)
		}
		if len(plan) != k {
			t.Fatalf("#%d: %d matches, want %d", iter, len(plan), k)
		}

		// Replay the rounds: within a round no bot repeats, each seed
		// needs a game at least as much as every bot still free, and a
		// new round starts only when the free bots hold < 4 owners.
		byID := index(cands)
		free := slices.Clone(cands)
		for j, m := range plan {
			checkMatch(t, cands, m)
			if distinctOwners(free) < size {
				free = slices.Clone(cands)
				// Bots planned already count their planned games.
				for _, prev := range plan[:j] {
					for _, id := range prev {
						for f := range free {
							if free[f].BotID == id {
								free[f].Games++
							}
						}
					}
				}
			}
			seedC := byID[m[0]]
			for _, f := range free {
				if f.BotID == seedC.BotID {
					seedC = f
				}
			}
			for _, id := range m {
				if !slices.ContainsFunc(free, func(c ladder.Candidate) bool { return c.BotID == id }) {
					t.Fatalf("#%d match %d: bot %d plays twice in one round: %v", iter, j, id, plan)
				}
			}
			for _, f := range free {
				if f.Games < seedC.Games {
					t.Fatalf("#%d match %d: seed %d (%d games) but %d has %d", iter, j, seedC.BotID, seedC.Games, f.BotID, f.Games)
				}
			}
			free = slices.DeleteFunc(free, func(c ladder.Candidate) bool { return slices.Contains(m, c.BotID) })
		}

		shuffled := slices.Clone(cands)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, err := ladder.Plan(shuffled, size, k, rng(seed))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(plan) {
			t.Fatalf("#%d: not deterministic:\n%v\n%v (%v)", iter, plan, again, err)
		}
	}
}

func TestBoardsInTurn(t *testing.T) {
	for _, c := range []struct {
		name      string
		boards    []int64
		generated bool
		last      int64
		k         int
		want      []int64
	}{
		{"generated only", nil, true, 0, 3, []int64{0, 0, 0}},
		{"uploaded, from the start", []int64{7, 5, 9}, false, 0, 4, []int64{7, 5, 9, 7}},
		{"uploaded, after the last", []int64{7, 5, 9}, false, 5, 2, []int64{9, 7}},
		{"uploaded, last left the set", []int64{7, 5, 9}, false, 3, 2, []int64{7, 5}},
		{"both: a generated board takes its turn", []int64{7, 5}, true, 5, 4, []int64{0, 7, 5, 0}},
		{"both, after a generated one", []int64{7, 5}, true, 0, 2, []int64{7, 5}},
		{"uploaded but none left", nil, false, 4, 2, []int64{0, 0}},
	} {
		if got := ladder.Boards(c.boards, c.generated, c.last, c.k); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// houseBot is a house bot: a game's reference bot, owner ignored.
func houseBot(id int64, mu float64) ladder.Candidate {
	return ladder.Candidate{BotID: id, OwnerID: 1, Mu: mu, Sigma: 1, Games: 0, House: true}
}

// House bots fill the seats that too few owners leave empty, never seed
// a match, and stay out once there are enough owners.
func TestHouseBotsFillEmptySeats(t *testing.T) {
	dummy, demo := houseBot(901, 30), houseBot(902, 20)
	twoOfOne := with(bot(2, 25), func(c *ladder.Candidate) { c.OwnerID = bot(1, 25).OwnerID })
	cases := []struct {
		name  string
		cands []ladder.Candidate
		house int // house bots in every match
	}{
		{"one owner", []ladder.Candidate{bot(1, 25), dummy, demo}, 2},
		{"one owner, two bots", []ladder.Candidate{bot(1, 25), twoOfOne, dummy, demo}, 2},
		{"two owners", []ladder.Candidate{bot(1, 25), bot(3, 28), dummy, demo}, 2},
		{"three owners", []ladder.Candidate{bot(1, 25), bot(3, 28), bot(4, 22), dummy, demo}, 1},
		{"four owners", []ladder.Candidate{bot(1, 25), bot(3, 28), bot(4, 22), bot(5, 26), dummy, demo}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			byID := index(c.cands)
			plan, err := ladder.Plan(c.cands, size, 6, rng(7))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range plan {
				owners := map[int64]bool{}
				house := 0
				for i, id := range m {
					b := byID[id]
					switch {
					case b.House && i == 0:
						t.Fatalf("match %v: a house bot is the seed", m)
					case b.House:
						house++
					case owners[b.OwnerID]:
						t.Fatalf("match %v: two bots of owner %d", m, b.OwnerID)
					default:
						owners[b.OwnerID] = true
					}
				}
				if house != c.house || len(m) != min(size, len(owners)+c.house) {
					t.Fatalf("match %v: %d house bots among %d, want %d", m, house, len(m), c.house)
				}
				if len(m) != len(slices.Compact(slices.Sorted(slices.Values(m)))) {
					t.Fatalf("match %v: a bot twice", m)
				}
			}
		})
	}
	// Nothing but house bots: nothing to play.
	if _, err := ladder.Plan([]ladder.Candidate{dummy, demo}, size, 1, rng(1)); !errors.Is(err, ladder.ErrTooFewOwners) {
		t.Fatalf("house bots alone: %v, want ErrTooFewOwners", err)
	}
	// Three owners, one seat left: the house bot nearer the seed's μ takes
	// it (the window widens only as far as it must).
	near := []ladder.Candidate{bot(1, 29), bot(3, 29), bot(4, 29), dummy, with(demo, func(c *ladder.Candidate) { c.Mu = 5 })}
	for seed := range uint64(20) {
		m, err := ladder.Pick(near, size, rng(seed))
		if err != nil || m[3] != dummy.BotID {
			t.Fatalf("seed %d: %v, %v; want the Dummy (μ 30) in the last seat, not the Demo (μ 5)", seed, m, err)
		}
	}
}

// Random ladders of one to three owners with house bots: every match
// has each owner once and house bots in the other seats.
func TestHouseBotsProperties(t *testing.T) {
	r := rng(99)
	for iter := range 1000 {
		n := 1 + r.IntN(8)
		var cands []ladder.Candidate
		for i := range n {
			cands = append(cands, ladder.Candidate{BotID: int64(10 + i), OwnerID: int64(r.IntN(3)), Mu: 25 + 8*r.NormFloat64(),
				Sigma: 1 + 7*r.Float64(), Games: r.IntN(3)})
		}
		nHouse := r.IntN(4)
		for i := range nHouse {
			cands = append(cands, ladder.Candidate{BotID: int64(100 + i), Mu: 25 + 8*r.NormFloat64(), Sigma: 2, House: true})
		}
		owners := distinctOwners(cands[:n])
		plan, err := ladder.Plan(cands, size, 5, rng(r.Uint64()))
		if nHouse == 0 {
			if !errors.Is(err, ladder.ErrTooFewOwners) {
				t.Fatalf("#%d: %d owners, no house: %v", iter, owners, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("#%d: %v", iter, err)
		}
		byID := index(cands)
		for _, m := range plan {
			seen := map[int64]bool{}
			house := 0
			for _, id := range m {
				if byID[id].House {
					house++
				} else if !seen[byID[id].OwnerID] {
					seen[byID[id].OwnerID] = true
				} else {
					t.Fatalf("#%d: match %v has two bots of one owner", iter, m)
				}
			}
			if byID[m[0]].House || len(seen) != owners || house != min(nHouse, size-owners) {
				t.Fatalf("#%d: match %v: %d owners of %d, %d house bots of %d", iter, m, len(seen), owners, house, nHouse)
			}
		}
	}
}
