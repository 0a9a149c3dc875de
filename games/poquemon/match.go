package poquemon

import (
	"strconv"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
)

// match adapts State to games.Match: frames for bots, replay payloads.
type match struct {
	s        *State
	settings games.Settings
	view     View     // scratch, refilled for each player
	sent     []sent   // per player: the public board it was last told
	frames   [][]byte // per player: its last round frame's buffer
	cmds     []proto.Command

	poq     []Poquemon // before the last Step
	ghosts  []Ghost
	bonuses []Bonus
	changes changes
	exec    executed
}

func newMatch(settings games.Settings, s *State) *match {
	n := s.Cfg.Players
	return &match{s: s, settings: settings, sent: make([]sent, n), frames: make([][]byte, n)}
}

func (m *match) Players() int { return m.s.Cfg.Players }
func (m *match) Rounds() int  { return m.s.Cfg.Rounds }
func (m *match) Round() int   { return m.s.Round }
func (m *match) Done() bool   { return m.s.Round >= m.s.Cfg.Rounds }

func (m *match) Setup(p int, seed uint64) []byte {
	return appendSetup(nil, m.s.B, m.settings, p, seed)
}

// View builds player p's round frame from its View alone.
func (m *match) View(p int, cpu []float64) []byte {
	m.s.ViewOf(p, &m.view)
	m.frames[p] = appendRound(m.frames[p][:0], &m.view, cpu, &m.sent[p])
	return m.frames[p]
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
	s := m.s
	m.poq = append(m.poq[:0], s.Poq...)
	m.ghosts = append(m.ghosts[:0], s.Ghosts...)
	m.bonuses = append(m.bonuses[:0], s.Bonuses...)
	s.Step()
	c := &m.changes
	c.cols = s.B.Cols
	c.poq, c.moved = c.poq[:0], c.moved[:0]
	for id, q := range s.Poq {
		was := m.poq[id]
		was.Time, q.Time = 0, 0 // timers are left to the viewer
		switch {
		case q == was:
		case q.Alive && was.Alive && q.Cell != was.Cell && moveOnly(q, was):
			c.moved = append(c.moved, id)
		default:
			c.poq = append(c.poq, id)
		}
	}
	c.ghosts = c.ghosts[:0]
	for k, g := range s.Ghosts {
		if g.Present != m.ghosts[k].Present {
			c.ghosts = append(c.ghosts, k)
		}
	}
	c.bonuses = c.bonuses[:0]
	for k, x := range s.Bonuses {
		if x.Present != m.bonuses[k].Present || x.Present && x.Cell != m.bonuses[k].Cell {
			c.bonuses = append(c.bonuses, k)
		}
	}
	c.s = s
}

func (m *match) Scores() []int { return m.s.Scores() }
func (m *match) Changes() any  { return &m.changes }
func (m *match) Executed() any {
	m.exec.actions = m.s.Executed
	return &m.exec
}
func (m *match) Initial() any { return initialOf(m.s) }

// changes is a round's "changes" payload (docs/replay.md), written
// directly from the state: it runs every round.
type changes struct {
	s                           *State
	cols                        int
	moved, poq, ghosts, bonuses []int
	buf                         []byte // reused: json.Marshal copies what MarshalJSON returns
}

// moveOnly reports whether q differs from was in its cell alone.
func moveOnly(q, was Poquemon) bool {
	was.Cell = q.Cell
	return q == was
}

