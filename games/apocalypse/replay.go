package apocalypse

import (
	"slices"
	"strconv"

	"arena.dev/games/apocalypse/sdk"
)

// The replay payloads (docs/replay.md, "Apocalypse Now"). They are
// written by hand: they run every round and encoding/json's reflection
// would be much of a match's time. They say only what a viewer cannot
// work out: the commands carry what they did (how far a helicopter flew,
// whether napalm fell, whether a soldier stepped), napalm burns the square
// below the helicopter, fires and napalm counters count down by
// themselves, and a forest whose fire goes out is grass.

// changes is a round's "changes" payload.
type changes struct {
	Soldiers [][5]int // id, player, i, j, life: soldiers new (they jumped) or hurt
	Died     []int
	Paras    [][2]int // helicopter, parachuters: where their number changed
	Fire     [][2]int // i, j: cells the fire spread to
	Posts    [][2]int // post, owner: new owners
}

// MarshalJSON implements json.Marshaler; empty keys are left out.
func (c changes) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+len(c.Soldiers)*20+len(c.Fire)*8)
	b = append(b, '{')
	b = field(b, "soldiers", len(c.Soldiers), func(b []byte, k int) []byte { return ints(b, c.Soldiers[k][:]...) })
	b = field(b, "died", len(c.Died), func(b []byte, k int) []byte { return strconv.AppendInt(b, int64(c.Died[k]), 10) })
	b = field(b, "parachuters", len(c.Paras), func(b []byte, k int) []byte { return ints(b, c.Paras[k][:]...) })
	b = field(b, "fire", len(c.Fire), func(b []byte, k int) []byte { return ints(b, c.Fire[k][:]...) })
	b = field(b, "posts", len(c.Posts), func(b []byte, k int) []byte { return ints(b, c.Posts[k][:]...) })
	return append(b, '}'), nil
}

// executed is a round's "commands" payload: the commands carried out, in
// execution order, per kind, with what they did.
type executed struct {
	Jumps [][3]int // player, i, j
	Helis [][3]int // helicopter, instruction, cells flown forward or 1 if napalm fell (not written for turns)
	Moves []int    // ±(10·soldier + direction): positive when the soldier took the step
}

func executedOf(s *State) executed {
	x := &s.Executed
	e := executed{Jumps: make([][3]int, 0, len(x.Jumps)), Helis: make([][3]int, 0, len(x.Helis)), Moves: make([]int, 0, len(x.Moves))}
	n := s.N
	for _, j := range s.Executed.Jumps {
		e.Jumps = append(e.Jumps, [3]int{j.player, j.cell / n, j.cell % n})
	}
	for _, f := range s.Executed.Helis {
		e.Helis = append(e.Helis, [3]int{s.Helis[f.heli].ID, int(f.instr), f.effect})
	}
	for _, m := range s.Executed.Moves {
		code := 10*m.id + m.dir
		if !m.moved {
			code = -code
		}
		e.Moves = append(e.Moves, code)
	}
	return e
}

// MarshalJSON implements json.Marshaler; empty keys are left out.
func (e executed) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 32+len(e.Moves)*6)
	b = append(b, '{')
	b = field(b, "jumps", len(e.Jumps), func(b []byte, k int) []byte { return ints(b, e.Jumps[k][:]...) })
	b = field(b, "helicopters", len(e.Helis), func(b []byte, k int) []byte {
		h := e.Helis[k]
		if turn := sdk.Instruction(h[1]); turn == sdk.CounterClockwise || turn == sdk.Clockwise {
			return ints(b, h[:2]...)
		}
		return ints(b, h[:]...)
	})
	b = field(b, "soldiers", len(e.Moves), func(b []byte, k int) []byte { return strconv.AppendInt(b, int64(e.Moves[k]), 10) })
	return append(b, '}'), nil
}

// field appends `"name":[item,...]` (after a comma unless first) when n > 0.
func field(b []byte, name string, n int, item func(b []byte, k int) []byte) []byte {
	if n == 0 {
		return b
	}
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	b = append(b, `":[`...)
	for k := range n {
		if k > 0 {
			b = append(b, ',')
		}
		b = item(b, k)
	}
	return append(b, ']')
}

// ints appends a JSON array of integers.
func ints(b []byte, v ...int) []byte {
	b = append(b, '[')
	for k, x := range v {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// initial is the replay's "initial" payload; encoding/json writes it once.
type initial struct {
	Max         int      `json:"max"`
	FirstTeam   int      `json:"first_team"`
	Board       []string `json:"board"`
	Posts       [][4]int `json:"posts"`
	Fire        [][3]int `json:"fire"`
	Soldiers    [][5]int `json:"soldiers"`
	Helicopters [][7]int `json:"helicopters"`
	Scores      []int    `json:"scores"`
	RoundPoints bool     `json:"round_points,omitempty"` // Redux: scores are each round's points
}

func initialOf(s *State, redux bool) initial {
	n := s.N
	in := initial{Max: n, Board: (&Board{Max: n, Land: s.Land}).Letters(), Scores: append([]int(nil), s.Scores...),
		Posts: [][4]int{}, Fire: [][3]int{}, Soldiers: [][5]int{}, Helicopters: [][7]int{}}
	if redux {
		in.FirstTeam, in.RoundPoints = 1, true
	}
	for _, p := range s.Posts {
		in.Posts = append(in.Posts, [4]int{p.Cell / n, p.Cell % n, s.value(p), p.Owner})
	}
	for c, f := range s.Fire {
		if f > 0 {
			in.Fire = append(in.Fire, [3]int{c / n, c % n, f})
		}
	}
	for _, u := range s.Soldiers {
		in.Soldiers = append(in.Soldiers, [5]int{u.ID, u.Player, u.Cell / n, u.Cell % n, u.Life})
	}
	for _, h := range s.Helis {
		in.Helicopters = append(in.Helicopters, [7]int{h.ID, h.Player, h.Cell / n, h.Cell % n, h.Ori, h.Napalm, len(h.Para)})
	}
	return in
}

// diff is the replay's record of the last Step.
func (m *match) diff() changes {
	s, n := m.s, m.s.N
	var c changes
	k := 0
	for _, u := range s.Soldiers {
		for k < len(m.before) && m.before[k].ID < u.ID {
			k++
		}
		if k < len(m.before) && m.before[k].ID == u.ID && m.before[k].Life == u.Life {
			continue
		}
		c.Soldiers = append(c.Soldiers, [5]int{u.ID, u.Player, u.Cell / n, u.Cell % n, u.Life})
	}
	for _, id := range s.Died {
		if _, was := slices.BinarySearchFunc(m.before, id, func(u Soldier, id int) int { return u.ID - id }); was {
			c.Died = append(c.Died, id)
		}
	}
	for k, h := range s.Helis {
		if len(h.Para) != m.paraWas[k] {
			c.Paras = append(c.Paras, [2]int{h.ID, len(h.Para)})
		}
	}
	for _, cell := range s.Spread {
		c.Fire = append(c.Fire, [2]int{cell / n, cell % n})
	}
	for k, post := range s.Posts {
		if post.Owner != m.ownerWas[k] {
			c.Posts = append(c.Posts, [2]int{k, post.Owner})
		}
	}
	return c
}
