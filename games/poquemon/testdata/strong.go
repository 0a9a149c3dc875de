// Strong is a Poquémon bot that clearly beats the Dummy, written against
// the SDK alone as a student's would be.
//
// It keeps a belief about every opponent: where it is and its stats, read
// from its record (public, as in the original game, in sight or not), and
// where it will go, predicted round by round by playing a collector's rule
// on the public board (the best bonus by worth per step, kills in sight,
// no unsafe first step).
//
// Each round, for each of its living Poquémon, it:
//   - attacks when an opponent in sight would die of it;
//   - otherwise walks to the first target of the best tour of up to four
//     targets by value per round: point bags; stones, defense and attack
//     while they pay (defense until it outgrows the opponents' attack,
//     attack until it beats their defense: the kills then come by
//     themselves; less and less in the last 60% of the match); a bonus an
//     opponent is predicted to take first is worth little;
//   - never ends a round where an opponent, seen or believed, could kill
//     it next round, nor on a ghost wall about to appear; cornered, it
//     takes the least risk.
package main

import "arena.dev/games/poquemon/sdk"

const (
	inf      = 1 << 30
	horizon  = 30 // rounds the opponents' bonus hunting is played ahead
	nbTop    = 12 // candidate targets of a tour
	tourLen  = 4  // targets in a tour
	contest  = 8  // value divisor of a bonus an opponent takes first
	stoneV   = 900
	defenseV = 300  // while our defense is within 2 of their best attack
	defLate  = 200  // after that, times the share of the match left
	attackV  = 1500 // while our attack is at most their best defense + 1;
	// after that, times the share of the match left
	scopeV      = 150
	defCrit     = 800
	firstStoneV = 3000
	defMargin   = 1
	attMargin   = 3
	fade        = 60 // % of the match left from which stats are worth less and less
)

// belief is what the bot thinks of one opponent's Poquémon.
type belief struct {
	known                  bool // position believed
	pos                    int  // at the start of this round
	next                   int  // predicted at the start of the next round
	attack, defense, scope int
	stones                 int
	nextAttack, nextScope  int // next round, with the bonus it is about to take
	nextDefense            int
	route                  []int // predicted cells, from next round on, to its bonus
}

type bot struct {
	g          *sdk.Game
	rows, cols int
	n          int
	queue      []int
	dist       []int     // from the Poquémon being moved
	first      []sdk.Dir // first step towards each cell
	dirs       []sdk.Dir // the same, for predictions
	from       []int     // scratch: BFS parents, for predicted routes
	other      []int     // scratch distances
	occ        []int     // cell → id of a Poquémon seen or believed there
	beliefs    []belief
	takenAt    []int // rounds before an opponent takes each bonus, as predicted
	simWorth   []int // scratch: bonuses left in a prediction
	pair       []int // scratch: distances between candidate targets
	maxAt      int   // highest attack of an opponent seen
	maxDf      int   // highest defense of an opponent seen
}

func main() { sdk.Run(&bot{}) }

// Play implements sdk.Bot.
func (b *bot) Play(g *sdk.Game) {
	b.g = g
	if b.n == 0 {
		b.start()
	}
	b.track()
	b.predict()
	b.foresee()
	for _, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		if !p.Alive {
			continue
		}
		if d, ok := b.kill(p); ok {
			g.Attack(id, d)
			continue
		}
		if d, ok := b.ambush(p); ok {
			g.Attack(id, d)
			continue
		}
		if d, ok := b.walk(p); ok {
			g.Move(id, d)
		}
	}
}

func (b *bot) start() {
	g := b.g
	b.rows, b.cols = g.Rows(), g.Cols()
	b.n = b.rows * b.cols
	b.dist = make([]int, b.n)
	b.first = make([]sdk.Dir, b.n)
	b.dirs = make([]sdk.Dir, b.n)
	b.from = make([]int, b.n)
	b.other = make([]int, b.n)
	b.occ = make([]int, b.n)
	b.takenAt = make([]int, b.n)
	b.simWorth = make([]int, b.n)
	b.beliefs = make([]belief, g.NbTotalPokemon())
	for id := range b.beliefs {
		b.beliefs[id] = belief{attack: 1, defense: 1, scope: 1}
	}
}

