package rating_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"arena.dev/rating"
)

const tol = 1e-9

// vectorsPath is the shared reference file, read in place (never copied).
const vectorsPath = "../../shared/ratings/plackett-luce-4ffa.json"

type vectorCase struct {
	Before []rating.Rating `json:"before"`
	Ranks  []int           `json:"ranks"`
	After  []rating.Rating `json:"after"`
}

func checkCase(t *testing.T, c vectorCase) {
	t.Helper()
	got, err := rating.Default().Rate(c.Before, c.Ranks)
	if err != nil {
		t.Fatalf("Rate(%v, %v): %v", c.Before, c.Ranks, err)
	}
	if len(got) != len(c.After) {
		t.Fatalf("got %d ratings, want %d", len(got), len(c.After))
	}
	for i := range got {
		if d := math.Abs(got[i].Mu - c.After[i].Mu); d > tol {
			t.Errorf("player %d: μ = %.15g, want %.15g (|Δ| = %g)", i, got[i].Mu, c.After[i].Mu, d)
		}
		if d := math.Abs(got[i].Sigma - c.After[i].Sigma); d > tol {
			t.Errorf("player %d: σ = %.15g, want %.15g (|Δ| = %g)", i, got[i].Sigma, c.After[i].Sigma, d)
		}
	}
}

func TestReferenceVectors(t *testing.T) {
	data, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatalf("reference vectors (shared/ must sit beside the repository): %v", err)
	}
	var file struct {
		Model string       `json:"model"`
		Cases []vectorCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("decode %s: %v", vectorsPath, err)
	}
	if len(file.Cases) == 0 {
		t.Fatalf("%s has no cases", vectorsPath)
	}
	for i, c := range file.Cases {
		t.Run(fmt.Sprintf("case%d", i), func(t *testing.T) { checkCase(t, c) })
	}
}

// The shared file has no ties. These were computed with openskill 5.0.1
// (npm, the JavaScript original that openskill.py ports; same algorithm,
// tau and defaults) as rate(teams of one, {rank}).
func TestTieVectors(t *testing.T) {
	s0 := 25.0 / 3
	fresh := []rating.Rating{{Mu: 25, Sigma: s0}, {Mu: 25, Sigma: s0}, {Mu: 25, Sigma: s0}, {Mu: 25, Sigma: s0}}
	cases := map[string]vectorCase{
		"tie for first": {
			Before: fresh, Ranks: []int{1, 1, 3, 4},
			After: []rating.Rating{
				{Mu: 25.93175089083371, Sigma: 8.263571791259416},
				{Mu: 25.93175089083371, Sigma: 8.263571791259416},
				{Mu: 25.93175089083371, Sigma: 8.16906309784121},
				{Mu: 22.204747327498865, Sigma: 8.16906309784121},
			},
		},
		"tie in the middle": {
			Before: fresh, Ranks: []int{1, 2, 2, 4},
			After: []rating.Rating{
				{Mu: 27.795252672501135, Sigma: 8.263571791259416},
				{Mu: 24.689416369722096, Sigma: 8.17961798837266},
				{Mu: 24.689416369722096, Sigma: 8.17961798837266},
				{Mu: 22.825914588054673, Sigma: 8.17961798837266},
			},
		},
		"all tied": {
			Before: fresh, Ranks: []int{1, 1, 1, 1},
			After: []rating.Rating{
				{Mu: 25, Sigma: 8.263571791259416},
				{Mu: 25, Sigma: 8.263571791259416},
				{Mu: 25, Sigma: 8.263571791259416},
				{Mu: 25, Sigma: 8.263571791259416},
			},
		},
		"mixed priors, tie for second": {
			Before: []rating.Rating{{Mu: 30, Sigma: 5}, {Mu: 20, Sigma: 8}, {Mu: 25, Sigma: 3}, {Mu: 25, Sigma: 8.333}},
			Ranks:  []int{2, 1, 2, 4},
			After: []rating.Rating{
				{Mu: 29.600430489587577, Sigma: 4.960650538625935},
				{Mu: 23.42668439310454, Sigma: 7.91855589163237},
				{Mu: 24.977152939174662, Sigma: 2.9967890104277215},
				{Mu: 22.567924442044735, Sigma: 8.069755359235135},
			},
		},
		"two pairs tied": {
			Before: []rating.Rating{{Mu: 28, Sigma: 2.5}, {Mu: 22, Sigma: 6}, {Mu: 31, Sigma: 4}, {Mu: 18, Sigma: 7.5}},
			Ranks:  []int{3, 3, 1, 1},
			After: []rating.Rating{
				{Mu: 27.812853908349414, Sigma: 2.497880360956001},
				{Mu: 21.78252169565062, Sigma: 5.897726717602022},
				{Mu: 31.152994747045312, Sigma: 3.988877789992312},
				{Mu: 19.484734224970676, Sigma: 7.422785235319386},
			},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) { checkCase(t, c) })
	}
}

