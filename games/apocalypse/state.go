package apocalypse

import (
	"fmt"
	"sort"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// Config holds the parameters the rules use (the statement's names).
type Config struct {
	Players, Rounds, Max, Soldiers, Helicopters, Posts int
	Life, ForestDamage, GrassDamage                    int
	RoundsNapalm, Reach, ForestBurns, OtherBurns       int
	ProbFire, RoundsJump, MaxJump                      int
	HighValue, LowValue                                int
}

// State is a match's state and the rules that advance it.
type State struct {
	Cfg      Config
	N        int // rows and columns
	Land     []Terrain
	Fire     []int // rounds left burning, per cell
	Posts    []Post
	Soldiers []Soldier    // by increasing id; during a round, the killed have Life 0
	Helis    []Helicopter // by increasing id
	Scores   []int
	Round    int // rounds played

	postAt    []int   // cell → post index, -1
	slot      []int32 // soldier id → index in Soldiers, -1 (ids are small: 1, 2, ...)
	gone      []int   // ids removed from Soldiers since the last index
	soldierAt []int32 // cell → soldier id, 0
	sky       []int32 // cell → id of the helicopter covering it, 0
	helisOf   [][]int // per player: indices in Helis
	nextID    int
	draw      drawer
	redux     bool // Redux's original engine: see NewReduxState
	created   int  // parachuters handed out for jumps below no own helicopter

	// Commands registered for the next Step.
	jumps      []jump
	heliCmds   []heliCmd
	moves      []move
	heliGiven  []bool
	soldierCmd []int // ids commanded this round, in order of arrival
	jumpsOf    []int // accepted jumps per player this round
	// Ignored: the commands the last Register ignored, and why.
	Ignored []games.Ignored

	// The fire phase's cells: those burning (in no order), a spare list,
	// the burning forests that spread fire, the candidates to catch fire
	// and their marks.
	burning, spare, forests, cand []int
	marked                        []bool
	touched                       []bool // cell already in Touched

	// What the last Step did, for replays.
	Executed  Executed
	Died      []int // soldier ids, in order of death
	Spread    []int // cells the fire spread to
	Burnt     []int // forest cells that burnt out into grass
	Touched   []int // cells whose land or fire changed
	Conquered []int // posts whose owner changed
}

type jump struct{ player, cell int }

type heliCmd struct {
	heli  int // index in Helis
	instr sdk.Instruction
}

type move struct{ id, cell int }

// Executed is what the last Step carried out, in execution order, with
// what each command did.
type Executed struct {
	Jumps []jump
	Helis []flight
	Moves []stepCmd
}

// flight is a helicopter command as carried out, and its effect: the
// cells flown forward, or 1 when napalm was thrown.
type flight struct {
	heliCmd
	effect int
}

// stepCmd is a soldier command as carried out: the soldier, the index of
// its direction in sdk.SoldierDirs (8: its own cell), and whether the
// soldier took that step (else it attacked, was blocked or died).
type stepCmd struct {
	id, dir int
	moved   bool
}

// NewState starts a match of Apocalypse Now 2018 on board b, which it
// takes over: give it a clone. The board must be consistent (ParseFile and
// Generate check).
func NewState(cfg Config, b *Board, rng *games.RNG) (*State, error) {
	return newState(cfg, b, arenaDraws{rng}, false)
}

// NewReduxState starts a match of Apocalypse Now Redux as its original
// engine plays it: its generator seeded with seed (as the original's
// --seed), which first draws each team's generator's seed (returned, in
// [1, 100000]), then the round's draws in the original's order; points are
// each round's (the last round's decide); and the original's command
// checks (up to MAX_JUMP+1 jumps a round, a jump anywhere on the board).
func NewReduxState(cfg Config, b *Board, seed uint64) (*State, []uint64, error) {
	g := sdk.NewReduxRandom(seed)
	seeds := make([]uint64, cfg.Players)
	for p := range seeds {
		seeds[p] = uint64(g.Range(1, 100000))
	}
	s, err := newState(cfg, b, reduxDraws{g}, true)
	return s, seeds, err
}

func newState(cfg Config, b *Board, draw drawer, redux bool) (*State, error) {
	n := b.Max
	s := &State{
		Cfg: cfg, N: n, Land: b.Land, Fire: b.Fire, Posts: b.Posts,
		Soldiers: b.Soldiers, Helis: b.Helicopters, draw: draw, redux: redux,
		Scores:    make([]int, cfg.Players),
		postAt:    make([]int, n*n),
		soldierAt: make([]int32, n*n),
		sky:       make([]int32, n*n),
		helisOf:   make([][]int, cfg.Players),
		heliGiven: make([]bool, len(b.Helicopters)),
		jumpsOf:   make([]int, cfg.Players),
		marked:    make([]bool, n*n),
		touched:   make([]bool, n*n),
	}
	for c, f := range s.Fire {
		if f > 0 {
			s.burning = append(s.burning, c)
		}
	}
	for c := range s.postAt {
		s.postAt[c] = -1
	}
	for k, p := range s.Posts {
		s.postAt[p.Cell] = k
	}
	sort.Slice(s.Soldiers, func(a, b int) bool { return s.Soldiers[a].ID < s.Soldiers[b].ID })
	sort.Slice(s.Helis, func(a, b int) bool { return s.Helis[a].ID < s.Helis[b].ID })
	for _, u := range s.Soldiers {
		if u.Player < 0 || u.Player >= cfg.Players || s.soldierAt[u.Cell] != 0 {
			return nil, fmt.Errorf("apocalypse: soldier %d misplaced", u.ID)
		}
		s.soldierAt[u.Cell] = int32(u.ID)
		s.nextID = max(s.nextID, u.ID+1)
	}
	for k, h := range s.Helis {
		if h.Player < 0 || h.Player >= cfg.Players {
			return nil, fmt.Errorf("apocalypse: helicopter %d has no player", h.ID)
		}
		s.helisOf[h.Player] = append(s.helisOf[h.Player], k)
		s.markSky(h.Cell, int32(h.ID))
		s.nextID = max(s.nextID, h.ID+1)
	}
	for p, hs := range s.helisOf {
		if len(hs) == 0 {
			return nil, fmt.Errorf("apocalypse: player %d has no helicopter", p)
		}
	}
	s.nextID = max(s.nextID, b.Next)
	s.index()
	s.score()
	return s, nil
}

// markSky marks the 5×5 square centred at c as covered by helicopter id
// (0 clears it).
func (s *State) markSky(c int, id int32) {
	i0, j0 := c/s.N, c%s.N
	for i := i0 - Half; i <= i0+Half; i++ {
		for j := j0 - Half; j <= j0+Half; j++ {
			s.sky[i*s.N+j] = id
		}
	}
}

// soldier returns the soldier with that id (killed ones included during a
// round), or nil.
func (s *State) soldier(id int) *Soldier {
	if id <= 0 || id >= len(s.slot) || s.slot[id] < 0 {
		return nil
	}
	return &s.Soldiers[s.slot[id]]
}

// index records where each soldier is in Soldiers, after they changed.
func (s *State) index() {
	for len(s.slot) < s.nextID {
		s.slot = append(s.slot, -1)
	}
	for _, u := range s.gone {
		s.slot[u] = -1
	}
	s.gone = s.gone[:0]
	for k, u := range s.Soldiers {
		s.slot[u.ID] = int32(k)
	}
}

// heli returns the index in Helis of the helicopter with that id, or -1.
func (s *State) heli(id int) int {
	for k := range s.Helis {
		if s.Helis[k].ID == id {
			return k
		}
	}
	return -1
}

// covers reports whether cell c is under the 5×5 square centred at centre.
func (s *State) covers(centre, c int) bool {
	di, dj := c/s.N-centre/s.N, c%s.N-centre%s.N
	return di >= -Half && di <= Half && dj >= -Half && dj <= Half
}

// Register keeps player p's valid commands for the next Step and returns
// why each invalid one was ignored (the SDK gives the same reasons in the
// bot's debug log). The checks are the original's: one command per unit,
// own units only, soldiers to one of the eight cells around them (their
// own cell keeps them still), known helicopter instructions, jumps on the
// board, below one of p's helicopters holding enough parachuters, at most
// MAX_JUMP a round.
func (s *State) Register(p int, cmds []sdk.Command) (invalid []string) {
	s.Ignored = s.Ignored[:0]
	for _, c := range cmds {
		var why string
		switch c.Kind {
		case sdk.KindSoldier:
			why = s.registerMove(p, c)
		case sdk.KindHelicopter:
			why = s.registerHeli(p, c)
		default:
			why = s.registerJump(p, c)
		}
		if why != "" {
			invalid = append(invalid, why)
			unit := c.ID
			if c.Kind != sdk.KindSoldier && c.Kind != sdk.KindHelicopter {
				unit = -1 // a jump names a cell, not a unit
				why = fmt.Sprintf("jump to (%d, %d): %s", c.I, c.J, why)
			}
			s.Ignored = append(s.Ignored, games.Ignored{Unit: unit, Why: why})
		}
	}
	return invalid
}

func (s *State) registerMove(p int, c sdk.Command) string {
	u := s.soldier(c.ID)
	switch {
	case u == nil:
		if s.heli(c.ID) >= 0 {
			if s.Helis[s.heli(c.ID)].Player != p {
				return "not your unit"
			}
			return "not a soldier"
		}
		return "identifier does not exist"
	case u.Player != p:
		return "not your unit"
	}
	for _, id := range s.soldierCmd {
		if id == c.ID {
			return "more than one instruction in this round"
		}
	}
	i, j := u.Cell/s.N, u.Cell%s.N
	if c.I < 0 || c.J < 0 || c.I >= s.N || c.J >= s.N || abs(c.I-i) > 1 || abs(c.J-j) > 1 {
		return "not an adjacent cell"
	}
	s.soldierCmd = append(s.soldierCmd, c.ID)
	s.moves = append(s.moves, move{c.ID, c.I*s.N + c.J})
	return ""
}

func (s *State) registerHeli(p int, c sdk.Command) string {
	k := s.heli(c.ID)
	switch {
	case k < 0:
		if u := s.soldier(c.ID); u != nil {
			if u.Player != p {
				return "not your unit"
			}
			return "not a helicopter"
		}
		return "identifier does not exist"
	case s.Helis[k].Player != p:
		return "not your unit"
	case s.heliGiven[k]:
		return "more than one instruction in this round"
	case c.Instr < sdk.Forward1 || c.Instr > sdk.Napalm:
		return "unknown instruction"
	}
	s.heliGiven[k] = true
	s.heliCmds = append(s.heliCmds, heliCmd{k, c.Instr})
	return ""
}

func (s *State) registerJump(p int, c sdk.Command) string {
	if c.I < 0 || c.J < 0 || c.I >= s.N || c.J >= s.N {
		return "position outside the board"
	}
	if s.jumpsOf[p] >= s.maxJumps() {
		return "too many jump instructions in this round"
	}
	cell := c.I*s.N + c.J
	for _, k := range s.helisOf[p] {
		h := &s.Helis[k]
		if !s.covers(h.Cell, cell) {
			continue
		}
		used := 0
		for _, jp := range s.jumps {
			if jp.player == p && s.covers(h.Cell, jp.cell) {
				used++
			}
		}
		if used >= len(h.Para) {
			return "not enough parachuters in that helicopter"
		}
		s.jumpsOf[p]++
		s.jumps = append(s.jumps, jump{p, cell})
		return ""
	}
	if s.redux { // the original accepts it; it lands nobody (land)
		s.jumpsOf[p]++
		s.jumps = append(s.jumps, jump{p, cell})
		return ""
	}
	return "not below any of your helicopters"
}

// maxJumps is how many jumps a player's commands may order in a round:
// MAX_JUMP, and one more in Redux, whose original counts the jumps already
// ordered before it compares (an off-by-one kept as the original plays).
func (s *State) maxJumps() int {
	if s.redux {
		return s.Cfg.MaxJump + 1
	}
	return s.Cfg.MaxJump
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
