package bots

import "arena.dev/games/apocalypse/sdk"

// Dummy is the opponent a submission must beat to qualify. It plays as the
// original 2018 Dummy was seen to play in its match files (its code was
// never published), so that the bots that beat that one beat this one:
//   - some soldiers, chosen when they first appear, take posts: each walks
//     to the nearest post not ours, and on to the next once it is ours; the
//     others hunt: each walks to the nearest enemy soldier. Walks are
//     shortest paths over land without fire; nothing is guarded;
//   - a soldier next to enemies hits one of them;
//   - every parachuter jumps at once, onto a random free cell below;
//   - a helicopter throws napalm onto enemies when none of ours are below,
//     and otherwise flies to the nearest post not ours;
//   - now and then a soldier or a helicopter does something at random
//     instead (soldiers step or stay, never into water or fire).
//
// How often is tuned (calibration_test.go): the original sends about a
// quarter of its soldiers to posts and moves a third of its units at
// random, but it is not copied exactly: the shares below are the ones that
// give its figures and its first-place rates against the reference bots.
type Dummy struct {
	takes map[int]bool // per soldier id: it takes posts (else it hunts)
	n     int
	enemy []int32 // per cell: steps to the nearest enemy soldier, -1 none
	post  []int32 // per cell: steps to the nearest post not ours, -1 none
	queue []int32
	cells []sdk.Pos
}

// Percentages of the Dummy's choices.
const (
	dummyTakers      = 60 // soldiers that take posts
	dummySoldierWhim = 45 // soldiers' moves at random
	dummyHeliWhim    = 10 // helicopters' moves at random
)

// Play implements sdk.Bot.
func (d *Dummy) Play(g *sdk.Game) {
	me := g.Me()
	if n := g.Max(); d.n != n {
		d.n = n
		d.enemy = make([]int32, n*n)
		d.post = make([]int32, n*n)
	}
	var enemies, posts []sdk.Pos
	for pl := range g.NumPlayers() {
		if pl != me {
			for _, id := range g.Soldiers(pl) {
				enemies = append(enemies, g.Data(id).Pos)
			}
		}
	}
	for _, p := range g.Posts() {
		if p.Player != me {
			posts = append(posts, p.Pos)
		}
	}
	d.distances(g, enemies, d.enemy)
	d.distances(g, posts, d.post)

	d.parachuters(g, me)
	for _, id := range g.Helicopters(me) {
		g.CommandHelicopter(id, d.helicopter(g, g.Data(id), me))
	}
	takes := make(map[int]bool, len(d.takes))
	for _, id := range g.Soldiers(me) {
		t, ok := d.takes[id]
		if !ok {
			t = g.Random(1, 100) <= dummyTakers
		}
		takes[id] = t
		d.soldier(g, g.Data(id), t)
	}
	d.takes = takes
}

// walkable reports whether a soldier may step onto (i, j) and live.
func walkable(g *sdk.Game, i, j int) bool {
	t := g.What(i, j)
	return (t == sdk.Forest || t == sdk.Grass) && g.FireTime(i, j) == 0
}

// distances fills dist with each cell's steps to the nearest of from
// (breadth-first over walkable cells), -1 where none can be reached.
func (d *Dummy) distances(g *sdk.Game, from []sdk.Pos, dist []int32) {
	n := d.n
	for c := range dist {
		dist[c] = -1
	}
	d.queue = d.queue[:0]
	for _, p := range from {
		if c := int32(p.I*n + p.J); dist[c] < 0 {
			dist[c] = 0
			d.queue = append(d.queue, c)
		}
	}
	for h := 0; h < len(d.queue); h++ {
		c := d.queue[h]
		i, j := int(c)/n, int(c)%n
		for _, s := range sdk.SoldierDirs {
			x := (i+s.I)*n + j + s.J
			if g.PosOk(i+s.I, j+s.J) && dist[x] < 0 && walkable(g, i+s.I, j+s.J) {
				dist[x] = dist[c] + 1
				d.queue = append(d.queue, int32(x))
			}
		}
	}
}

