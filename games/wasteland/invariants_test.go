package wasteland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/wasteland/sdk"
)

// checkInvariants verifies what must hold between rounds.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	cfg := s.Cfg
	if len(s.Cells) != cfg.Rows*cfg.Cols || len(s.Cars) != cfg.Players*cfg.CarsPerPlayer {
		t.Fatalf("round %d: %d cells, %d cars", s.Round, len(s.Cells), len(s.Cars))
	}
	cars, missiles := 0, 0
	for i, c := range s.Cells {
		switch c.Type {
		case CarCell:
			cars++
			if c.Car < 0 || c.Car >= len(s.Cars) || !s.Cars[c.Car].Alive || s.index(s.Cars[c.Car].Pos) != i || c.Missile != -1 {
				t.Fatalf("round %d: cell %d says car %d", s.Round, i, c.Car)
			}
		case MissileCell:
			missiles++
			if c.Car != -1 || s.index(s.missile(c.Missile).Pos) != i {
				t.Fatalf("round %d: cell %d says missile %d", s.Round, i, c.Missile)
			}
		default:
			if c.Car != -1 || c.Missile != -1 {
				t.Fatalf("round %d: cell %d holds %v with ids", s.Round, i, c)
			}
		}
	}
	alive := 0
	for id, c := range s.Cars {
		if c.ID != id || c.Pos.I < 0 || c.Pos.I >= cfg.Rows || c.Pos.J < 0 || c.Pos.J >= cfg.Cols || c.Missiles < 0 {
			t.Fatalf("round %d: car %d: %+v", s.Round, id, c)
		}
		if c.Alive {
			alive++
			if c.Time != 0 || c.Gas <= 0 || !s.InWindow(c.Pos, s.Round) {
				t.Fatalf("round %d: living car %d: %+v (window of round %d)", s.Round, id, c, s.Round)
			}
		} else if c.Time < 0 {
			t.Fatalf("round %d: dead car %d waits %d", s.Round, id, c.Time)
		}
	}
	if alive != cars || missiles != len(s.Missiles) {
		t.Fatalf("round %d: %d living cars, %d car cells; %d missiles, %d missile cells", s.Round, alive, cars, len(s.Missiles), missiles)
	}
	for k, m := range s.Missiles {
		if k > 0 && s.Missiles[k-1].ID >= m.ID || m.ID >= s.nextMissile || m.Car < 0 || m.Car >= len(s.Cars) {
			t.Fatalf("round %d: missile %+v", s.Round, m)
		}
	}
	for p, sc := range s.Scores {
		if sc < 0 || sc%10 != 0 {
			t.Fatalf("round %d: score of %d is %d", s.Round, p, sc)
		}
	}
}

// Random instructions, valid or not, on generated boards of random sizes
// and on the default board: the invariants hold after every round,
// scores never decrease and bonuses stay at their numbers or below.
func TestInvariantsRandomPlay(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 6
	}
	f := defaultBoard(t)
	info := Game{}.Info()
	for seed := range uint64(seeds) {
		pick := games.NewRNG(seed, 99)
		var board games.Board
		settings := info.Defaults()
		if seed%3 == 0 {
			board = f
		} else {
			settings = randomSettings(pick)
			settings["number_rounds"] = 300
		}
		gm, err := Game{}.NewMatch(settings, board, seed)
		if err != nil {
			t.Fatalf("seed %d, %v: %v", seed, settings, err)
		}
		s := gm.(*match).s
		checkInvariants(t, s)
		prev := make([]int, s.Cfg.Players)
		var cmds []sdk.Command
		for !gm.Done() {
			for p := range s.Cfg.Players {
				cmds = cmds[:0]
				for range pick.Intn(6) {
					// Mostly own cars and real instructions, some nonsense.
					car := p*s.Cfg.CarsPerPlayer + pick.Intn(s.Cfg.CarsPerPlayer)
					if pick.Intn(8) == 0 {
						car = pick.Range(-1, 9)
					}
					code := byte(pick.Intn(10))
					if pick.Intn(20) == 0 {
						code = byte(pick.Intn(256))
					}
					cmds = append(cmds, sdk.Command{Car: car, Code: code})
				}
				s.Register(p, cmds)
			}
			s.Step()
			checkInvariants(t, s)
			for p, sc := range s.Scores {
				if sc < prev[p] {
					t.Fatalf("seed %d: score of %d went down", seed, p)
				}
				prev[p] = sc
			}
			if n := countType(s, WaterBonus); n > s.Cfg.WaterBonuses {
				t.Fatalf("seed %d round %d: %d waters", seed, s.Round, n)
			}
		}
	}
}
