// Strong is a Wasteland bot that clearly beats the Dummy. Each round, for
// each of its living cars:
//   - it predicts where every missile will fly for the next rounds (two
//     columns a round, until the first tyre or bonus), and where enemy cars
//     could be or shoot this round;
//   - it searches the moves of the next rounds (cells × time, staying in
//     the sliding window) that never meet a tyre, a car, a missile or those
//     dangers, and heads for the bonus worth most per round of driving: water,
//     gas when the tank runs low, missiles when it has few;
//   - it shoots an enemy car right ahead in its row when driving on is safe;
//   - with nothing in reach it takes the move that keeps it alive longest.
//
// Its two cars avoid each other: the second plans around the first's move.
package main

import "arena.dev/games/wasteland/sdk"

const (
	horizon   = 10 // rounds searched ahead
	shootNear = 4  // an enemy this many columns ahead in the row is shot at
)

// Search order: the same distance favours keeping pace, then going fast.
var order = [9]sdk.Dir{sdk.Default, sdk.Fast, sdk.Up, sdk.Down, sdk.FastUp, sdk.FastDown, sdk.Slow, sdk.SlowUp, sdk.SlowDown}

type bot struct {
	rows, cols int
	g          *sdk.Game

	// Per round, by cell (row*cols + column).
	walk  [horizon + 2][]bool // missiles fly through the cell in phase 1 of round k
	rest  [horizon + 2][]bool // a missile stands on the cell during the moves of round k
	now   []bool              // enemy cars could be, pass or shoot here this round
	next  []bool              // an enemy missile shot this round flies here next round
	mine  []bool              // cells my other car takes this round
	layer [horizon + 2][]node
	seen  [horizon + 2][]int // search stamp per cell and round
	stamp int
}

// node is a cell reached in the search and the first move of its path.
type node struct {
	cell  int
	first int8 // index in order
}

func (b *bot) Play(g *sdk.Game) {
	b.g = g
	if b.rows == 0 {
		b.rows, b.cols = g.NumberRows(), g.NumberUniverseColumns()
		n := b.rows * b.cols
		for k := range b.walk {
			b.walk[k], b.rest[k], b.seen[k] = make([]bool, n), make([]bool, n), make([]int, n)
		}
		b.now, b.next, b.mine = make([]bool, n), make([]bool, n), make([]bool, n)
	}
	b.predict()
	clear(b.mine)
	me := g.Me()
	for id := g.Begin(me); id < g.End(me); id++ {
		if c := g.Car(id); c.Alive {
			b.drive(c)
		}
	}
}

func (b *bot) index(p sdk.Pos) int { return p.I*b.cols + b.g.Normalize(p.J) }

// predict fills the missile and enemy dangers of this round and the next.
func (b *bot) predict() {
	g := b.g
	for k := range b.walk {
		clear(b.walk[k])
		clear(b.rest[k])
	}
	clear(b.now)
	clear(b.next)
	for _, m := range g.Missiles() {
		col := m.Pos.J
	flight:
		for k := range b.walk {
			for step := 1; step <= 2; step++ {
				i := b.index(sdk.Pos{I: m.Pos.I, J: col + step})
				b.walk[k][i] = true
				if t := g.Cell(sdk.Pos{I: m.Pos.I, J: col + step}).Type; t == sdk.TyreCell || t.IsBonus() {
					break flight
				}
			}
			col += 2
			b.rest[k][b.index(sdk.Pos{I: m.Pos.I, J: col})] = true
		}
	}
	next := g.Round() + 1
	for id := range g.NumberCars() {
		c := g.Car(id)
		if !c.Alive || g.PlayerOf(id) == g.Me() {
			continue
		}
		b.now[b.index(c.Pos)] = true
		for _, d := range sdk.Dirs {
			if g.WithinWindow(c.Pos.Add(d), next) {
				for _, s := range sdk.Passes(d) {
					b.now[b.index(c.Pos.Add(s))] = true
				}
			}
		}
		if c.Missiles > 0 {
			for j := 1; j <= 4; j++ {
				p := b.index(sdk.Pos{I: c.Pos.I, J: c.Pos.J + j})
				if j <= 2 {
					b.now[p] = true
				} else {
					b.next[p] = true
				}
			}
		}
	}
}

