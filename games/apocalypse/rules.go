package apocalypse

import (
	"cmp"
	"slices"

	"arena.dev/games/apocalypse/sdk"
)

// Step plays one round with the registered commands, in the statement's
// order: parachuters, helicopters, soldiers (each group in one random
// order), then fire, then the score.
func (s *State) Step() {
	s.Executed = Executed{Jumps: s.Executed.Jumps[:0], Helis: s.Executed.Helis[:0], Moves: s.Executed.Moves[:0]}
	s.Died, s.Spread, s.Burnt = s.Died[:0], s.Spread[:0], s.Burnt[:0]
	for _, c := range s.Touched {
		s.touched[c] = false
	}
	s.Touched = s.Touched[:0]
	s.Conquered = s.Conquered[:0]
	s.parachuters()
	s.helicopters()
	s.soldiers()
	s.burn()
	s.Soldiers = slices.DeleteFunc(s.Soldiers, func(u Soldier) bool { return u.Life <= 0 })
	s.gone = append(s.gone, s.Died...)
	s.index()
	s.score()

	s.jumps, s.heliCmds, s.moves, s.soldierCmd = s.jumps[:0], s.heliCmds[:0], s.moves[:0], s.soldierCmd[:0]
	clear(s.heliGiven)
	clear(s.jumpsOf)
	s.Round++
}

// other returns a player other than p, uniformly.
func (s *State) other(p int) int { return s.draw.other(p, s.Cfg.Players) }

// give adds a fresh parachuter to a random helicopter of player p.
func (s *State) give(p int) {
	hs := s.helisOf[p]
	h := &s.Helis[hs[s.draw.intn(len(hs))]]
	h.Para = append(h.Para, s.Cfg.RoundsJump)
}

// kill removes soldier u from the board.
func (s *State) kill(u *Soldier) {
	s.soldierAt[u.Cell] = 0
	u.Life = 0
	s.Died = append(s.Died, u.ID)
}

// parachuters uses, for every helicopter, as many of its oldest
// parachuters as jumps below it; the others age, and those out of time
// go to other players. Then the jumps land. The statement says in a
// random order, but helicopters' squares never overlap, so the jumps of
// different players never meet and their order cannot matter: like the
// original, they land player by player.
func (s *State) parachuters() {
	expired := make([]int, 0, 4)
	for p, hs := range s.helisOf {
		for _, k := range hs {
			h := &s.Helis[k]
			used := 0
			for _, jp := range s.jumps {
				if jp.player == p && s.covers(h.Cell, jp.cell) {
					used++
				}
			}
			left := h.Para[:0]
			for _, r := range h.Para[min(used, len(h.Para)):] {
				if r--; r > 0 {
					left = append(left, r)
				} else {
					expired = append(expired, s.other(p))
				}
			}
			h.Para = left
		}
	}
	if s.redux { // the original hands them out team by team
		slices.Sort(expired)
		slices.SortStableFunc(s.jumps, func(a, b jump) int { return a.player - b.player })
	}
	for _, p := range expired {
		s.give(p)
	}
	for _, jp := range s.jumps {
		s.Executed.Jumps = append(s.Executed.Jumps, jp)
		s.land(jp.player, jp.cell)
	}
}

// land makes player p's parachuter land on cell c: a new soldier there,
// or, if it cannot, a parachuter for the enemy below it or for a random
// other player. A jump below none of p's helicopters (only Redux accepts
// one) used no parachuter and lands nobody, but hands out a parachuter
// all the same.
func (s *State) land(p, c int) {
	t := s.Land[c]
	occupant := s.soldierAt[c]
	covered := s.below(p, c)
	if !covered {
		s.created++
	}
	switch {
	case (t != Forest && t != Grass) || s.Fire[c] > 0:
		s.give(s.other(p))
	case occupant != 0:
		if q := s.soldier(int(occupant)).Player; q != p {
			s.give(q)
		} else {
			s.give(s.other(p))
		}
	case !covered:
		s.give(s.other(p))
	default:
		id := s.nextID
		s.nextID++
		s.Soldiers = append(s.Soldiers, Soldier{ID: id, Player: p, Cell: c, Life: s.Cfg.Life})
		s.slot = append(s.slot, int32(len(s.Soldiers)-1)) // id is len(s.slot)
		s.soldierAt[c] = int32(id)
		s.conquer(c, p)
	}
}

// below reports whether cell c is below one of player p's helicopters.
func (s *State) below(p, c int) bool {
	for _, k := range s.helisOf[p] {
		if s.covers(s.Helis[k].Cell, c) {
			return true
		}
	}
	return false
}

