package sdk

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"sort"

	"arena.dev/games/apocalypse/proto"
	"arena.dev/games/wire"
)

// Bot is a player: Play is called once per round and gives commands with
// g.CommandSoldier, g.CommandHelicopter and g.CommandParachuter. It should
// keep its own state in the value implementing Bot.
type Bot interface {
	Play(g *Game)
}

// Run plays a match over standard input and output and returns when the
// host closes standard input. What the bot prints, and the warnings about
// its rejected commands, go to its debug log.
func Run(bot Bot) { wire.Run(NewLoggingSession(bot, os.Stderr)) }

// NewSession starts a session for bot without a debug log: the host uses
// it directly for built-in bots.
func NewSession(bot Bot) *wire.Session { return NewLoggingSession(bot, nil) }

// NewLoggingSession starts a session for bot that reports its rejected
// commands to log, as Run does to standard error.
func NewLoggingSession(bot Bot, log io.Writer) *wire.Session {
	return wire.NewSession(wire.NewAdapter(bot, codec(log)))
}

// codec is how this SDK decodes the host's frames and encodes a bot's
// commands (wire.Adapter does the rest); its games report rejected
// commands to log.
func codec(log io.Writer) wire.Codec[*Game] {
	setup := func(frame []byte) (*Game, error) {
		g, err := decodeSetup(frame)
		if err == nil {
			g.log = log
		}
		return g, err
	}
	return wire.Codec[*Game]{Setup: setup, Round: (*Game).applyRound, Commands: (*Game).takeCommands}
}

// takeCommands appends the commands frame of this round's commands to b
// and clears them, and the units and jumps noted to check them.
func (g *Game) takeCommands(b []byte) []byte {
	b = AppendCommands(b, g.cmds)
	g.cmds, g.given, g.jumps = g.cmds[:0], g.given[:0], g.jumps[:0]
	return b
}

