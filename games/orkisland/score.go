package orkisland

// score updates the owners of cities and paths and adds each player's
// points for the round: bonus × size for what it owns, plus factor × 2^k
// for each connected component of k owned cities.
func (s *State) score() {
	for id, cs := range s.B.Cities {
		s.CityOwner[id] = s.conqueror(cs, s.CityOwner[id])
	}
	for id, p := range s.B.Paths {
		s.PathOwner[id] = s.conqueror(p.Cells, s.PathOwner[id])
	}
	for p := range s.Scores {
		s.Scores[p] += Points(s.B, s.Cfg, s.CityOwner, s.PathOwner, p)
	}
}

// conqueror returns the player with strictly more orks on cells than any
// other, or the previous owner on a tie.
func (s *State) conqueror(cells []int, prev int) int {
	for i := range s.counts {
		s.counts[i] = 0
	}
	for _, c := range cells {
		if o := s.At[c]; o >= 0 {
			s.counts[s.Orks[o].Player]++
		}
	}
	best, n := -1, 0
	for p, k := range s.counts {
		switch {
		case k > n:
			best, n = p, k
		case k == n && k > 0:
			best = -1 // tie at the top so far
		}
	}
	if best < 0 {
		return prev
	}
	return best
}

// Points is what player p earns in one round with the given owners.
func Points(b *Board, cfg Config, cityOwner, pathOwner []int, p int) int {
	pts := 0
	var parent []int // union-find over cities
	for id, cs := range b.Cities {
		if cityOwner[id] == p {
			pts += cfg.BonusCity * len(cs)
		}
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	parent = make([]int, len(b.Cities))
	for i := range parent {
		parent[i] = i
	}
	for id, path := range b.Paths {
		if pathOwner[id] != p {
			continue
		}
		pts += cfg.BonusPath * len(path.Cells)
		if cityOwner[path.A] == p && cityOwner[path.B] == p {
			parent[find(path.A)] = find(path.B)
		}
	}
	size := make(map[int]int)
	for id := range b.Cities {
		if cityOwner[id] == p {
			size[find(id)]++
		}
	}
	for _, k := range size {
		pts += cfg.Factor << k
	}
	return pts
}