// conquer gives the post on cell c, if any, to player p.
func (s *State) conquer(c, p int) {
	if k := s.postAt[c]; k >= 0 && s.Posts[k].Owner != p {
		s.Posts[k].Owner = p
		s.Conquered = append(s.Conquered, k)
	}
}

// helicopters carries out the helicopter commands in one random order,
// then brings every napalm counter one round closer to 0.
func (s *State) helicopters() {
	if s.redux { // the original orders them by player, then helicopter id
		slices.SortStableFunc(s.heliCmds, func(a, b heliCmd) int {
			return cmp.Or(s.Helis[a.heli].Player-s.Helis[b.heli].Player, s.Helis[a.heli].ID-s.Helis[b.heli].ID)
		})
	}
	s.draw.shuffle(len(s.heliCmds), func(a, b int) { s.heliCmds[a], s.heliCmds[b] = s.heliCmds[b], s.heliCmds[a] })
	for _, hc := range s.heliCmds {
		h := &s.Helis[hc.heli]
		effect := 0
		switch hc.instr {
		case sdk.CounterClockwise:
			h.Ori = (h.Ori + 1) % 4
		case sdk.Clockwise:
			h.Ori = (h.Ori + 3) % 4
		case sdk.Napalm:
			if s.napalm(h) {
				effect = 1
			}
		case sdk.Forward1:
			effect = s.fly(h, 1)
		case sdk.Forward2:
			effect = s.fly(h, 2)
		}
		s.Executed.Helis = append(s.Executed.Helis, flight{hc, effect})
	}
	for k := range s.Helis {
		if s.Helis[k].Napalm > 0 {
			s.Helis[k].Napalm--
		}
	}
}

// napalm burns the square below h if its napalm is ready (and says so): every cell but
// mountains, forest for FOREST_BURNS rounds and others for OTHER_BURNS
// (one more now: the fire phase of this round counts one down). Soldiers
// there die: an enemy gives h's player a parachuter, an own soldier gives
// one to a random other player.
func (s *State) napalm(h *Helicopter) bool {
	if h.Napalm > 0 {
		return false
	}
	r := s.Cfg.Reach
	i0, j0 := h.Cell/s.N, h.Cell%s.N
	for i := i0 - r; i <= i0+r; i++ {
		for j := j0 - r; j <= j0+r; j++ {
			if i < 0 || j < 0 || i >= s.N || j >= s.N {
				continue
			}
			c := i*s.N + j
			t := s.Land[c]
			if t == Mountain {
				continue
			}
			if t == Forest {
				s.ignite(c, 1+s.Cfg.ForestBurns)
			} else {
				s.ignite(c, 1+s.Cfg.OtherBurns)
			}
			if id := s.soldierAt[c]; id != 0 {
				u := s.soldier(int(id))
				if u.Player != h.Player {
					s.give(h.Player)
				} else {
					s.give(s.other(h.Player))
				}
				s.kill(u)
			}
		}
	}
	h.Napalm = s.Cfg.RoundsNapalm + 1
	return true
}

// fly moves h up to steps cells forward, stopping before a mountain or
// another helicopter's square, and returns how far it went.
func (s *State) fly(h *Helicopter, steps int) int {
	d := sdk.Ahead(h.Ori)
	i, j := h.Cell/s.N, h.Cell%s.N
	moved := 0
	for moved < steps && s.clear(i+d.I*(moved+1), j+d.J*(moved+1), h.ID) {
		moved++
	}
	if moved > 0 {
		s.markSky(h.Cell, 0)
		h.Cell = (i+d.I*moved)*s.N + j + d.J*moved
		s.markSky(h.Cell, int32(h.ID))
	}
	return moved
}

// clear reports whether helicopter id can have its centre at (i, j): its
// square on the board, without mountains or another helicopter.
func (s *State) clear(i, j, id int) bool {
	if i < Half || j < Half || i >= s.N-Half || j >= s.N-Half {
		return false
	}
	for a := i - Half; a <= i+Half; a++ {
		for b := j - Half; b <= j+Half; b++ {
			c := a*s.N + b
			if s.Land[c] == Mountain || (s.sky[c] != 0 && int(s.sky[c]) != id) {
				return false
			}
		}
	}
	return true
}

// soldiers carries out the soldier commands in one random order; those of
// soldiers killed earlier in the round are dropped.
func (s *State) soldiers() {
	if s.redux { // the original orders them by player, then soldier id
		slices.SortStableFunc(s.moves, func(a, b move) int {
			return cmp.Or(s.soldier(a.id).Player-s.soldier(b.id).Player, a.id-b.id)
		})
	}
	s.draw.shuffle(len(s.moves), func(a, b int) { s.moves[a], s.moves[b] = s.moves[b], s.moves[a] })
	for _, m := range s.moves {
		u := s.soldier(m.id)
		if u.Life <= 0 {
			continue
		}
		from := u.Cell
		s.step(u, m.cell)
		s.Executed.Moves = append(s.Executed.Moves, stepCmd{m.id, s.dirIndex(from, m.cell), u.Cell != from})
	}
}

