package ladder_test

import (
	"testing"
	"time"

	"arena.dev/ladder"
)

func TestSettled(t *testing.T) {
	for _, c := range []struct {
		name    string
		cand    ladder.Candidate
		settled bool
	}{
		{"a new version", ladder.Candidate{Sigma: 25.0 / 3}, false},
		{"σ just above the threshold", ladder.Candidate{Sigma: ladder.SettledSigma + 0.01, Games: 60}, false},
		{"σ at the threshold", ladder.Candidate{Sigma: ladder.SettledSigma, Games: 60}, true},
		{"σ stuck, but enough games", ladder.Candidate{Sigma: 6, Games: ladder.SettledGames}, true},
		{"σ stuck, one game short", ladder.Candidate{Sigma: 6, Games: ladder.SettledGames - 1}, false},
		{"a house bot", ladder.Candidate{Sigma: 25.0 / 3, House: true}, true},
	} {
		if got := ladder.Settled(c.cand); got != c.settled {
			t.Errorf("%s: settled %v, want %v", c.name, got, c.settled)
		}
	}
}

func TestPaceDecide(t *testing.T) {
	now := time.Date(2026, 11, 29, 10, 30, 0, 0, time.UTC)
	hour := ladder.HourOf(now)
	base := ladder.Tick{Now: now, Versions: 10, Full: 8, HourStart: hour}
	tick := func(f func(*ladder.Tick)) ladder.Tick { t := base; f(&t); return t }
	cases := []struct {
		name string
		pace ladder.Pace
		tick ladder.Tick
		mode ladder.Mode
		k    int
	}{
		{"unsettled: the queue is topped up", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.Unsettled = 1; t.Queued = 3 }), ladder.ModeFull, 5},
		{"unsettled, queue full", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.Unsettled = 2; t.Queued = 8 }), ladder.ModeFull, 0},
		{"unsettled right after a trickle match: full at once", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.Unsettled = 1; t.Queued = 1; t.LastPlanned = now }), ladder.ModeFull, 7},
		{"settled, never played", ladder.DefaultPace, base, ladder.ModeTrickle, 1},
		{"settled, last match 10 minutes ago (6/hour)", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.LastPlanned = now.Add(-10 * time.Minute) }), ladder.ModeTrickle, 1},
		{"settled, last match 9 minutes ago", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.LastPlanned = now.Add(-9 * time.Minute) }), ladder.ModeTrickle, 0},
		{"settled, one still queued", ladder.DefaultPace,
			tick(func(t *ladder.Tick) { t.Queued = 1; t.LastPlanned = now.Add(-time.Hour) }), ladder.ModeTrickle, 0},
		{"settled, trickle 0", ladder.Pace{Trickle: 0}, base, ladder.ModeTrickle, 0},
		{"paused with unsettled versions", ladder.Pace{Trickle: 6, Paused: true},
			tick(func(t *ladder.Tick) { t.Unsettled = 5 }), ladder.ModePaused, 0},
		{"no versions", ladder.DefaultPace, tick(func(t *ladder.Tick) { t.Versions = 0 }), ladder.ModeIdle, 0},
		{"cap: what is left of the hour", ladder.Pace{Trickle: 6, HourlyCap: 20},
			tick(func(t *ladder.Tick) { t.Unsettled = 1; t.HourPlanned = 17 }), ladder.ModeFull, 3},
		{"cap used up", ladder.Pace{Trickle: 6, HourlyCap: 20},
			tick(func(t *ladder.Tick) { t.Unsettled = 1; t.HourPlanned = 20 }), ladder.ModeFull, 0},
		{"cap used up in the trickle too", ladder.Pace{Trickle: 6, HourlyCap: 2},
			tick(func(t *ladder.Tick) { t.HourPlanned = 2 }), ladder.ModeTrickle, 0},
		{"cap counted in a past hour: a new hour starts at 0", ladder.Pace{Trickle: 6, HourlyCap: 20},
			tick(func(t *ladder.Tick) { t.Unsettled = 1; t.HourPlanned = 20; t.HourStart = hour.Add(-time.Hour) }), ladder.ModeFull, 8},
	}
	for _, c := range cases {
		mode, k := ladder.Decide(c.pace, c.tick)
		if mode != c.mode || k != c.k {
			t.Errorf("%s: %s %d, want %s %d", c.name, mode, k, c.mode, c.k)
		}
	}
}

