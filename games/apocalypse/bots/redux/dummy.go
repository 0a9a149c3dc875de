package redux

import "arena.dev/games/apocalypse/sdk"

// Dummy is the opponent a submission must beat to qualify: Redux's own,
// as strong against Redux's Demo as the Redux course's Dummy (whose source
// was never published) is in the original engine: on the default board it
// beats three Demos in every one of 100 seeds there, and here (TestReduxDummy
// measures both). Each round:
//   - a soldier next to an enemy hits it (the one on grass, where blows
//     hurt most, and the weakest first);
//   - a soldier on a post of ours stays there and guards it;
//   - the others walk (breadth-first, around water, mountains, fire and
//     forest next to burning forest) to the posts we do not hold, two a
//     post, nearest first;
//   - helicopters drop parachuters onto free posts below them not ours
//     (taken at once), then onto our unguarded posts, then near posts to
//     take; one about to expire lands anywhere safe rather than go to an
//     enemy; napalm falls on two enemies or more with none of ours below;
//     otherwise they cruise like the Demo's. Steering helicopters is left
//     for better bots.
type Dummy struct {
	n      int
	open   []bool    // per cell: a soldier may walk there safely
	landed []bool    // per cell: a parachuter of ours lands there this round
	dist   [][]int32 // per post: steps from every cell, -1 unreachable
	queue  []int32
}

// dummySteps are the soldiers' eight steps.
var dummySteps = sdk.SoldierDirs

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	me := g.Me()
	d.scan(g)
	d.helicopters(g, me)
	d.soldiers(g, me)
}

// scan computes where soldiers may walk and each post's distances.
func (d *Dummy) scan(g *sdk.Game) {
	n := g.Max()
	posts := g.Posts()
	if d.n != n || len(d.dist) != len(posts) {
		d.n = n
		d.open = make([]bool, n*n)
		d.landed = make([]bool, n*n)
		d.dist = make([][]int32, len(posts))
		for k := range d.dist {
			d.dist[k] = make([]int32, n*n)
		}
	}
	for c := range d.open {
		i, j := c/n, c%n
		d.open[c] = i > 0 && j > 0 && i < n-1 && j < n-1 && safe(g, i, j)
	}
	clear(d.landed)
	for k, p := range posts {
		d.bfs(p.Pos.I*n+p.Pos.J, d.dist[k])
	}
}

// safe reports whether a soldier may stand on (i, j) without dying now or
// likely soon: forest or grass without fire, and no forest next to a
// burning forest (fire spreads only from forest).
func safe(g *sdk.Game, i, j int) bool {
	t := g.What(i, j)
	if (t != sdk.Forest && t != sdk.Grass) || g.FireTime(i, j) > 0 {
		return false
	}
	if t == sdk.Forest {
		for _, s := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if g.What(i+s[0], j+s[1]) == sdk.Forest && g.FireTime(i+s[0], j+s[1]) > 0 {
				return false
			}
		}
	}
	return true
}

