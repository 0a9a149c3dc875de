package sdk

import (
	"errors"
	"math/rand/v2"

	"arena.dev/games/orkisland/proto"
	"arena.dev/games/wire"
)

// Bot is a player: Play is called once per round and gives commands with
// g.Move. It should keep its own state in the value implementing Bot.
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
// commands (wire.Adapter does the rest).
var codec = wire.Codec[*Game]{Setup: decodeSetup, Round: (*Game).applyRound, Commands: (*Game).takeCommands}

// takeCommands appends the commands frame of this round's commands to b
// and clears them.
func (g *Game) takeCommands(b []byte) []byte {
	b = AppendCommands(b, g.cmds)
	g.cmds = g.cmds[:0]
	return b
}

func decodeSetup(frame []byte) (*Game, error) {
	r := wire.NewReader(frame)
	r.Version(proto.Version)
	g := &Game{}
	g.me = r.Uint()
	seed := r.Uint64()
	g.rng = rand.New(rand.NewPCG(seed, proto.SeedStream))
	for i := range g.params {
		g.params[i] = r.Uint()
	}
	rows, cols, np := g.params[proto.ParamRows], g.params[proto.ParamCols], g.params[proto.ParamNbPlayers]
	if r.Err() != nil {
		return nil, r.Err()
	}
	if rows <= 0 || cols <= 0 || rows*cols > 1<<22 || np <= 0 || np > 64 || g.me >= np || g.params[proto.ParamNbOrks] > rows*cols {
		return nil, errors.New("bad dimensions")
	}
	terrain := r.Bytes(rows * cols)
	if r.Err() != nil {
		return nil, r.Err()
	}
	g.cells = make([]Cell, rows*cols)
	for i, t := range terrain {
		g.cells[i] = Cell{Type: CellType(t), Unit: -1, CityID: -1, PathID: -1}
	}
	cell := func() Pos {
		c := r.Below(rows*cols, "cell")
		return Pos{c / cols, c % cols}
	}
	g.cities = make([][]Pos, r.Count())
	for id := range g.cities {
		k := r.Count()
		for range k {
			if p := cell(); r.Err() == nil {
				g.cities[id] = append(g.cities[id], p)
				g.cells[p.I*cols+p.J].CityID = id
			}
		}
	}
	g.paths = make([]PathInfo, r.Count())
	for id := range g.paths {
		p := &g.paths[id]
		p.Cities = [2]int{r.Below(len(g.cities), "city"), r.Below(len(g.cities), "city")}
		k := r.Count()
		for range k {
			if c := cell(); r.Err() == nil {
				p.Cells = append(p.Cells, c)
				g.cells[c.I*cols+c.J].PathID = id
			}
		}
	}
	if err := r.End(); err != nil {
		return nil, err
	}
	g.cityOwner = wire.Unseen(len(g.cities), -1)
	g.pathOwner = wire.Unseen(len(g.paths), -1)
	g.units = make([]Unit, np*g.params[proto.ParamNbOrks])
	for id := range g.units {
		g.units[id] = Unit{ID: id, Player: id / max(1, g.params[proto.ParamNbOrks]), Pos: Pos{-1, -1}}
	}
	g.scores = make([]int, np)
	g.status = make([]float64, np)
	return g, nil
}

func (g *Game) applyRound(frame []byte) error {
	r := wire.NewReader(frame)
	r.Version(proto.Version)
	g.round = r.Uint()
	for p := range g.scores {
		g.scores[p] = r.Uint()
	}
	for p := range g.status {
		if s := r.Uint(); s == 0 {
			g.status[p] = -1
		} else {
			g.status[p] = float64(s-1) / 1e6
		}
	}
	cols := g.Cols()
	n := r.Count()
	for range n {
		id := r.Below(len(g.units), "ork")
		player := r.Below(len(g.scores), "player")
		c := r.Below(len(g.cells), "cell")
		health := r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		u := &g.units[id]
		if u.Pos.I >= 0 && g.cells[u.Pos.I*cols+u.Pos.J].Unit == id {
			g.cells[u.Pos.I*cols+u.Pos.J].Unit = -1
		}
		*u = Unit{ID: id, Player: player, Health: health, Pos: Pos{c / cols, c % cols}}
	}
	// Place after all removals so swapped cells are not cleared by mistake.
	for i := range g.units {
		u := &g.units[i]
		if u.Pos.I >= 0 {
			g.cells[u.Pos.I*cols+u.Pos.J].Unit = u.ID
		}
	}
	for _, owners := range [2][]int{g.cityOwner, g.pathOwner} {
		n := r.Count()
		for range n {
			id := r.Below(len(owners), "owner change")
			owner := r.Uint() - 1
			if r.Err() != nil {
				return r.Err()
			}
			owners[id] = owner
		}
	}
	return r.End()
}
