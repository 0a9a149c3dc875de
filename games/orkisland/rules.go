package orkisland

import (
	"errors"

	"arena.dev/games"
	"arena.dev/games/orkisland/proto"
)

// Dir is a move direction (the protocol's codes).
type Dir = proto.Dir

// Config holds the parameters the rules use.
type Config struct {
	Players, Rounds, Health, Orks int
	Cost                          [6]int // by terrain; Water unused
	BonusCity, BonusPath, Factor  int
}

// Ork is one unit. Cell is -1 only while it is dead during a round.
type Ork struct {
	Player, Cell, Health int
}

// Move is one command: ork and direction.
type Move struct {
	Ork int
	Dir Dir
}

// State is a match's state and the rules that advance it.
type State struct {
	Cfg       Config
	B         *Board
	Orks      []Ork
	At        []int // cell → ork id or -1
	CityOwner []int // -1: nobody
	PathOwner []int
	Scores    []int
	Round     int // rounds played

	rng     *games.RNG
	pending []Move // registered for the next Step, player by player
	given   []bool // ork already commanded this round
	// Ignored: the commands the last Register ignored, and why.
	Ignored []games.Ignored
	dead    []bool
	cands   []int // spawn cells not yet tried in this spawn
	counts  []int

	// Record of the last Step, for replays.
	Executed []Move
	Died     []int
}

// NewState places every player's orks on spawn cells (see spawn), player
// by player; ork id belongs to player id/Orks.
func NewState(cfg Config, b *Board, rng *games.RNG) (*State, error) {
	n := cfg.Players * cfg.Orks
	s := &State{
		Cfg: cfg, B: b, rng: rng,
		Orks:      make([]Ork, n),
		At:        make([]int, len(b.Cells)),
		CityOwner: make([]int, len(b.Cities)),
		PathOwner: make([]int, len(b.Paths)),
		Scores:    make([]int, cfg.Players),
		given:     make([]bool, n),
		dead:      make([]bool, n),
		counts:    make([]int, cfg.Players),
	}
	for i := range s.At {
		s.At[i] = -1
	}
	for i := range s.CityOwner {
		s.CityOwner[i] = -1
	}
	for i := range s.PathOwner {
		s.PathOwner[i] = -1
	}
	ids := make([]int, 0, cfg.Orks)
	for p := range cfg.Players {
		ids = ids[:0]
		for k := range cfg.Orks {
			ids = append(ids, p*cfg.Orks+k)
			s.Orks[p*cfg.Orks+k] = Ork{Player: p, Cell: -1, Health: cfg.Health}
		}
		if !s.spawn(ids) {
			return nil, errors.New("orkisland: no room to place the orks (each needs a land cell, not city or path, with no ork on it or next to it)")
		}
	}
	return s, nil
}

// spawnable reports whether an ork may (re)appear on cell c: land, not
// city or path, with no ork on it or on its four neighbours.
func (s *State) spawnable(c int) bool {
	if t := s.B.Cells[c]; t == Water || t == City || t == Path || s.At[c] >= 0 {
		return false
	}
	var nb [4]int
	for _, x := range s.B.neighbours(c, &nb) {
		if s.At[x] >= 0 {
			return false
		}
	}
	return true
}

// spawn puts orks ids, in order, as the original does: each on a random
// spawn cell of the board that is spawnable, every spawn cell tried at most
// once per call; when they are used up, on the first spawnable cell in
// row-major order. It reports false if an ork found no spawnable cell: at
// the start that is an error; a respawning ork then takes the first free
// land cell (there is one: the cell it died on).
func (s *State) spawn(ids []int) bool {
	s.cands = append(s.cands[:0], s.B.Spawn...)
	ok := true
	for _, id := range ids {
		c := -1
		for c < 0 && len(s.cands) > 0 {
			k := s.rng.Intn(len(s.cands))
			if s.spawnable(s.cands[k]) {
				c = s.cands[k]
			}
			s.cands[k] = s.cands[len(s.cands)-1]
			s.cands = s.cands[:len(s.cands)-1]
		}
		for x := 0; c < 0 && x < len(s.B.Cells); x++ {
			if s.spawnable(x) {
				c = x
			}
		}
		if c < 0 {
			ok = false
			if c = s.firstFreeLand(); c < 0 {
				return false
			}
		}
		s.Orks[id].Cell = c
		s.At[c] = id
	}
	return ok
}

