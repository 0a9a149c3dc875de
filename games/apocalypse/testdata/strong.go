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
	aimed   map[int]bool // posts another helicopter of ours heads for
}

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
	var step [8]int
	for k, s := range steps {
		step[k] = s.I*n + s.J
	}
	for k, p := range posts {
		dist := d.dist[k]
		for c := range dist {
			dist[c] = -1
		}
		if p.Pos.I <= 0 || p.Pos.J <= 0 || p.Pos.I >= n-1 || p.Pos.J >= n-1 {
			continue // never: posts are off the mountain border
		}
		dist[p.Pos.I*n+p.Pos.J] = 0
		d.queue = append(d.queue[:0], p.Pos.I*n+p.Pos.J)
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
	// Greedy: the closest walker and post not ours, two walkers a post.
	load := make([]int, len(posts))
	goal := map[int]int{}
	for len(goal) < len(walkers) {
		best, bid, bk := -1, 0, 0
		for id, u := range walkers {
			if _, done := goal[id]; done {
				continue
			}
			for k, p := range posts {
				dd := d.dist[k][u.Pos.I*n+u.Pos.J]
				if p.Player == me || load[k] >= 2 || dd < 0 {
					continue
				}
				if best < 0 || dd < best || (dd == best && id < bid) {
					best, bid, bk = dd, id, k
				}
			}
		}
		if best < 0 {
			break
		}
		goal[bid] = bk
		load[bk]++
	}
	for _, id := range g.Soldiers(me) {
		u, ok := walkers[id]
		if !ok {
			continue
		}
		k, ok := goal[id]
		if !ok {
			// Nothing left to take: step at random, off fire.
			i, j := u.Pos.I+g.Random(-1, 1), u.Pos.J+g.Random(-1, 1)
			if passable(g, i, j) && g.WhichSoldier(i, j) == 0 {
				g.CommandSoldier(id, i, j)
			}
			continue
		}
		c := u.Pos.I*n + u.Pos.J
		here := d.dist[k][c]
		bestD, bestI, bestJ := 2*here+4, -1, -1
		for _, s := range steps {
			i, j := u.Pos.I+s.I, u.Pos.J+s.J
			dd := d.dist[k][i*n+j]
			if dd < 0 || dd >= here || !passable(g, i, j) {
				continue
			}
			if other := g.WhichSoldier(i, j); other > 0 && g.Data(other).Player == me {
				continue
			}
			score := 2 * dd // forest counts half a step closer
			if g.What(i, j) == sdk.Grass {
				score++
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
	jumps := 0
	d.aimed = map[int]bool{}
	for _, id := range g.Helicopters(me) {
		h := g.Data(id)
		// Parachuters: onto a post not ours first, then any free cell.
		left := len(h.Parachuters)
		for pass := 0; pass < 2; pass++ {
			for di := -2; di <= 2; di++ {
				for dj := -2; dj <= 2; dj++ {
					i, j := h.Pos.I+di, h.Pos.J+dj
					if left == 0 || jumps == g.MaxJump() || !passable(g, i, j) || g.WhichSoldier(i, j) != 0 {
						continue
					}
					owner := g.PostOwner(i, j)
					if (pass == 0) != (owner != -2 && owner != me) {
						continue
					}
					if pass == 1 && !d.nearPost(g, i, j, me) {
						continue
					}
					g.CommandParachuter(i, j)
					left--
					jumps++
				}
			}
		}
		g.CommandHelicopter(id, d.fly(g, h, me))
	}
}

// nearPost reports whether a soldier at (i, j) would be within 12 steps
// of a post not ours (else a parachuter is better kept for later).
func (d *bot) nearPost(g *sdk.Game, i, j, me int) bool {
	for k, p := range g.Posts() {
		if dd := d.dist[k][i*d.n+j]; p.Player != me && dd >= 0 && dd <= 12 {
			return true
		}
	}
	return false
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
	// The nearest post not ours (in flight steps), a free one first when
	// there are parachuters to drop on it.
	d.reach(h.Pos, -1)
	best, bestScore, bestPost := -1, 0, -1
	for k, p := range g.Posts() {
		if p.Player == me || d.aimed[k] {
			continue
		}
		for i := p.Pos.I - 2; i <= p.Pos.I+2; i++ {
			for j := p.Pos.J - 2; j <= p.Pos.J+2; j++ {
				x := i*n + j
				if i < 0 || j < 0 || i >= n || j >= n || d.hdist[x] < 0 {
					continue
				}
				score := int(d.hdist[x])
				if len(h.Parachuters) > 0 && g.WhichSoldier(p.Pos.I, p.Pos.J) == 0 {
					score -= 10
				}
				if best < 0 || score < bestScore {
					best, bestScore, bestPost = x, score, k
				}
			}
		}
	}
	if best < 0 {
		return sdk.Forward1
	}
	d.aimed[bestPost] = true
	return d.steer(g, h, best)
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
