package sdk

import (
	"errors"
	"math/rand/v2"

	"arena.dev/games/poquemon/proto"
	"arena.dev/games/wire"
)

// Bot is a player: Play is called once per round and gives actions with
// g.Move and g.Attack. It should keep its own state in the value
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
// actions (wire.Adapter does the rest).
var codec = wire.Codec[*Game]{Setup: decodeSetup, Round: (*Game).applyRound, Commands: (*Game).takeCommands}

// takeCommands appends the commands frame of this round's actions to b
// and clears them.
func (g *Game) takeCommands(b []byte) []byte {
	b = AppendCommands(b, g.cmds)
	g.cmds = g.cmds[:0]
	return b
}

// Limits that keep a forged setup frame from making the SDK allocate much.
const (
	maxSide    = 1000
	maxPlayers = 16
	maxUnits   = 64
)

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
	if r.Err() != nil {
		return nil, r.Err()
	}
	rows, cols, np, per := g.Rows(), g.Cols(), g.NbPlayers(), g.NbPokemon()
	if rows < 1 || cols < 1 || rows > maxSide || cols > maxSide || np < 1 || np > maxPlayers ||
		g.me >= np || per < 1 || np*per > maxUnits {
		return nil, errors.New("bad dimensions")
	}
	n := rows * cols
	static := r.Bytes(n)
	if r.Err() != nil {
		return nil, r.Err()
	}
	g.wall = make([]bool, n)
	g.ghostAt = wire.Unseen(n, -1)
	g.bonusAt = wire.Unseen(n, -1)
	g.idAt = wire.Unseen(n, -1)
	for c, v := range static {
		switch v {
		case SetupFloor, SetupGhost:
		case SetupWall:
			g.wall[c] = true
		default:
			return nil, errors.New("bad cell code")
		}
	}
	nGhost := g.NbGhostWall()
	nBonus := g.NbPoint() + g.NbStone() + g.NbScope() + g.NbAttack() + g.NbDefense()
	if nGhost > n || nBonus > n {
		return nil, errors.New("more items than cells")
	}
	g.ghosts = make([]ghost, nGhost)
	for k := range g.ghosts {
		c := r.Below(n, "ghost wall cell")
		if r.Err() != nil {
			return nil, r.Err()
		}
		if static[c] != SetupGhost || g.ghostAt[c] >= 0 {
			return nil, errors.New("ghost wall on a wrong cell")
		}
		g.ghostAt[c] = k
		g.ghosts[k] = ghost{pos: Pos{c / cols, c % cols}}
	}
	g.bonuses = make([]bonus, nBonus)
	for k := range g.bonuses {
		kind := CellType(r.Byte())
		if r.Err() == nil && !kind.IsBonus() {
			return nil, errors.New("bad bonus kind")
		}
		g.bonuses[k] = bonus{kind: kind, cell: -1}
	}
	if err := r.End(); err != nil {
		return nil, err
	}
	g.poq = make([]Poquemon, np*per)
	for id := range g.poq {
		g.poq[id] = Poquemon{ID: id, Player: id / per, Visible: id/per == g.me}
	}
	g.status = make([]float64, np)
	return g, nil
}

func (g *Game) applyRound(frame []byte) error {
	r := wire.NewReader(frame)
	r.Version(proto.Version)
	g.round = r.Uint()
	for p := range g.status {
		g.status[p] = proto.DecodeStatus(r.Uint())
	}
	n, cols := len(g.wall), g.Cols()
	for range r.Count() {
		k := r.Below(len(g.ghosts), "ghost wall")
		present := r.Bool()
		time := r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		g.ghosts[k].present, g.ghosts[k].time = present, time
	}
	for range r.Count() {
		k := r.Below(len(g.bonuses), "bonus")
		c := r.Below(n+1, "bonus cell") - 1
		value := r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		b := &g.bonuses[k]
		if b.cell >= 0 && g.bonusAt[b.cell] == k {
			g.bonusAt[b.cell] = -1
		}
		b.cell, b.value = c, value
	}
	// Place after all removals, so that a bonus moving onto a cell another
	// one left in the same frame is not cleared by mistake.
	for k, b := range g.bonuses {
		if b.cell >= 0 {
			g.bonusAt[b.cell] = k
		}
	}
	// The cells that showed a Poquémon, from the positions of last round.
	for _, p := range g.poq {
		if p.Alive && p.Visible {
			g.idAt[p.Pos.I*cols+p.Pos.J] = -1
		}
	}
	for range r.Count() {
		id := r.Below(len(g.poq), "Poquémon")
		alive := r.Bool()
		c := r.Below(n, "cell")
		a, d, s, st, pts, t := r.Uint(), r.Uint(), r.Uint(), r.Uint(), r.Uint(), r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		p := &g.poq[id]
		p.Alive, p.Pos = alive, Pos{c / cols, c % cols}
		p.Attack, p.Defense, p.Scope, p.Stones, p.Points, p.Time = a, d, s, st, pts, t
	}
	per := g.NbPokemon()
	for id := range g.poq {
		g.poq[id].Visible = id/per == g.me
	}
	for range r.Count() {
		id := r.Below(len(g.poq), "Poquémon")
		if r.Err() != nil {
			return r.Err()
		}
		if id/per == g.me {
			return errors.New("own Poquémon among the opponents")
		}
		g.poq[id].Visible = true
	}
	if err := r.End(); err != nil {
		return err
	}
	for _, p := range g.poq {
		if p.Alive && p.Visible {
			g.idAt[p.Pos.I*cols+p.Pos.J] = p.ID
		}
	}
	return nil
}
