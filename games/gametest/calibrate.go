package gametest

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
)

// Calibration is what a game's Dummy (its qualifier) is calibrated on, so
// that real students' bots qualify on Arena where they qualified in their
// course: the original Dummy's figures on the original engine, and a family
// of reference bots of student strength, C++ player files of the original
// API that build unchanged in the original engine, whose verdicts against
// the original Dummy were measured there.
type Calibration struct {
	// Boards are the boards the verdicts must hold on, board files
	// relative to the test's package or "" for boards generated from the
	// seed; the figures are measured on the first.
	Boards []string
	// Seeds is how many seeds (1, 2, …) the figures are measured on: 10
	// unless set.
	Seeds int
	// The original Dummy's figures on the original engine over those
	// seeds; zero where the game has no original Dummy.
	DummyAlone    float64    // four Dummies: the mean score per seat
	DummyVsDemos  [2]float64 // the Dummy in seat 0, three Demos: the Dummy's mean and the Demos'
	DemoVsDummies [2]float64 // a Demo in seat 0, three Dummies: the Demo's mean and the Dummies'
	// Tolerance is how far each figure may be from the original's, a
	// fraction: 0.2 unless set.
	Tolerance float64
	// DemoTolerance is the tolerance of the Demos' own two figures, where
	// a game's Demos score a few lucky points (Ork Island: a few hundred,
	// which the original's own sets of ten matches put far apart):
	// Tolerance unless set.
	DemoTolerance float64
	// ReplaysOriginal says the first board gives the original's matches
	// seed by seed (Wasteland on its original boards): every verdict,
	// marginal or not, is then the original's there and is checked.
	ReplaysOriginal bool
	Bots            []ReferenceBot
}

// A ReferenceBot is one bot of a game's calibration family.
type ReferenceBot struct {
	// File is a C++ player file (testdata/calibration/AI*.cc), built
	// natively against the game's C++ SDK.
	File string
	// VsDemos is its mean score in seat 0 against three Demos on the
	// original engine, over the calibration's seeds: what places it among
	// real students' bots (documentation; Arena's figure is printed
	// beside it).
	VsDemos float64
	// Qualifies is its verdict against the original Dummy on the original
	// engine, and so the verdict Arena's qualification must give.
	Qualifies bool
	// Marginal marks a bot near the line: against the original Dummy it
	// ends first in neither nearly all nor nearly none of its matches, so
	// its verdict over a few qualification matches turns on their seeds,
	// in the original as here. Its verdict is logged, not checked.
	// A marginal verdict is still checked on a first board that replays
	// the original's matches (Calibration.ReplaysOriginal).
	Marginal bool
}

// Calibrate plays the calibration: the three figures of the game's Dummy
// within the tolerance of the original's, and each reference bot's
// qualification verdict (games.QualificationSeat and friends: the
// server's rule, seeds and seats) as in the original on every board. With
// -v it prints the table the README quotes.
func Calibrate(t *testing.T, g games.Game, c Calibration) {
	if testing.Short() {
		t.Skip("plays a few hundred matches")
	}
	if c.Seeds == 0 {
		c.Seeds = 10
	}
	if c.Tolerance == 0 {
		c.Tolerance = 0.2
	}
	if c.DemoTolerance == 0 {
		c.DemoTolerance = c.Tolerance
	}
	if len(c.Boards) == 0 {
		c.Boards = []string{""}
	}
	info := g.Info()
	boards := make([]games.Board, len(c.Boards))
	for i, path := range c.Boards {
		if path == "" {
			continue
		}
		data, err := readFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if boards[i], err = g.ParseBoard(data); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	bins := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		src, err := readFile(b.File)
		if err != nil {
			t.Fatal(err)
		}
		bins[i] = BuildCpp(t, info.ID, src)
	}
	p := newPool(t, g)
	dummy, demo := info.Qualifier, "Demo"

	figures := func(t *testing.T) {
		n := c.Seeds
		alone := p.means(n, boards[0], dummy, dummy, dummy, dummy)
		vsDemos := p.means(n, boards[0], dummy, demo, demo, demo)
		vsDummies := p.means(n, boards[0], demo, dummy, dummy, dummy)
		rows := []struct {
			name           string
			got, want, tol float64
		}{
			{dummy + " ×4, mean per seat", avg(alone), c.DummyAlone, c.Tolerance},
			{dummy + " with three Demos: the " + dummy, vsDemos[0], c.DummyVsDemos[0], c.Tolerance},
			{dummy + " with three Demos: the Demos", avg(vsDemos[1:]), c.DummyVsDemos[1], c.DemoTolerance},
			{"Demo with three " + plural(dummy) + ": the Demo", vsDummies[0], c.DemoVsDummies[0], c.DemoTolerance},
			{"Demo with three " + plural(dummy) + ": the " + plural(dummy), avg(vsDummies[1:]), c.DemoVsDummies[1], c.Tolerance},
		}
		t.Logf("figures on %s, seeds 1–%d (Arena / original):", boardName(c.Boards[0]), n)
		for _, r := range rows {
			want := "— (no original Dummy)"
			if r.want != 0 {
				want = fmt.Sprintf("%.0f", r.want)
			}
			t.Logf("  %-40s %12.0f / %s", r.name, r.got, want)
			if r.want != 0 && math.Abs(r.got-r.want) > r.tol*r.want {
				t.Errorf("%s: %.0f, the original's %.0f ± %.0f%%", r.name, r.got, r.want, 100*r.tol)
			}
		}
	}
	t.Run("Figures", func(t *testing.T) { p.t = t; figures(t) })

	for bi, path := range c.Boards {
		t.Run("Verdicts/"+boardName(path), func(t *testing.T) {
			p.t = t
			t.Logf("reference bots on %s (against three Demos: Arena / original, seeds 1–%d; qualification against three %s, seeds 1–%d, seats rotating):",
				boardName(path), c.Seeds, plural(dummy), games.QualificationMatches)
			for i, b := range c.Bots {
				name := "cpp:" + bins[i]
				vs := "—" // measured on the first board only
				if bi == 0 {
					vs = fmt.Sprintf("%.0f", p.means(c.Seeds, boards[bi], name, demo, demo, demo)[0])
				}
				firsts, places := p.qualify(boards[bi], name, dummy)
				ok := firsts >= games.QualificationFirsts(games.QualificationMatches)
				note := ""
				if b.Marginal {
					note = " (marginal: " + verdict(b.Qualifies) + " in the original)"
				}
				t.Logf("  %-28s %9s / %-9.0f first in %d of %d %v: %s%s", filepath.Base(b.File), vs, b.VsDemos,
					firsts, games.QualificationMatches, places, verdict(ok), note)
				if ok != b.Qualifies && (!b.Marginal || bi == 0 && c.ReplaysOriginal) {
					t.Errorf("%s: %s on Arena, %s in the original", filepath.Base(b.File), verdict(ok), verdict(b.Qualifies))
				}
			}
		})
	}
}

