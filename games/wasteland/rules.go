package wasteland

import (
	"fmt"
	"slices"

	"arena.dev/games"
	"arena.dev/games/wasteland/sdk"
)

// Config holds the parameters the rules use.
type Config struct {
	Players, Rounds          int
	Rows, Cols, Win          int // universe rows and columns, window columns
	CarsPerPlayer            int
	RegenRounds              int
	MissileBonuses           int
	WaterBonuses, GasBonuses int
	BonusMissiles, BonusGas  int
	WaterPoints, KillPoints  int
	InitialGas               int
}

// State is a match's state and the rules that advance it, as the original
// engine plays them (games/wasteland.md).
type State struct {
	Cfg      Config
	Cells    []sdk.Cell // row-major, Cfg.Cols columns
	Cars     []Car
	Missiles []Missile // increasing id
	Scores   []int
	Round    int // rounds played; the window of the next round starts at column Round+1

	rng         sdk.Generator // the game's generator, reseeded every round
	nextMissile int
	pending     [][]sdk.Command // per player, registered for the next Step
	given       []bool          // car already instructed this round
	commanded   []bool          // car already moved this round
	queue       []int
	bonuses     [GasBonus + 1]int // how many of each bonus the cells hold
	touched     []int             // per cell, the last round its content changed in

	// Ignored: the instructions the last Register ignored, and why.
	Ignored []games.Ignored

	// Record of the last Step, for frames and replays.
	Executed []sdk.Command // instructions applied, in order
	Booms    []int         // cells where something was destroyed
	Changed  []CellChange  // cells whose content (tyre, bonus) changed, with what was there
}

// CellChange is a cell whose content changed in a round and what it held
// before the round.
type CellChange struct {
	Cell int
	Was  CellType
}

// NewState starts a match on board b; seed seeds the game's generator as
// the original's -s does.
func NewState(cfg Config, b *Board, seed uint64) (*State, error) {
	if b.Rows != cfg.Rows || b.Cols != cfg.Cols {
		return nil, fmt.Errorf("wasteland: board is %d×%d but settings say %d×%d", b.Rows, b.Cols, cfg.Rows, cfg.Cols)
	}
	if len(b.Cars) != cfg.Players*cfg.CarsPerPlayer {
		return nil, fmt.Errorf("wasteland: board has %d cars, settings want %d", len(b.Cars), cfg.Players*cfg.CarsPerPlayer)
	}
	s := &State{
		Cfg:       cfg,
		Cells:     make([]sdk.Cell, len(b.Cells)),
		Cars:      slices.Clone(b.Cars),
		Missiles:  slices.Clone(b.Missiles),
		Scores:    make([]int, cfg.Players),
		pending:   make([][]sdk.Command, cfg.Players),
		given:     make([]bool, len(b.Cars)),
		commanded: make([]bool, len(b.Cars)),
		touched:   make([]int, len(b.Cells)),
	}
	copy(s.Scores, b.Scores)
	// A living car may start outside the window, as in the original: it
	// cannot move until the window reaches it.
	for _, c := range b.Cars {
		if c.Alive && c.Gas <= 0 {
			return nil, fmt.Errorf("wasteland: car %d starts without gas", c.ID)
		}
	}
	s.rng.Seed(seed)
	for i, t := range b.Cells {
		s.Cells[i] = sdk.Cell{Type: t, Car: -1, Missile: -1}
		s.bonuses[t]++
	}
	for _, c := range s.Cars {
		if c.Alive {
			s.Cells[s.index(c.Pos)] = sdk.Cell{Type: CarCell, Car: c.ID, Missile: -1}
		}
	}
	for _, m := range s.Missiles {
		s.Cells[s.index(m.Pos)] = sdk.Cell{Type: MissileCell, Car: -1, Missile: m.ID}
		s.nextMissile = max(s.nextMissile, m.ID+1)
	}
	return s, nil
}

// index is the cell number of p (its column wrapped).
func (s *State) index(p Pos) int { return p.I*s.Cfg.Cols + mod(p.J, s.Cfg.Cols) }