func (b *bot) cell(p sdk.Pos) int { return p.I*b.cols + p.J }
func (b *bot) pos(c int) sdk.Pos  { return sdk.Pos{I: c / b.cols, J: c % b.cols} }
func (b *bot) wall(c int) bool    { return b.g.CellType(b.pos(c)) == sdk.Wall }
func (b *bot) mine(id int) bool   { return id/b.g.NbPokemon() == b.g.Me() }

// step is the cell next to c in direction d (boards are walled round).
func step(c int, d sdk.Dir, cols int) int {
	switch d {
	case sdk.Top:
		return c - cols
	case sdk.Bottom:
		return c + cols
	case sdk.Left:
		return c - 1
	case sdk.Right:
		return c + 1
	}
	return c
}

// aligned reports whether cells a and c share a row or column with no wall
// strictly between, and their distance.
func (b *bot) aligned(a, c int) (bool, int) {
	var s int
	switch {
	case a == c:
		return true, 0
	case a/b.cols == c/b.cols:
		s = 1
	case a%b.cols == c%b.cols:
		s = b.cols
	default:
		return false, 0
	}
	if c < a {
		s = -s
	}
	d := 1
	for x := a + s; x != c; x += s {
		if b.wall(x) {
			return false, 0
		}
		d++
	}
	return true, d
}

// track updates the beliefs with the opponents' records.
func (b *bot) track() {
	g := b.g
	for id := range b.beliefs {
		if b.mine(id) {
			continue
		}
		o, bl := g.Poquemon(id), &b.beliefs[id]
		if !o.Alive {
			*bl = belief{attack: o.Attack, defense: o.Defense, scope: o.Scope, stones: o.Stones}
			continue
		}
		*bl = belief{known: true, pos: b.cell(o.Pos), attack: o.Attack, defense: o.Defense, scope: o.Scope, stones: o.Stones}
		b.maxAt, b.maxDf = max(b.maxAt, o.Attack), max(b.maxDf, o.Defense)
	}
	// Who stands where, as far as we know.
	for c := range b.occ {
		b.occ[c] = -1
	}
	for id, bl := range b.beliefs {
		if p := g.Poquemon(id); p.Alive && p.Visible {
			b.occ[b.cell(p.Pos)] = id
		} else if bl.known && !b.mine(id) && b.occ[bl.pos] < 0 {
			b.occ[bl.pos] = id
		}
	}
}

// kill finds a direction where the closest opponent within scope, before
// any wall, dies of p's attack.
func (b *bot) kill(p sdk.Poquemon) (sdk.Dir, bool) {
	g := b.g
	for _, d := range sdk.Dirs {
		at := p.Pos
		for range p.Scope {
			at = at.Move(d)
			if g.CellType(at) == sdk.Wall {
				break
			}
			if id := g.CellID(at); id >= 0 && !b.mine(id) {
				if df := g.Poquemon(id).Defense; df <= p.Attack && b.worthShot(p, df) {
					return d, true
				}
				break
			}
		}
	}
	return sdk.None, false
}

// worthShot reports whether killing an opponent of defense df is worth
// the point of attack it costs: attack is scarce, and the strongest
// Dummy, the one that needs most, is the one to keep down.
func (b *bot) worthShot(p sdk.Poquemon, df int) bool {
	return df >= b.maxDf-3 || p.Attack > b.maxDf || b.g.Round() >= b.g.NbRounds()-40
}

// ambush finds a direction where an opponent we do not see is about to
// step into p's line of fire, one the attack would kill. An attack that
// finds nobody is void and costs nothing, so attacking there kills it
// whenever it moves before us.
func (b *bot) ambush(p sdk.Poquemon) (sdk.Dir, bool) {
	start := b.cell(p.Pos)
	if b.threats(p, start) > 0 || !b.open(start, 1) {
		return sdk.None, false
	}
	for id, bl := range b.beliefs {
		if b.mine(id) || b.g.Poquemon(id).Visible || !bl.known || bl.nextDefense > p.Attack || !b.worthShot(p, bl.nextDefense) {
			continue
		}
		for _, d := range sdk.Dirs {
			c := start
			for range p.Scope {
				c = step(c, d, b.cols)
				if b.wall(c) || b.g.CellID(b.pos(c)) >= 0 {
					break
				}
				if c == bl.next {
					return d, true
				}
			}
		}
	}
	return sdk.None, false
}