// Only the order of ranks matters: dense and competition ranks, or any
// shifted copy, give the same update.
func TestRankScaleInvariance(t *testing.T) {
	m := rating.Default()
	players := []rating.Rating{{Mu: 30, Sigma: 5}, {Mu: 20, Sigma: 8}, {Mu: 25, Sigma: 3}, {Mu: 25, Sigma: 8.333}}
	want, err := m.Rate(players, []int{1, 2, 2, 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, ranks := range [][]int{{1, 2, 2, 3}, {0, 5, 5, 9}, {-3, 7, 7, 100}} {
		got, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("ranks %v: got %v, want %v", ranks, got, want)
		}
	}
}

func TestRateDoesNotModifyArguments(t *testing.T) {
	players := []rating.Rating{{Mu: 30, Sigma: 5}, {Mu: 20, Sigma: 8}, {Mu: 25, Sigma: 3}, {Mu: 25, Sigma: 8}}
	ranks := []int{4, 3, 2, 1}
	p0, r0 := slices.Clone(players), slices.Clone(ranks)
	if _, err := rating.Default().Rate(players, ranks); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(players, p0) || !slices.Equal(ranks, r0) {
		t.Errorf("arguments changed: %v %v", players, ranks)
	}
}

func TestRateRejectsBadInput(t *testing.T) {
	ok := rating.Rating{Mu: 25, Sigma: 8}
	bad := rating.Default()
	bad.Beta = 0
	cases := map[string]struct {
		m       rating.Model
		players []rating.Rating
		ranks   []int
	}{
		"one player":       {rating.Default(), []rating.Rating{ok}, []int{1}},
		"no players":       {rating.Default(), nil, nil},
		"rank count":       {rating.Default(), []rating.Rating{ok, ok, ok}, []int{1, 2}},
		"negative sigma":   {rating.Default(), []rating.Rating{ok, {Mu: 25, Sigma: -1}}, []int{1, 2}},
		"NaN mu":           {rating.Default(), []rating.Rating{ok, {Mu: math.NaN(), Sigma: 1}}, []int{1, 2}},
		"infinite sigma":   {rating.Default(), []rating.Rating{ok, {Mu: 25, Sigma: math.Inf(1)}}, []int{1, 2}},
		"zero beta model":  {bad, []rating.Rating{ok, ok}, []int{1, 2}},
		"zero value model": {rating.Model{}, []rating.Rating{ok, ok}, []int{1, 2}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := c.m.Rate(c.players, c.ranks)
			if !errors.Is(err, rating.ErrInput) {
				t.Fatalf("got %v, %v; want an error wrapping ErrInput", got, err)
			}
		})
	}
}

