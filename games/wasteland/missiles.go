package wasteland

import (
	"slices"

	"arena.dev/games/wasteland/sdk"
)

// missile returns the missile with id (which must be in flight).
func (s *State) missile(id int) Missile {
	i, _ := slices.BinarySearchFunc(s.Missiles, id, func(m Missile, id int) int { return m.ID - id })
	return s.Missiles[i]
}

func (s *State) removeMissile(id int) {
	i, ok := slices.BinarySearchFunc(s.Missiles, id, func(m Missile, id int) int { return m.ID - id })
	if !ok {
		return
	}
	if c := &s.Cells[s.index(s.Missiles[i].Pos)]; c.Type == MissileCell && c.Missile == id {
		*c = emptyCell
	}
	s.Missiles = slices.Delete(s.Missiles, i, i+1)
}

// moveMissiles moves every missile in flight two columns, in id order; a
// missile with another on either of its next two cells waits until the
// others have moved (the original's queue), so missiles never meet.
func (s *State) moveMissiles() {
	s.queue = s.queue[:0]
	for _, m := range s.Missiles {
		s.queue = append(s.queue, m.ID)
	}
	waited := 0
	for len(s.queue) > 0 {
		id := s.queue[0]
		s.queue = s.queue[1:]
		m := s.missile(id)
		if s.Cells[s.index(m.Pos.Add(sdk.Default))].Type != MissileCell &&
			s.Cells[s.index(m.Pos.Add(sdk.Fast))].Type != MissileCell {
			s.walkMissile(id, false)
			waited = 0
			continue
		}
		s.queue = append(s.queue, id)
		if waited++; waited >= len(s.queue) {
			s.moveRing()
			return
		}
	}
}

// moveRing moves missiles that all wait for one another: a row full of
// missiles at most one cell apart, where the original would wait forever.
// They move at once: lifted together, each flies through the others.
func (s *State) moveRing() {
	for _, id := range s.queue {
		s.Cells[s.index(s.missile(id).Pos)] = emptyCell
	}
	for _, id := range s.queue {
		s.walkMissile(id, true)
	}
}

// walkMissile flies missile id two columns: a bonus or a tyre on the way
// is destroyed with it; a car too, and the shooter's player scores if the
// car was another player's. A missile met on the way (only possible for
// one just shot) destroys both, unless through (a ring moving at once).
func (s *State) walkMissile(id int, through bool) {
	m := s.missile(id)
	for _, step := range sdk.Passes(sdk.Fast) {
		i := s.index(m.Pos.Add(step))
		cell := &s.Cells[i]
		switch t := cell.Type; {
		case t == Tyre || t.IsBonus():
			s.setContent(i, Empty)
		case t == CarCell:
			victim := cell.Car
			if s.playerOf(victim) != s.playerOf(m.Car) {
				s.Scores[s.playerOf(m.Car)] += s.Cfg.KillPoints
			}
			s.kill(victim)
		case t == MissileCell && !through:
			s.removeMissile(cell.Missile)
		default:
			continue
		}
		s.removeMissile(id)
		s.Booms = append(s.Booms, i)
		return
	}
	if c := &s.Cells[s.index(m.Pos)]; c.Type == MissileCell && c.Missile == id {
		*c = emptyCell // a missile just shot starts on its car's cell: that stays
	}
	m.Pos = s.norm(m.Pos.Add(sdk.Fast))
	i := s.index(m.Pos)
	if s.Cells[i].Type == MissileCell { // cannot happen: two missiles never land together
		s.removeMissile(s.Cells[i].Missile)
		s.removeMissile(id)
		s.Booms = append(s.Booms, i)
		return
	}
	s.Cells[i] = sdk.Cell{Type: MissileCell, Car: -1, Missile: id}
	k, _ := slices.BinarySearchFunc(s.Missiles, id, func(m Missile, id int) int { return m.ID - id })
	s.Missiles[k].Pos = m.Pos
}
