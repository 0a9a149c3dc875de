package games

import (
	"context"
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

// OnBoard is what of a game's settings a match on a board file takes:
// those the file does not fix (its size, its rounds), which the file
// keeps. The server's matches on uploaded boards and `arena play
// --qualify` both play so.
func OnBoard(settings, fixed Settings) Settings {
	out := Settings{}
	for k, v := range settings {
		if _, ok := fixed[k]; !ok {
			out[k] = v
		}
	}
	return out
}

// Play runs a whole match and returns its replay. It owns the agents: it
// closes each one when its player is frozen or when the match ends. A
// player's failure never stops the match; only a bad configuration or a
// cancelled ctx returns an error.
func Play(ctx context.Context, c Config) (*Replay, error) {
	defer closeAll(c.Players)
	m, err := newMatch(c)
	if err != nil {
		return nil, err
	}
	m.start()
	for !m.engine.Done() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := m.playRound(); err != nil {
			return nil, err
		}
	}
	return m.finish(), nil
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
