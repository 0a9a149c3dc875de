package games

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"time"
)

// match is a match being played: the engine, the runner's view of each
// player, and the replay being built. Play takes it through its steps.
type match struct {
	engine Match
	info   Info
	seed   uint64
	budget time.Duration // each player's CPU budget for the match
	seats  []*seat
	cpu    []float64 // each player's CPU status, as views and replay rounds carry it
	replay *Replay
	// ignored: the commands ignored in the round being played (Ignorer).
	ignored []Ignored
}

// seat is the runner's view of one player during a match.
type seat struct {
	agent   Agent
	used    time.Duration // CPU charged so far
	frozen  bool
	invalid int    // commands ignored so far
	frame   []byte // the next frame to send
	// The last exchange's outcome.
	reply []byte
	cpu   time.Duration
	err   error
}

// newMatch checks the configuration and sets up the engine, the seats and
// the start of the replay.
func newMatch(c Config) (*match, error) {
	info := c.Game.Info()
	if len(c.Players) != info.Players {
		return nil, fmt.Errorf("%s needs %d players, got %d", info.ID, info.Players, len(c.Players))
	}
	settings, err := MergeSettings(c.Game, c.Board, c.Settings)
	if err != nil {
		return nil, err
	}
	engine, err := c.Game.NewMatch(settings, c.Board, c.Seed)
	if err != nil {
		return nil, err
	}
	budget := c.CPUBudget
	if budget <= 0 {
		budget = info.CPUBudget
	}
	initial, err := json.Marshal(engine.Initial())
	if err != nil {
		return nil, err
	}
	n := len(c.Players)
	m := &match{
		engine: engine,
		info:   info,
		seed:   c.Seed,
		budget: budget,
		seats:  make([]*seat, n),
		cpu:    make([]float64, n),
		replay: &Replay{
			Format:      ReplayFormat,
			Game:        info.ID,
			Settings:    settings,
			Seed:        c.Seed,
			Players:     make([]string, n),
			CPUBudgetMS: budget.Milliseconds(),
			Initial:     initial,
			Rounds:      make([]ReplayRound, 0, engine.Rounds()),
		},
	}
	for i, p := range c.Players {
		m.replay.Players[i] = p.Name
		m.seats[i] = &seat{agent: p.Agent}
	}
	return m, nil
}

// start sends every player its setup frame (round -1 in freezes), and
// sets the CPU status the first views carry.
func (m *match) start() {
	for p, s := range m.seats {
		s.frame = m.engine.Setup(p, m.info.SeatSeed(m.seed, p))
	}
	m.exchange(-1)
	m.status()
}

// playRound plays the engine's next round: a view to each live player
// (with the CPU status as start or the last round left it), its commands
// back, one step, and the round into the replay.
func (m *match) playRound() error {
	round := m.engine.Round()
	for p, s := range m.seats {
		if !s.frozen {
			s.frame = m.engine.View(p, m.cpu)
		}
	}
	m.exchange(round)
	for p, s := range m.seats {
		if s.frozen {
			continue
		}
		bad, err := m.engine.Commands(p, s.reply)
		s.invalid += bad
		if ig, ok := m.engine.(Ignorer); ok && bad > 0 {
			for _, x := range ig.Ignored() {
				x.Player = p
				m.ignored = append(m.ignored, x)
			}
		}
		if err != nil {
			m.freeze(p, round, FreezeProtocol, err.Error())
		}
	}
	m.engine.Step()
	return m.record(round)
}

// exchange sends each live player its frame concurrently (each sandboxed
// bot is its own process; a built-in bot runs on this goroutine, as a
// goroutine per round would cost more than it does), then charges CPU and
// freezes in player order so the outcome does not depend on which reply
// came first.
func (m *match) exchange(round int) {
	var wg sync.WaitGroup
	for _, inline := range []bool{false, true} {
		for _, s := range m.seats {
			if s.frozen || isInProcess(s.agent) != inline {
				continue
			}
			if inline {
				s.exchange(m.budget)
			} else {
				wg.Go(func() { s.exchange(m.budget) })
			}
		}
	}
	wg.Wait()
	for p, s := range m.seats {
		if !s.frozen {
			m.charge(p, round)
		}
	}
}