// soldier hits an enemy next to it, or walks one step towards its goal;
// or, now and then, steps at random.
func (d *Dummy) soldier(g *sdk.Game, u sdk.Data, takes bool) {
	me := u.Player
	if g.Random(1, 100) <= dummySoldierWhim {
		d.cells = append(d.cells[:0], u.Pos)
		for _, s := range sdk.SoldierDirs {
			if i, j := u.Pos.I+s.I, u.Pos.J+s.J; g.PosOk(i, j) && walkable(g, i, j) {
				d.cells = append(d.cells, sdk.Pos{I: i, J: j})
			}
		}
		p := d.cells[g.Random(0, len(d.cells)-1)]
		g.CommandSoldier(u.ID, p.I, p.J)
		return
	}
	d.cells = d.cells[:0]
	for _, s := range sdk.SoldierDirs {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		if id := g.WhichSoldier(i, j); id > 0 && g.Data(id).Player != me {
			d.cells = append(d.cells, sdk.Pos{I: i, J: j})
		}
	}
	if len(d.cells) > 0 {
		p := d.cells[g.Random(0, len(d.cells)-1)]
		g.CommandSoldier(u.ID, p.I, p.J)
		return
	}
	dist := d.enemy
	if takes {
		dist = d.post
	}
	n := d.n
	best := dist[u.Pos.I*n+u.Pos.J]
	if best < 0 {
		return
	}
	for _, s := range sdk.SoldierDirs {
		i, j := u.Pos.I+s.I, u.Pos.J+s.J
		if !g.PosOk(i, j) {
			continue
		}
		switch dd := dist[i*n+j]; {
		case dd < 0 || dd > best:
		case dd < best:
			best = dd
			d.cells = append(d.cells[:0], sdk.Pos{I: i, J: j})
		case len(d.cells) > 0:
			d.cells = append(d.cells, sdk.Pos{I: i, J: j})
		}
	}
	if len(d.cells) > 0 {
		p := d.cells[g.Random(0, len(d.cells)-1)]
		g.CommandSoldier(u.ID, p.I, p.J)
	}
}

// parachuters throws every parachuter it can (MaxJump a round) onto
// random free cells below its helicopter.
func (d *Dummy) parachuters(g *sdk.Game, me int) {
	jumps := 0
	var landed []sdk.Pos
	for _, id := range g.Helicopters(me) {
		h := g.Data(id)
		d.cells = d.cells[:0]
		for i := h.Pos.I - 2; i <= h.Pos.I+2; i++ {
			for j := h.Pos.J - 2; j <= h.Pos.J+2; j++ {
				if g.PosOk(i, j) && walkable(g, i, j) && g.WhichSoldier(i, j) == 0 && !contains(landed, sdk.Pos{I: i, J: j}) {
					d.cells = append(d.cells, sdk.Pos{I: i, J: j})
				}
			}
		}
		for range h.Parachuters {
			if jumps == g.MaxJump() || len(d.cells) == 0 {
				break
			}
			k := g.Random(0, len(d.cells)-1)
			p := d.cells[k]
			d.cells = append(d.cells[:k], d.cells[k+1:]...)
			g.CommandParachuter(p.I, p.J)
			landed = append(landed, p)
			jumps++
		}
	}
}

func contains(ps []sdk.Pos, p sdk.Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// helicopter chooses h's instruction: napalm on enemies with none of ours
// below, else towards the nearest post not ours; now and then a random
// move.
func (d *Dummy) helicopter(g *sdk.Game, h sdk.Data, me int) sdk.Instruction {
	if g.Random(1, 100) <= dummyHeliWhim {
		return []sdk.Instruction{sdk.Forward1, sdk.Forward2, sdk.CounterClockwise, sdk.Clockwise}[g.Random(0, 3)]
	}
	if h.Napalm == 0 {
		mine, enemies := 0, 0
		for i := h.Pos.I - 2; i <= h.Pos.I+2; i++ {
			for j := h.Pos.J - 2; j <= h.Pos.J+2; j++ {
				if id := g.WhichSoldier(i, j); id > 0 {
					if g.Data(id).Player == me {
						mine++
					} else {
						enemies++
					}
				}
			}
		}
		if enemies > 0 && mine == 0 {
			return sdk.Napalm
		}
	}
	// The nearest post not ours, as the crow flies.
	var goal sdk.Pos
	best := -1
	for _, p := range g.Posts() {
		if dd := max(abs(p.Pos.I-h.Pos.I), abs(p.Pos.J-h.Pos.J)); p.Player != me && (best < 0 || dd < best) {
			goal, best = p.Pos, dd
		}
	}
	if best < 0 {
		return sdk.Forward2
	}
	o := h.Orientation
	toward := func(o int) int { // how far goal lies in orientation o
		a := sdk.Ahead(o)
		return (goal.I-h.Pos.I)*a.I + (goal.J-h.Pos.J)*a.J
	}
	ahead, left, right := toward(o), toward((o+1)%4), toward((o+3)%4)
	if ahead > 0 && ahead >= left && ahead >= right && !blocked(g, h, 1) {
		if ahead >= 2 && !blocked(g, h, 2) {
			return sdk.Forward2
		}
		return sdk.Forward1
	}
	if left >= right {
		return sdk.CounterClockwise
	}
	return sdk.Clockwise
}

// blocked reports whether a mountain or the board's edge stops h within
// steps cells ahead.
func blocked(g *sdk.Game, h sdk.Data, steps int) bool {
	a := sdk.Ahead(h.Orientation)
	side := sdk.Pos{I: a.J, J: a.I}
	for k := 3; k <= 2+steps; k++ {
		for l := -2; l <= 2; l++ {
			i, j := h.Pos.I+k*a.I+l*side.I, h.Pos.J+k*a.J+l*side.J
			if !g.PosOk(i, j) || g.What(i, j) == sdk.Mountain {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
