// Strong is an Apocalypse Now bot (both variants) that clearly beats the
// Dummy, as a student could write it from the Dummy's source. Each round:
//   - soldiers next to an enemy hit it (the weakest on grass first), but a
//     soldier on grass facing enemies on forest that one blow cannot kill
//     steps onto forest first: there it takes 20-40 a blow, not 50-100;
//   - a soldier on a post of ours stays and guards it;
//   - the others walk to the posts we do not hold, two a post, nearest
//     first, through forest rather than grass, never next to fire, and off
//     the squares where an enemy helicopter could drop napalm next round;
//   - helicopters fly (breadth-first over the centres with no mountain
//     below, around other helicopters) to the nearest post we do not hold,
//     a free one first when they carry parachuters, each to its own post;
//     they drop parachuters onto free posts (taken at once) and near posts
//     to take, and throw napalm on two enemies or more with none of ours.
package main

import "arena.dev/games/apocalypse/sdk"

type bot struct {
	n     int
	open  []bool  // per cell: a soldier can walk there (forest or grass, no fire near)
	dist  [][]int // per post: steps from every cell, -1 unreachable
	queue []int
	bomb  []bool // cells an enemy helicopter may burn next round

	flyable []bool  // a helicopter can be centred there
	hdist   []int32 // flight steps
	hq      []int32
	aimed   []int // the centres our helicopters head for this round
	want    []int // per cell: worth of a parachuter landing there, -1 cannot
}

const P_THR = 3
const P_TMAX = 10
const P_TB = 3
const P_SB = 4
const P_SP = 3
const P_DNEAR = 1
const P_DOWN = 15
const P_DPOST = 20
const P_DHIGH = 10
const P_DFIGHT = 5
const P_FW = 1
const P_ESC = 1
const P_EB = 0
const P_EMAX = 8
const P_NLEAD = 0
const P_HR = 0
const P_HB = 0
const P_LR = 0
const P_LB = 0
const P_DFH = 0
const P_DFL = 0
const P_DGG = 0
const P_DGF = 0
const P_CR = 2
const P_CMAX = 3600
const P_NW = 0

func main() { sdk.Run(&bot{}) }

// steps are the soldiers' eight steps.
var steps = sdk.SoldierDirs

// Play implements sdk.Bot.
func (d *bot) Play(g *sdk.Game) {
	d.n = g.Max()
	d.distances(g)
	me := g.Me()
	d.helicopters(g, me)
	d.soldiers(g, me)
}

// passable reports whether a soldier may walk onto (i, j) without dying
// now or soon: forest or grass without fire, and no forest next to fire.
func passable(g *sdk.Game, i, j int) bool {
	t := g.What(i, j)
	if t == sdk.Forest && (g.FireTime(i+1, j) > 0 || g.FireTime(i-1, j) > 0 || g.FireTime(i, j+1) > 0 || g.FireTime(i, j-1) > 0) {
		return false
	}
	return (t == sdk.Forest || t == sdk.Grass) && g.FireTime(i, j) == 0
}

// distances computes, for each post, the soldiers' steps to it from every
// cell, around water, mountains and fire.
func (d *bot) distances(g *sdk.Game) {
	posts := g.Posts()
	n := d.n
	if len(d.dist) != len(posts) {
		d.open = make([]bool, n*n)
		d.dist = make([][]int, len(posts))
		for k := range d.dist {
			d.dist[k] = make([]int, n*n)
		}
	}
	for c := range d.open {
		i, j := c/n, c%n
		d.open[c] = i > 0 && j > 0 && i < n-1 && j < n-1 && passable(g, i, j)
	}
	// Border cells are never open (they are mountain anyway): the
	// neighbours of an open cell are all on the board.
	for k, p := range posts {
		d.bfs(p.Pos.I*n+p.Pos.J, d.dist[k])
	}
}

// bfs fills dist with the soldiers' steps from cell src to every cell,
// -1 when unreachable.
func (d *bot) bfs(src int, dist []int) {
	n := d.n
	var step [8]int
	for k, s := range steps {
		step[k] = s.I*n + s.J
	}
	for c := range dist {
		dist[c] = -1
	}
	if i, j := src/n, src%n; i <= 0 || j <= 0 || i >= n-1 || j >= n-1 {
		return // never: posts and soldiers are off the mountain border
	}
	dist[src] = 0
	d.queue = append(d.queue[:0], src)
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		for _, s := range step {
			if x := c + s; d.open[x] && dist[x] < 0 {
				dist[x] = dist[c] + 1
				d.queue = append(d.queue, x)
			}
		}
	}
}

