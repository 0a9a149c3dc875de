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

// Run plays a match over standard input and output and returns when the
// host closes standard input. What the bot prints goes to its debug log.
func Run(bot Bot) { wire.Run(NewSession(bot)) }

// NewSession starts a session for bot: Run uses it over stdin/stdout, the
// host directly for built-in bots.
func NewSession(bot Bot) *wire.Session { return wire.NewSession(wire.NewAdapter(bot, codec)) }

// codec is how this SDK decodes the host's frames and encodes a bot's
// instructions (wire.Adapter does the rest).
var codec = wire.Codec[*Game]{Setup: decodeSetup, Round: (*Game).update, Commands: (*Game).takeCommands}

// update decodes a round frame, then reseeds the bot's generator from its
// own next number, as the original does before every round.
func (g *Game) update(frame []byte) error {
	if err := g.applyRound(frame); err != nil {
		return err
	}
	g.rng.Seed(uint64(g.rng.Next()))
	return nil
}

// takeCommands appends the commands frame of this round's instructions to
// b and clears them.
func (g *Game) takeCommands(b []byte) []byte {
	b = proto.AppendCommands(b, g.cmds)
	g.cmds = g.cmds[:0]
	return b
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
	g.terrain = make([]CellType, rows*u)
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

func (g *Game) applyRound(frame []byte) error {
	r := wire.NewReader(frame)
	r.Version(frameVersion)
	g.round = r.Uint()
	for p := range g.scores {
		g.scores[p] = r.Uint()
	}
	for p := range g.status {
		g.status[p] = proto.DecodeStatus(r.Uint())
	}
	for _, i := range g.overlay {
		g.cells[i] = Cell{Type: g.terrain[i], Car: -1, Missile: -1}
	}
	g.overlay = g.overlay[:0]
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
		g.terrain[i] = t
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
			g.overlay = append(g.overlay, i)
		}
	}
	for _, m := range g.missiles {
		i := m.Pos.I*u + m.Pos.J
		g.cells[i] = Cell{Type: MissileCell, Car: -1, Missile: m.ID}
		g.overlay = append(g.overlay, i)
	}
	return nil
}
