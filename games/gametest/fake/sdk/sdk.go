// Package sdk is the bot SDK of Race, the framework's test game.
package sdk

import (
	"errors"
	"math/rand/v2"

	"arena.dev/games/wire"
)

// FrameVersion is the first byte of every host frame.
const FrameVersion = 1

// Bot is a player: Play is called once per round.
type Bot interface{ Play(g *Game) }

// Game is what a bot knows and the step it gives.
type Game struct {
	me, rounds, maxStep, round int
	pos                        []int
	status                     []float64
	rng                        *rand.Rand
	steps                      []int
}

// Me is this bot's player number.
func (g *Game) Me() int { return g.me }

// NbRounds is the number of rounds.
func (g *Game) NbRounds() int { return g.rounds }

// MaxStep is the longest step; it cannot be taken twice in a row.
func (g *Game) MaxStep() int { return g.maxStep }

// Round is the round being played, from 0.
func (g *Game) Round() int { return g.round }

// Pos is player p's cell on the track.
func (g *Game) Pos(p int) int { return g.pos[p] }

// Status is the fraction of its CPU budget player p used, or -1 if frozen.
func (g *Game) Status(p int) float64 { return g.status[p] }

// Step asks to move n cells forward this round; only the first counts.
func (g *Game) Step(n int) { g.steps = append(g.steps, n) }

// Random returns a uniform integer in [lo, hi], seeded by the match.
func (g *Game) Random(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }

// MaxCommands bounds the steps of one round.
const MaxCommands = 100

// AppendCommands encodes a commands frame: n, then n steps.
func AppendCommands(b []byte, steps []int) []byte {
	b = wire.AppendUint(b, len(steps))
	for _, s := range steps {
		b = wire.AppendUint(b, s)
	}
	return b
}

// DecodeCommands decodes a commands frame.
func DecodeCommands(frame []byte) ([]int, error) {
	r := wire.NewReader(frame)
	n := r.Count()
	if n > MaxCommands {
		return nil, errors.New("too many commands")
	}
	steps := make([]int, 0, n)
	for range n {
		steps = append(steps, r.Uint())
	}
	return steps, r.End()
}

// NewSession starts a session for bot.
func NewSession(bot Bot) *wire.Session { return wire.NewSession(wire.NewAdapter(bot, codec)) }

// Run plays a match over standard input and output.
func Run(bot Bot) { wire.Run(NewSession(bot)) }

var codec = wire.Codec[*Game]{Setup: decodeSetup, Round: (*Game).update, Commands: (*Game).takeCommands}

func decodeSetup(frame []byte) (*Game, error) {
	r := wire.NewReader(frame)
	r.Version(FrameVersion)
	g := &Game{}
	g.me = r.Below(4, "player")
	g.rng = rand.New(rand.NewPCG(r.Uint64(), 0))
	g.rounds, g.maxStep = r.Uint(), r.Uint()
	g.pos, g.status = make([]int, 4), make([]float64, 4)
	if err := r.End(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) update(frame []byte) error {
	r := wire.NewReader(frame)
	r.Version(FrameVersion)
	g.round = r.Uint()
	for p := range g.status {
		if v := r.Uint(); v == 0 {
			g.status[p] = -1
		} else {
			g.status[p] = float64(v-1) / 1e6
		}
	}
	for n := r.Count(); n > 0; n-- {
		p := r.Below(len(g.pos), "player")
		g.pos[p] = r.Uint()
	}
	return r.End()
}

func (g *Game) takeCommands(b []byte) []byte {
	b = AppendCommands(b, g.steps)
	g.steps = g.steps[:0]
	return b
}
