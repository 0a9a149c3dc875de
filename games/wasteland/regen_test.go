package wasteland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/wasteland/sdk"
)

// A car dying in round d is back at the end of round d+30, with the
// initial gas and the missiles it had.
func TestDeathTimer(t *testing.T) {
	s := fromPicture(t, testConfig(5, 14, 10), []string{
		"..............", "..............", "...0X.........", "..............", ".............."}, 1000)
	s.Cars[0].Missiles = 7
	for round := 0; round <= 30; round++ {
		s.Step()
		checkInvariants(t, s)
		if alive := s.Cars[0].Alive; alive != (round == 30) {
			t.Fatalf("after round %d: alive %v, time %d", round, alive, s.Cars[0].Time)
		}
	}
	if c := s.Cars[0]; c.Gas != 60 || c.Missiles != 7 || c.Time != 0 || !s.InWindow(c.Pos, s.Round) {
		t.Fatalf("regenerated car %+v", c)
	}
}

// freeAround reports whether the 5×5 square around p (rows clipped,
// columns wrapping) holds none of the kinds, apart from car self.
func freeAround(s *State, p Pos, self int, kinds ...CellType) bool {
	for i := max(0, p.I-2); i <= min(s.Cfg.Rows-1, p.I+2); i++ {
		for j := p.J - 2; j <= p.J+2; j++ {
			c := s.Cells[s.index(Pos{I: i, J: j})]
			for _, k := range kinds {
				if c.Type == k && !(k == CarCell && c.Car == self) {
					return false
				}
			}
		}
	}
	return true
}

// Regenerated cars appear in the window of the new round on an empty cell
// whose 5×5 square has no car, missile or tyre.
func TestRegenerationPlacement(t *testing.T) {
	f := defaultBoard(t)
	back := 0
	for seed := range uint64(200) {
		s, err := NewState(ConfigOf(mergeDefaults(f.Settings())), f.Board, seed)
		if err != nil {
			t.Fatal(err)
		}
		for range seed % 40 { // somewhere along the universe
			s.Step()
		}
		for id := range s.Cars {
			if s.Cars[id].Alive {
				s.kill(id)
			}
			s.Cars[id].Time = 0
		}
		s.Step()
		checkInvariants(t, s)
		for id, c := range s.Cars {
			if !c.Alive {
				continue
			}
			back++
			if !s.InWindow(c.Pos, s.Round) || !freeAround(s, c.Pos, id, CarCell, MissileCell, Tyre) {
				t.Fatalf("seed %d: car %d regenerated at %v, round %d", seed, id, c.Pos, s.Round)
			}
		}
	}
	if back < 200*6 {
		t.Fatalf("only %d of 1600 cars came back", back)
	}
}

// With no free place in the window a dead car waits (time 0) and tries
// again the next round.
func TestRegenerationRetries(t *testing.T) {
	s := fromPicture(t, testConfig(5, 14, 10), []string{
		"X.X.X.X.X.X.X.", "..............", "X.X.X.X.X.X.X.", "..............", "X.X.X.X.X.X.X."}, 0)
	s.Step()
	for id, c := range s.Cars {
		if c.Alive || c.Time != 0 {
			t.Fatalf("car %d: %+v, want dead and waiting", id, c)
		}
	}
	for i := range s.Cells {
		s.setContent(i, Empty)
	}
	s.Step()
	alive := 0
	for _, c := range s.Cars {
		if c.Alive {
			alive++
		}
	}
	if alive == 0 {
		t.Fatal("no car came back once the tyres were gone")
	}
	checkInvariants(t, s)
}

// A bonus taken reappears at once outside the window of the new round, on
// an empty cell whose 5×5 square has no car or missile.
func TestBonusReappears(t *testing.T) {
	f := defaultBoard(t)
	cfg := ConfigOf(mergeDefaults(f.Settings()))
	for seed := range uint64(100) {
		s, err := NewState(cfg, f.Board, seed)
		if err != nil {
			t.Fatal(err)
		}
		for range seed % 50 {
			s.Step()
		}
		// Take every bonus of the window, as if cars had.
		var taken [GasBonus + 1]int
		for i, c := range s.Cells {
			if c.Type.IsBonus() && s.InWindow(Pos{I: i / cfg.Cols, J: i % cfg.Cols}, s.Round) {
				taken[c.Type]++
				s.setContent(i, Empty)
			}
		}
		before := append([]sdk.Cell(nil), s.Cells...)
		s.Step()
		var count [GasBonus + 1]int
		for i, c := range s.Cells {
			if !c.Type.IsBonus() {
				continue
			}
			count[c.Type]++
			if before[i].Type == c.Type {
				continue
			}
			p := Pos{I: i / cfg.Cols, J: i % cfg.Cols}
			if before[i].Type != Empty || s.InWindow(p, s.Round) || !freeAround(s, p, -1, CarCell, MissileCell) {
				t.Fatalf("seed %d: %v appeared at %v, round %d", seed, c.Type, p, s.Round)
			}
		}
		if count[WaterBonus] != cfg.WaterBonuses || count[GasBonus] != cfg.GasBonuses || count[MissileBonus] != cfg.MissileBonuses {
			t.Fatalf("seed %d: %v bonuses after the round (took %v)", seed, count, taken)
		}
		checkInvariants(t, s)
	}
}

// When no place can be found a bonus kind waits for the next round.
func TestBonusWaitsForRoom(t *testing.T) {
	cfg := testConfig(5, 14, 12)
	cfg.WaterBonuses = 1
	s := fromPicture(t, cfg, []string{
		"..............", "..............", "...........0..", "..............", ".............."}, 10)
	s.Step() // the car, now in column 12, keeps columns 10-13 and 0 (all but the window) free of bonuses
	if n := countType(s, WaterBonus); n != 0 {
		t.Fatalf("%d waters placed next to a car", n)
	}
	s.kill(0)
	s.Step()
	if n := countType(s, WaterBonus); n != 1 {
		t.Fatalf("%d waters once there is room", n)
	}
}

func countType(s *State, t CellType) int {
	n := 0
	for _, c := range s.Cells {
		if c.Type == t {
			n++
		}
	}
	return n
}

// The generator is Park–Miller's minimal standard with multiplier 48271:
// from state 1, the 10000th number is 399268537 (C++'s minstd_rand check).
func TestGenerator(t *testing.T) {
	var g sdk.Generator
	g.Seed(0) // state 1 + 0
	var v int
	for range 10000 {
		v = g.Next()
	}
	if v+1 != 399268537 {
		t.Fatalf("10000th number %d, want 399268536", v)
	}
	g.Seed(1)
	if v := g.Next(); v != 2*48271-1 {
		t.Fatalf("first number after Seed(1): %d", v)
	}
	g.Seed(7)
	h := g
	for range 100 {
		if r := g.Range(3, 8); r != 3+h.Next()%6 {
			t.Fatal("Range is not l + Next() mod (u-l+1)")
		}
	}
}

// Players play in an order drawn each round; every order comes up.
func TestPlayerOrder(t *testing.T) {
	seen := map[[4]int]int{}
	for seed := range uint64(2400) {
		s := &State{Cfg: Config{Players: 4}}
		s.rng.Seed(seed)
		seen[[4]int(s.playerOrder())]++
	}
	if len(seen) != 24 {
		t.Fatalf("%d orders of 24 came up", len(seen))
	}
	for o, n := range seen {
		if n < 50 || n > 150 {
			t.Fatalf("order %v came up %d times in 2400", o, n)
		}
	}
	_ = games.NewRNG
}
