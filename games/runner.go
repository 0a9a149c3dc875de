package games

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"time"
)

// Player is one seat of a match: a display name and the agent playing it.
type Player struct {
	Name  string
	Agent Agent
}

// Config is everything a match depends on.
type Config struct {
	Game     Game
	Settings Settings // overrides of the board file's settings and the defaults
	Board    Board    // nil: generated from the seed (or the game's default)
	Seed     uint64
	Players  []Player
	// CPUBudget is each player's CPU budget for the whole match; 0 means
	// the game's default.
	CPUBudget time.Duration
}

// MergeSettings returns the defaults overridden by the board file's settings
// and then by the explicit ones, checked (with Info.CheckBoard when there
// is a board file, else with Info.Check).
func MergeSettings(g Game, board Board, over Settings) (Settings, error) {
	info := g.Info()
	s := info.Defaults()
	if board != nil {
		for k, v := range board.Settings() {
			s[k] = v
		}
	}
	for k, v := range over {
		s[k] = v
	}
	if board != nil {
		return s, info.CheckBoard(s)
	}
	return s, info.Check(s)
}

// seat is the runner's view of one player during a match.
type seat struct {
	agent  Agent
	used   time.Duration
	frozen bool
	reply  []byte
	cpu    time.Duration
	err    error
}

// Play runs a whole match and returns its replay. It owns the agents: it
// closes each one when its player is frozen or when the match ends. A
// player's failure never stops the match; only a bad configuration or a
// cancelled ctx returns an error.
func Play(ctx context.Context, c Config) (*Replay, error) {
	defer closeAll(c.Players)
	info := c.Game.Info()
	if len(c.Players) != info.Players {
		return nil, fmt.Errorf("%s needs %d players, got %d", info.ID, info.Players, len(c.Players))
	}
	settings, err := MergeSettings(c.Game, c.Board, c.Settings)
	if err != nil {
		return nil, err
	}
	m, err := c.Game.NewMatch(settings, c.Board, c.Seed)
	if err != nil {
		return nil, err
	}
	budget := c.CPUBudget
	if budget <= 0 {
		budget = info.CPUBudget
	}
	initial, err := json.Marshal(m.Initial())
	if err != nil {
		return nil, err
	}
	r := &Replay{
		Format:      ReplayFormat,
		Game:        info.ID,
		Settings:    settings,
		Seed:        c.Seed,
		CPUBudgetMS: budget.Milliseconds(),
		Initial:     initial,
		Rounds:      make([]ReplayRound, 0, m.Rounds()),
	}
	n := len(c.Players)
	seats := make([]*seat, n)
	for i, p := range c.Players {
		r.Players = append(r.Players, p.Name)
		seats[i] = &seat{agent: p.Agent}
	}
	invalid := make([]int, n)
	freeze := func(p, round int, kind, reason string) {
		s := seats[p]
		s.frozen = true
		s.agent.Close()
		r.End.Frozen = append(r.End.Frozen, Frozen{Player: p, Round: round, Kind: kind, Reason: reason})
	}
	// exchange sends each live player its frame concurrently (each sandboxed
	// bot is its own process; a built-in bot runs on this goroutine, as a
	// goroutine per round would cost more than it does), then charges CPU
	// and freezes in player order so the outcome does not depend on which
	// reply came first.
	exchange := func(round int, frames [][]byte) {
		var wg sync.WaitGroup
		for _, inline := range []bool{false, true} {
			for p, s := range seats {
				if s.frozen || isInProcess(s.agent) != inline {
					continue
				}
				call := func() { s.reply, s.cpu, s.err = s.agent.Exchange(frames[p], budget-s.used) }
				if inline {
					call()
				} else {
					wg.Go(call)
				}
			}
		}
		wg.Wait()
		for p, s := range seats {
			if s.frozen {
				continue
			}
			s.used += s.cpu
			kind, reason := "", ""
			if s.err != nil {
				kind, reason = freezeOf(s.err)
			}
			// The agent measured its reply against what was left of the
			// budget; the player hears of the whole budget.
			if kind == FreezeCPU || (kind == "" && s.used > budget) {
				kind, reason = FreezeCPU, budgetSpent(budget)
			}
			if kind != "" {
				freeze(p, round, kind, reason)
			}
		}
	}

	frames := make([][]byte, n)
	for p := range seats {
		frames[p] = m.Setup(p, info.SeatSeed(c.Seed, p))
	}
	exchange(-1, frames)

	cpu := make([]float64, n)
	for !m.Done() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		round := m.Round()
		status(seats, budget, cpu)
		for p, s := range seats {
			if !s.frozen {
				frames[p] = m.View(p, cpu)
			}
		}
		exchange(round, frames)
		for p, s := range seats {
			if s.frozen {
				continue
			}
			bad, err := m.Commands(p, s.reply)
			invalid[p] += bad
			if err != nil {
				freeze(p, round, FreezeProtocol, err.Error())
			}
		}
		m.Step()
		changes, err := json.Marshal(m.Changes())
		if err != nil {
			return nil, err
		}
		executed, err := json.Marshal(m.Executed())
		if err != nil {
			return nil, err
		}
		status(seats, budget, cpu)
		r.Rounds = append(r.Rounds, ReplayRound{
			Round:    round,
			Changes:  changes,
			Commands: executed,
			Scores:   m.Scores(),
			CPU:      append([]float64(nil), cpu...),
		})
	}
	if rf, ok := m.(Refuser); ok {
		r.Refused = make([][]string, n)
		for p := range n {
			r.Refused[p] = rf.Refusals(p)
		}
	}
	r.End.Rounds = m.Round()
	r.End.Scores = m.Scores()
	r.End.Winners = Winners(r.End.Scores)
	r.End.Invalid = invalid
	if r.End.Frozen == nil {
		r.End.Frozen = []Frozen{}
	}
	return r, nil
}

// closeAll closes the players' agents at once: closing a sandboxed bot
// waits for its process to end or to return to its pool, milliseconds each.
func closeAll(players []Player) {
	var wg sync.WaitGroup
	for _, p := range players {
		if p.Agent != nil {
			wg.Go(func() { p.Agent.Close() })
		}
	}
	wg.Wait()
}

// status fills each player's CPU status: the fraction of its budget used,
// rounded to 4 decimals so replays stay small, or -1 once frozen.
func status(seats []*seat, budget time.Duration, cpu []float64) {
	for p, s := range seats {
		if s.frozen {
			cpu[p] = -1
			continue
		}
		f := float64(s.used) / float64(budget)
		cpu[p] = math.Min(1, math.Round(f*1e4)/1e4)
	}
}

// Winners returns the indices of the highest scores.
func Winners(scores []int) []int {
	var w []int
	for p, s := range scores {
		switch {
		case len(w) == 0 || s > scores[w[0]]:
			w = append(w[:0], p)
		case s == scores[w[0]]:
			w = append(w, p)
		}
	}
	return w
}
