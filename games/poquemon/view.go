package poquemon

// View is what one player may know at the start of a round, and all that
// its round frame is built from. As in the original engine, whose
// poquemon(id) returns any Poquémon's whole record, every Poquémon is known
// in full (position, stats, points, whether it is alive and its
// regeneration timer) and so is the board (walls, ghost walls and their
// timers, bonuses and bag values). What is hidden is where the cell ids
// show an opponent: the original's hide_opponents clears the id of every
// cell holding an opponent none of the player's Poquémon sees, and nothing
// else. Bonuses' regeneration timers are not in a View either (the
// original keeps them private).
type View struct {
	Round   int         // as bots count: from the board's starting round
	Ghosts  []GhostView // by index
	Bonuses []BonusView // by index
	Poq     []Poquemon  // every Poquémon, by id
	Seen    []int       // ids of the living opponents in sight (their cells show them), increasing
}

// GhostView is a ghost wall as everyone sees it.
type GhostView struct {
	Present bool
	Time    int
}

// BonusView is a bonus as everyone sees it: Cell is -1 while it is not on
// the board (its regeneration timer is not public).
type BonusView struct {
	Cell  int
	Value int
}

// ViewOf fills v with player p's view, reusing its slices.
func (s *State) ViewOf(p int, v *View) {
	v.Round = s.B.Start + s.Round
	v.Ghosts = v.Ghosts[:0]
	for _, g := range s.Ghosts {
		v.Ghosts = append(v.Ghosts, GhostView{g.Present, g.Time})
	}
	v.Bonuses = v.Bonuses[:0]
	for _, x := range s.Bonuses {
		if x.Present {
			v.Bonuses = append(v.Bonuses, BonusView{x.Cell, x.Value})
		} else {
			v.Bonuses = append(v.Bonuses, BonusView{-1, 0})
		}
	}
	v.Poq = append(v.Poq[:0], s.Poq...)
	v.Seen = v.Seen[:0]
	for id, q := range s.Poq {
		if q.Player != p && q.Alive && s.Sees(p, q.Cell) {
			v.Seen = append(v.Seen, id)
		}
	}
}

// Sees reports whether one of player p's Poquémon sees cell c: shares its
// row or column with no wall (present ghost walls included) between. As in
// the original, a dead Poquémon sees from where it died, and none sees its
// own cell.
func (s *State) Sees(p, c int) bool {
	per := s.Cfg.PerPlayer
	for _, q := range s.Poq[p*per : (p+1)*per] {
		if q.Cell != c && s.clearLine(q.Cell, c) {
			return true
		}
	}
	return false
}

// clearLine reports whether a and b are on one row or column with no wall
// strictly between them.
func (s *State) clearLine(a, b int) bool {
	cols := s.B.Cols
	var step int
	switch {
	case a == b:
		return true
	case a/cols == b/cols:
		step = 1
	case a%cols == b%cols:
		step = cols
	default:
		return false
	}
	if b < a {
		step = -step
	}
	for c := a + step; c != b; c += step {
		if s.blocked(c) {
			return false
		}
	}
	return true
}