// dirIndex is the index in sdk.SoldierDirs of the step from cell a to
// the adjacent cell b, 8 when they are the same cell.
func (s *State) dirIndex(a, b int) int {
	di, dj := b/s.N-a/s.N, b%s.N-a%s.N
	for k, d := range sdk.SoldierDirs {
		if d.I == di && d.J == dj {
			return k
		}
	}
	return 8
}

// step is one soldier command: into fire it dies, onto a free cell it
// moves (and takes the post there), onto an enemy it attacks and stays.
func (s *State) step(u *Soldier, c int) {
	if t := s.Land[c]; (t != Forest && t != Grass) || c == u.Cell {
		return
	}
	if s.Fire[c] > 0 {
		s.give(s.other(u.Player))
		s.kill(u)
		return
	}
	id := s.soldierAt[c]
	if id == 0 {
		s.soldierAt[u.Cell] = 0
		u.Cell = c
		s.soldierAt[c] = int32(u.ID)
		s.conquer(c, u.Player)
		return
	}
	v := s.soldier(int(id))
	if v.Player == u.Player {
		return
	}
	a := s.Cfg.GrassDamage
	if s.Land[c] == Forest {
		a = s.Cfg.ForestDamage
	}
	v.Life -= s.draw.rangeIn(a, 2*a)
	if v.Life <= 0 {
		s.give(u.Player)
		s.kill(v)
	}
}

// burn ages every fire (a forest that stops burning turns to grass), then
// spreads it as the original engine does: fire spreads only from forest
// that was burning at the start of the phase (its last round included),
// never from burning grass or water. Each forest cell without fire north,
// south, east or west of such a forest catches fire with probability
// PROB_FIRE% (one draw per cell, however many burning neighbours it has),
// burns FOREST_BURNS rounds, and the soldier on it dies. Candidates draw
// in the order of their cell numbers.
func (s *State) burn() {
	n := s.N
	sources := s.burning
	s.burning = s.spare[:0]
	s.forests = s.forests[:0]
	s.cand = s.cand[:0]
	for _, c := range sources {
		if s.Land[c] == Forest {
			s.forests = append(s.forests, c)
		}
		s.Fire[c]--
		s.touch(c)
		if s.Fire[c] > 0 {
			s.burning = append(s.burning, c)
		} else if s.Land[c] == Forest {
			s.Land[c] = Grass
			s.Burnt = append(s.Burnt, c)
		}
	}
	s.spare = sources
	for _, c := range s.forests {
		i, j := c/n, c%n
		for _, x := range [4]int{c - n, c + n, c - 1, c + 1} {
			if (x == c-n && i == 0) || (x == c+n && i == n-1) || (x == c-1 && j == 0) || (x == c+1 && j == n-1) {
				continue
			}
			if s.Land[x] == Forest && s.Fire[x] == 0 && !s.marked[x] {
				s.marked[x] = true
				s.cand = append(s.cand, x)
			}
		}
	}
	slices.Sort(s.cand)
	for _, c := range s.cand {
		s.marked[c] = false
		if !s.draw.chance(s.Cfg.ProbFire) {
			continue
		}
		s.ignite(c, s.Cfg.ForestBurns)
		s.Spread = append(s.Spread, c)
		if id := s.soldierAt[c]; id != 0 {
			u := s.soldier(int(id))
			s.give(s.other(u.Player))
			s.kill(u)
		}
	}
}

// ignite sets cell c on fire for rounds rounds (again, if it burns).
func (s *State) ignite(c, rounds int) {
	if s.Fire[c] == 0 {
		s.burning = append(s.burning, c)
	}
	s.Fire[c] = rounds
	s.touch(c)
}

// touch notes that cell c's land or fire changed this round.
func (s *State) touch(c int) {
	if !s.touched[c] {
		s.touched[c] = true
		s.Touched = append(s.Touched, c)
	}
}

// score adds each player's points of the round: the value of every post
// it holds and one per soldier. In Redux a player's score is the points of
// the round alone: the original ranks by the last round's.
func (s *State) score() {
	if s.redux {
		clear(s.Scores)
	}
	for _, p := range s.Posts {
		if p.Owner >= 0 {
			if p.High {
				s.Scores[p.Owner] += s.Cfg.HighValue
			} else {
				s.Scores[p.Owner] += s.Cfg.LowValue
			}
		}
	}
	for _, u := range s.Soldiers {
		s.Scores[u.Player]++
	}
}