// safe reports whether a move from p in direction d in round k (from now)
// meets nothing: no tyre, car or missile on its way, no enemy this round,
// and no missile flying through its target next round.
func (b *bot) safe(p sdk.Pos, d sdk.Dir, k int) (int, bool) {
	g := b.g
	q := p.Add(d)
	if !g.WithinWindow(q, g.Round()+1+k) {
		return 0, false
	}
	for _, s := range sdk.Passes(d) {
		c := p.Add(s)
		i := b.index(c)
		if b.rest[k][i] || k == 0 && (b.now[i] || b.mine[i]) {
			return 0, false
		}
		switch t := g.Cell(c).Type; {
		case t == sdk.TyreCell, t == sdk.CarCell && k == 0, t == sdk.MissileCell && k == 0:
			return 0, false
		}
	}
	i := b.index(q)
	if b.walk[k+1][i] || k == 0 && (b.next[i] || b.now[i] || b.mine[i]) {
		return 0, false
	}
	return i, true
}

// value is what a bonus on cell c is worth to car c reaching it after k
// rounds.
func (b *bot) value(car sdk.Car, t sdk.CellType, k int) float64 {
	switch t {
	case sdk.WaterBonus:
		return 10
	case sdk.GasBonus:
		switch left := car.Gas - k; {
		case left < 20:
			return 40
		case left < 45:
			return 9
		}
		return 3
	case sdk.MissileBonus:
		if car.Missiles < 3 {
			return 8
		}
		return 3
	}
	return 0
}

// drive plans car c's move and gives its instruction.
func (b *bot) drive(c sdk.Car) {
	g := b.g
	b.stamp++
	start := b.index(c.Pos)
	b.layer[0] = append(b.layer[0][:0], node{cell: start, first: -1})
	best, bestScore := int8(-1), 0.0
	deepest := [9]int{} // per first move, the last round its paths survive to
	for k := 0; k < horizon && len(b.layer[k]) > 0; k++ {
		b.layer[k+1] = b.layer[k+1][:0]
		for _, n := range b.layer[k] {
			p := sdk.Pos{I: n.cell / b.cols, J: n.cell % b.cols}
			for di, d := range order {
				i, ok := b.safe(p, d, k)
				if !ok || b.seen[k+1][i] == b.stamp {
					continue
				}
				b.seen[k+1][i] = b.stamp
				first := n.first
				if k == 0 {
					first = int8(di)
				}
				b.layer[k+1] = append(b.layer[k+1], node{cell: i, first: first})
				deepest[first] = k + 1
				if t := g.Cell(sdk.Pos{I: i / b.cols, J: i % b.cols}).Type; t.IsBonus() {
					if s := b.value(c, t, k+1) / float64(k+2); s > bestScore {
						best, bestScore = first, s
					}
				}
			}
		}
	}
	if best < 0 { // no bonus in reach: the move that keeps the car alive longest
		for di := range order {
			if deepest[di] > 0 && (best < 0 || deepest[di] > deepest[best]) {
				best = int8(di)
			}
		}
	}
	if c.Missiles > 0 && deepest[0] >= 3 && b.target(c) {
		g.Shoot(c.ID)
		b.claim(c.Pos, sdk.Default)
		return
	}
	if best < 0 {
		return // doomed: anything goes
	}
	g.Move(c.ID, order[best])
	b.claim(c.Pos, order[best])
}

// target reports whether an enemy car stands shootNear columns or fewer
// ahead in the row, with none of our cars in between.
func (b *bot) target(c sdk.Car) bool {
	g := b.g
	for j := 1; j <= shootNear; j++ {
		cell := g.Cell(sdk.Pos{I: c.Pos.I, J: c.Pos.J + j})
		switch cell.Type {
		case sdk.CarCell:
			return g.PlayerOf(cell.Car) != g.Me()
		case sdk.TyreCell, sdk.WaterBonus, sdk.GasBonus, sdk.MissileBonus:
			return false
		}
	}
	return false
}

// claim marks the cells a move of ours passes, for our other car.
func (b *bot) claim(p sdk.Pos, d sdk.Dir) {
	b.mine[b.index(p)] = true
	for _, s := range sdk.Passes(d) {
		b.mine[b.index(p.Add(s))] = true
	}
}

func main() { sdk.Run(&bot{}) }
