package sdk

import (
	"errors"

	"arena.dev/games/wasteland/proto"
	"arena.dev/games/wire"
)

// Bot is a player: Play is called once per round and gives instructions
// with g.Move and g.Shoot. It should keep its own state in the value
// implementing Bot.
type Bot interface {
	Play(g *Game)
}

// NewSession starts a session for bot: Run uses it over stdin/stdout, the
// host directly for built-in bots.
func NewSession(bot Bot) *wire.Session { return wire.NewSession(&state{bot: bot}) }

// state is the bot's side of a match (wire.State).
type state struct {
	bot     Bot
	g       *Game
	terrain []CellType // cells without their cars and missiles
	overlay []int      // cells holding a car or a missile
}

func (s *state) Setup(frame []byte) (err error) {
	s.g, err = decodeSetup(frame)
	if err == nil {
		s.terrain = make([]CellType, len(s.g.cells))
	}
	return err
}

func (s *state) Update(frame []byte) error {
	if s.g == nil {
		return errors.New("round before setup")
	}
	return s.applyRound(frame)
}

// Play reseeds the bot's generator from its own next number, as the
// original does before every round, then lets the bot play.
func (s *state) Play(b []byte) []byte {
	g := s.g
	g.rng.Seed(uint64(g.rng.Next()))
	g.cmds = g.cmds[:0]
	s.bot.Play(g)
	return proto.AppendCommands(b, g.cmds)
}

func decodeSetup(frame []byte) (*Game, error) {
	r := wire.NewReader(frame)
	r.Version(frameVersion)
	g := &Game{}
	g.me = r.Uint()
	seed := r.Uint64()
	for i := range g.params {
		g.params[i] = r.Uint()
	}
	if err := r.End(); err != nil {
		return nil, err
	}
	np, rows, u, w, cpp := g.params[proto.Players], g.params[proto.Rows], g.params[proto.UniverseColumns], g.params[proto.WindowColumns], g.params[proto.CarsPerPlayer]
	if np <= 0 || np > 64 || g.me >= np || cpp <= 0 || cpp > 64 ||
		rows <= 0 || rows > 1000 || u <= 0 || u > 1000 || rows*u > 1<<20 || w <= 0 || w > u {
		return nil, errors.New("bad dimensions")
	}
	g.rng.Seed(seed)
	g.cells = make([]Cell, rows*u)
	for i := range g.cells {
		g.cells[i] = Cell{Type: EmptyCell, Car: -1, Missile: -1}
	}
	g.cars = make([]Car, np*cpp)
	for id := range g.cars {
		g.cars[id].ID = id
	}
	g.scores = make([]int, np)
	g.status = make([]float64, np)
	return g, nil
}

func (s *state) applyRound(frame []byte) error {
	g := s.g
	r := wire.NewReader(frame)
	r.Version(frameVersion)
	g.round = r.Uint()
	for p := range g.scores {
		g.scores[p] = r.Uint()
	}
	for p := range g.status {
		g.status[p] = proto.DecodeStatus(r.Uint())
	}
	for _, i := range s.overlay {
		g.cells[i] = Cell{Type: s.terrain[i], Car: -1, Missile: -1}
	}
	s.overlay = s.overlay[:0]
	n := r.Count()
	for range n {
		i := r.Below(len(g.cells), "cell")
		t := CellType(r.Byte())
		if r.Err() != nil {
			return r.Err()
		}
		if t != EmptyCell && t != TyreCell && !t.IsBonus() {
			return errors.New("bad cell content")
		}
		s.terrain[i] = t
		g.cells[i] = Cell{Type: t, Car: -1, Missile: -1}
	}
	rows, u := g.NumberRows(), g.NumberUniverseColumns()
	n = r.Count()
	for range n {
		id := r.Below(len(g.cars), "car")
		c := Car{ID: id, Pos: Pos{r.Below(rows, "row"), r.Below(u, "column")}}
		c.Missiles = r.Uint()
		c.Gas = r.Uint()
		c.Alive = r.Bool()
		c.Time = r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		g.cars[id] = c
	}
	n = r.Count()
	g.missiles = g.missiles[:0]
	for range n {
		m := Missile{ID: r.Uint(), Car: r.Below(len(g.cars), "car"), Pos: Pos{r.Below(rows, "row"), r.Below(u, "column")}}
		if r.Err() != nil {
			return r.Err()
		}
		if k := len(g.missiles); k > 0 && g.missiles[k-1].ID >= m.ID {
			return errors.New("missiles out of order")
		}
		g.missiles = append(g.missiles, m)
	}
	if err := r.End(); err != nil {
		return err
	}
	for _, c := range g.cars {
		if c.Alive {
			i := c.Pos.I*u + c.Pos.J
			g.cells[i] = Cell{Type: CarCell, Car: c.ID, Missile: -1}
			s.overlay = append(s.overlay, i)
		}
	}
	for _, m := range g.missiles {
		i := m.Pos.I*u + m.Pos.J
		g.cells[i] = Cell{Type: MissileCell, Car: -1, Missile: m.ID}
		s.overlay = append(s.overlay, i)
	}
	return nil
}
