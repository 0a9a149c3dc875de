package bots

import "arena.dev/games/poquemon/sdk"

// Dummy is the opponent a submission must beat to qualify. Each living
// Poquémon of its own:
//   - attacks an opponent in sight that the attack would kill;
//   - otherwise walks (breadth-first search) to the bonus worth most for
//     the way to it: bags by their points, stones, defense and attack early,
//     scope while below the maximum;
//   - never ends a round on a ghost wall about to appear, nor, when it can
//     help it, where an opponent in sight could kill it and it could not
//     kill back (its first step avoids such cells, the search goes round).
type Dummy struct {
	dist  []int
	first []sdk.Dir
	queue []int
}

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	n := g.Rows() * g.Cols()
	if len(d.dist) != n {
		d.dist = make([]int, n)
		d.first = make([]sdk.Dir, n)
	}
	for _, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		if !p.Alive {
			continue
		}
		if dir, ok := dummyKill(g, p); ok {
			g.Attack(id, dir)
			continue
		}
		if dir, ok := d.walk(g, p); ok {
			g.Move(id, dir)
		}
	}
}

// dummyKill finds a direction where the closest opponent within scope,
// before any wall, has a defense the attack beats.
func dummyKill(g *sdk.Game, p sdk.Poquemon) (sdk.Dir, bool) {
	for _, dir := range sdk.Dirs {
		at := p.Pos
		for range p.Scope {
			at = at.Move(dir)
			if g.CellType(at) == sdk.Wall {
				break
			}
			if id := g.CellID(at); id >= 0 && g.Poquemon(id).Player != p.Player {
				if g.Poquemon(id).Defense <= p.Attack {
					return dir, true
				}
				break
			}
		}
	}
	return sdk.None, false
}

// worth is what the bonus at c is worth to p.
func dummyWorth(g *sdk.Game, p sdk.Poquemon, at sdk.Pos) int {
	switch g.CellType(at) {
	case sdk.Point:
		return g.PointsValue(at)
	case sdk.Stone:
		if p.Stones < g.MaxStone() {
			return 400
		}
	case sdk.Defense:
		return 180
	case sdk.Attack:
		return 140
	case sdk.Scope:
		if p.Scope < g.MaxScope() {
			return 80
		}
	}
	return 0
}

// walk returns the first step towards the best bonus, or a safe step
// when there is nothing to fetch (false: stay).
func (d *Dummy) walk(g *sdk.Game, p sdk.Poquemon) (sdk.Dir, bool) {
	cols := g.Cols()
	for i := range d.dist {
		d.dist[i] = -1
	}
	start := p.Pos.I*cols + p.Pos.J
	d.dist[start] = 0
	d.queue = append(d.queue[:0], start)
	best, bestScore := -1, 0
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		at := sdk.Pos{I: c / cols, J: c % cols}
		if c != start {
			// Worth per step, with a head start so near bonuses win.
			if w := dummyWorth(g, p, at); w > 0 {
				if score := w * 16 / (d.dist[c] + 3); score > bestScore {
					best, bestScore = c, score
				}
			}
		}
		for _, dir := range sdk.Dirs {
			q := at.Move(dir)
			k := q.I*cols + q.J
			if d.dist[k] >= 0 || !dummyPassable(g, q, d.dist[c]+1) || c == start && !dummySafe(g, p, q) {
				continue
			}
			d.dist[k] = d.dist[c] + 1
			if c == start {
				d.first[k] = dir
			} else {
				d.first[k] = d.first[c]
			}
			d.queue = append(d.queue, k)
		}
	}
	if best >= 0 {
		return d.first[best], true
	}
	// Nothing worth fetching by a safe way: stay if that is safe enough,
	// else step somewhere safe.
	if dummySafe(g, p, p.Pos) && g.GhostWall(p.Pos) != 1 {
		return sdk.None, false
	}
	for _, dir := range sdk.Dirs {
		q := p.Pos.Move(dir)
		if dummyPassable(g, q, 1) && g.CellID(q) < 0 && dummySafe(g, p, q) {
			return dir, true
		}
	}
	return sdk.None, false
}

// dummyPassable reports whether a Poquémon may be at q after `steps`
// rounds: not a wall, not a Poquémon in sight, and not a ghost wall that
// appears by then.
func dummyPassable(g *sdk.Game, q sdk.Pos, steps int) bool {
	if g.CellType(q) == sdk.Wall {
		return false
	}
	if g.CellID(q) >= 0 && steps == 1 {
		return false
	}
	if t := g.GhostWall(q); t >= 0 && t <= steps {
		return false // it appears at the end of a round we would spend there
	}
	return true
}

// dummySafe reports whether no opponent in sight could kill p at q next
// round (in line with q, within its scope, no wall between, attack at
// least p's defense) without p being able to kill it first: a fair duel
// is accepted, or two Dummies facing each other would wait forever.
func dummySafe(g *sdk.Game, p sdk.Poquemon, q sdk.Pos) bool {
	for _, dir := range sdk.Dirs {
		at := q
		for dist := 1; ; dist++ {
			at = at.Move(dir)
			if g.CellType(at) == sdk.Wall {
				break
			}
			id := g.CellID(at)
			if id < 0 || id == p.ID {
				continue
			}
			o := g.Poquemon(id)
			if o.Player != p.Player && o.Scope >= dist && o.Attack >= p.Defense &&
				(p.Scope < dist || p.Attack < o.Defense) {
				return false
			}
			break
		}
	}
	return true
}
