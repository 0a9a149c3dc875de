package sdk

import (
	"fmt"
	"slices"
)

// CommandSoldier tells soldier id to move to (i, j), one of the eight
// cells around it, attacking the enemy there if any. Telling it its own
// cell keeps it still.
//
// The command is rejected (reported in your debug log, and ignored and
// counted by the host) when id is no soldier of yours, when the soldier
// already got a command this round, or when (i, j) is not next to it.
func (g *Game) CommandSoldier(id, i, j int) {
	c := Command{Kind: KindSoldier, ID: id, I: i, J: j}
	if why := g.checkSoldier(c); why != "" {
		g.warn("CommandSoldier(%d, %d, %d): %s", id, i, j, why)
	} else {
		g.given = append(g.given, id)
	}
	g.cmds = append(g.cmds, c)
}

// CommandHelicopter tells helicopter id to follow instruction in:
// Forward1, Forward2, CounterClockwise, Clockwise or Napalm.
//
// The command is rejected (reported in your debug log, and ignored and
// counted by the host) when id is no helicopter of yours, when it already
// got a command this round, or when in is no instruction. Napalm while
// the helicopter's counter is above 0 is not rejected: it does nothing.
func (g *Game) CommandHelicopter(id int, in Instruction) {
	c := Command{Kind: KindHelicopter, ID: id, Instr: in}
	if why := g.checkHelicopter(c); why != "" {
		g.warn("CommandHelicopter(%d, %v): %s", id, in, why)
	} else {
		g.given = append(g.given, id)
	}
	g.cmds = append(g.cmds, c)
}

// CommandParachuter throws a parachuter onto (i, j), which must be inside
// the 5×5 square of one of your helicopters; that helicopter's oldest
// parachuter jumps.
//
// The command is rejected (reported in your debug log, and ignored and
// counted by the host) when (i, j) is off the board, when MaxJump() jumps
// were already accepted this round, when (i, j) is below none of your
// helicopters, or when that helicopter has no parachuter left for it.
// Redux plays as its original engine: MaxJump()+1 jumps a round, and a
// jump below none of your helicopters is accepted, lands nobody and hands
// another player a parachuter.
func (g *Game) CommandParachuter(i, j int) {
	c := Command{Kind: KindJump, I: i, J: j}
	if why := g.checkJump(c); why != "" {
		g.warn("CommandParachuter(%d, %d): %s", i, j, why)
	} else {
		g.jumps = append(g.jumps, Pos{i, j})
	}
	g.cmds = append(g.cmds, c)
}

func (g *Game) warn(format string, args ...any) {
	if g.log != nil {
		fmt.Fprintf(g.log, "round %d: warning: "+format+"\n", append([]any{g.round}, args...)...)
	}
}

// The checks below are the host's (the engine's Register); a test keeps
// them in agreement.

func (g *Game) checkSoldier(c Command) string {
	d := g.unit(c.ID)
	switch {
	case d == nil:
		return "identifier does not exist"
	case d.Player != g.me:
		return "not your unit"
	case d.Type != Soldier:
		return "not a soldier"
	case slices.Contains(g.given, c.ID):
		return "more than one instruction in this round"
	case !g.PosOk(c.I, c.J) || abs(c.I-d.Pos.I) > 1 || abs(c.J-d.Pos.J) > 1:
		return "not an adjacent cell"
	}
	return ""
}

func (g *Game) checkHelicopter(c Command) string {
	d := g.unit(c.ID)
	switch {
	case d == nil:
		return "identifier does not exist"
	case d.Player != g.me:
		return "not your unit"
	case d.Type != Helicopter:
		return "not a helicopter"
	case slices.Contains(g.given, c.ID):
		return "more than one instruction in this round"
	case c.Instr < Forward1 || c.Instr > Napalm:
		return "unknown instruction"
	}
	return ""
}

func (g *Game) checkJump(c Command) string {
	if !g.PosOk(c.I, c.J) {
		return "position outside the board"
	}
	limit := g.MaxJump()
	if g.redux != nil {
		limit++
	}
	if len(g.jumps) >= limit {
		return "too many jump instructions in this round"
	}
	for _, h := range g.helis {
		if h.Player != g.me || !Covers(h.Pos, Pos{c.I, c.J}) {
			continue
		}
		used := 0
		for _, p := range g.jumps {
			if Covers(h.Pos, p) {
				used++
			}
		}
		if used >= len(h.Parachuters) {
			return "not enough parachuters in that helicopter"
		}
		return ""
	}
	if g.redux != nil {
		return ""
	}
	return "not below any of your helicopters"
}

// Covers reports whether cell p is under the 5×5 square of a helicopter
// centred at centre.
func Covers(centre, p Pos) bool { return abs(p.I-centre.I) <= 2 && abs(p.J-centre.J) <= 2 }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
