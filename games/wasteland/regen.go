package wasteland

import "arena.dev/games/wasteland/sdk"

// maxAttempts is how many random positions the original tries before it
// gives up until the next round.
const maxAttempts = 20

// regenerate handles the dead cars in id order: a car whose waiting time
// is over comes back in the window, if a free place is found, with its
// missiles and the initial gas; the others wait one round less.
func (s *State) regenerate(g *sdk.Generator) {
	for id := range s.Cars {
		c := &s.Cars[id]
		if c.Alive {
			continue
		}
		if c.Time > 0 {
			c.Time--
			continue
		}
		// Columns r .. r+W-1 of round r: the window.
		if p, ok := s.randomPlace(g, s.Round, s.Round+s.Cfg.Win-1, true); ok {
			c.Pos, c.Alive, c.Time, c.Gas = p, true, 0, s.Cfg.InitialGas
			s.Cells[s.index(p)] = sdk.Cell{Type: CarCell, Car: id, Missile: -1}
		}
	}
}

// placeBonuses tops up missile, water then gas bonuses to their numbers,
// one at a time outside the window; a failure stops that kind until the
// next round.
func (s *State) placeBonuses(g *sdk.Generator) {
	count := s.bonuses
	want := [GasBonus + 1]int{MissileBonus: s.Cfg.MissileBonuses, WaterBonus: s.Cfg.WaterBonuses, GasBonus: s.Cfg.GasBonuses}
	r, w, u := s.Round, s.Cfg.Win, s.Cfg.Cols
	for _, kind := range [3]CellType{MissileBonus, WaterBonus, GasBonus} {
		for ; count[kind] < want[kind]; count[kind]++ {
			p, ok := s.randomPlace(g, r+w, r+u-1, false)
			if !ok {
				break
			}
			s.setContent(s.index(p), kind)
		}
	}
}

// randomPlace draws up to maxAttempts positions (a row, then a column in
// [j0, j1] modulo the universe) and returns the first empty one whose 5×5
// square (rows clipped, columns wrapping) holds no car, no missile and,
// if noTyres, no tyre.
func (s *State) randomPlace(g *sdk.Generator, j0, j1 int, noTyres bool) (Pos, bool) {
	for range maxAttempts {
		i := g.Range(0, s.Cfg.Rows-1)
		j := g.Range(j0, j1)
		p := Pos{I: i, J: j % s.Cfg.Cols}
		if s.Cells[s.index(p)].Type == Empty && s.clear(p, noTyres) {
			return p, true
		}
	}
	return Pos{}, false
}

func (s *State) clear(p Pos, noTyres bool) bool {
	for i := max(0, p.I-2); i <= min(s.Cfg.Rows-1, p.I+2); i++ {
		for j := p.J - 2; j <= p.J+2; j++ {
			switch s.Cells[s.index(Pos{I: i, J: j})].Type {
			case CarCell, MissileCell:
				return false
			case Tyre:
				if noTyres {
					return false
				}
			}
		}
	}
	return true
}