// A goal is where walkers head: a post to take, an enemy to fight near
// one of our posts, or a post of ours to escort.
type goal struct {
	dist  []int // steps to it from every cell
	room  int   // walkers it still takes
	bonus int   // steps it counts closer than it is
	reach int   // walkers further away than this ignore it
	stop  int   // walkers stop this close
}

// soldiers: attack, guard, walk.
func (d *bot) soldiers(g *sdk.Game, me int) {
	posts := g.Posts()
	n := d.n
	d.bombs(g, me)
	walkers := map[int]sdk.Data{}
	for _, id := range g.Soldiers(me) {
		u := g.Data(id)
		if target := d.attack(g, u); target != nil {
			if f := cover(g, u, me); f != nil && g.PostOwner(u.Pos.I, u.Pos.J) != me {
				g.CommandSoldier(id, f.I, f.J)
				continue
			}
			g.CommandSoldier(id, target.I, target.J)
			continue
		}
		if g.PostOwner(u.Pos.I, u.Pos.J) == me {
			continue // guard the post
		}
		walkers[id] = u
	}
	// Goals: the posts not ours, two walkers each; the enemies near our
	// posts, two each; an escort next to each guarded post of ours.
	var goals []goal
	extra := len(posts)
	newDist := func(src int) []int {
		if extra == len(d.dist) {
			d.dist = append(d.dist, make([]int, n*n))
		}
		extra++
		d.bfs(src, d.dist[extra-1])
		return d.dist[extra-1]
	}
	leader := d.leader(g, me)
	for k, p := range posts {
		if p.Player != me {
			gl := goal{dist: d.dist[k], room: P_CR, reach: P_CMAX}
			if p.Value == g.HighValue() {
				gl.room += P_HR
				gl.bonus += P_HB
			}
			if p.Player == leader {
				gl.room += P_LR
				gl.bonus += P_LB
			}
			goals = append(goals, gl)
			continue
		}
		if id := g.WhichSoldier(p.Pos.I, p.Pos.J); id > 0 && g.Data(id).Player == me {
			goals = append(goals, goal{dist: d.dist[k], room: P_ESC, bonus: P_EB, reach: P_EMAX, stop: 1})
		}
		for di := -P_THR; di <= P_THR; di++ {
			for dj := -P_THR; dj <= P_THR; dj++ {
				i, j := p.Pos.I+di, p.Pos.J+dj
				if id := g.WhichSoldier(i, j); id > 0 && g.Data(id).Player != me {
					goals = append(goals, goal{dist: newDist(i*n + j), room: 2, bonus: P_TB, reach: P_TMAX, stop: 1})
				}
			}
		}
	}
	// Greedy: the closest walker and goal first.
	assigned := map[int]int{}
	for len(assigned) < len(walkers) {
		best, bid, bk := 0, 0, -1
		for id, u := range walkers {
			if _, done := assigned[id]; done {
				continue
			}
			for k, gl := range goals {
				dd := gl.dist[u.Pos.I*n+u.Pos.J]
				if gl.room == 0 || dd < 0 || dd > gl.reach {
					continue
				}
				dd -= gl.bonus
				if bk < 0 || dd < best || (dd == best && id < bid) {
					best, bid, bk = dd, id, k
				}
			}
		}
		if bk < 0 {
			break
		}
		assigned[bid] = bk
		goals[bk].room--
	}
	for _, id := range g.Soldiers(me) {
		u, ok := walkers[id]
		if !ok {
			continue
		}
		k, ok := assigned[id]
		if !ok {
			// Nothing left to take: step at random, off fire.
			i, j := u.Pos.I+g.Random(-1, 1), u.Pos.J+g.Random(-1, 1)
			if passable(g, i, j) && g.WhichSoldier(i, j) == 0 {
				g.CommandSoldier(id, i, j)
			}
			continue
		}
		dist := goals[k].dist
		here := dist[u.Pos.I*n+u.Pos.J]
		if here <= goals[k].stop {
			continue
		}
		bestD, bestI, bestJ := 2*here+P_SB, -1, -1
		for _, s := range steps {
			i, j := u.Pos.I+s.I, u.Pos.J+s.J
			dd := dist[i*n+j]
			if dd < 0 || dd > here || !passable(g, i, j) {
				continue
			}
			if other := g.WhichSoldier(i, j); other > 0 && g.Data(other).Player == me {
				continue
			}
			score := 2 * dd // forest counts half a step closer
			if dd == here {
				score += P_SP // a step aside, when the way is blocked
			}
			if g.What(i, j) == sdk.Grass {
				score += 1 + P_DGG*d.enemiesNear(g, i, j, me)
			} else {
				score += P_DGF * d.enemiesNear(g, i, j, me)
			}
			if d.bomb[i*n+j] && dd > 0 {
				score += 3 // an enemy helicopter may burn it next round
			}
			if score < bestD {
				bestD, bestI, bestJ = score, i, j
			}
		}
		if bestI >= 0 {
			g.CommandSoldier(id, bestI, bestJ)
		}
	}
}

