// Strong is an Ork Island bot that clearly beats the Dummy. Each round:
//   - orks attack adjacent enemies they beat for sure (health after paying
//     the target cell's cost strictly above the enemy's): the loser becomes ours;
//   - one ork (more when contested) holds each city or path we have; a holder
//     that a stronger neighbour could kill steps out of its reach if it can;
//   - the others walk (cheapest health-weighted routes, so along paths and
//     cities, which cost nothing) to the best target: a weaker enemy holder
//     to convert, or a city/path whose conquest adds most to our score
//     (cells plus the exponential bonus of connected cities), near first.
//     A route is kept for a few rounds; a few walkers search each round and
//     the rest follow a shared distance field to the structures short of orks.
package main

import (
	"cmp"
	"slices"

	"arena.dev/games/orkisland/sdk"
)

const (
	inf        = 1 << 30
	maxSearch  = 56 // weighted distance beyond which a walker looks no further
	maxWalkers = 4  // searches per round; the other walkers wait their turn
	replan     = 10 // rounds a plan is followed before searching again
	fieldEvery = 2  // rounds the idle walkers' field is reused
	orkValue   = 12 // worth of converting an enemy ork, in points per round
)

type bot struct {
	rows, cols, n int
	cost          []int   // health cost of entering a cell, -1 for water
	weight        []int   // search weight of entering a cell
	structOf      []int   // city id, or NbCities+path id, or -1
	structCells   [][]int // cells of each structure
	nbStructs     int
	adj           [][4]int32 // land neighbours, -1 padded

	// Per round.
	occ        []int  // ork on each cell, -1
	kind       []int8 // 0 empty, 1 own ork, 2 enemy ork
	field      []int32
	queue      []int32
	reserved   []bool // an own ork will be (or stay) here
	counts     [][]int
	gain       []int // score change per round of conquering (or keeping) a structure
	own        []bool
	parent     []int
	size       []int
	need       []int  // orks a structure needs to be ours
	have       []int  // own orks holding it this round
	taken      []int  // walkers heading to a structure, or (after nbStructs) an enemy ork
	moved      []bool // own ork already commanded, by id
	claimed    []bool // enemy on this cell already attacked
	seen       []int  // search stamp of the last visit of each structure
	stamp      int
	fieldUntil int   // round when the field is next recomputed
	rest       []int // round until which an ork that found nothing skips searching
	cands      []cand

	// Searches, one slot per walker.
	nodes   [][]node
	touched [][]int32
	bkt     [8][]int32

	plans map[int]*plan // by own ork id
}

// node is a cell as a search reached it.
type node struct {
	dist int32 // weighted distance
	hc   int32 // health spent on the way
	prev int32 // previous cell
}

// plan is a walker's route to its target, kept for a few rounds.
type plan struct {
	target int     // structure id, or nbStructs + enemy ork id
	path   []int32 // cells still to enter, the goal last
	at     int     // cell the ork should be on now
	until  int     // last round before re-planning
}

func (b *bot) init(g *sdk.Game) {
	b.rows, b.cols = g.Rows(), g.Cols()
	b.n = b.rows * b.cols
	b.cost = make([]int, b.n)
	b.weight = make([]int, b.n)
	b.structOf = make([]int, b.n)
	b.adj = make([][4]int32, b.n)
	nc := g.NbCities()
	b.nbStructs = nc + g.NbPaths()
	b.structCells = make([][]int, b.nbStructs)
	for c := range b.n {
		p := sdk.Pos{I: c / b.cols, J: c % b.cols}
		cell := g.Cell(p)
		b.cost[c] = g.Cost(cell.Type)
		b.weight[c] = 1 + min(b.cost[c], 5) // the search buckets need weights below 8
		s := -1
		if cell.CityID >= 0 {
			s = cell.CityID
		} else if cell.PathID >= 0 {
			s = nc + cell.PathID
		}
		b.structOf[c] = s
		if s >= 0 {
			b.structCells[s] = append(b.structCells[s], c)
		}
		for d := range 4 {
			b.adj[c][d] = -1
			q := p.Move(sdk.Dir(d))
			if g.PosOk(q) && g.Cell(q).Type != sdk.Water {
				b.adj[c][d] = int32(q.I*b.cols + q.J)
			}
		}
	}
	b.occ = make([]int, b.n)
	b.kind = make([]int8, b.n)
	b.field = make([]int32, b.n)
	b.reserved = make([]bool, b.n)
	b.counts = make([][]int, b.nbStructs)
	for i := range b.counts {
		b.counts[i] = make([]int, g.NbPlayers())
	}
	b.gain = make([]int, b.nbStructs)
	b.own = make([]bool, b.nbStructs)
	b.parent = make([]int, nc)
	b.size = make([]int, nc)
	b.need = make([]int, b.nbStructs)
	b.have = make([]int, b.nbStructs)
	b.taken = make([]int, b.nbStructs+g.NbUnits())
	b.moved = make([]bool, g.NbUnits())
	b.claimed = make([]bool, b.n)
	b.rest = make([]int, g.NbUnits())
	b.seen = make([]int, b.nbStructs)
	b.plans = make(map[int]*plan)
}

