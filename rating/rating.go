// Package rating implements OpenSkill's Weng–Lin Bayesian approximation with
// the Plackett–Luce model, for free-for-all matches where every team is one
// bot.
//
// Reference: R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for
// Online Ranking", JMLR 12 (2011) 267–300, the update rules for the
// Plackett–Luce model. The code follows openskill.py's PlackettLuce.rate
// (teams of one, default gamma, no limit on σ) so that results match its
// reference vectors to 1e-9; the equations are written out on Model.Rate.
package rating

import (
	"errors"
	"fmt"
	"math"

	"arena.dev/domain"
)

// Defaults of OpenSkill (and of the paper's experiments).
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3    // σ0: a new bot's uncertainty
	DefaultBeta  = DefaultSigma / 2 // β: performance noise of one game
	DefaultTau   = DefaultMu / 300  // τ: skill drift added before every update
	DefaultKappa = 1e-4             // κ: floor of the σ² shrink factor
	// DefaultWiden is w in Model.NewVersion. A new version of a bot is
	// usually a small change of the old one, but can be a rewrite: we
	// model the skill change as a zero-mean Gaussian step of one β (the
	// scale on which one bot "clearly" beats another), so a converged bot
	// (σ≈1–2) restarts at σ≈4.3–4.6 and can move a few β in a few dozen
	// games, while a bot that has hardly played is not disturbed (σ is
	// capped at σ0 anyway).
	DefaultWiden = DefaultBeta
)

// Rating is a bot's skill belief: a Gaussian with mean Mu and standard
// deviation Sigma.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill μ−3σ used to sort leaderboards
// (domain.Ordinal, the ranking rule).
func (r Rating) Ordinal() float64 { return domain.Ordinal(r.Mu, r.Sigma) }

// Model holds the parameters of the rating system. The zero value is not
// usable; start from Default().
type Model struct {
	Mu    float64 // μ0 of a new bot
	Sigma float64 // σ0 of a new bot, also the cap of NewVersion
	Beta  float64 // β
	Tau   float64 // τ
	Kappa float64 // κ
	Widen float64 // w of NewVersion
}

// Default returns the OpenSkill defaults.
func Default() Model {
	return Model{
		Mu:    DefaultMu,
		Sigma: DefaultSigma,
		Beta:  DefaultBeta,
		Tau:   DefaultTau,
		Kappa: DefaultKappa,
		Widen: DefaultWiden,
	}
}

// Initial is the rating of a bot that has never played.
func (m Model) Initial() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// NewVersion is the rating of a new version of a bot whose current version
// has rating r: μ is kept (the best guess of the new version's skill is the
// old one's) and σ is widened as if the skill had taken a random step of
// standard deviation w, σ' = min(√(σ² + w²), σ0). The cap keeps a
// resubmission from ever being less certain than a brand-new bot.
func (m Model) NewVersion(r Rating) Rating {
	s := math.Sqrt(r.Sigma*r.Sigma + m.Widen*m.Widen)
	return Rating{Mu: r.Mu, Sigma: math.Min(s, m.Sigma)}
}

// ErrInput is wrapped by every error Rate returns for bad arguments.
var ErrInput = errors.New("rating: invalid input")

// Rate returns the ratings after one match. players[i] finished with
// ranks[i]: lower is better, equal ranks are ties; only order and equality
// matter, so both 1,2,2,4 and 1,2,2,3 work. The result is in the order of
// players; the arguments are not modified.
//
// Notation (Weng & Lin 2011, Plackett–Luce model), with i, q over players:
//
//	σi²  ← σi² + τ²                                    (OpenSkill: drift first)
//	c    = √( Σi (σi² + β²) )
//	Cq   = { s : r(s) ≥ r(q) }                         (q and everyone behind q)
//	Aq   = |{ s : r(s) = r(q) }|                       (size of q's tie group)
//	p̂i,q = exp(μi/c) / Σ_{s∈Cq} exp(μs/c)              (P[i first among Cq])
//	Ωi   = σi²/c  · Σ_{q: r(q)≤r(i)} (1[q=i] − p̂i,q) / Aq
//	Δi   = γi · σi²/c² · Σ_{q: r(q)≤r(i)} p̂i,q (1 − p̂i,q) / Aq,  γi = σi/c
//	μi'  = μi + Ωi
//	σi'  = σi · √max(1 − Δi, κ)
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	n := len(players)
	if n < 2 {
		return nil, fmt.Errorf("%w: %d players, need at least 2", ErrInput, n)
	}
	if len(ranks) != n {
		return nil, fmt.Errorf("%w: %d players but %d ranks", ErrInput, n, len(ranks))
	}
	if !(m.Beta > 0) || !(m.Tau >= 0) || !(m.Kappa >= 0) || math.IsInf(m.Beta+m.Tau+m.Kappa, 0) {
		return nil, fmt.Errorf("%w: model parameters β=%v τ=%v κ=%v", ErrInput, m.Beta, m.Tau, m.Kappa)
	}
	for i, p := range players {
		if math.IsNaN(p.Mu) || math.IsInf(p.Mu, 0) || !(p.Sigma >= 0) || math.IsInf(p.Sigma, 0) {
			return nil, fmt.Errorf("%w: player %d has μ=%v σ=%v", ErrInput, i, p.Mu, p.Sigma)
		}
	}

	// σ² after the drift τ², and c.
	sig2 := make([]float64, n)
	c2 := 0.0
	maxMu := math.Inf(-1)
	for i, p := range players {
		sig2[i] = p.Sigma*p.Sigma + m.Tau*m.Tau
		c2 += sig2[i] + m.Beta*m.Beta
		maxMu = math.Max(maxMu, p.Mu)
	}
	c := math.Sqrt(c2)

	// exp(μi/c), shifted by the largest μ: p̂ is a ratio, so the shift
	// cancels, and exp cannot overflow whatever the μ.
	e := make([]float64, n)
	for i, p := range players {
		e[i] = math.Exp((p.Mu - maxMu) / c)
	}
	sumQ := make([]float64, n) // Σ_{s∈Cq} exp(μs/c)
	a := make([]float64, n)    // Aq
	for q := range n {
		for s := range n {
			if ranks[s] >= ranks[q] {
				sumQ[q] += e[s]
			}
			if ranks[s] == ranks[q] {
				a[q]++
			}
		}
	}

	out := make([]Rating, n)
	for i := range n {
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue // i is not in Cq: q finished behind i
			}
			p := e[i] / sumQ[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
			delta += p * (1 - p) / a[q]
		}
		gamma := math.Sqrt(sig2[i]) / c
		omega *= sig2[i] / c
		delta *= gamma * sig2[i] / c2
		out[i] = Rating{
			Mu:    players[i].Mu + omega,
			Sigma: math.Sqrt(sig2[i]) * math.Sqrt(math.Max(1-delta, m.Kappa)),
		}
	}
	return out, nil
}

// RanksFromScores turns final scores (higher is better) into ranks for Rate,
// in competition style: 100, 70, 70, 10 gives 1, 2, 2, 4.
func RanksFromScores(scores []int64) []int {
	ranks := make([]int, len(scores))
	for i, s := range scores {
		ranks[i] = 1
		for _, t := range scores {
			if t > s {
				ranks[i]++
			}
		}
	}
	return ranks
}