// intercept finds a safe step after which an opponent that does not see
// p, and that p could kill, would be in p's line of fire where it is
// about to go: it walks in unaware, and p attacks first half the time.
func (b *bot) intercept(p sdk.Poquemon, safe func(int) bool) (sdk.Dir, bool) {
	start := b.cell(p.Pos)
	for id, bl := range b.beliefs {
		if b.mine(id) || b.g.Poquemon(id).Visible || !bl.known ||
			bl.nextDefense > p.Attack || bl.nextAttack >= p.Defense {
			continue
		}
		for _, d := range sdk.Dirs {
			k := step(start, d, b.cols)
			if b.wall(k) || !safe(k) {
				continue
			}
			if ok, dist := b.aligned(k, bl.next); ok && dist >= 1 && dist <= p.Scope {
				return d, true
			}
		}
	}
	return sdk.None, false
}

// killValue is what a kill is worth, in points: a share of the Dummy's
// points, which grow with the rounds, and the bonuses it misses while dead.
func (b *bot) killValue() int {
	return (300 + 4*b.g.Round()) * 60 / 100
}

// ambushSpot finds where p can lie in wait for an opponent it could kill,
// that could not kill it and that does not see it, to walk into its line
// of fire on its way to its bonus; and when it gets there (rounds). It
// must not see the spot from where it is before.
func (b *bot) ambushSpot(p sdk.Poquemon) (spot, when int) {
	spot, when = -1, inf
	start := b.cell(p.Pos)
	for id, bl := range b.beliefs {
		if b.mine(id) || b.g.Poquemon(id).Visible || !bl.known ||
			bl.defense > p.Attack || bl.attack >= p.Defense || !b.worthShot(p, bl.defense) {
			continue
		}
		for k, at := range bl.route {
			if k+1 >= when {
				break
			}
			for _, d := range sdk.Dirs {
				x := at
				for range p.Scope {
					x = step(x, d, b.cols)
					if b.wall(x) {
						break
					}
					if b.dist[x] > k+1 || x == start && b.threats(p, x) > 0 || !b.unseen(x, bl.pos, bl.route[:k+1]) {
						continue
					}
					if k+1 < when || b.dist[x] < b.dist[spot] {
						spot, when = x, k+1
					}
				}
			}
		}
	}
	return spot, when
}

// unseen reports whether cell x is out of sight from cell at and from the
// route's cells but its last, and not on the route.
func (b *bot) unseen(x, at int, route []int) bool {
	if ok, _ := b.aligned(x, at); ok {
		return false
	}
	for i, c := range route {
		if c == x {
			return false
		}
		if ok, _ := b.aligned(x, c); ok && i < len(route)-1 {
			return false
		}
	}
	return true
}

// defenseAt is p's defense next round if it steps onto cell q.
func (b *bot) defenseAt(p sdk.Poquemon, q int) int {
	switch b.g.CellType(b.pos(q)) {
	case sdk.Stone:
		if p.Stones < b.g.MaxStone() {
			return p.Defense + 2
		}
	case sdk.Defense:
		return p.Defense + 1
	}
	return p.Defense
}

// threats counts the opponents that could kill p standing at cell q next
// round: 2 for one in sight where it stands (if it stays), 1 for one where
// we believe it will be.
func (b *bot) threats(p sdk.Poquemon, q int) int { return b.risk(p, q, false) }

