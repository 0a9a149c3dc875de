package bots

import "arena.dev/games/apocalypse/sdk"

// Dummy is the opponent a submission must beat to qualify. Its soldiers
// attack an adjacent enemy when they can, stay on the posts they hold,
// and otherwise walk (breadth-first, around water, mountains and fire) to
// the posts they do not hold, at most two walkers per post, nearest first.
// Its helicopters cruise like the Demo's, throw napalm on two enemies or
// more when none of their own soldiers is below, and drop every
// parachuter they can onto free cells below them (a post first) near the
// posts to take. Steering helicopters is left for better bots.
type Dummy struct {
	n     int
	open  []bool  // per cell: a soldier can walk there (forest or grass, no fire)
	dist  [][]int // per post: steps from every cell, -1 unreachable
	queue []int
}

// dummySteps are the soldiers' eight steps.
var dummySteps = sdk.SoldierDirs

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	d.n = g.Max()
	d.distances(g)
	me := g.Me()
	d.helicopters(g, me)
	d.soldiers(g, me)
}

// passable reports whether a soldier may walk onto (i, j) without dying.
func passable(g *sdk.Game, i, j int) bool {
	t := g.What(i, j)
	return (t == sdk.Forest || t == sdk.Grass) && g.FireTime(i, j) == 0
}

// distances computes, for each post, the soldiers' steps to it from every
// cell, around water, mountains and fire.
func (d *Dummy) distances(g *sdk.Game) {
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
	for k, s := range dummySteps {
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

func (d *Dummy) soldiers(g *sdk.Game, me int) {
	posts := g.Posts()
	n := d.n
	walkers := map[int]sdk.Data{}
	for _, id := range g.Soldiers(me) {
		u := g.Data(id)
		if target := d.attack(g, u); target != nil {
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
		bestD, bestI, bestJ := d.dist[k][c], -1, -1
		for _, s := range dummySteps {
			i, j := u.Pos.I+s.I, u.Pos.J+s.J
			dd := d.dist[k][i*n+j]
			if dd < 0 || dd >= bestD || !passable(g, i, j) {
				continue
			}
			if other := g.WhichSoldier(i, j); other > 0 && g.Data(other).Player == me {
				continue
			}
			bestD, bestI, bestJ = dd, i, j
		}
		if bestI >= 0 {
			g.CommandSoldier(id, bestI, bestJ)
		}
	}
}

// attack returns the adjacent enemy to attack, the one on grass (where
// attacks hurt most) and weakest first, or nil.
func (d *Dummy) attack(g *sdk.Game, u sdk.Data) *sdk.Pos {
	var best *sdk.Pos
	bestScore := 0
	for _, s := range dummySteps {
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

func (d *Dummy) helicopters(g *sdk.Game, me int) {
	jumps := 0
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
func (d *Dummy) nearPost(g *sdk.Game, i, j, me int) bool {
	for k, p := range g.Posts() {
		if dd := d.dist[k][i*d.n+j]; p.Player != me && dd >= 0 && dd <= 12 {
			return true
		}
	}
	return false
}

// fly throws napalm on two enemies or more with none of ours below, else
// cruises.
func (d *Dummy) fly(g *sdk.Game, h sdk.Data, me int) sdk.Instruction {
	if h.Napalm == 0 {
		mine, enemies := 0, 0
		for di := -2; di <= 2; di++ {
			for dj := -2; dj <= 2; dj++ {
				if id := g.WhichSoldier(h.Pos.I+di, h.Pos.J+dj); id > 0 {
					if g.Data(id).Player == me {
						mine++
					} else {
						enemies++
					}
				}
			}
		}
		if enemies >= 2 && mine == 0 {
			return sdk.Napalm
		}
	}
	// Otherwise cruise like the Demo: mostly forward, now and then a turn.
	if g.Random(1, 5) == 1 {
		return sdk.CounterClockwise
	}
	return sdk.Forward2
}
