package poquemon

// regenerate counts down the dead Poquémon and the missing bonuses and
// puts back those whose time has come, Poquémon first (in id order), then
// bonuses (in board order), each at a random cell that is floor, holds no
// bonus and has no living Poquémon in the 5×5 square around it; a
// Poquémon may come back on a ghost-wall cell whose wall is down, a bonus
// on no ghost-wall cell (as in the original). When no cell qualifies, it
// tries again next round. As in the original, a timer counts down while
// positive and acts at 0, so a negative one (an absent bonus a board file
// gave one) never does.
func (s *State) regenerate() {
	s.markNear()
	s.listed = false
	for id := range s.Poq {
		p := &s.Poq[id]
		if p.Alive {
			continue
		}
		if p.Time > 0 {
			p.Time--
		}
		if p.Time != 0 {
			continue
		}
		c := s.spot(s.poquemonMayAppear)
		if c < 0 {
			continue
		}
		p.Alive = true
		p.Cell = c
		s.At[c] = id
		s.Reborn = append(s.Reborn, id)
		s.markAround(c)
	}
	for k := range s.Bonuses {
		x := &s.Bonuses[k]
		if x.Present {
			continue
		}
		if x.Time > 0 {
			x.Time--
		}
		if x.Time != 0 {
			continue
		}
		c := s.spot(s.bonusMayAppear)
		if c < 0 {
			continue
		}
		x.Present = true
		x.Cell = c
		if x.Kind == Point {
			x.Value = 100 * s.rng.Range(1, 5)
		}
		s.BonusAt[c] = k
	}
}

// poquemonMayAppear reports whether a Poquémon may reappear at c now.
func (s *State) poquemonMayAppear(c int) bool {
	return !s.blocked(c) && s.BonusAt[c] < 0 && s.near[c] != s.stamp
}

// bonusMayAppear reports whether a bonus may reappear at c now.
func (s *State) bonusMayAppear(c int) bool {
	return s.poquemonMayAppear(c) && s.B.GhostAt[c] < 0
}

// markNear stamps the cells with a living Poquémon within 2 rows and 2
// columns.
func (s *State) markNear() {
	s.stamp++
	for _, p := range s.Poq {
		if p.Alive {
			s.markAround(p.Cell)
		}
	}
}

func (s *State) markAround(c int) {
	rows, cols := s.B.Rows, s.B.Cols
	i0, j0 := c/cols, c%cols
	for i := max(0, i0-2); i <= min(rows-1, i0+2); i++ {
		for j := max(0, j0-2); j <= min(cols-1, j0+2); j++ {
			s.near[i*cols+j] = s.stamp
		}
	}
}

// spot draws uniformly among the cells where ok holds, or returns -1 when
// there is none. Within one regeneration a cell only stops qualifying
// (each placement takes cells, and Poquémon, placed first, may go where
// bonuses may not), so the floor cells are listed once per round and a
// drawn cell that does not qualify is dropped from the list: the draw
// stays uniform, and a round costs one pass over the board however many
// things come back.
func (s *State) spot(ok func(c int) bool) int {
	if !s.listed {
		s.listed = true
		s.free = s.free[:0]
		for c, w := range s.B.Wall {
			if !w {
				s.free = append(s.free, c)
			}
		}
	}
	for len(s.free) > 0 {
		k := s.rng.Intn(len(s.free))
		c := s.free[k]
		if ok(c) {
			return c
		}
		last := len(s.free) - 1
		s.free[k] = s.free[last]
		s.free = s.free[:last]
	}
	return -1
}

// changeGhosts counts down every ghost wall; one that reaches 0 changes
// state and starts again from wall_change_time. A wall appearing on a
// Poquémon kills it.
func (s *State) changeGhosts() {
	for k := range s.Ghosts {
		g := &s.Ghosts[k]
		if g.Time > 0 {
			g.Time--
		}
		if g.Time != 0 {
			continue
		}
		g.Present = !g.Present
		g.Time = s.Cfg.WallChange
		if id := s.At[g.Cell]; g.Present && id >= 0 {
			s.kill(id)
		}
	}
}