// Huge μ must not overflow exp(μ/c): only differences of μ matter.
func TestRateShiftInvariance(t *testing.T) {
	m := rating.Default()
	base := []rating.Rating{{Mu: 30, Sigma: 5}, {Mu: 20, Sigma: 8}, {Mu: 25, Sigma: 3}, {Mu: 25, Sigma: 8}}
	ranks := []int{2, 1, 4, 3}
	want, err := m.Rate(base, ranks)
	if err != nil {
		t.Fatal(err)
	}
	const shift = 1e5
	shifted := slices.Clone(base)
	for i := range shifted {
		shifted[i].Mu += shift
	}
	got, err := m.Rate(shifted, ranks)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if math.Abs(got[i].Mu-shift-want[i].Mu) > 1e-6 || math.Abs(got[i].Sigma-want[i].Sigma) > 1e-9 {
			t.Errorf("player %d: got %v, want μ %v+%g, σ %v", i, got[i], want[i].Mu, shift, want[i].Sigma)
		}
	}
}

func randomMatch(r *rand.Rand) ([]rating.Rating, []int) {
	players := make([]rating.Rating, 4)
	ranks := make([]int, 4)
	for i := range players {
		players[i] = rating.Rating{Mu: 50 * r.Float64(), Sigma: 0.05 + 9*r.Float64()}
		ranks[i] = 1 + r.IntN(4) // ties are frequent
	}
	return players, ranks
}

func TestPropertiesRandomMatches(t *testing.T) {
	m := rating.Default()
	r := rand.New(rand.NewPCG(1, 2))
	for iter := range 5000 {
		players, ranks := randomMatch(r)
		got, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		best, worst := slices.Min(ranks), slices.Max(ranks)
		for i := range players {
			count := 0
			for _, rk := range ranks {
				if rk == ranks[i] {
					count++
				}
			}
			// A sole winner beats everyone: its μ must rise; a sole
			// loser's must fall.
			if ranks[i] == best && count == 1 && !(got[i].Mu > players[i].Mu) {
				t.Fatalf("#%d sole winner %d: μ %v -> %v (%v %v)", iter, i, players[i].Mu, got[i].Mu, players, ranks)
			}
			if ranks[i] == worst && count == 1 && !(got[i].Mu < players[i].Mu) {
				t.Fatalf("#%d sole loser %d: μ %v -> %v (%v %v)", iter, i, players[i].Mu, got[i].Mu, players, ranks)
			}
			// A game is evidence: σ never ends above the drifted prior.
			drifted := math.Sqrt(players[i].Sigma*players[i].Sigma + m.Tau*m.Tau)
			if !(got[i].Sigma > 0 && got[i].Sigma <= drifted) {
				t.Fatalf("#%d player %d: σ %v -> %v, drifted prior %v", iter, i, players[i].Sigma, got[i].Sigma, drifted)
			}
		}

		// Relabelling the players relabels the result (no seat bias).
		perm := r.Perm(4)
		pp, pr := make([]rating.Rating, 4), make([]int, 4)
		for i, j := range perm {
			pp[i], pr[i] = players[j], ranks[j]
		}
		pgot, err := m.Rate(pp, pr)
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range perm {
			if math.Abs(pgot[i].Mu-got[j].Mu) > 1e-12 || math.Abs(pgot[i].Sigma-got[j].Sigma) > 1e-12 {
				t.Fatalf("#%d permutation %v changed player %d: %v vs %v", iter, perm, j, pgot[i], got[j])
			}
		}
	}
}

// Players with the same prior and the same rank end with the same rating
// (up to rounding: the sums run in a different order), and a better rank
// never gives less μ. Not strictly more: with 1,1,3,4 the third gains as
// much as the two tied winners, a property of Weng–Lin's tie handling.
func TestPropertiesEqualPriors(t *testing.T) {
	m := rating.Default()
	r := rand.New(rand.NewPCG(3, 4))
	for iter := range 2000 {
		prior := rating.Rating{Mu: 50 * r.Float64(), Sigma: 0.5 + 8*r.Float64()}
		players := []rating.Rating{prior, prior, prior, prior}
		ranks := make([]int, 4)
		for i := range ranks {
			ranks[i] = 1 + r.IntN(4)
		}
		got, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			for j := range got {
				switch {
				case ranks[i] == ranks[j] && (math.Abs(got[i].Mu-got[j].Mu) > 1e-12 || math.Abs(got[i].Sigma-got[j].Sigma) > 1e-12):
					t.Fatalf("#%d tied players %d,%d differ: %v %v (ranks %v)", iter, i, j, got[i], got[j], ranks)
				case ranks[i] < ranks[j] && got[i].Mu < got[j].Mu-1e-12:
					t.Fatalf("#%d player %d ranked above %d but gained less: %v %v (ranks %v)", iter, i, j, got[i], got[j], ranks)
				}
			}
		}
		if slices.Max(ranks) == slices.Min(ranks) && math.Abs(got[0].Mu-prior.Mu) > 1e-12 {
			t.Fatalf("#%d all tied but μ moved: %v -> %v", iter, prior, got[0])
		}
	}
}