// risk is threats, leaving out, if fair, the opponents p could kill back
// from q: a duel the order of play decides.
func (b *bot) risk(p sdk.Poquemon, q int, fair bool) int {
	g := b.g
	defense := b.defenseAt(p, q)
	attack, scope := b.attackAt(p, q)
	// unfair reports whether an opponent of defense df at distance d could
	// not be killed back.
	unfair := func(df, d int) bool { return !fair || attack < df || scope < d }
	n := 0
	for id, bl := range b.beliefs {
		o := g.Poquemon(id)
		if b.mine(id) || !o.Visible && !bl.known {
			continue
		}
		// Where it is counts less when it is about to move on: where it
		// goes is the better guess.
		at, attack, df, sc, w := bl.pos, bl.attack, bl.defense, bl.scope, 1
		if o.Visible {
			at, attack, df, sc = b.cell(o.Pos), o.Attack, o.Defense, o.Scope
		}
		if bl.next == at {
			w = 2
		}
		if attack >= defense {
			if ok, d := b.aligned(q, at); ok && d >= 1 && d <= sc && unfair(df, d) {
				n += w
			}
		}
		if bl.nextAttack >= defense && bl.next != at {
			if ok, d := b.aligned(q, bl.next); ok && d >= 1 && d <= bl.nextScope && unfair(bl.nextDefense, d) {
				n += 2
			}
		}
	}
	return n
}