func decodeSetup(frame []byte) (*Game, error) {
	r := wire.NewReader(frame)
	version := r.Byte()
	if r.Err() == nil && version != proto.Version && version != proto.ReduxSetup {
		r.Failf("version %d, want %d or %d", version, proto.Version, proto.ReduxSetup)
	}
	g := &Game{}
	g.me = r.Uint()
	if seed := r.Uint64(); version == proto.ReduxSetup {
		g.redux = NewReduxRandom(seed)
	} else {
		g.rng = rand.New(rand.NewPCG(seed, proto.SeedStream))
	}
	for i := range g.params {
		g.params[i] = r.Uint()
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	n, np := g.params[proto.ParamMax], g.params[proto.ParamNumPlayers]
	if n <= 0 || n > 1000 || np <= 0 || np > 64 || g.me >= np {
		return nil, errors.New("bad dimensions")
	}
	g.max = n
	land := r.Bytes(n * n)
	if r.Err() != nil {
		return nil, r.Err()
	}
	g.land = make([]CellType, n*n)
	for c, t := range land {
		if t < byte(Forest) || t > byte(Mountain) {
			return nil, errors.New("bad land")
		}
		g.land[c] = CellType(t)
	}
	g.fire = make([]int, n*n)
	g.soldierAt = make([]int, n*n)
	g.heliAt = make([]int, n*n)
	g.postAt = make([]int, n*n)
	for c := range g.postAt {
		g.postAt[c] = -1
	}
	g.posts = make([]Post, r.Count())
	for k := range g.posts {
		c := r.Below(n*n, "cell")
		g.posts[k] = Post{Player: -1, Pos: Pos{c / n, c % n}, Value: r.Uint()}
		g.postAt[c] = k
	}
	if err := r.End(); err != nil {
		return nil, err
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
	n, cells, np := g.max, len(g.land), len(g.scores)
	for range r.Count() {
		c := r.Below(cells, "cell")
		v := r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		if t := CellType(v & 7); t >= Forest && t <= Mountain {
			g.land[c], g.fire[c] = t, v>>3
		} else {
			return errors.New("bad land")
		}
	}
	for range r.Count() {
		k := r.Below(len(g.posts), "post")
		owner := r.Below(np+1, "owner") - 1
		if r.Err() != nil {
			return r.Err()
		}
		g.posts[k].Player = owner
	}
	pos := func() Pos {
		c := r.Below(cells, "cell")
		return Pos{c / n, c % n}
	}
	// Soldiers come by increasing id: merge them into the list.
	for _, d := range g.soldiers {
		if d.ID < len(g.slot) {
			g.slot[d.ID] = -1
		}
	}
	old, next := g.soldiers, g.spare[:0]
	k, last := 0, 0
	for range r.Count() {
		d := Data{ID: r.Uint(), Type: Soldier, Player: r.Below(np, "player"), Pos: pos(), Life: r.Uint(), Orientation: -1, Napalm: -1}
		if r.Err() != nil {
			return r.Err()
		}
		if d.ID <= last || d.ID > maxID {
			return errors.New("soldier ids out of order or too large")
		}
		last = d.ID
		for k < len(old) && old[k].ID < d.ID {
			next = append(next, old[k])
			k++
		}
		if k < len(old) && old[k].ID == d.ID {
			g.vacate(g.soldierAt, old[k].Pos, d.ID)
			k++
		}
		next = append(next, d)
	}
	g.soldiers, g.spare = append(next, old[k:]...), old[:0]
	for range r.Count() {
		d := Data{ID: r.Uint(), Type: Helicopter, Player: r.Below(np, "player"), Pos: pos(), Life: -1,
			Orientation: r.Below(4, "orientation"), Napalm: r.Uint()}
		k := r.Count()
		if r.Err() != nil {
			return r.Err()
		}
		if d.ID == 0 {
			return errors.New("helicopter id 0")
		}
		h := g.heli(d.ID)
		if h == nil {
			g.helis = append(g.helis, Data{ID: d.ID})
			sort.Slice(g.helis, func(a, b int) bool { return g.helis[a].ID < g.helis[b].ID })
			h = g.heli(d.ID)
		} else {
			g.vacate(g.heliAt, h.Pos, d.ID)
		}
		d.Parachuters = h.Parachuters[:0]
		for range k {
			d.Parachuters = append(d.Parachuters, r.Uint())
		}
		*h = d
	}
	// Gone soldiers come by increasing id too.
	keep, k := g.soldiers[:0], 0
	for range r.Count() {
		id := r.Uint()
		if r.Err() != nil {
			return r.Err()
		}
		for k < len(g.soldiers) && g.soldiers[k].ID < id {
			keep = append(keep, g.soldiers[k])
			k++
		}
		if k < len(g.soldiers) && g.soldiers[k].ID == id {
			g.vacate(g.soldierAt, g.soldiers[k].Pos, id)
			k++
		}
	}
	g.soldiers = append(keep, g.soldiers[k:]...)
	if err := r.End(); err != nil {
		return err
	}
	// Mark every unit where it is now: a cell left by one and entered by
	// another in the same round ends up right whatever the order above.
	for k, d := range g.soldiers {
		g.soldierAt[d.Pos.I*n+d.Pos.J] = d.ID
		if len(g.slot) <= d.ID {
			more := make([]int32, d.ID+1-len(g.slot))
			for x := range more {
				more[x] = -1
			}
			g.slot = append(g.slot, more...)
		}
		g.slot[d.ID] = int32(k)
	}
	for _, d := range g.helis {
		g.heliAt[d.Pos.I*n+d.Pos.J] = d.ID
	}
	return nil
}

// maxID bounds soldier ids: a board file's go up to 100000, new ones
// count on from there, 16 a round at most.
const maxID = 1 << 17

// vacate clears cell p of at if unit id is the one marked there.
func (g *Game) vacate(at []int, p Pos, id int) {
	if c := p.I*g.max + p.J; at[c] == id {
		at[c] = 0
	}
}

func (g *Game) heli(id int) *Data {
	for k := range g.helis {
		if g.helis[k].ID == id {
			return &g.helis[k]
		}
	}
	return nil
}