// norm returns p with its column in [0, Cols).
func (s *State) norm(p Pos) Pos { return Pos{I: p.I, J: mod(p.J, s.Cfg.Cols)} }

func (s *State) playerOf(car int) int { return car / s.Cfg.CarsPerPlayer }

// InWindow reports whether p is within the window of round r.
func (s *State) InWindow(p Pos, r int) bool {
	return withinWindow(p, r, s.Cfg.Rows, s.Cfg.Cols, s.Cfg.Win)
}

// Register keeps player p's instructions for the next Step and returns how
// many it ignored: for an unknown car, another player's car or with a code
// that is no instruction (these are dropped as given), for a car already
// instructed this round, dead, shooting without missiles or moving out of
// the next round's window. A car whose only instruction is ignored moves
// Default.
func (s *State) Register(p int, cmds []sdk.Command) (invalid int) {
	s.Ignored = s.Ignored[:0]
	ignore := func(c sdk.Command, why string) {
		invalid++
		s.Ignored = append(s.Ignored, games.Ignored{Unit: c.Car, Why: why})
	}
	for _, c := range cmds {
		switch {
		case c.Car < 0 || c.Car >= len(s.Cars):
			ignore(c, "no such car")
			continue
		case s.playerOf(c.Car) != p:
			ignore(c, "not your car")
			continue
		case c.Code > sdk.CodeShoot:
			ignore(c, "unknown instruction")
			continue
		case s.given[c.Car]:
			ignore(c, "a second instruction for this car in the round")
			continue
		}
		s.given[c.Car] = true
		car := s.Cars[c.Car]
		switch d, move := dirOf(c); {
		case !car.Alive:
			ignore(c, "the car is dead")
			continue
		case !move && car.Missiles == 0:
			ignore(c, "no missile left to shoot")
			continue
		case move && !s.InWindow(car.Pos.Add(d), s.Round+1):
			ignore(c, "the move leaves the window")
			continue
		}
		s.pending[p] = append(s.pending[p], c)
	}
	return invalid
}

// Step plays one round with the registered instructions: missiles fly,
// players act in a random order, gas burns, then the dead regenerate and
// bonuses reappear, drawing from a copy of the game's generator taken
// before the players' order was drawn.
func (s *State) Step() {
	s.Round++
	s.Executed = s.Executed[:0]
	s.Booms = s.Booms[:0]
	s.Changed = s.Changed[:0]
	s.moveMissiles()

	draws := s.rng
	order := s.playerOrder()
	clear(s.commanded)
	for _, p := range order {
		for _, c := range s.pending[p] {
			if s.Cars[c.Car].Alive && s.apply(c) {
				s.commanded[c.Car] = true
				s.Executed = append(s.Executed, c)
			}
		}
		for id := p * s.Cfg.CarsPerPlayer; id < (p+1)*s.Cfg.CarsPerPlayer; id++ {
			if !s.commanded[id] && s.Cars[id].Alive {
				s.moveCar(id, sdk.Default)
			}
		}
	}
	for id := range s.Cars {
		if c := &s.Cars[id]; c.Alive {
			if c.Gas--; c.Gas <= 0 {
				s.kill(id)
			}
		}
	}
	s.regenerate(&draws)
	s.placeBonuses(&draws)
	s.rng.Seed(uint64(s.rng.Next()))

	for p := range s.pending {
		s.pending[p] = s.pending[p][:0]
	}
	clear(s.given)
}

// playerOrder draws the players' order as the original does: swap each
// position i with a random one in [i, n-1].
func (s *State) playerOrder() []int {
	v := make([]int, s.Cfg.Players)
	for i := range v {
		v[i] = i
	}
	for i := range v {
		j := s.rng.Range(i, len(v)-1)
		v[i], v[j] = v[j], v[i]
	}
	return v
}

// dirOf returns the direction of a move command (codes 0-8, in the order
// of proto.Steps and sdk.Dirs) and whether it is one.
func dirOf(c sdk.Command) (sdk.Dir, bool) {
	if int(c.Code) < len(sdk.Dirs) {
		return sdk.Dirs[c.Code], true
	}
	return sdk.Dir{}, false
}

