package poquemon

// View is what one player may know at the start of a round, and all that
// its round frame is built from. Per the statement the board is public
// (walls, ghost walls and their timers, bonuses and bag values), the
// player's own Poquémon are known in full, and an opponent is seen only
// while it shares a row or column with one of the player's living
// Poquémon with no wall between; then its position, attack, defense, scope
// and stones are seen, not its points. Nothing else about opponents is in
// a View: not whether a hidden one is alive, not scores (the statement
// gives players no way to read them), not regeneration timers.
type View struct {
	Round   int         // as bots count: from the board's starting round
	Ghosts  []GhostView // by index
	Bonuses []BonusView // by index
	Own     []Poquemon  // the player's Poquémon, by id
	Seen    []Seen      // opponents in sight, by increasing id
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

// Seen is an opponent in sight.
type Seen struct {
	ID, Cell                       int
	Attack, Defense, Scope, Stones int
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
	per := s.Cfg.PerPlayer
	v.Own = append(v.Own[:0], s.Poq[p*per:(p+1)*per]...)
	v.Seen = v.Seen[:0]
	for id, q := range s.Poq {
		if q.Player != p && q.Alive && s.Sees(p, q.Cell) {
			v.Seen = append(v.Seen, Seen{id, q.Cell, q.Attack, q.Defense, q.Scope, q.Stones})
		}
	}
}

// Sees reports whether one of player p's living Poquémon shares a row or
// column with cell c with no wall (present ghost walls included) between.
func (s *State) Sees(p, c int) bool {
	per := s.Cfg.PerPlayer
	for _, q := range s.Poq[p*per : (p+1)*per] {
		if q.Alive && s.clearLine(q.Cell, c) {
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
