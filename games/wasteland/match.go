package wasteland

import (
	"slices"
	"strconv"

	"arena.dev/games"
	"arena.dev/games/wasteland/proto"
)

// match adapts State to games.Match: frames for bots, replay payloads.
//
// Every bot sees the whole state, so bots that got every frame so far
// get the same body: it is encoded once per round, from the cells the
// last round changed and a shared view of the cars.
type match struct {
	s        *State
	settings games.Settings
	cmds     []proto.Command

	last       []int // per player, the round of the last body it got, -1 none
	shared     []Car // the cars as bots up to date were told, as of round sharedTo
	sharedFrom int   // the round body starts from (-1: from nothing)
	sharedTo   int
	body       []byte
	changed    []int // cells whose content the last round changed

	cars     []Car     // before the last Step
	missiles []Missile // before the last Step
	changes  changes
	executed executed
}

func newMatch(settings games.Settings, s *State) *match {
	m := &match{s: s, settings: settings, last: make([]int, s.Cfg.Players),
		shared: unseen(len(s.Cars)), sharedFrom: -2, sharedTo: -1}
	for p := range m.last {
		m.last[p] = -1
	}
	return m
}

func (m *match) Players() int { return m.s.Cfg.Players }
func (m *match) Rounds() int  { return m.s.Cfg.Rounds }
func (m *match) Round() int   { return m.s.Round }
func (m *match) Done() bool   { return m.s.Round >= m.s.Cfg.Rounds }

func (m *match) Setup(p int, seed uint64) []byte { return appendSetup(nil, m.settings, p, seed) }

func (m *match) View(p int, cpu []float64) []byte {
	frame := appendHeader(nil, m.s, cpu)
	from, now := m.last[p], m.s.Round
	m.last[p] = now
	switch {
	case from == m.sharedFrom && now == m.sharedTo:
	case from == -1 && m.sharedTo == -1: // the first frame: everything
		m.sharedFrom, m.sharedTo = from, now
		m.body = appendBody(m.body[:0], m.s, true, nil, m.shared)
	case from == m.sharedTo && now == from+1:
		m.sharedFrom, m.sharedTo = from, now
		m.body = appendBody(m.body[:0], m.s, false, m.changed, m.shared)
	default: // a bot out of step (never, with the runner): everything
		return appendBody(frame, m.s, true, nil, unseen(len(m.s.Cars)))
	}
	return append(frame, m.body...)
}

func (m *match) Commands(p int, frame []byte) (int, error) {
	var err error
	if m.cmds, err = proto.DecodeCommands(frame, m.cmds); err != nil {
		return 0, err
	}
	return m.s.Register(p, m.cmds), nil
}

// Ignored implements games.Ignorer.
func (m *match) Ignored() []games.Ignored { return m.s.Ignored }

func (m *match) Step() {
	m.cars = append(m.cars[:0], m.s.Cars...)
	m.missiles = append(m.missiles[:0], m.s.Missiles...)
	m.s.Step()
	m.changed = m.changed[:0]
	for _, c := range m.s.Changed {
		if m.s.content(c.Cell) != c.Was {
			m.changed = append(m.changed, c.Cell)
		}
	}
	slices.Sort(m.changed)
	c := changes{s: m.s, cells: m.changed}
	for id, car := range m.s.Cars {
		if was := m.cars[id]; car != was && !(!was.Alive && !car.Alive && car.Time == max(0, was.Time-1) && car.Pos == was.Pos &&
			car.Missiles == was.Missiles && car.Gas == was.Gas) {
			c.cars = append(c.cars, car)
		}
	}
	// Missiles: those shot and those gone, merging the sorted lists.
	before, after := m.missiles, m.s.Missiles
	for len(before) > 0 || len(after) > 0 {
		switch {
		case len(after) == 0 || len(before) > 0 && before[0].ID < after[0].ID:
			c.gone = append(c.gone, before[0].ID)
			before = before[1:]
		case len(before) == 0 || after[0].ID < before[0].ID:
			c.shot = append(c.shot, after[0])
			after = after[1:]
		default:
			before, after = before[1:], after[1:]
		}
	}
	m.changes = c
	m.executed = slices.Clone(m.s.Executed)
}

