package apocalypse

import (
	"slices"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// checkInvariants verifies what must hold between rounds: units where the
// rules allow them, one soldier a cell, helicopters' squares inside the
// border, apart and off mountains, every index consistent, soldiers and
// parachuters together as many as at the start (and those Redux's jumps
// below no own helicopter hand out).
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	n := s.N
	total := 0
	seen := map[int]int{}
	for k, u := range s.Soldiers {
		if k > 0 && s.Soldiers[k-1].ID >= u.ID {
			t.Fatalf("round %d: soldiers out of id order", s.Round)
		}
		if u.Life <= 0 || u.Life > s.Cfg.Life || u.Player < 0 || u.Player >= s.Cfg.Players {
			t.Fatalf("round %d: soldier %+v", s.Round, u)
		}
		if l := s.Land[u.Cell]; l != Forest && l != Grass {
			t.Fatalf("round %d: soldier %d on %v", s.Round, u.ID, l)
		}
		if s.Fire[u.Cell] > 0 {
			t.Fatalf("round %d: soldier %d on fire", s.Round, u.ID)
		}
		if other, dup := seen[u.Cell]; dup {
			t.Fatalf("round %d: soldiers %d and %d share a cell", s.Round, other, u.ID)
		}
		seen[u.Cell] = u.ID
		if s.soldierAt[u.Cell] != int32(u.ID) {
			t.Fatalf("round %d: cell index wrong for soldier %d", s.Round, u.ID)
		}
		if k := s.postAt[u.Cell]; k >= 0 && s.Posts[k].Owner != u.Player {
			t.Fatalf("round %d: soldier %d stands on a post of %d", s.Round, u.ID, s.Posts[k].Owner)
		}
		total++
	}
	for c, id := range s.soldierAt {
		if id != 0 && seen[c] != int(id) {
			t.Fatalf("round %d: stale soldier index at %d", s.Round, c)
		}
	}
	sky := map[int]int{}
	for _, h := range s.Helis {
		i, j := h.Cell/n, h.Cell%n
		if i < Half+1 || j < Half+1 || i > n-Half-2 || j > n-Half-2 {
			t.Fatalf("round %d: helicopter %d at (%d, %d) touches the border", s.Round, h.ID, i, j)
		}
		for a := i - Half; a <= i+Half; a++ {
			for b := j - Half; b <= j+Half; b++ {
				c := a*n + b
				if s.Land[c] == Mountain {
					t.Fatalf("round %d: helicopter %d over a mountain", s.Round, h.ID)
				}
				if other, dup := sky[c]; dup {
					t.Fatalf("round %d: helicopters %d and %d overlap", s.Round, other, h.ID)
				}
				sky[c] = h.ID
				if s.sky[c] != int32(h.ID) {
					t.Fatalf("round %d: sky index wrong", s.Round)
				}
			}
		}
		if h.Napalm < 0 || h.Napalm > s.Cfg.RoundsNapalm || h.Ori < 0 || h.Ori > 3 {
			t.Fatalf("round %d: helicopter %+v", s.Round, h)
		}
		for k, r := range h.Para {
			if r <= 0 || r > s.Cfg.RoundsJump || (k > 0 && r < h.Para[k-1]) {
				t.Fatalf("round %d: helicopter %d parachuters %v", s.Round, h.ID, h.Para)
			}
		}
		total += len(h.Para)
	}
	for c := range s.sky {
		if s.sky[c] != 0 && sky[c] == 0 {
			t.Fatalf("round %d: stale sky at %d", s.Round, c)
		}
	}
	if want := s.Cfg.Players*s.Cfg.Soldiers + s.created; total != want {
		t.Fatalf("round %d: %d soldiers and parachuters, want %d", s.Round, total, want)
	}
	burning := 0
	for c, f := range s.Fire {
		if f < 0 || (f > 0 && s.Land[c] == Mountain) {
			t.Fatalf("round %d: fire %d on %v", s.Round, f, s.Land[c])
		}
		if f > 0 {
			burning++
		}
	}
	if burning != len(s.burning) {
		t.Fatalf("round %d: %d cells burn, %d listed", s.Round, burning, len(s.burning))
	}
}