// exchange sends the seat's frame to its agent, with what is left of the
// budget, and keeps the outcome.
func (s *seat) exchange(budget time.Duration) {
	s.reply, s.cpu, s.err = s.agent.Exchange(s.frame, budget-s.used)
}

// charge adds player p's last exchange to the CPU it used, and freezes it
// if the exchange failed or its budget is spent.
func (m *match) charge(p, round int) {
	s := m.seats[p]
	s.used += s.cpu
	kind, reason := "", ""
	if s.err != nil {
		kind, reason = freezeOf(s.err)
	}
	// The agent measured its reply against what was left of the budget;
	// the player hears of the whole budget.
	if kind == FreezeCPU || (kind == "" && s.used > m.budget) {
		kind, reason = FreezeCPU, budgetSpent(m.budget)
		// Whatever the clock read when the bot was stopped, it spent
		// its budget.
		s.used = max(s.used, m.budget)
	}
	if kind != "" {
		m.freeze(p, round, kind, reason)
	}
}

// freeze stops player p for the rest of the match, closing its agent, and
// records when and why: at setup, a bot built against another SDK of the
// game says so (sdkMismatch).
func (m *match) freeze(p, round int, kind, reason string) {
	s := m.seats[p]
	s.frozen = true
	s.agent.Close()
	if round < 0 {
		if why, ok := sdkMismatch(m.info.Title, s.agent); ok {
			kind, reason = FreezeProtocol, why
		}
	}
	m.replay.End.Frozen = append(m.replay.End.Frozen, Frozen{Player: p, Round: round, Kind: kind, Reason: reason})
}

// record adds the round just played to the replay.
func (m *match) record(round int) error {
	changes, err := json.Marshal(m.engine.Changes())
	if err != nil {
		return err
	}
	executed, err := json.Marshal(m.engine.Executed())
	if err != nil {
		return err
	}
	m.status()
	m.replay.Rounds = append(m.replay.Rounds, ReplayRound{
		Round:    round,
		Changes:  changes,
		Commands: executed,
		Scores:   m.engine.Scores(),
		CPU:      append([]float64(nil), m.cpu...),
		Ignored:  m.ignored,
	})
	m.ignored = nil
	return nil
}

// finish writes the outcome into the replay and returns it.
func (m *match) finish() *Replay {
	r := m.replay
	if rf, ok := m.engine.(Refuser); ok {
		r.Refused = make([][]string, len(m.seats))
		for p := range m.seats {
			r.Refused[p] = rf.Refusals(p)
		}
	}
	r.End.Rounds = m.engine.Round()
	r.End.Scores = m.engine.Scores()
	r.End.Winners = Winners(r.End.Scores)
	r.End.Invalid = make([]int, len(m.seats))
	r.End.CPU = make([]float64, len(m.seats))
	for p, s := range m.seats {
		r.End.Invalid[p] = s.invalid
		r.End.CPU[p] = cpuFraction(s.used, m.budget)
	}
	if r.End.Frozen == nil {
		r.End.Frozen = []Frozen{}
	}
	return r
}

// status fills each player's CPU status: the fraction of its budget used
// (cpuFraction, at most 1), or -1 once frozen.
func (m *match) status() {
	for p, s := range m.seats {
		if s.frozen {
			m.cpu[p] = -1
			continue
		}
		m.cpu[p] = math.Min(1, cpuFraction(s.used, m.budget))
	}
}

// cpuFraction is used as a fraction of budget, rounded to 4 decimals so
// replays stay small.
func cpuFraction(used, budget time.Duration) float64 {
	return math.Round(float64(used)/float64(budget)*1e4) / 1e4
}