// plural names several of a bot: Dummy, Dummies.
func plural(bot string) string {
	if s, ok := strings.CutSuffix(bot, "y"); ok {
		return s + "ies"
	}
	return bot + "s"
}

func verdict(ok bool) string {
	if ok {
		return "qualifies"
	}
	return "refused"
}

func boardName(path string) string {
	if path == "" {
		return "generated boards"
	}
	return filepath.Base(path)
}

func avg(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// pool plays matches in parallel, one per core. A seat is a built-in bot's
// name or "cpp:" and a native binary's path.
type pool struct {
	t *testing.T
	g games.Game
}

func newPool(t *testing.T, g games.Game) *pool { return &pool{t: t, g: g} }

func (p *pool) agent(name string) (games.Player, error) {
	if bin, ok := strings.CutPrefix(name, "cpp:"); ok {
		a, err := StartProcess(bin)
		return games.Player{Name: filepath.Base(bin), Agent: a}, err
	}
	a, err := p.g.NewBot(name)
	return games.Player{Name: name, Agent: a}, err
}

// playAll plays one match per seat list on seeds 1, 2, … and returns the
// final scores; a reference bot frozen or with invalid commands fails the
// test (the calibration needs bots that play).
func (p *pool) playAll(board games.Board, seats [][]string, seeds []uint64) [][]int {
	scores := make([][]int, len(seats))
	errs := make([]error, len(seats))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	for i := range seats {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ps := make([]games.Player, len(seats[i]))
			for s, name := range seats[i] {
				var err error
				if ps[s], err = p.agent(name); err != nil {
					errs[i] = err
					closeAll(ps[:s])
					return
				}
			}
			// Matches run in parallel: the budget is lifted, as the
			// runner charges wall time.
			r, err := games.Play(context.Background(), games.Config{Game: p.g, Seed: seeds[i], Board: board, Players: ps, CPUBudget: time.Hour})
			switch {
			case err != nil:
				errs[i] = err
			case len(r.End.Frozen) != 0:
				errs[i] = fmt.Errorf("frozen: %+v", r.End.Frozen)
			default:
				scores[i] = r.End.Scores
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			p.t.Fatalf("seed %d, seats %v: %v", seeds[i], seats[i], err)
		}
	}
	return scores
}

func closeAll(ps []games.Player) {
	for _, p := range ps {
		p.Agent.Close()
	}
}

// means plays seats on seeds 1..n and returns each seat's mean score.
func (p *pool) means(n int, board games.Board, seats ...string) []float64 {
	all := make([][]string, n)
	seeds := make([]uint64, n)
	for i := range all {
		all[i], seeds[i] = seats, uint64(i+1)
	}
	mean := make([]float64, len(seats))
	for _, sc := range p.playAll(board, all, seeds) {
		for s, v := range sc {
			mean[s] += float64(v) / float64(n)
		}
	}
	return mean
}

// qualify plays bot's qualification against the qualifier as the server
// does, and returns how many matches it ended alone on top of and its place
// in each (1 = first alone).
func (p *pool) qualify(board games.Board, bot, qualifier string) (firsts int, places []int) {
	players := p.g.Info().Players
	q := games.QualificationMatches
	all := make([][]string, q)
	seeds := make([]uint64, q)
	for i := range all {
		seats := make([]string, players)
		for s := range seats {
			seats[s] = qualifier
		}
		seats[games.QualificationSeat(i, players)] = bot
		all[i], seeds[i] = seats, games.QualificationSeed(i)
	}
	for i, sc := range p.playAll(board, all, seeds) {
		seat := games.QualificationSeat(i, players)
		if games.AloneFirst(sc, seat) {
			firsts++
		}
		place := 1
		for s, v := range sc {
			if s != seat && v >= sc[seat] {
				place++
			}
		}
		places = append(places, place)
	}
	return firsts, places
}