// The trickle never exceeds its rate in any hour: simulated ticks every
// 10 s over a day, matches landing at once, count the matches in every
// sliding hour.
func TestTrickleRate(t *testing.T) {
	for _, rate := range []int{1, 6, 7, 60, 360} {
		p := ladder.Pace{Trickle: rate}
		start := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
		var planned []time.Time
		var last time.Time
		for now := start; now.Before(start.Add(24 * time.Hour)); now = now.Add(10 * time.Second) {
			_, k := ladder.Decide(p, ladder.Tick{Now: now, Versions: 5, Full: 8, LastPlanned: last})
			for range k {
				planned = append(planned, now)
				last = now
			}
		}
		most := 0
		for i, a := range planned {
			n := 0
			for _, b := range planned[i:] {
				if b.Sub(a) < time.Hour {
					n++
				}
			}
			most = max(most, n)
		}
		if most > rate {
			t.Errorf("trickle %d/hour: %d matches within an hour", rate, most)
		}
		// And it does not fall far short: a day holds about 24 × rate.
		if len(planned) < 24*rate*9/10 {
			t.Errorf("trickle %d/hour: %d matches in a day", rate, len(planned))
		}
	}
}

func TestPaceValidate(t *testing.T) {
	if bad := ladder.Validate(ladder.DefaultPace); bad != nil {
		t.Fatalf("the default is refused: %v", bad)
	}
	bad := ladder.Validate(ladder.Pace{Trickle: ladder.MaxTrickle + 1, HourlyCap: -1})
	if bad["trickle"] == "" || bad["hourly_cap"] == "" {
		t.Fatalf("out of range accepted: %v", bad)
	}
}

// At full pace every match is seeded by an unsettled version, the newest
// (fewest games) first, and a single new version is in every match of
// the tick; settled bots fill the other seats.
func TestPlanUnsettled(t *testing.T) {
	var cands []ladder.Candidate
	for i := range int64(12) {
		c := bot(i+1, 20+float64(i))
		c.Sigma, c.Games = 2, 150 // settled
		cands = append(cands, c)
	}
	fresh := with(bot(99, 25), func(c *ladder.Candidate) { c.Sigma, c.Games = 25.0/3, 0 })
	plan, err := ladder.PlanUnsettled(append(cands, fresh), size, 8, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(plan) != 8 {
		t.Fatalf("%d matches, want 8", len(plan))
	}
	for _, m := range plan {
		checkMatch(t, append(cands, fresh), m)
		if m[0] != 99 {
			t.Errorf("match %v is not seeded by the new version", m)
		}
	}

	// Two unsettled: each seeds, the one with fewer games first, and
	// every match holds an unsettled version.
	older := with(bot(98, 30), func(c *ladder.Candidate) { c.Sigma, c.Games = 5, 40 })
	all := append(cands, fresh, older)
	plan, err = ladder.PlanUnsettled(all, size, 6, rng(2))
	if err != nil {
		t.Fatal(err)
	}
	if plan[0][0] != 99 {
		t.Errorf("first match %v is not seeded by the version with fewest games", plan[0])
	}
	seeds := map[int64]int{}
	for _, m := range plan {
		checkMatch(t, all, m)
		seeds[m[0]]++
		if m[0] != 99 && m[0] != 98 {
			t.Errorf("match %v is seeded by a settled version", m)
		}
	}
	if seeds[98] == 0 || seeds[99] == 0 {
		t.Errorf("seeds %v: both unsettled versions should seed", seeds)
	}

	// With none unsettled it is Plan.
	a, _ := ladder.PlanUnsettled(cands, size, 5, rng(3))
	b, _ := ladder.Plan(cands, size, 5, rng(3))
	if len(a) != len(b) {
		t.Fatalf("PlanUnsettled without unsettled bots: %v, Plan: %v", a, b)
	}
	for i := range a {
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				t.Fatalf("PlanUnsettled without unsettled bots: %v, Plan: %v", a, b)
			}
		}
	}
}
