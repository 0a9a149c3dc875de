package sdk

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Bot is a player: Play is called once per round and gives commands with
// g.Move. It should keep its own state in the value implementing Bot.
type Bot interface {
	Play(g *Game)
}

// Session handles the frames of one match for a bot. Run uses it over
// stdin/stdout; the host uses it directly for built-in bots.
type Session struct {
	bot   Bot
	g     *Game
	reply []byte
}

// NewSession starts a session for bot.
func NewSession(bot Bot) *Session { return &Session{bot: bot} }

// Game returns the state as last decoded (nil before setup).
func (s *Session) Game() *Game { return s.g }

// Handle decodes one frame from the host, lets the bot play when it is a
// round, and returns the reply frame. The reply is reused by the next call.
func (s *Session) Handle(frame []byte) ([]byte, error) {
	if s.g == nil {
		g, err := decodeSetup(frame)
		if err != nil {
			return nil, fmt.Errorf("setup frame: %w", err)
		}
		s.g = g
		return s.reply[:0], nil
	}
	if err := s.g.applyRound(frame); err != nil {
		return nil, fmt.Errorf("round frame: %w", err)
	}
	s.g.cmds = s.g.cmds[:0]
	s.bot.Play(s.g)
	s.reply = AppendCommands(s.reply[:0], s.g.cmds)
	return s.reply, nil
}

func decodeSetup(frame []byte) (*Game, error) {
	r := reader{b: frame}
	if v := r.bytes(1); r.err == nil && v[0] != frameVersion {
		return nil, fmt.Errorf("version %d, want %d", v[0], frameVersion)
	}
	g := &Game{}
	g.me = r.uint()
	seed := r.uint64()
	g.rng = rand.New(rand.NewPCG(seed, 0x6f726b))
	for i := range g.params {
		g.params[i] = r.uint()
	}
	rows, cols, np := g.params[pRows], g.params[pCols], g.params[pNbPlayers]
	if r.err != nil {
		return nil, r.err
	}
	if rows <= 0 || cols <= 0 || rows*cols > 1<<22 || np <= 0 || np > 64 || g.me >= np || g.params[pNbOrks] > rows*cols {
		return nil, errors.New("bad dimensions")
	}
	terrain := r.bytes(rows * cols)
	if r.err != nil {
		return nil, r.err
	}
	g.cells = make([]Cell, rows*cols)
	for i, t := range terrain {
		g.cells[i] = Cell{Type: CellType(t), Unit: -1, CityID: -1, PathID: -1}
	}
	cell := func() Pos {
		c := r.uint()
		if c >= rows*cols {
			r.err = errors.New("cell out of the board")
			return Pos{}
		}
		return Pos{c / cols, c % cols}
	}
	g.cities = make([][]Pos, r.count())
	for id := range g.cities {
		k := r.count()
		for range k {
			if p := cell(); r.err == nil {
				g.cities[id] = append(g.cities[id], p)
				g.cells[p.I*cols+p.J].CityID = id
			}
		}
	}
	g.paths = make([]PathInfo, r.count())
	for id := range g.paths {
		p := &g.paths[id]
		p.Cities = [2]int{r.uint(), r.uint()}
		if p.Cities[0] >= len(g.cities) || p.Cities[1] >= len(g.cities) {
			return nil, errors.New("path joins unknown cities")
		}
		k := r.count()
		for range k {
			if c := cell(); r.err == nil {
				p.Cells = append(p.Cells, c)
				g.cells[c.I*cols+c.J].PathID = id
			}
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	g.cityOwner = make([]int, len(g.cities))
	g.pathOwner = make([]int, len(g.paths))
	for i := range g.cityOwner {
		g.cityOwner[i] = -1
	}
	for i := range g.pathOwner {
		g.pathOwner[i] = -1
	}
	g.units = make([]Unit, np*g.params[pNbOrks])
	for id := range g.units {
		g.units[id] = Unit{ID: id, Player: id / max(1, g.params[pNbOrks]), Pos: Pos{-1, -1}}
	}
	g.scores = make([]int, np)
	g.status = make([]float64, np)
	return g, nil
}

func (g *Game) applyRound(frame []byte) error {
	r := reader{b: frame}
	if v := r.bytes(1); r.err == nil && v[0] != frameVersion {
		return fmt.Errorf("version %d, want %d", v[0], frameVersion)
	}
	g.round = r.uint()
	for p := range g.scores {
		g.scores[p] = r.uint()
	}
	for p := range g.status {
		if s := r.uint(); s == 0 {
			g.status[p] = -1
		} else {
			g.status[p] = float64(s-1) / 1e6
		}
	}
	cols := g.Cols()
	n := r.count()
	for range n {
		id, player, c, health := r.uint(), r.uint(), r.uint(), r.uint()
		if r.err != nil {
			return r.err
		}
		if id >= len(g.units) || c >= len(g.cells) || player >= len(g.scores) {
			return errors.New("ork out of range")
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
		n := r.count()
		for range n {
			id, owner := r.uint(), r.uint()-1
			if r.err != nil {
				return r.err
			}
			if id >= len(owners) {
				return errors.New("owner change out of range")
			}
			owners[id] = owner
		}
	}
	if r.err != nil {
		return r.err
	}
	if len(r.b) != 0 {
		return errors.New("trailing bytes")
	}
	return nil
}