// New bots (σ0) become more certain after every game, whatever the result,
// and keep doing so over many games.
func TestSigmaShrinksFromInitial(t *testing.T) {
	m := rating.Default()
	r := rand.New(rand.NewPCG(5, 6))
	players := []rating.Rating{m.Initial(), m.Initial(), m.Initial(), m.Initial()}
	for game := range 200 {
		ranks := make([]int, 4)
		for i := range ranks {
			ranks[i] = 1 + r.IntN(4)
		}
		next, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range next {
			if game < 20 && !(next[i].Sigma < players[i].Sigma) {
				t.Fatalf("game %d player %d: σ %v -> %v", game, i, players[i].Sigma, next[i].Sigma)
			}
		}
		players = next
	}
	for i, p := range players {
		if p.Sigma > 4 {
			t.Errorf("player %d: σ still %v after 200 games", i, p.Sigma)
		}
	}
}

func TestOrdinal(t *testing.T) {
	if got := (rating.Rating{Mu: 25, Sigma: 25.0 / 3}).Ordinal(); math.Abs(got) > 1e-12 {
		t.Errorf("ordinal of a new bot = %v, want 0", got)
	}
	if got := (rating.Rating{Mu: 30, Sigma: 2}).Ordinal(); got != 24 {
		t.Errorf("ordinal = %v, want 24", got)
	}
}

func TestNewVersion(t *testing.T) {
	m := rating.Default()
	cases := []struct {
		in   rating.Rating
		want rating.Rating
	}{
		// Converged bot: σ' = √(1.5² + (25/6)²).
		{rating.Rating{Mu: 31, Sigma: 1.5}, rating.Rating{Mu: 31, Sigma: math.Sqrt(1.5*1.5 + 25.0/6*25.0/6)}},
		// Would exceed σ0: capped.
		{rating.Rating{Mu: 12, Sigma: 8}, rating.Rating{Mu: 12, Sigma: 25.0 / 3}},
		// Already at σ0: unchanged.
		{m.Initial(), m.Initial()},
	}
	for _, c := range cases {
		got := m.NewVersion(c.in)
		if got.Mu != c.want.Mu || math.Abs(got.Sigma-c.want.Sigma) > 1e-12 {
			t.Errorf("NewVersion(%v) = %v, want %v", c.in, got, c.want)
		}
		if got.Sigma < c.in.Sigma && c.in.Sigma <= m.Sigma {
			t.Errorf("NewVersion(%v) narrowed σ to %v", c.in, got.Sigma)
		}
	}
}

func TestRanksFromScores(t *testing.T) {
	cases := []struct {
		scores []int64
		want   []int
	}{
		{[]int64{100, 70, 70, 10}, []int{1, 2, 2, 4}},
		{[]int64{10, 70, 100, 70}, []int{4, 2, 1, 2}},
		{[]int64{5, 5, 5, 5}, []int{1, 1, 1, 1}},
		{[]int64{-1, 0, 3, 2}, []int{4, 3, 1, 2}},
		{nil, []int{}},
	}
	for _, c := range cases {
		if got := rating.RanksFromScores(c.scores); !slices.Equal(got, c.want) {
			t.Errorf("RanksFromScores(%v) = %v, want %v", c.scores, got, c.want)
		}
	}
}
