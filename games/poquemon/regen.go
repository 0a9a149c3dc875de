package poquemon

// regenerate counts down the dead Poquémon and the missing bonuses and
// puts back those whose time has come, Poquémon first (in id order), then
// bonuses (in board order), each at a random cell that is floor, not a
// ghost-wall cell, holds no bonus and has no living Poquémon in the 5×5
// square around it. When no cell qualifies, it tries again next round.
func (s *State) regenerate() {
	s.markNear()
	for id := range s.Poq {
		p := &s.Poq[id]
		if p.Alive {
			continue
		}
		if p.Time > 0 {
			p.Time--
		}
		if p.Time > 0 {
			continue
		}
		c := s.randomFreeCell()
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
		if x.Time > 0 {
			continue
		}
		c := s.randomFreeCell()
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

// randomFreeCell draws uniformly among the cells where something may
// reappear, or returns -1 when there is none.
func (s *State) randomFreeCell() int {
	s.free = s.free[:0]
	for c, w := range s.B.Wall {
		if !w && s.B.GhostAt[c] < 0 && s.BonusAt[c] < 0 && s.near[c] != s.stamp {
			s.free = append(s.free, c)
		}
	}
	if len(s.free) == 0 {
		return -1
	}
	return s.free[s.rng.Intn(len(s.free))]
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
		if g.Time > 0 {
			continue
		}
		g.Present = !g.Present
		g.Time = s.Cfg.WallChange
		if id := s.At[g.Cell]; g.Present && id >= 0 {
			s.kill(id)
		}
	}
}