// enemiesNear counts the enemies next to (i, j).
func (d *bot) enemiesNear(g *sdk.Game, i, j, me int) int {
	k := 0
	for _, s := range steps {
		if id := g.WhichSoldier(i+s.I, j+s.J); id > 0 && g.Data(id).Player != me {
			k++
		}
	}
	return k
}

// leader is the enemy with the best score.
func (d *bot) leader(g *sdk.Game, me int) int {
	best := -1
	for pl := range g.NumPlayers() {
		if pl != me && (best < 0 || g.TotalScore(pl) > g.TotalScore(best)) {
			best = pl
		}
	}
	return best
}

// attack returns the adjacent enemy to attack, the one on grass (where
// attacks hurt most) and weakest first, or nil.
func (d *bot) attack(g *sdk.Game, u sdk.Data) *sdk.Pos {
	var best *sdk.Pos
	bestScore := 0
	for _, s := range steps {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		id := g.WhichSoldier(i, j)
		if id <= 0 {
			continue
		}
		e := g.Data(id)
		if e.Player == u.Player {
			continue
		}
		score := 1000 - e.Life
		if g.What(i, j) == sdk.Grass {
			score += 1000
		}
		if best == nil || score > bestScore {
			best, bestScore = &sdk.Pos{I: i, J: j}, score
		}
	}
	return best
}

// helicopters: parachuters, then napalm or flight.
func (d *bot) helicopters(g *sdk.Game, me int) {
	d.dropValues(g, me)
	d.aimed = d.aimed[:0]
	jumps := 0
	for _, id := range g.Helicopters(me) {
		h := g.Data(id)
		// Parachuters: onto the best cells below, a free post first; one
		// about to expire anywhere it can land (else an enemy gets it).
		left := len(h.Parachuters)
		for left > 0 && jumps < g.MaxJump() {
			best, bestV := -1, 0
			if h.Parachuters[0] <= 2 {
				bestV = -1
			}
			for i := h.Pos.I - 2; i <= h.Pos.I+2; i++ {
				for j := h.Pos.J - 2; j <= h.Pos.J+2; j++ {
					if v := d.want[i*d.n+j]; v > bestV {
						best, bestV = i*d.n+j, v
					}
				}
			}
			if best < 0 {
				break
			}
			g.CommandParachuter(best/d.n, best%d.n)
			d.want[best] = -1 // taken
			left--
			jumps++
		}
		g.CommandHelicopter(id, d.fly(g, h, me))
	}
}

// dropValues fills want: for each cell, how much a parachuter landing
// there is worth, -1 where it cannot land (not forest or grass, fire,
// a soldier).
func (d *bot) dropValues(g *sdk.Game, me int) {
	n := d.n
	if d.want == nil {
		d.want = make([]int, n*n)
	}
	for c := range d.want {
		d.want[c] = -1
		if i, j := c/n, c%n; d.open[c] && g.WhichSoldier(i, j) == 0 {
			d.want[c] = 0
		}
	}
	posts := g.Posts()
	for k, p := range posts {
		if p.Player == me {
			continue
		}
		// Cells from which a new soldier soon walks to a post to take.
		for c, dd := range d.dist[k] {
			if dd > 0 && dd <= 12 && d.want[c] >= 0 {
				d.want[c] = max(d.want[c], P_DNEAR)
			}
		}
	}
	// Next to enemies that guard a post or come near one of ours: to
	// fight them.
	leader := d.leader(g, me)
	for _, p := range posts {
		r, v := 0, P_DFIGHT
		if p.Player == me {
			r = P_THR
		}
		if p.Value == g.HighValue() {
			v += P_DFH
		}
		if p.Player == leader {
			v += P_DFL
		}
		for di := -r; di <= r; di++ {
			for dj := -r; dj <= r; dj++ {
				i, j := p.Pos.I+di, p.Pos.J+dj
				id := g.WhichSoldier(i, j)
				if id <= 0 || g.Data(id).Player == me {
					continue
				}
				for _, s := range steps {
					x := (i+s.I)*n + j + s.J
					w := v
					if g.What(i+s.I, j+s.J) == sdk.Forest {
						w++ // where blows hurt less
					}
					if d.want[x] >= 0 && d.want[x] < w {
						d.want[x] = w
					}
				}
			}
		}
	}
	// Free posts: taken at once, or ours guarded again.
	for _, p := range posts {
		c := p.Pos.I*n + p.Pos.J
		if d.want[c] < 0 {
			continue
		}
		d.want[c] = P_DPOST
		if p.Player == me {
			d.want[c] = P_DOWN
		}
		if p.Value == g.HighValue() {
			d.want[c] += P_DHIGH
		}
	}
}