// apply runs one instruction; false means it could not be applied (the
// car then moves Default with the uninstructed ones).
func (s *State) apply(c sdk.Command) bool {
	if d, move := dirOf(c); move {
		return s.moveCar(c.Car, d)
	}
	car := &s.Cars[c.Car]
	if car.Missiles == 0 {
		return false
	}
	car.Missiles--
	m := Missile{ID: s.nextMissile, Car: c.Car, Pos: car.Pos}
	s.nextMissile++
	s.Missiles = append(s.Missiles, m)
	s.walkMissile(m.ID, false)
	s.moveCar(c.Car, sdk.Default)
	return true
}

// moveCar moves car id in direction d through the cells it passes:
// bonuses on the way are taken; the first tyre, car or missile destroys
// the car there (and the tyre, the other car or the missile with it).
// It returns false if the target is outside the window.
func (s *State) moveCar(id int, d sdk.Dir) bool {
	car := &s.Cars[id]
	if !s.InWindow(car.Pos.Add(d), s.Round) {
		return false
	}
	for _, step := range sdk.Passes(d) {
		q := car.Pos.Add(step)
		i := s.index(q)
		cell := &s.Cells[i]
		switch cell.Type {
		case WaterBonus:
			s.Scores[s.playerOf(id)] += s.Cfg.WaterPoints
			s.setContent(i, Empty)
		case GasBonus:
			car.Gas += s.Cfg.BonusGas
			s.setContent(i, Empty)
		case MissileBonus:
			car.Missiles += s.Cfg.BonusMissiles
			s.setContent(i, Empty)
		case Tyre:
			s.setContent(i, Empty)
			s.crash(id, q, i)
			return true
		case CarCell:
			other := cell.Car
			s.crash(id, q, i)
			s.kill(other)
			return true
		case MissileCell:
			m := s.missile(cell.Missile)
			if s.playerOf(m.Car) != s.playerOf(id) {
				s.Scores[s.playerOf(m.Car)] += s.Cfg.KillPoints
			}
			s.removeMissile(m.ID)
			s.crash(id, q, i)
			return true
		}
	}
	s.Cells[s.index(car.Pos)] = emptyCell
	car.Pos = s.norm(car.Pos.Add(d))
	s.Cells[s.index(car.Pos)] = sdk.Cell{Type: CarCell, Car: id, Missile: -1}
	return true
}

var emptyCell = sdk.Cell{Type: Empty, Car: -1, Missile: -1}

// content is what cell i holds besides a car or a missile: Empty, Tyre
// or a bonus.
func (s *State) content(i int) CellType {
	if t := s.Cells[i].Type; t != CarCell && t != MissileCell {
		return t
	}
	return Empty
}

// setContent puts t (Empty, Tyre or a bonus) on empty cell or tyre or
// bonus i, keeping the bonus counts and the record of changed cells.
func (s *State) setContent(i int, t CellType) {
	was := s.Cells[i].Type
	if s.touched[i] != s.Round {
		s.touched[i] = s.Round
		s.Changed = append(s.Changed, CellChange{Cell: i, Was: was})
	}
	s.bonuses[was]--
	s.bonuses[t]++
	s.Cells[i] = sdk.Cell{Type: t, Car: -1, Missile: -1}
}

// crash moves car id onto q (cell i), where it dies.
func (s *State) crash(id int, q Pos, i int) {
	car := &s.Cars[id]
	s.Cells[s.index(car.Pos)] = emptyCell
	car.Pos = s.norm(q)
	s.kill(id)
	s.Booms = append(s.Booms, i)
}

// kill destroys car id where it is; it may regenerate after RegenRounds.
func (s *State) kill(id int) {
	car := &s.Cars[id]
	if i := s.index(car.Pos); s.Cells[i].Type == CarCell && s.Cells[i].Car == id {
		s.Cells[i] = emptyCell
	}
	car.Alive = false
	car.Time = s.Cfg.RegenRounds
}