// checkSpread verifies that every cell the fire spread to in the last
// round is a forest next to (north, south, east or west of) a forest
// that burnt at the start of the fire phase: burning before the round
// (land and fire are the board before it) or napalmed in it.
func checkSpread(t testing.TB, s *State, land []Terrain, fire []int) {
	t.Helper()
	n := s.N
	napalmed := make([]bool, n*n)
	for _, f := range s.Executed.Helis {
		if f.instr == sdk.Napalm && f.effect == 1 {
			c := s.Helis[f.heli].Cell
			for di := -s.Cfg.Reach; di <= s.Cfg.Reach; di++ {
				for dj := -s.Cfg.Reach; dj <= s.Cfg.Reach; dj++ {
					napalmed[c+di*n+dj] = true
				}
			}
		}
	}
	for _, c := range s.Spread {
		if land[c] != Forest || s.Land[c] != Forest {
			t.Fatalf("round %d: fire spread to %v", s.Round, land[c])
		}
		from := false
		for _, x := range [4]int{c - n, c + n, c - 1, c + 1} {
			from = from || (land[x] == Forest && (fire[x] > 0 || napalmed[x]))
		}
		if !from {
			t.Fatalf("round %d: fire spread to cell %d without a burning forest next to it", s.Round, c)
		}
	}
}

// Random commands, valid or not, on generated boards of both variants:
// the invariants hold after every round, fire spreads only from burning
// forest, and 2018's scores never decrease (Redux's are each round's
// points: checked against the board).
func TestInvariantsRandomPlay(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 5
	}
	for _, g := range []Game{{}, {Redux: true}} {
		s0 := g.Info().Defaults()
		for seed := range uint64(seeds) {
			gm, err := g.NewMatch(s0, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := gm.(*match).s
			checkInvariants(t, s)
			r := games.NewRNG(seed, 99)
			prev := make([]int, 4)
			var cmds []sdk.Command
			for !gm.Done() {
				for p := range 4 {
					cmds = cmds[:0]
					for range r.Intn(40) {
						var c sdk.Command
						switch r.Intn(4) {
						case 0, 1:
							u := s.Soldiers[r.Intn(len(s.Soldiers))]
							c = sdk.Command{Kind: sdk.KindSoldier, ID: u.ID, I: u.Cell/s.N + r.Range(-1, 1), J: u.Cell%s.N + r.Range(-1, 1)}
						case 2:
							c = sdk.Command{Kind: sdk.KindHelicopter, ID: s.Helis[r.Intn(len(s.Helis))].ID, Instr: sdk.Instruction(r.Range(0, 6))}
						default:
							h := s.Helis[r.Intn(len(s.Helis))]
							c = sdk.Command{Kind: sdk.KindJump, I: h.Cell/s.N + r.Range(-3, 3), J: h.Cell%s.N + r.Range(-3, 3)}
						}
						cmds = append(cmds, c)
					}
					s.Register(p, cmds)
				}
				land, fire := slices.Clone(s.Land), slices.Clone(s.Fire)
				gm.Step()
				checkInvariants(t, s)
				checkSpread(t, s, land, fire)
				if g.Redux {
					checkPoints(t, s)
					continue
				}
				for p, sc := range s.Scores {
					if sc < prev[p] {
						t.Fatalf("seed %d: the score of %d went down", seed, p)
					}
					prev[p] = sc
				}
			}
		}
	}
}

// checkPoints verifies that Redux's scores are the points of the board
// now: each post's value to its holder, one per soldier.
func checkPoints(t testing.TB, s *State) {
	t.Helper()
	pts := make([]int, s.Cfg.Players)
	for _, p := range s.Posts {
		if p.Owner >= 0 {
			pts[p.Owner] += s.value(p)
		}
	}
	for _, u := range s.Soldiers {
		pts[u.Player]++
	}
	if !slices.Equal(pts, s.Scores) {
		t.Fatalf("round %d: scores %v, the board gives %v", s.Round, s.Scores, pts)
	}
}