func (b *bot) cellOf(p sdk.Pos) int { return p.I*b.cols + p.J }

// score is what player me earns per round owning the structures in own.
func (b *bot) score(g *sdk.Game) int {
	own, parent := b.own, b.parent
	nc := g.NbCities()
	total := 0
	for s, o := range own {
		if !o {
			continue
		}
		if s < nc {
			total += len(b.structCells[s]) * g.BonusPerCityCell()
		} else {
			total += len(b.structCells[s]) * g.BonusPerPathCell()
		}
	}
	for i := range nc {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for p := range g.NbPaths() {
		if !own[nc+p] {
			continue
		}
		cs := g.Path(p).Cities
		if own[cs[0]] && own[cs[1]] {
			parent[find(cs[0])] = find(cs[1])
		}
	}
	size := b.size
	clear(size)
	for i := range nc {
		if own[i] {
			size[find(i)]++
		}
	}
	for _, k := range size {
		if k > 0 {
			if k > 40 {
				k = 40
			}
			total += g.FactorConnectedComponent() << k
		}
	}
	return total
}

// search runs a bucket-queue Dijkstra from walker u (slot w) and adds
// its candidate targets to cands: the nearest free cell of each structure
// short of orks, and the enemy orks it would beat on arrival. It stops once
// no target further away could be worth half the best one found.
func (b *bot) search(w int, u sdk.Unit, g *sdk.Game, maxV float64) {
	if len(b.nodes) <= w {
		ns := make([]node, b.n)
		for i := range ns {
			ns[i].dist = inf
		}
		b.nodes = append(b.nodes, ns)
		b.touched = append(b.touched, nil)
	}
	b.stamp++
	src := b.cellOf(u.Pos)
	ns := b.nodes[w]
	for _, c := range b.touched[w] {
		ns[c].dist = inf
	}
	touched := append(b.touched[w][:0], int32(src))
	defer func() { b.touched[w] = touched }()
	for i := range b.bkt {
		b.bkt[i] = b.bkt[i][:0]
	}
	ns[src] = node{0, 0, int32(src)}
	b.bkt[0] = append(b.bkt[0], int32(src))
	pending := 1
	best := 0.0
	for d := int32(0); pending > 0 && d <= maxSearch && maxV/float64(d+4) >= best/2; d++ {
		bk := &b.bkt[d&7]
		for i := 0; i < len(*bk); i++ {
			c := int((*bk)[i])
			if ns[c].dist != d {
				continue
			}
			if c != src {
				if p := b.consider(w, u, c, ns[c], g); p > best {
					best = p
				}
				// Enemy orks stop the search (targets, not corridors).
				if b.kind[c] == 2 {
					continue
				}
			}
			hc := ns[c].hc
			for _, q32 := range b.adj[c] {
				if q32 < 0 {
					continue
				}
				q := int(q32)
				nd := d + int32(b.weight[q])
				if b.kind[q] == 1 {
					if c == src {
						continue // cannot step onto an own ork
					}
					nd++
				}
				if nd < ns[q].dist {
					if ns[q].dist == inf {
						touched = append(touched, q32)
					}
					ns[q] = node{nd, hc + int32(b.cost[q]), int32(c)}
					b.bkt[nd&7] = append(b.bkt[nd&7], q32)
					pending++
				}
			}
		}
		pending -= len(*bk)
		*bk = (*bk)[:0]
	}
}

// consider adds cell c, reached as n by walker u (slot w), as a candidate
// target if it is one, and returns its priority (0 if none).
func (b *bot) consider(w int, u sdk.Unit, c int, n node, g *sdk.Game) float64 {
	s := b.structOf[c]
	if b.kind[c] == 2 {
		if b.claimed[c] {
			return 0
		}
		e := g.Unit(b.occ[c])
		arrive := u.Health - int(n.hc)
		margin := 1
		if s < 0 {
			margin = 3
			if n.dist > 8 {
				return 0 // a wandering ork: only chase it when close
			}
		}
		if arrive-margin < e.Health {
			return 0
		}
		v := float64(orkValue)
		if s >= 0 {
			v += float64(b.gain[s])
		}
		p := v / (float64(n.dist) + 4)
		b.cands = append(b.cands, cand{w, b.nbStructs + e.ID, c, p})
		return p
	}
	if s < 0 || b.kind[c] != 0 || b.have[s] >= b.need[s] || b.seen[s] == b.stamp || int(n.hc) >= u.Health {
		return 0
	}
	b.seen[s] = b.stamp
	v := float64(b.gain[s])
	if b.have[s]+b.counts[s][u.Player] == 0 && b.need[s] > 1 {
		v /= float64(b.need[s]) // needs several orks
	}
	p := v / (float64(n.dist) + 4)
	b.cands = append(b.cands, cand{w, s, c, p})
	return p
}

// dirTo is the direction from cell a to its neighbour b.
func dirTo(a, b, cols int) sdk.Dir {
	switch b - a {
	case cols:
		return sdk.Bottom
	case 1:
		return sdk.Right
	case -cols:
		return sdk.Top
	case -1:
		return sdk.Left
	}
	return sdk.None
}

// follow reports whether walker u can take the next step of plan p: it is
// where the plan expects, the target is still worth it and the step is free
// (or an enemy it beats).
func (b *bot) follow(g *sdk.Game, u sdk.Unit, p *plan) bool {
	have, need, taken := b.have, b.need, b.taken
	c := b.cellOf(u.Pos)
	if p.at != c || g.Round() > p.until || len(p.path) == 0 {
		return false
	}
	goal := int(p.path[len(p.path)-1])
	if b.claimed[goal] {
		return false
	}
	arrive := u.Health
	for _, q := range p.path {
		arrive -= b.cost[q]
	}
	if p.target < b.nbStructs {
		s := p.target
		if have[s]+taken[s] >= need[s] || b.kind[goal] == 1 ||
			(b.kind[goal] == 2 && arrive <= g.Unit(b.occ[goal]).Health) {
			return false
		}
	} else {
		e := g.Unit(p.target - b.nbStructs)
		if e.Player == g.Me() || e.Pos.I < 0 || b.cellOf(e.Pos) != goal || taken[p.target] > 0 || arrive <= e.Health {
			return false
		}
	}
	next := int(p.path[0])
	if b.reserved[next] || b.kind[next] == 1 {
		return false
	}
	if b.kind[next] == 2 && u.Health-b.cost[next] <= g.Unit(b.occ[next]).Health {
		return false
	}
	return true
}

// maxEnemy is the most orks one enemy player has on structure s.
func (b *bot) maxEnemy(s, me int) int {
	mx := 0
	for p, k := range b.counts[s] {
		if p != me && k > mx {
			mx = k
		}
	}
	return mx
}

// fill computes field: the weighted distance from each cell to the nearest
// cell in queue, moving as orks do (enemy orks block the way).
func (b *bot) fill() {
	for i := range b.field {
		b.field[i] = inf
	}
	for i := range b.bkt {
		b.bkt[i] = b.bkt[i][:0]
	}
	for _, c := range b.queue {
		b.field[c] = 0
		b.bkt[0] = append(b.bkt[0], c)
	}
	pending := len(b.queue)
	for d := int32(0); pending > 0; d++ {
		bk := &b.bkt[d&7]
		for i := 0; i < len(*bk); i++ {
			q := int((*bk)[i])
			if b.field[q] != d || (d > 0 && b.kind[q] == 2) {
				continue
			}
			// A neighbour c reaches q at the cost of entering q.
			nd := d + int32(b.weight[q])
			for _, c32 := range b.adj[q] {
				if c32 >= 0 && nd < b.field[c32] {
					b.field[c32] = nd
					b.bkt[nd&7] = append(b.bkt[nd&7], c32)
					pending++
				}
			}
		}
		pending -= len(*bk)
		*bk = (*bk)[:0]
	}
}

type cand struct {
	w, target, cell int // walker index; target: structure id, or nbStructs+ork id
	prio            float64
}

// Play implements sdk.Bot.
func (b *bot) Play(g *sdk.Game) {
	if b.n == 0 {
		b.init(g)
	}
	me := g.Me()
	np := g.NbPlayers()
	for c := range b.n {
		b.occ[c] = -1
		b.kind[c] = 0
		b.reserved[c] = false
	}
	for s := range b.counts {
		clear(b.counts[s])
	}
	var mine []sdk.Unit
	for id := range g.NbUnits() {
		u := g.Unit(id)
		if u.Pos.I < 0 {
			continue
		}
		c := b.cellOf(u.Pos)
		b.occ[c] = id
		b.kind[c] = 2
		if u.Player == me {
			b.kind[c] = 1
		}
		if s := b.structOf[c]; s >= 0 {
			b.counts[s][u.Player]++
		}
		if u.Player == me {
			mine = append(mine, u)
		}
	}

	// Marginal value per round of each structure for us.
	nc := g.NbCities()
	own := b.own
	for s := range own {
		if s < nc {
			own[s] = g.CityOwner(s) == me
		} else {
			own[s] = g.PathOwner(s-nc) == me
		}
	}
	base := b.score(g)
	for s := range own {
		own[s] = !own[s]
		v := b.score(g) - base
		own[s] = !own[s]
		if v < 0 {
			v = -v
		}
		b.gain[s] = v
	}

	moved, claimed, taken := b.moved, b.claimed, b.taken
	clear(moved)
	clear(claimed)
	clear(taken)
	command := func(u sdk.Unit, d sdk.Dir, to int) {
		moved[u.ID] = true
		b.reserved[to] = true
		if d != sdk.None {
			g.Move(u.ID, d)
		}
	}
	beats := func(h int, target int) bool { // h attacking the ork on cell target
		return h-b.cost[target] > g.Unit(b.occ[target]).Health
	}
	threatened := func(c, h int) bool { // an enemy next to c could kill an ork of health h there
		for _, q := range b.adj[c] {
			if q >= 0 && b.occ[q] >= 0 {
				e := g.Unit(b.occ[q])
				if e.Player != me && e.Health-b.cost[c] >= h {
					return true
				}
			}
		}
		return false
	}

	// 1. Attacks that surely win; an enemy on a structure first.
	for _, u := range mine {
		c := b.cellOf(u.Pos)
		best, bestDir, bestVal := -1, sdk.None, -1
		for d, q32 := range b.adj[c] {
			q := int(q32)
			if q < 0 || b.occ[q] < 0 || claimed[q] || g.Unit(b.occ[q]).Player == me || !beats(u.Health, q) {
				continue
			}
			v := 1
			if s := b.structOf[q]; s >= 0 {
				v += b.gain[s] + 1
			}
			if v > bestVal {
				best, bestDir, bestVal = q, sdk.Dir(d), v
			}
		}
		if best >= 0 {
			claimed[best] = true
			command(u, bestDir, best)
		}
	}

	// 2. Holders: keep enough orks on each structure to own it.
	need, have := b.need, b.have
	clear(have)
	for s := range need {
		mx := 0
		for p := range np {
			if p != me && b.counts[s][p] > mx {
				mx = b.counts[s][p]
			}
		}
		owner := -1
		if s < nc {
			owner = g.CityOwner(s)
		} else {
			owner = g.PathOwner(s - nc)
		}
		need[s] = mx + 1
		if owner == me && mx > 0 {
			need[s] = mx
		}
	}
	var walkers []sdk.Unit
	for _, u := range mine {
		if moved[u.ID] {
			if s := b.structOf[b.cellOf(u.Pos)]; s >= 0 {
				have[s]++ // attacking from a structure; usually stays on it
			}
			continue
		}
		c := b.cellOf(u.Pos)
		s := b.structOf[c]
		if s < 0 || have[s] >= need[s] {
			walkers = append(walkers, u)
			continue
		}
		have[s]++
		d, to := sdk.None, c
		if threatened(c, u.Health) {
			// Step out of reach, inside the structure if possible.
			bestScore := -1
			for dir, q32 := range b.adj[c] {
				q := int(q32)
				if q < 0 || b.occ[q] >= 0 || b.reserved[q] || threatened(q, u.Health-b.cost[q]) {
					continue
				}
				sc := 0
				if b.structOf[q] == s {
					sc = 2
				} else if b.structOf[q] >= 0 {
					sc = 1
				}
				if sc > bestScore {
					bestScore, d, to = sc, sdk.Dir(dir), q
				}
			}
		}
		command(u, d, to)
	}

	// 3. Walkers with a plan still worth it follow it.
	fresh := walkers[:0:0]
	for _, u := range walkers {
		p := b.plans[u.ID]
		if p == nil || !b.follow(g, u, p) {
			delete(b.plans, u.ID)
			fresh = append(fresh, u)
			continue
		}
		c, next := b.cellOf(u.Pos), int(p.path[0])
		taken[p.target]++
		p.path, p.at = p.path[1:], next
		command(u, dirTo(c, next, b.cols), next)
	}
	// Walkers whose last search found nothing wait a few rounds.
	walkers = walkers[:0]
	var idle []sdk.Unit
	for _, u := range fresh {
		if b.rest[u.ID] >= g.Round() {
			idle = append(idle, u)
		} else {
			walkers = append(walkers, u)
		}
	}

	// 4. The others search, then take targets greedily by priority. Too
	// many walkers take turns (the others wait below).
	if len(walkers) > maxWalkers {
		k := g.Round() * maxWalkers % len(walkers)
		rot := append(append([]sdk.Unit(nil), walkers[k:]...), walkers[:k]...)
		walkers = rot[:maxWalkers]
		idle = append(idle, rot[maxWalkers:]...)
	}
	// The best value a target can have bounds how far a search goes.
	maxV := 0
	for st := range b.nbStructs {
		if have[st] < need[st] || b.maxEnemy(st, me) > 0 {
			maxV = max(maxV, b.gain[st])
		}
	}
	maxV += orkValue
	b.cands = b.cands[:0]
	for w, u := range walkers {
		b.search(w, u, g, float64(maxV))
	}
	cands := b.cands
	slices.SortFunc(cands, func(x, y cand) int { return cmp.Compare(y.prio, x.prio) })
	assigned := make([]bool, len(walkers))
	for _, cd := range cands {
		if assigned[cd.w] {
			continue
		}
		limit := 1
		if cd.target < b.nbStructs {
			limit = need[cd.target] - have[cd.target]
		}
		if taken[cd.target] >= limit {
			continue
		}
		u := walkers[cd.w]
		src := b.cellOf(u.Pos)
		var path []int32
		for c := cd.cell; c != src; c = int(b.nodes[cd.w][c].prev) {
			path = append(path, int32(c))
		}
		if len(path) == 0 {
			continue
		}
		slices.Reverse(path)
		to := int(path[0])
		d := dirTo(src, to, b.cols)
		if b.reserved[to] {
			continue
		}
		if b.occ[to] >= 0 && g.Unit(b.occ[to]).Player != me && !beats(u.Health, to) {
			continue
		}
		assigned[cd.w] = true
		taken[cd.target]++
		command(u, d, to)
		// Keep the route for the next rounds.
		if len(path) > 1 {
			b.plans[u.ID] = &plan{target: cd.target, path: path[1:], at: to, until: g.Round() + replan}
		}
	}
	// The other walkers follow one shared field towards the structures
	// still short of orks (or, failing those, the contested ones), and stay
	// out of reach of stronger enemies when they can.
	for w, u := range walkers {
		if !assigned[w] {
			idle = append(idle, u)
			b.rest[u.ID] = g.Round() + 3
		}
	}
	if len(idle) == 0 {
		return
	}
	if g.Round() >= b.fieldUntil {
		b.fieldUntil = g.Round() + fieldEvery
		b.queue = b.queue[:0]
		for pass := 0; pass < 2 && len(b.queue) == 0; pass++ {
			for st := range b.nbStructs {
				short := have[st]+taken[st] < need[st]
				if pass == 1 {
					short = b.counts[st][me] < b.maxEnemy(st, me)+1
				}
				if !short {
					continue
				}
				for _, c := range b.structCells[st] {
					if b.kind[c] != 1 {
						b.queue = append(b.queue, int32(c))
					}
				}
			}
		}
		b.fill()
	}
	for _, u := range idle {
		c := b.cellOf(u.Pos)
		d, to := sdk.None, c
		best := b.field[c]
		for dir, q32 := range b.adj[c] {
			q := int(q32)
			if q < 0 || b.reserved[q] || b.kind[q] == 1 || (b.kind[q] == 2 && !beats(u.Health, q)) ||
				threatened(q, u.Health-b.cost[q]) {
				continue
			}
			if v := b.field[q] + int32(b.weight[q]); v < best {
				best, d, to = v, sdk.Dir(dir), q
			}
		}
		if d == sdk.None && threatened(c, u.Health) {
			for dir, q32 := range b.adj[c] {
				q := int(q32)
				if q >= 0 && b.occ[q] < 0 && !b.reserved[q] && !threatened(q, u.Health-b.cost[q]) {
					d, to = sdk.Dir(dir), q
					break
				}
			}
		}
		command(u, d, to)
	}
}

func main() { sdk.Run(&bot{}) }
