package orkisland

import (
	"strconv"

	"arena.dev/games"
	"arena.dev/games/orkisland/proto"
)

// match adapts State to games.Match: frames for bots, replay payloads.
type match struct {
	s        *State
	settings games.Settings
	views    []view
	cmds     []proto.Command
	before   []Ork // orks before the last Step
	cities   []int // owners before the last Step
	paths    []int
	changes  changes
	executed executed
}

func newMatch(settings games.Settings, s *State) *match {
	return &match{s: s, settings: settings, views: make([]view, s.Cfg.Players)}
}

func (m *match) Players() int { return m.s.Cfg.Players }
func (m *match) Rounds() int  { return m.s.Cfg.Rounds }
func (m *match) Round() int   { return m.s.Round }
func (m *match) Done() bool   { return m.s.Round >= m.s.Cfg.Rounds }

func (m *match) Setup(p int, seed uint64) []byte {
	return appendSetup(nil, m.s, m.settings, p, seed)
}

func (m *match) View(p int, cpu []float64) []byte {
	return appendRound(nil, m.s, &m.views[p], cpu)
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
	m.before = append(m.before[:0], m.s.Orks...)
	m.cities = append(m.cities[:0], m.s.CityOwner...)
	m.paths = append(m.paths[:0], m.s.PathOwner...)
	m.s.Step()
	c := changes{Died: append([]int(nil), m.s.Died...)}
	for id, o := range m.s.Orks {
		if o != m.before[id] {
			c.Orks = append(c.Orks, [5]int{id, o.Player, o.Cell / m.s.B.Cols, o.Cell % m.s.B.Cols, o.Health})
		}
	}
	c.Cities = ownerChanges(m.cities, m.s.CityOwner)
	c.Paths = ownerChanges(m.paths, m.s.PathOwner)
	m.changes = c
	m.executed = append(executed(nil), m.s.Executed...)
}

func ownerChanges(before, now []int) [][2]int {
	var out [][2]int
	for i := range now {
		if now[i] != before[i] {
			out = append(out, [2]int{i, now[i]})
		}
	}
	return out
}

func (m *match) Scores() []int { return append([]int(nil), m.s.Scores...) }
func (m *match) Changes() any  { return m.changes }
func (m *match) Executed() any { return m.executed }
func (m *match) Initial() any  { return initialOf(m.s) }

// changes is a round's "changes" payload (docs/replay.md).
type changes struct {
	Orks   [][5]int `json:"orks,omitempty"`
	Died   []int    `json:"died,omitempty"`
	Cities [][2]int `json:"cities,omitempty"`
	Paths  [][2]int `json:"paths,omitempty"`
}

// executed is a round's "commands" payload: [[id, "S"], ...].
type executed []Move

var dirLetter = [4]string{proto.Bottom: `"S"`, proto.Right: `"E"`, proto.Top: `"N"`, proto.Left: `"W"`}

// MarshalJSON writes the compact form directly; it runs every round.
func (e executed) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+len(e)*9)
	b = append(b, '[')
	for i, m := range e {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(m.Ork), 10)
		b = append(b, ',')
		b = append(b, dirLetter[m.Dir]...)
		b = append(b, ']')
	}
	return append(b, ']'), nil
}

// initial is the replay's "initial" payload (docs/replay.md).
type initial struct {
	Rows   int        `json:"rows"`
	Cols   int        `json:"cols"`
	Board  []string   `json:"board"`
	Cities [][][2]int `json:"cities"`
	Paths  []pathJSON `json:"paths"`
	Orks   [][4]int   `json:"orks"`
}

type pathJSON struct {
	Cells  [][2]int `json:"cells"`
	Cities [2]int   `json:"cities"`
}

func initialOf(s *State) initial {
	b := s.B
	rc := func(cells []int) [][2]int {
		out := make([][2]int, len(cells))
		for i, c := range cells {
			out[i] = [2]int{c / b.Cols, c % b.Cols}
		}
		return out
	}
	in := initial{Rows: b.Rows, Cols: b.Cols, Board: b.Letters(),
		Cities: make([][][2]int, len(b.Cities)), Paths: make([]pathJSON, len(b.Paths))}
	for i, cs := range b.Cities {
		in.Cities[i] = rc(cs)
	}
	for i, p := range b.Paths {
		in.Paths[i] = pathJSON{Cells: rc(p.Cells), Cities: [2]int{p.A, p.B}}
	}
	for _, o := range s.Orks {
		in.Orks = append(in.Orks, [4]int{o.Player, o.Cell / b.Cols, o.Cell % b.Cols, o.Health})
	}
	return in
}
