package poquemon

import (
	"errors"
	"fmt"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
)

// Config holds the parameters the rules use.
type Config struct {
	Players, PerPlayer, Rounds int
	PlayerRegen, WallChange    int
	Regen                      [Defense + 1]int // by bonus kind
	Reward, MaxScope, MaxStone int
}

// Action is one registered command.
type Action struct {
	ID     int
	Attack bool
	Dir    Dir
}

// Battle is the round's successful attack (there is at most one).
type Battle struct {
	Attacker, Target int
	Killed           bool
}

// State is a match's state and the rules that advance it.
type State struct {
	Cfg     Config
	B       *Board
	Poq     []Poquemon
	Ghosts  []Ghost
	Bonuses []Bonus
	At      []int // cell → id of the living Poquémon on it or -1
	BonusAt []int // cell → index of the bonus on it or -1
	Round   int   // rounds played

	rng     *games.RNG
	pending [][]Action // registered for the next Step, per player in order given
	given   []bool     // Poquémon already given an action this round
	// Ignored: the commands the last Register ignored, and why.
	Ignored []games.Ignored
	order   []int // players, shuffled each round
	near    []int // cell → stamp when a living Poquémon is within 2 cells
	stamp   int
	free    []int // floor cells not yet found taken this regeneration
	listed  bool  // free is listed for this regeneration

	// Record of the last Step, for replays.
	Executed []Action // actions that took effect, in execution order
	Battle   *Battle
	Died     []int // Poquémon killed in the round, in order
	Reborn   []int // Poquémon that reappeared at its end
}

// NewState starts a match on b (which it does not change).
func NewState(cfg Config, b *Board, rng *games.RNG) (*State, error) {
	n := cfg.Players * cfg.PerPlayer
	if len(b.Poquemon) != n {
		return nil, fmt.Errorf("poquemon: board has %d Poquémon, settings want %d", len(b.Poquemon), n)
	}
	cells := b.Rows * b.Cols
	s := &State{
		Cfg: cfg, B: b, rng: rng,
		Poq:     append([]Poquemon(nil), b.Poquemon...),
		Ghosts:  append([]Ghost(nil), b.Ghosts...),
		Bonuses: append([]Bonus(nil), b.Bonuses...),
		At:      make([]int, cells),
		BonusAt: make([]int, cells),
		pending: make([][]Action, cfg.Players),
		given:   make([]bool, n),
		near:    make([]int, cells),
		order:   make([]int, cfg.Players),
	}
	for i := range s.At {
		s.At[i], s.BonusAt[i] = -1, -1
	}
	for id, p := range s.Poq {
		if p.Player != id/cfg.PerPlayer {
			return nil, fmt.Errorf("poquemon: Poquémon %d belongs to player %d, want %d", id, p.Player, id/cfg.PerPlayer)
		}
		if p.Scope > cfg.MaxScope || p.Stones > cfg.MaxStone {
			return nil, fmt.Errorf("poquemon: Poquémon %d has scope %d and %d stones, over max_scope %d or max_stone %d",
				id, p.Scope, p.Stones, cfg.MaxScope, cfg.MaxStone)
		}
		if p.Alive {
			if s.blocked(p.Cell) || s.At[p.Cell] >= 0 {
				return nil, fmt.Errorf("poquemon: Poquémon %d on a wall or another Poquémon at %s", id, b.pos(p.Cell))
			}
			s.At[p.Cell] = id
		}
	}
	for k, x := range s.Bonuses {
		if x.Present {
			if s.BonusAt[x.Cell] >= 0 {
				return nil, errors.New("poquemon: two bonuses on one cell")
			}
			s.BonusAt[x.Cell] = k
		}
	}
	return s, nil
}

// blocked reports whether c is a wall now: static, or a present ghost wall.
func (s *State) blocked(c int) bool {
	if s.B.Wall[c] {
		return true
	}
	k := s.B.GhostAt[c]
	return k >= 0 && s.Ghosts[k].Present
}