// MarshalJSON implements json.Marshaler.
func (c *changes) MarshalJSON() ([]byte, error) {
	b := append(c.buf[:0], '{')
	sep := func(key string) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, key...)
		b = append(b, `":`...)
	}
	if len(c.moved) > 0 {
		sep("moved")
		b = append(b, '[')
		for i, id := range c.moved {
			if i > 0 {
				b = append(b, ',')
			}
			q := c.s.Poq[id]
			b = appendInts(b, id, q.Cell/c.cols, q.Cell%c.cols)
		}
		b = append(b, ']')
	}
	if len(c.poq) > 0 {
		sep("poquemon")
		b = append(b, '[')
		for i, id := range c.poq {
			if i > 0 {
				b = append(b, ',')
			}
			q := c.s.Poq[id]
			b = appendInts(b, id, btoi(q.Alive), q.Cell/c.cols, q.Cell%c.cols, q.Attack, q.Defense, q.Scope, q.Stones, q.Points)
		}
		b = append(b, ']')
	}
	if len(c.s.Died) > 0 {
		sep("died")
		b = appendInts(b, c.s.Died...)
	}
	if len(c.s.Reborn) > 0 {
		sep("reborn")
		b = appendInts(b, c.s.Reborn...)
	}
	if x := c.s.Battle; x != nil {
		sep("battle")
		b = appendInts(b, x.Attacker, x.Target, btoi(x.Killed))
	}
	if len(c.ghosts) > 0 {
		sep("walls")
		b = append(b, '[')
		for i, k := range c.ghosts {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendInts(b, k, btoi(c.s.Ghosts[k].Present))
		}
		b = append(b, ']')
	}
	if len(c.bonuses) > 0 {
		sep("bonuses")
		b = append(b, '[')
		for i, k := range c.bonuses {
			if i > 0 {
				b = append(b, ',')
			}
			x := c.s.Bonuses[k]
			if x.Present {
				b = appendInts(b, k, 1, x.Cell/c.cols, x.Cell%c.cols, x.Value)
			} else {
				b = appendInts(b, k, 0)
			}
		}
		b = append(b, ']')
	}
	c.buf = append(b, '}')
	return c.buf, nil
}

func appendInts(b []byte, v ...int) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// executed is a round's "commands" payload: [[id, "m"|"a", "N"|"S"|"E"|"W"], ...].
type executed struct {
	actions []Action
	buf     []byte // reused, as for changes
}

var dirLetter = [4]string{proto.Top: `"N"`, proto.Bottom: `"S"`, proto.Left: `"W"`, proto.Right: `"E"`}

// MarshalJSON implements json.Marshaler.
func (e *executed) MarshalJSON() ([]byte, error) {
	b := append(e.buf[:0], '[')
	for i, a := range e.actions {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(a.ID), 10)
		if a.Attack {
			b = append(b, `,"a",`...)
		} else {
			b = append(b, `,"m",`...)
		}
		b = append(b, dirLetter[a.Dir]...)
		b = append(b, ']')
	}
	e.buf = append(b, ']')
	return e.buf, nil
}

// initial is the replay's "initial" payload (docs/replay.md).
type initial struct {
	Rows     int      `json:"rows"`
	Cols     int      `json:"cols"`
	Board    []string `json:"board"`
	Walls    [][4]int `json:"walls"`
	Bonuses  [][]any  `json:"bonuses"`
	Poquemon [][]int  `json:"poquemon"`
}

func initialOf(s *State) initial {
	b := s.B
	in := initial{Rows: b.Rows, Cols: b.Cols, Board: b.Letters(),
		Walls: [][4]int{}, Bonuses: [][]any{}, Poquemon: [][]int{}}
	for _, g := range s.Ghosts {
		in.Walls = append(in.Walls, [4]int{g.Cell / b.Cols, g.Cell % b.Cols, btoi(g.Present), g.Time})
	}
	for _, x := range s.Bonuses {
		i, j := -1, -1
		if x.Present {
			i, j = x.Cell/b.Cols, x.Cell%b.Cols
		}
		in.Bonuses = append(in.Bonuses, []any{string(letter[x.Kind]), i, j, x.Value, btoi(x.Present)})
	}
	for _, q := range s.Poq {
		in.Poquemon = append(in.Poquemon, []int{q.Player, btoi(q.Alive), q.Cell / b.Cols, q.Cell % b.Cols,
			q.Attack, q.Defense, q.Scope, q.Stones, q.Points, q.Time})
	}
	return in
}