// bfs fills dist with the soldiers' steps from cell src to every cell
// through open cells, -1 where unreachable.
func (d *Dummy) bfs(src int, dist []int32) {
	n := d.n
	for c := range dist {
		dist[c] = -1
	}
	if i, j := src/n, src%n; i <= 0 || j <= 0 || i >= n-1 || j >= n-1 {
		return // never: posts are off the mountain border
	}
	var step [8]int32
	for k, s := range dummySteps {
		step[k] = int32(s.I*n + s.J)
	}
	// Border cells are never open: the neighbours of an open cell are all
	// on the board.
	dist[src] = 0
	d.queue = append(d.queue[:0], int32(src))
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

// soldiers attack, guard or walk.
func (d *Dummy) soldiers(g *sdk.Game, me int) {
	posts := g.Posts()
	n := d.n
	var walkers []sdk.Data
	for _, id := range g.Soldiers(me) {
		u := g.Data(id)
		if target := d.attack(g, u); target != nil {
			g.CommandSoldier(id, target.I, target.J)
			continue
		}
		if g.PostOwner(u.Pos.I, u.Pos.J) == me {
			continue // guard the post
		}
		walkers = append(walkers, u)
	}
	// Greedy: the closest walker and post not ours, two walkers a post.
	load := make([]int, len(posts))
	goal := make([]int, len(walkers))
	for w := range goal {
		goal[w] = -1
	}
	for range walkers {
		best, bw, bk := int32(-1), 0, 0
		for w, u := range walkers {
			if goal[w] >= 0 {
				continue
			}
			for k, p := range posts {
				dd := d.dist[k][u.Pos.I*n+u.Pos.J]
				if p.Player == me || load[k] >= 2 || dd < 0 {
					continue
				}
				if best < 0 || dd < best {
					best, bw, bk = dd, w, k
				}
			}
		}
		if best < 0 {
			break
		}
		goal[bw] = bk
		load[bk]++
	}
	for w, u := range walkers {
		k := goal[w]
		if k < 0 {
			// Nothing left to take: a random safe step.
			i, j := u.Pos.I+g.Random(-1, 1), u.Pos.J+g.Random(-1, 1)
			if d.open[i*n+j] && g.WhichSoldier(i, j) == 0 {
				g.CommandSoldier(u.ID, i, j)
			}
			continue
		}
		dist := d.dist[k]
		bestD, bestI, bestJ := dist[u.Pos.I*n+u.Pos.J], -1, -1
		for _, s := range dummySteps {
			i, j := u.Pos.I+s.I, u.Pos.J+s.J
			c := i*n + j
			dd := dist[c]
			if dd < 0 || dd >= bestD || !d.open[c] || g.WhichSoldier(i, j) != 0 {
				continue
			}
			bestD, bestI, bestJ = dd, i, j
		}
		if bestI >= 0 {
			g.CommandSoldier(u.ID, bestI, bestJ)
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

// helicopters drops parachuters and flies each helicopter.
func (d *Dummy) helicopters(g *sdk.Game, me int) {
	jumps := 0
	for _, id := range g.Helicopters(me) {
		h := g.Data(id)
		jumps += d.drop(g, h, me, g.MaxJump()-jumps)
		g.CommandHelicopter(id, d.fly(g, h, me))
	}
}

// drop throws up to limit of h's parachuters: onto free posts not ours
// below it (taken at once), then onto our unguarded posts, then onto safe
// cells near posts to take; one about to expire lands on any safe cell
// (else it would go to an enemy). It returns how many jumped.
func (d *Dummy) drop(g *sdk.Game, h sdk.Data, me, limit int) int {
	n := d.n
	left := min(len(h.Parachuters), limit)
	expiring := 0
	for _, r := range h.Parachuters {
		if r <= 1 {
			expiring++
		}
	}
	jumped := 0
	for pass := 0; pass < 4 && jumped < left; pass++ {
		for i := h.Pos.I - 2; i <= h.Pos.I+2 && jumped < left; i++ {
			for j := h.Pos.J - 2; j <= h.Pos.J+2 && jumped < left; j++ {
				c := i*n + j
				if !d.open[c] || d.landed[c] || g.WhichSoldier(i, j) != 0 {
					continue
				}
				ok := false
				switch owner := g.PostOwner(i, j); pass {
				case 0:
					ok = owner != -2 && owner != me
				case 1:
					ok = owner == me
				case 2:
					ok = d.nearPost(g, c, me)
				case 3:
					ok = jumped < expiring
				}
				if ok {
					g.CommandParachuter(i, j)
					d.landed[c] = true
					jumped++
				}
			}
		}
	}
	return jumped
}

// nearPost reports whether a soldier at cell c would be within 8 steps of
// a post not ours.
func (d *Dummy) nearPost(g *sdk.Game, c, me int) bool {
	for k, p := range g.Posts() {
		if dd := d.dist[k][c]; p.Player != me && dd >= 0 && dd <= 8 {
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