// Register keeps player p's valid commands for the next Step and returns
// how many it ignored: unknown Poquémon, Poquémon of other players or dead
// ones, unknown directions, and second commands to the same Poquémon.
func (s *State) Register(p int, cmds []proto.Command) (invalid int) {
	s.Ignored = s.Ignored[:0]
	for _, c := range cmds {
		why := ""
		switch {
		case c.ID < 0 || c.ID >= len(s.Poq):
			why = "no such Poquémon"
		case s.Poq[c.ID].Player != p:
			why = "not your Poquémon"
		case !s.Poq[c.ID].Alive:
			why = "the Poquémon is dead"
		case c.Dir > proto.None:
			why = "unknown direction"
		case s.given[c.ID]:
			why = "a second command for this Poquémon in the round"
		}
		if why != "" {
			invalid++
			s.Ignored = append(s.Ignored, games.Ignored{Unit: c.ID, Why: why})
			continue
		}
		s.given[c.ID] = true
		if c.Dir != proto.None {
			s.pending[p] = append(s.pending[p], Action{c.ID, c.Attack, c.Dir})
		}
	}
	return invalid
}

// Step plays one round with the registered commands: players act in a
// random order, each with its actions in the order it gave them; then
// ghost walls change, and dead Poquémon and taken bonuses regenerate (the
// original's order: the statement has walls change last, but then a
// Poquémon killed by a wall would be dead a round longer than one killed
// in battle).
func (s *State) Step() {
	s.Executed = s.Executed[:0]
	s.Died = s.Died[:0]
	s.Reborn = s.Reborn[:0]
	s.Battle = nil
	for p := range s.order {
		s.order[p] = p
	}
	s.rng.Shuffle(len(s.order), func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] })
	for _, p := range s.order {
		for _, a := range s.pending[p] {
			if !s.Poq[a.ID].Alive { // killed earlier in the round
				continue
			}
			ok := false
			if a.Attack {
				ok = s.Battle == nil && s.attack(a)
			} else {
				ok = s.move(a)
			}
			if ok {
				s.Executed = append(s.Executed, a)
			}
		}
		s.pending[p] = s.pending[p][:0]
	}
	clear(s.given)
	s.changeGhosts()
	s.regenerate()
	s.Round++
}

// move moves a Poquémon one cell unless a wall or a Poquémon is there, and
// collects the bonus it steps on.
func (s *State) move(a Action) bool {
	q := &s.Poq[a.ID]
	t := s.B.step(q.Cell, a.Dir)
	if s.blocked(t) || s.At[t] >= 0 {
		return false
	}
	s.At[q.Cell] = -1
	q.Cell = t
	s.At[t] = a.ID
	if k := s.BonusAt[t]; k >= 0 {
		s.collect(q, k)
	}
	return true
}

// collect applies bonus k to q and takes it off the board.
func (s *State) collect(q *Poquemon, k int) {
	x := &s.Bonuses[k]
	switch x.Kind {
	case Stone: // always consumed; no effect beyond max_stone
		if q.Stones < s.Cfg.MaxStone {
			q.Stones++
			q.Scope = min(q.Scope+1, s.Cfg.MaxScope)
			q.Attack += 2
			q.Defense += 2
		}
	case Scope:
		q.Scope = min(q.Scope+1, s.Cfg.MaxScope)
	case Attack:
		q.Attack++
	case Defense:
		q.Defense++
	case Point:
		q.Points += x.Value
	}
	s.BonusAt[x.Cell] = -1
	x.Present = false
	x.Value = 0
	x.Time = s.Cfg.Regen[x.Kind]
}

// attack hits the closest opponent within the attacker's scope in its
// direction, unless a wall comes first. It reports whether there was a
// target (an attack without one is void and does not count as the
// round's attack).
func (s *State) attack(a Action) bool {
	q := &s.Poq[a.ID]
	c := q.Cell
	for range q.Scope {
		c = s.B.step(c, a.Dir)
		if s.blocked(c) {
			return false
		}
		id := s.At[c]
		if id < 0 || s.Poq[id].Player == q.Player { // team mates neither block nor get hit
			continue
		}
		d := &s.Poq[id]
		killed := d.Defense <= q.Attack
		if killed {
			q.Points += d.Points * s.Cfg.Reward / 100
			s.kill(id)
		} else {
			d.Defense = max(1, d.Defense-1)
		}
		q.Attack = max(1, q.Attack-1)
		s.Battle = &Battle{Attacker: a.ID, Target: id, Killed: killed}
		return true
	}
	return false
}

// kill takes a Poquémon off the board; it keeps its stats and points and
// reappears after player_regen_time regenerations.
func (s *State) kill(id int) {
	d := &s.Poq[id]
	s.At[d.Cell] = -1
	d.Alive = false
	d.Time = s.Cfg.PlayerRegen
	s.Died = append(s.Died, id)
}

// Scores are the players' points.
func (s *State) Scores() []int {
	sc := make([]int, s.Cfg.Players)
	for _, p := range s.Poq {
		sc[p.Player] += p.Points
	}
	return sc
}