// fly throws napalm on two enemies or more with none of ours below, else
// heads for the nearest post not ours that no other of our helicopters
// aims at.
func (d *bot) fly(g *sdk.Game, h sdk.Data, me int) sdk.Instruction {
	n := d.n
	if d.flyable == nil {
		d.flyable = make([]bool, n*n)
		d.hdist = make([]int32, n*n)
		for i := 2; i < n-2; i++ {
			for j := 2; j < n-2; j++ {
				ok := true
				for a := i - 2; a <= i+2 && ok; a++ {
					for c := j - 2; c <= j+2 && ok; c++ {
						ok = g.What(a, c) != sdk.Mountain
					}
				}
				d.flyable[i*n+j] = ok
			}
		}
	}
	if h.Napalm == 0 {
		mine, enemies := d.below(g, h.Pos, me)
		if enemies >= 2 && mine == 0 {
			return sdk.Napalm
		}
	}
	// Where the parachuters we carry are worth most, or, napalm ready
	// soon, over a group of enemies; else over the nearest post not ours.
	// The square another of our helicopters heads for is left to it.
	hunt := h.Napalm <= P_NLEAD
	d.reach(h.Pos, -1)
	best, bestScore := -1, 0
	for pass := 0; pass < 2 && best < 0; pass++ {
		for c := range d.hdist {
			if d.hdist[c] < 0 || d.claimed(c) {
				continue
			}
			v := 0
			if pass == 0 {
				if len(h.Parachuters) > 0 {
					v += P_FW * d.squareValue(c, min(len(h.Parachuters), g.MaxJump()))
				}
				if hunt {
					if mine, enemies := d.below(g, sdk.Pos{I: c / n, J: c % n}, me); mine == 0 && enemies >= 2 {
						v += P_NW * enemies
					}
				}
			} else if d.nearPostNotOurs(g, c, me) {
				v = 1
			}
			if v == 0 {
				continue
			}
			if score := v - int(d.hdist[c]); best < 0 || score > bestScore {
				best, bestScore = c, score
			}
		}
	}
	if best < 0 {
		return sdk.Forward1
	}
	d.aimed = append(d.aimed, best)
	return d.steer(g, h, best)
}

// claimed reports whether centre c's square meets the square another of
// our helicopters heads for.
func (d *bot) claimed(c int) bool {
	for _, a := range d.aimed {
		if abs(a/d.n-c/d.n) <= 4 && abs(a%d.n-c%d.n) <= 4 {
			return true
		}
	}
	return false
}

// squareValue is the worth of the best k drops in the square centred at c.
func (d *bot) squareValue(c, k int) int {
	var top [4]int
	for i := c/d.n - 2; i <= c/d.n+2; i++ {
		for j := c%d.n - 2; j <= c%d.n+2; j++ {
			v := d.want[i*d.n+j]
			for t := range top {
				if v > top[t] {
					top[t], v = v, top[t]
				}
			}
		}
	}
	sum := 0
	for t := range min(k, len(top)) {
		sum += top[t]
	}
	return sum
}

// nearPostNotOurs reports whether the square centred at c covers a post
// not ours.
func (d *bot) nearPostNotOurs(g *sdk.Game, c, me int) bool {
	for i := c/d.n - 2; i <= c/d.n+2; i++ {
		for j := c%d.n - 2; j <= c%d.n+2; j++ {
			if o := g.PostOwner(i, j); o != -2 && o != me {
				return true
			}
		}
	}
	return false
}

// below counts our soldiers and enemies in the 5×5 square centred at p.
func (d *bot) below(g *sdk.Game, p sdk.Pos, me int) (mine, enemies int) {
	for di := -2; di <= 2; di++ {
		for dj := -2; dj <= 2; dj++ {
			if id := g.WhichSoldier(p.I+di, p.J+dj); id > 0 {
				if g.Data(id).Player == me {
					mine++
				} else {
					enemies++
				}
			}
		}
	}
	return
}