func (m *match) Scores() []int { return slices.Clone(m.s.Scores) }
func (m *match) Changes() any  { return m.changes }
func (m *match) Executed() any { return m.executed }
func (m *match) Initial() any  { return initialOf(m.s) }

// changes is a round's "changes" payload (docs/replay.md), written by
// MarshalJSON straight from the state after the round.
type changes struct {
	s     *State
	cars  []Car     // changed, but for a dead car's time counting down
	shot  []Missile // missiles that appeared
	gone  []int     // missiles destroyed
	cells []int
}

// MarshalJSON writes the compact form directly; it runs every round.
func (c changes) MarshalJSON() ([]byte, error) {
	if c.s == nil {
		return []byte("{}"), nil
	}
	cols := c.s.Cfg.Cols
	b := make([]byte, 0, 64+len(c.cars)*24+len(c.shot)*16)
	b = append(b, '{')
	key := func(name string) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, `":[`...)
	}
	if len(c.cars) > 0 {
		key("cars")
		for i, car := range c.cars {
			alive := 0
			if car.Alive {
				alive = 1
			}
			b = ints(b, i, car.ID, car.Pos.I, car.Pos.J, car.Missiles, car.Gas, alive, car.Time)
		}
		b = append(b, ']')
	}
	if len(c.shot) > 0 {
		key("shot")
		for i, m := range c.shot {
			b = ints(b, i, m.ID, m.Car, m.Pos.I, m.Pos.J)
		}
		b = append(b, ']')
	}
	if len(c.gone) > 0 {
		key("gone")
		for i, id := range c.gone {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(id), 10)
		}
		b = append(b, ']')
	}
	if len(c.cells) > 0 {
		key("cells")
		for i, x := range c.cells {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(x/cols), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(x%cols), 10)
			b = append(b, ',', '"', letter(c.s.content(x)), '"', ']')
		}
		b = append(b, ']')
	}
	if len(c.s.Booms) > 0 {
		key("booms")
		for i, x := range c.s.Booms {
			b = ints(b, i, x/cols, x%cols)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// ints appends [v0,v1,...], preceded by a comma unless it is element 0.
func ints(b []byte, i int, vs ...int) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	b = append(b, '[')
	for k, v := range vs {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']')
}

// executed is a round's "commands" payload: [[car, code], ...].
type executed []proto.Command

// MarshalJSON writes the compact form directly.
func (e executed) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+len(e)*8)
	b = append(b, '[')
	for i, c := range e {
		b = ints(b, i, c.Car, int(c.Code))
	}
	return append(b, ']'), nil
}

// initial is the replay's "initial" payload (docs/replay.md).
type initial struct {
	Rows     int      `json:"rows"`
	Cols     int      `json:"cols"`
	Window   int      `json:"window"`
	Cars     int      `json:"cars_per_player"`
	Board    []string `json:"board"`
	CarsNow  [][7]int `json:"cars"`
	Missiles [][4]int `json:"missiles"`
}

func initialOf(s *State) initial {
	b := Board{Rows: s.Cfg.Rows, Cols: s.Cfg.Cols, Cells: make([]CellType, len(s.Cells))}
	for i := range b.Cells {
		b.Cells[i] = s.content(i)
	}
	in := initial{Rows: b.Rows, Cols: b.Cols, Window: s.Cfg.Win, Cars: s.Cfg.CarsPerPlayer, Board: b.Letters(),
		CarsNow: [][7]int{}, Missiles: [][4]int{}}
	for _, c := range s.Cars {
		alive := 0
		if c.Alive {
			alive = 1
		}
		in.CarsNow = append(in.CarsNow, [7]int{c.ID, c.Pos.I, c.Pos.J, c.Missiles, c.Gas, alive, c.Time})
	}
	for _, m := range s.Missiles {
		in.Missiles = append(in.Missiles, [4]int{m.ID, m.Car, m.Pos.I, m.Pos.J})
	}
	return in
}