// escape reports whether p, at cell q next round, could still step (or
// stay) out of the line of fire of every opponent that could kill it,
// where they are predicted the round after: no walking into dead ends
// with a Dummy coming.
func (b *bot) escape(p sdk.Poquemon, q int) bool {
	defense := b.defenseAt(p, q)
	for _, d := range [5]sdk.Dir{sdk.None, sdk.Top, sdk.Bottom, sdk.Left, sdk.Right} {
		k := step(q, d, b.cols)
		if b.wall(k) {
			continue
		}
		ok := true
		for id, bl := range b.beliefs {
			if b.mine(id) || !bl.known && !b.g.Poquemon(id).Visible || bl.nextAttack < defense || len(bl.route) < 2 {
				continue
			}
			if in, dist := b.aligned(k, bl.route[1]); in && dist <= bl.nextScope {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// attackAt is p's attack and scope next round if it steps onto cell q.
func (b *bot) attackAt(p sdk.Poquemon, q int) (attack, scope int) {
	attack, scope = p.Attack, p.Scope
	switch b.g.CellType(b.pos(q)) {
	case sdk.Stone:
		if p.Stones < b.g.MaxStone() {
			attack, scope = attack+2, min(scope+1, b.g.MaxScope())
		}
	case sdk.Attack:
		attack++
	case sdk.Scope:
		scope = min(scope+1, b.g.MaxScope())
	}
	return attack, scope
}

// open reports whether a Poquémon can step onto cell c in the round
// `steps`-1 rounds from now and be there at its end, as far as ghost walls
// go: a ghost wall changes at the end of round Round()+t-1.
func (b *bot) open(c, steps int) bool {
	p := b.pos(c)
	t := b.g.GhostWall(p)
	if t < 0 {
		return true
	}
	w := b.g.WallChangeTime()
	if b.g.GhostWallPresent(p) {
		return steps > t && steps < t+w // gone before we step on it, not back yet
	}
	return steps < t || steps > t+w
}

// bfs fills dist with the steps from start through floor (ghost walls as
// they will be); first, when not nil, gets the first step towards each
// cell, which must pass firstOk when that is not nil.
func (b *bot) bfs(start int, dist []int, first []sdk.Dir, firstOk func(int) bool) {
	for i := range dist {
		dist[i] = inf
	}
	dist[start] = 0
	b.queue = append(b.queue[:0], start)
	for h := 0; h < len(b.queue); h++ {
		c := b.queue[h]
		for _, d := range sdk.Dirs {
			k := step(c, d, b.cols)
			if dist[k] != inf || b.wall(k) && b.g.GhostWall(b.pos(k)) < 0 || !b.open(k, dist[c]+1) {
				continue
			}
			if c == start && firstOk != nil && !firstOk(k) {
				continue
			}
			dist[k] = dist[c] + 1
			if first != nil {
				if c == start {
					first[k] = d
				} else {
					first[k] = first[c]
				}
			}
			b.queue = append(b.queue, k)
		}
	}
}

// worth is what the bonus at c is worth to p, in points. Stats pay less
// and less once under fade% of the match is left.
func (b *bot) worth(p sdk.Poquemon, c int) int {
	g := b.g
	left := (g.NbRounds() - g.Round()) * 100 / g.NbRounds() // % of the match left
	v := b.statWorth(p, c, left)
	if g.CellType(b.pos(c)) != sdk.Point {
		v = v * min(left, fade) / fade
	}
	return v
}

// statWorth is worth before the fading.
func (b *bot) statWorth(p sdk.Poquemon, c, left int) int {
	g := b.g
	at := b.pos(c)
	// Opponents take stones early, seen or not.
	threat := max(b.maxAt, min(5, 1+g.Round()/20))
	switch g.CellType(at) {
	case sdk.Point:
		return g.PointsValue(at)
	case sdk.Stone:
		if p.Stones == 0 {
			return firstStoneV // the stone race decides who is the stronger
		}
		if p.Stones < g.MaxStone() {
			return stoneV
		}
	case sdk.Defense:
		if p.Defense <= threat {
			return defCrit // any of them could kill us
		}
		if p.Defense <= threat+defMargin {
			return defenseV
		}
		return defLate * left / 100
	case sdk.Attack:
		if p.Defense <= threat {
			return attackV / 3 // attack is no use to the dead
		}
		if p.Attack <= b.maxDf+attMargin {
			return attackV
		}
		return attackV * left / 100
	case sdk.Scope:
		if p.Scope < g.MaxScope() {
			return scopeV
		}
	}
	return 0
}

// contested is value v of the bonus at c if we get there in t steps: little
// if an opponent gets there first, half if it arrives in the same round
// (the order of play decides).
func (b *bot) contested(c, t, v int) int {
	switch {
	case b.takenAt[c] < t:
		return v / contest
	case b.takenAt[c] == t:
		return v / 2
	}
	return v
}

// cand is a candidate target: its cell, value and score.
type cand struct{ c, v, score int }

// plan scores each candidate as a first target by the best rate (value per
// round) of a tour of up to tourLen candidates, each worth little if an
// opponent is predicted to take it before we arrive.
func (b *bot) plan(top []cand) {
	k := len(top)
	if len(b.pair) < k*k {
		b.pair = make([]int, k*k)
	}
	for i := range top {
		b.bfs(top[i].c, b.other, nil, nil)
		for j := range top {
			b.pair[i*k+j] = b.other[top[j].c]
		}
	}
	used := make([]bool, k)
	var best int
	var tour func(last, t, v, n int)
	tour = func(last, t, v, n int) {
		best = max(best, v*64/(t+2))
		if n == tourLen {
			return
		}
		for j := range top {
			if used[j] || b.pair[last*k+j] == inf {
				continue
			}
			tj := t + b.pair[last*k+j]
			vj := top[j].v
			vj = b.contested(top[j].c, tj, vj)
			used[j] = true
			tour(j, tj, v+vj, n+1)
			used[j] = false
		}
	}
	for i := range top {
		best = 0
		used[i] = true
		tour(i, b.dist[top[i].c], top[i].v, 1)
		used[i] = false
		top[i].score = best
	}
}

// walk returns p's first step towards its best target (false: stay).
func (b *bot) walk(p sdk.Poquemon) (sdk.Dir, bool) {
	start := b.cell(p.Pos)
	// A stone is worth a fair duel: whoever it goes to is the stronger for
	// the rest of the match.
	safe := func(k int) bool {
		return b.occ[k] < 0 && b.open(k, 1) &&
			b.risk(p, k, b.g.CellType(b.pos(k)) == sdk.Stone && p.Stones < b.g.MaxStone()) == 0 &&
			b.escape(p, k)
	}
	b.bfs(start, b.dist, b.first, safe)

	var top []cand
	for c := range b.n {
		if b.dist[c] == inf || c == start {
			continue
		}
		v := b.worth(p, c)
		v = b.contested(c, b.dist[c], v)
		if v > 0 {
			top = append(top, cand{c, v, v * 64 / (b.dist[c] + 2)})
		}
	}
	sortCands(top)
	top = top[:min(len(top), nbTop)]
	b.plan(top)
	spot, when := -1, inf
	if b.g.Round() >= b.g.NbRounds()*50/100 {
		spot, when = b.ambushSpot(p)
	}
	sortCands(top)
	// Lying in wait pays better than the bonuses?
	if spot >= 0 && (len(top) == 0 || b.killValue()*64/(when+2) > top[0].score) {
		if spot == start {
			return sdk.None, false
		}
		return b.first[spot], true
	}
	if len(top) > 0 {
		return b.first[top[0].c], true
	}
	// Nothing to fetch by a safe step: stay if that is safe, else step
	// somewhere safe.
	if b.threats(p, start) == 0 && b.open(start, 1) {
		return sdk.None, false
	}
	for _, d := range sdk.Dirs {
		if k := step(start, d, b.cols); !b.wall(k) && safe(k) {
			return d, true
		}
	}
	// Cornered: the least risk, towards the best bonus on a tie.
	b.bfs(start, b.dist, b.first, func(k int) bool { return b.occ[k] < 0 && b.open(k, 1) })
	goal, goalV := -1, 0
	for c := range b.n {
		if d := b.dist[c]; d != inf && c != start {
			if v := b.worth(p, c) * 64 / (d + 2); v > goalV {
				goal, goalV = c, v
			}
		}
	}
	choice, risk := sdk.None, b.threats(p, start)
	if !b.open(start, 1) {
		risk = inf
	}
	for _, d := range sdk.Dirs {
		k := step(start, d, b.cols)
		if b.wall(k) || b.occ[k] >= 0 || !b.open(k, 1) {
			continue
		}
		if r := b.threats(p, k); r < risk || r == risk && goal >= 0 && b.first[goal] == d {
			choice, risk = d, r
		}
	}
	return choice, choice != sdk.None
}

// sortCands orders candidates by decreasing score (stable).
func sortCands(top []cand) {
	for i := 1; i < len(top); i++ {
		for j := i; j > 0 && top[j].score > top[j-1].score; j-- {
			top[j], top[j-1] = top[j-1], top[j]
		}
	}
}

// predict plays a collector's rule (the Dummy's before its calibration)
// for every living opponent, to know where it will be next round and with
// what stats.
func (b *bot) predict() {
	g := b.g
	for id := range b.beliefs {
		bl := &b.beliefs[id]
		o := g.Poquemon(id)
		if b.mine(id) || !bl.known && !o.Visible {
			continue
		}
		bl.next = b.collectorStep(id, bl)
		bl.nextAttack, bl.nextScope, bl.nextDefense = bl.attack, bl.scope, bl.defense
		switch g.CellType(b.pos(bl.next)) {
		case sdk.Stone:
			if bl.stones < g.MaxStone() {
				bl.nextAttack += 2
				bl.nextDefense += 2
				bl.nextScope = min(bl.nextScope+1, g.MaxScope())
			}
		case sdk.Attack:
			bl.nextAttack++
		case sdk.Defense:
			bl.nextDefense++
		case sdk.Scope:
			bl.nextScope = min(bl.nextScope+1, g.MaxScope())
		}
	}
}

// collectorWorth is the collector's worth of a bonus.
func (b *bot) collectorWorth(t sdk.CellType, value, stones, scope int) int {
	switch t {
	case sdk.Point:
		return value
	case sdk.Stone:
		if stones < b.g.MaxStone() {
			return 400
		}
	case sdk.Defense:
		return 180
	case sdk.Attack:
		return 140
	case sdk.Scope:
		if scope < b.g.MaxScope() {
			return 80
		}
	}
	return 0
}

// collectorStep returns where opponent id, believed as bl, will be after this
// round if it plays the collector's rule.
func (b *bot) collectorStep(id int, bl *belief) int {
	g := b.g
	me := bl.pos
	// What it sees: the Poquémon in line with it.
	sees := func(c int) int {
		if k := b.occ[c]; k >= 0 && k != id {
			if ok, _ := b.aligned(me, c); ok {
				return k
			}
		}
		return -1
	}
	stats := func(k int) (attack, defense, scope int) {
		if p := g.Poquemon(k); p.Visible {
			return p.Attack, p.Defense, p.Scope
		}
		o := b.beliefs[k]
		return o.attack, o.defense, o.scope
	}
	// It attacks what it can kill in sight.
	for _, d := range sdk.Dirs {
		c := me
		for range bl.scope {
			c = step(c, d, b.cols)
			if b.wall(c) {
				break
			}
			if k := sees(c); k >= 0 {
				if _, df, _ := stats(k); df <= bl.attack {
					return me
				}
				break
			}
		}
	}
	// It never steps where something could kill it that it could not kill.
	safe := func(q int) bool {
		for _, d := range sdk.Dirs {
			c := q
			for dist := 1; ; dist++ {
				c = step(c, d, b.cols)
				if b.wall(c) {
					break
				}
				k := sees(c)
				if k < 0 {
					continue
				}
				at, df, sc := stats(k)
				if sc >= dist && at >= bl.defense && (bl.scope < dist || bl.attack < df) {
					return false
				}
				break
			}
		}
		return true
	}
	passable := func(q, steps int) bool {
		if b.wall(q) || steps == 1 && sees(q) >= 0 {
			return false
		}
		t := g.GhostWall(b.pos(q))
		return t < 0 || t > steps
	}
	dist, dirOf := b.other, b.dirs
	for i := range dist {
		dist[i] = -1
	}
	dist[me] = 0
	b.queue = append(b.queue[:0], me)
	best, bestScore := -1, 0
	for h := 0; h < len(b.queue); h++ {
		c := b.queue[h]
		if c != me {
			at := b.pos(c)
			if w := b.collectorWorth(g.CellType(at), g.PointsValue(at), bl.stones, bl.scope); w > 0 {
				if s := w * 16 / (dist[c] + 3); s > bestScore {
					best, bestScore = c, s
				}
			}
		}
		for _, d := range sdk.Dirs {
			k := step(c, d, b.cols)
			if dist[k] >= 0 || !passable(k, dist[c]+1) || c == me && !safe(k) {
				continue
			}
			dist[k] = dist[c] + 1
			b.from[k] = c
			if c == me {
				dirOf[k] = d
			} else {
				dirOf[k] = dirOf[c]
			}
			b.queue = append(b.queue, k)
		}
	}
	// Its route, backwards from the bonus, then put in order.
	bl.route = bl.route[:0]
	for c := best; c >= 0 && c != me; c = b.from[c] {
		bl.route = append(bl.route, c)
	}
	for i, j := 0, len(bl.route)-1; i < j; i, j = i+1, j-1 {
		bl.route[i], bl.route[j] = bl.route[j], bl.route[i]
	}
	if best >= 0 {
		return step(me, dirOf[best], b.cols)
	}
	return me
}

// foresee plays each opponent believed somewhere ahead for horizon rounds,
// bonus after bonus by the collector's worths, to know when each bonus is
// taken.
func (b *bot) foresee() {
	g := b.g
	for c := range b.takenAt {
		b.takenAt[c] = inf
		b.simWorth[c] = 0
		if t := g.CellType(b.pos(c)); t.IsBonus() {
			b.simWorth[c] = int(t) // the kind, until taken
		}
	}
	for id, bl := range b.beliefs {
		if b.mine(id) || !bl.known && !g.Poquemon(id).Visible {
			continue
		}
		pos, t, stones, scope := bl.pos, 0, bl.stones, bl.scope
		for t < horizon {
			b.bfs(pos, b.other, nil, nil)
			best, bestScore := -1, 0
			for c, kind := range b.simWorth {
				d := b.other[c]
				if kind == 0 || d == inf || c == pos {
					continue
				}
				w := b.collectorWorth(sdk.CellType(kind), g.PointsValue(b.pos(c)), stones, scope)
				if sc := w * 16 / (d + 3); sc > bestScore {
					best, bestScore = c, sc
				}
			}
			if best < 0 {
				break
			}
			t += b.other[best]
			b.takenAt[best] = min(b.takenAt[best], t)
			switch sdk.CellType(b.simWorth[best]) {
			case sdk.Stone:
				stones++
			case sdk.Scope:
				scope++
			}
			b.simWorth[best] = 0
			pos = best
		}
	}
}