// reach fills hdist with the flight steps (centre to centre, 4 ways)
// from p, or to goal when goal >= 0.
func (d *bot) reach(p sdk.Pos, goal int) {
	n := d.n
	for c := range d.hdist {
		d.hdist[c] = -1
	}
	start := int32(p.I*n + p.J)
	if goal >= 0 {
		start = int32(goal)
	}
	d.hdist[start] = 0
	q := append(d.hq[:0], start)
	for k := 0; k < len(q); k++ {
		c := q[k]
		for _, s := range [4]int32{int32(n), -int32(n), 1, -1} {
			if x := c + s; x >= 0 && int(x) < n*n && d.flyable[x] && d.hdist[x] < 0 {
				d.hdist[x] = d.hdist[c] + 1
				q = append(q, x)
			}
		}
	}
	d.hq = q
}

// steer moves h one round along a shortest flight path to centre goal.
func (d *bot) steer(g *sdk.Game, h sdk.Data, goal int) sdk.Instruction {
	n := d.n
	d.reach(h.Pos, goal)
	dist := d.hdist
	here := h.Pos.I*n + h.Pos.J
	if dist[here] <= 0 {
		return sdk.Clockwise // there: wait
	}
	closer := func(c int) bool {
		return c >= 0 && c < n*n && dist[c] >= 0 && dist[c] < dist[here] && d.clearSky(g, h, c)
	}
	a := sdk.Ahead(h.Orientation)
	next := here + a.I*n + a.J
	if closer(next) {
		if next2 := next + a.I*n + a.J; dist[here] >= 2 && closer(next2) && dist[next2] < dist[next] {
			return sdk.Forward2
		}
		return sdk.Forward1
	}
	l := sdk.Ahead((h.Orientation + 1) % 4) // after a counter-clockwise turn
	if closer(here + l.I*n + l.J) {
		return sdk.CounterClockwise
	}
	return sdk.Clockwise
}

// clearSky reports whether h's square centred at c meets no other
// helicopter.
func (d *bot) clearSky(g *sdk.Game, h sdk.Data, c int) bool {
	i, j := c/d.n, c%d.n
	for a := i - 4; a <= i+4; a++ {
		for e := j - 4; e <= j+4; e++ {
			if id := g.WhichHelicopter(a, e); id > 0 && id != h.ID {
				return false
			}
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cover returns, for a soldier on grass whose adjacent enemies all stand
// on forest and would survive a blow, a free forest cell next to it still
// next to one of them; else nil. On grass it takes 2.5 times the damage
// it deals.
func cover(g *sdk.Game, u sdk.Data, me int) *sdk.Pos {
	if g.What(u.Pos.I, u.Pos.J) != sdk.Grass {
		return nil
	}
	var enemies []sdk.Pos
	for _, s := range steps {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		id := g.WhichSoldier(i, j)
		if id <= 0 || g.Data(id).Player == me {
			continue
		}
		if g.What(i, j) == sdk.Grass || g.Data(id).Life <= 2*g.ForestDamage() {
			return nil
		}
		enemies = append(enemies, sdk.Pos{I: i, J: j})
	}
	for _, s := range steps {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		if g.What(i, j) != sdk.Forest || !passable(g, i, j) || g.WhichSoldier(i, j) != 0 {
			continue
		}
		for _, e := range enemies {
			if abs(e.I-i) <= 1 && abs(e.J-j) <= 1 {
				return &sdk.Pos{I: i, J: j}
			}
		}
	}
	return nil
}

// bombs marks the squares enemy helicopters whose napalm is ready next
// round may cover then: where they are, one or two cells ahead.
func (d *bot) bombs(g *sdk.Game, me int) {
	n := d.n
	if d.bomb == nil {
		d.bomb = make([]bool, n*n)
	}
	clear(d.bomb)
	for pl := range g.NumPlayers() {
		if pl == me {
			continue
		}
		for _, id := range g.Helicopters(pl) {
			h := g.Data(id)
			if h.Napalm > 1 {
				continue
			}
			a := sdk.Ahead(h.Orientation)
			for k := 0; k <= 2; k++ {
				for i := h.Pos.I + k*a.I - 2; i <= h.Pos.I+k*a.I+2; i++ {
					for j := h.Pos.J + k*a.J - 2; j <= h.Pos.J+k*a.J+2; j++ {
						if i >= 0 && j >= 0 && i < n && j < n {
							d.bomb[i*n+j] = true
						}
					}
				}
			}
		}
	}
}