// Register keeps player p's valid commands for the next Step and returns
// how many it ignored: unknown orks, orks p does not control, second
// commands to the same ork, and unknown directions (such a command still
// uses the ork's one command of the round, as in the original).
func (s *State) Register(p int, cmds []proto.Command) (invalid int) {
	s.Ignored = s.Ignored[:0]
	for _, c := range cmds {
		why := ""
		switch {
		case c.ID < 0 || c.ID >= len(s.Orks):
			why = "no such ork"
		case s.Orks[c.ID].Player != p:
			why = "not your ork"
		case s.given[c.ID]:
			why = "a second command for this ork in the round"
		}
		if why != "" {
			invalid++
			s.Ignored = append(s.Ignored, games.Ignored{Unit: c.ID, Why: why})
			continue
		}
		s.given[c.ID] = true
		switch {
		case c.Dir > proto.None:
			invalid++
			s.Ignored = append(s.Ignored, games.Ignored{Unit: c.ID, Why: "unknown direction"})
		case c.Dir != proto.None:
			s.pending = append(s.pending, Move{c.ID, c.Dir})
		}
	}
	return invalid
}

// Step plays one round with the registered commands: executes them in one
// random order, regenerates the dead, updates owners and adds the points.
func (s *State) Step() {
	s.Executed = s.Executed[:0]
	s.rng.Shuffle(len(s.pending), func(i, j int) { s.pending[i], s.pending[j] = s.pending[j], s.pending[i] })
	for _, m := range s.pending {
		if !s.dead[m.Ork] {
			s.Executed = append(s.Executed, m)
			s.execute(m)
		}
	}
	s.pending = s.pending[:0]
	for i := range s.given {
		s.given[i] = false
	}
	s.respawn()
	s.score()
	s.Round++
}

// target returns the cell one step from c in direction d, or -1 off the board.
func (b *Board) target(c int, d Dir) int {
	r, col := c/b.Cols, c%b.Cols
	switch d {
	case proto.Bottom:
		r++
	case proto.Right:
		col++
	case proto.Top:
		r--
	case proto.Left:
		col--
	default:
		return -1
	}
	if r < 0 || col < 0 || r >= b.Rows || col >= b.Cols {
		return -1
	}
	return r*b.Cols + col
}

func (s *State) execute(m Move) {
	o := &s.Orks[m.Ork]
	t := s.B.target(o.Cell, m.Dir)
	if t < 0 || s.B.Cells[t] == Water {
		return
	}
	other := s.At[t]
	if other >= 0 && s.Orks[other].Player == o.Player {
		return
	}
	o.Health -= s.Cfg.Cost[s.B.Cells[t]]
	if other < 0 {
		s.moveTo(m.Ork, t)
		if o.Health < 0 {
			s.kill(m.Ork, o.Player)
		}
		return
	}
	def := &s.Orks[other]
	win := o.Health > def.Health || (o.Health == def.Health && s.rng.Intn(2) == 0)
	if win {
		s.kill(other, o.Player)
		s.moveTo(m.Ork, t)
	} else {
		s.kill(m.Ork, def.Player)
	}
}

func (s *State) moveTo(id, t int) {
	s.At[s.Orks[id].Cell] = -1
	s.Orks[id].Cell = t
	s.At[t] = id
}

// kill removes ork id from the board; it regenerates for player owner.
func (s *State) kill(id, owner int) {
	o := &s.Orks[id]
	s.At[o.Cell] = -1
	o.Cell = -1
	o.Player = owner
	s.dead[id] = true
}

// firstFreeLand is the first land cell in row-major order with no ork, or -1.
func (s *State) firstFreeLand() int {
	for c, t := range s.B.Cells {
		if t != Water && s.At[c] < 0 {
			return c
		}
	}
	return -1
}

// respawn puts the dead orks, in id order, on spawn cells with the
// initial health.
func (s *State) respawn() {
	s.Died = s.Died[:0]
	for id, d := range s.dead {
		if d {
			s.dead[id] = false
			s.Orks[id].Health = s.Cfg.Health
			s.Died = append(s.Died, id)
		}
	}
	s.spawn(s.Died)
}
