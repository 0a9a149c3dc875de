package wasteland

import (
	"slices"
	"testing"

	"arena.dev/games/wasteland/sdk"
)

// The rules on a 5×14 universe with a window of 10 columns, round 0: the
// cars stand in columns 0-9 and must end their moves in columns 1-10.
func TestRules(t *testing.T) {
	none := []sdk.Command(nil)
	tests := []struct {
		name   string
		pic    []string
		setup  func(s *State)
		cmds   [][]sdk.Command // per player
		want   []string
		scores []int
		bad    []int
		check  func(t *testing.T, s *State)
	}{
		{
			name: "an uninstructed car moves Default and burns gas",
			pic:  []string{"..............", "..............", "...0..........", "..............", ".............."},
			want: []string{"..............", "..............", "....0.........", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if c := s.Cars[0]; c.Gas != 59 || c.Missiles != 5 {
					t.Errorf("car 0: %+v", c)
				}
			},
		},
		{
			name: "a car moving into a tyre dies with it",
			pic:  []string{"..............", "..............", "...0X.........", "..............", ".............."},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if c := s.Cars[0]; c.Alive || c.Pos != (Pos{I: 2, J: 4}) || c.Time != 29 {
					t.Errorf("car 0: %+v, want dead at (2,4) waiting 29 rounds", c)
				}
				if !slices.Equal(s.Booms, []int{2*14 + 4}) {
					t.Errorf("booms %v", s.Booms)
				}
			},
		},
		{
			name: "cars of two players collide: both die, nobody scores",
			pic:  []string{"..............", "..............", "...0.2........", "..............", ".............."},
			cmds: [][]sdk.Command{{move(0, sdk.Fast)}, {move(2, sdk.Slow)}},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if s.Cars[0].Alive || s.Cars[2].Alive {
					t.Error("a car survived")
				}
			},
		},
		{
			name: "a player's own cars collide: both die",
			pic:  []string{"..............", "..............", "...0.1........", "..............", ".............."},
			cmds: [][]sdk.Command{{move(0, sdk.Fast), move(1, sdk.Slow)}},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
		},
		{
			name:   "a car moving into another player's missile dies; the shooter's player scores",
			pic:    []string{"..............", "..c...........", "...0..........", "..............", ".............."},
			cmds:   [][]sdk.Command{{move(0, sdk.Up)}},
			want:   []string{"..............", "..............", "..............", "..............", ".............."},
			scores: []int{0, 30, 0, 0},
		},
		{
			name: "a car moving into its own player's missile dies; nobody scores",
			pic:  []string{"..............", "..b...........", "...0..........", "..............", ".............."},
			cmds: [][]sdk.Command{{move(0, sdk.Up)}},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
		},
		{
			name:   "a missile kills another player's car; the shooter's player scores",
			pic:    []string{"..............", "..............", ".c.0..........", "..............", ".............."},
			want:   []string{"..............", "..............", "..............", "..............", ".............."},
			scores: []int{0, 30, 0, 0},
		},
		{
			name: "a missile kills its own player's car; nobody scores",
			pic:  []string{"..............", "..............", ".b.0..........", "..............", ".............."},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
		},
		{
			name: "a missile kills its own shooter; nobody scores",
			pic:  []string{"..............", "..............", ".a0...........", "..............", ".............."},
			want: []string{"..............", "..............", "..............", "..............", ".............."},
		},
		{
			name: "a missile flies two columns and destroys the first bonus or tyre it meets",
			pic:  []string{"a.............", "aW............", "a.G...........", "aX............", ".a.M.........."},
			want: []string{"..a...........", "..............", "..............", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if len(s.Missiles) != 1 || len(s.Booms) != 4 {
					t.Errorf("missiles %v, booms %v", s.Missiles, s.Booms)
				}
			},
		},
		{
			name: "a missile with another ahead waits for it, then flies",
			pic:  []string{"..............", "..............", ".ab...........", "..............", ".............."},
			want: []string{"..............", "..............", "...ab.........", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if len(s.Booms) != 0 || len(s.Missiles) != 2 {
					t.Errorf("missiles %v, booms %v", s.Missiles, s.Booms)
				}
			},
		},
		{
			name: "a shot flies two columns from the car, then the car moves Default",
			pic:  []string{"..............", "..............", "...0..........", "..............", ".............."},
			cmds: [][]sdk.Command{{shoot(0)}},
			want: []string{"..............", "..............", "....0a........", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if s.Cars[0].Missiles != 4 || !slices.Equal(s.Executed, []sdk.Command{shoot(0)}) {
					t.Errorf("car 0 %+v, executed %v", s.Cars[0], s.Executed)
				}
			},
		},
		{
			name: "a shot clears a tyre ahead and the car drives on",
			pic:  []string{"..............", "..............", "...0X.........", "..............", ".............."},
			cmds: [][]sdk.Command{{shoot(0)}},
			want: []string{"..............", "..............", "....0.........", "..............", ".............."},
		},
		{
			name:   "a shot kills another player's car ahead",
			pic:    []string{"..............", "..............", "...02.........", "..............", ".............."},
			cmds:   [][]sdk.Command{{shoot(0)}, {move(2, sdk.Slow)}},
			want:   []string{"..............", "..............", "....0.........", "..............", ".............."},
			scores: []int{30, 0, 0, 0},
		},
		{
			name:  "shooting without missiles is invalid: the car moves Default",
			pic:   []string{"..............", "..............", "...0..........", "..............", ".............."},
			setup: func(s *State) { s.Cars[0].Missiles = 0 },
			cmds:  [][]sdk.Command{{shoot(0)}},
			want:  []string{"..............", "..............", "....0.........", "..............", ".............."},
			bad:   []int{1, 0, 0, 0},
		},
		{
			name:  "a car whose gas runs out dies, and nobody scores",
			pic:   []string{"..............", "..............", "...0..........", "..............", ".............."},
			setup: func(s *State) { s.Cars[0].Gas = 1 },
			want:  []string{"..............", "..............", "..............", "..............", ".............."},
			check: func(t *testing.T, s *State) {
				if c := s.Cars[0]; c.Alive || c.Gas != 0 || c.Time != 29 || c.Pos != (Pos{I: 2, J: 4}) {
					t.Errorf("car 0: %+v", c)
				}
			},
		},
		{
			name:   "bonuses: water scores, gas and missiles fill the car",
			pic:    []string{"..............", "...0WW........", "...1G.........", "...2M.........", ".............."},
			want:   []string{"..............", ".....0........", "....1.........", "....2.........", ".............."},
			scores: []int{20, 0, 0, 0},
			cmds:   [][]sdk.Command{{move(0, sdk.Fast)}},
			check: func(t *testing.T, s *State) {
				if c := s.Cars[1]; c.Gas != 89 || c.Missiles != 5 {
					t.Errorf("car 1 took gas: %+v", c)
				}
				if c := s.Cars[2]; c.Gas != 59 || c.Missiles != 10 {
					t.Errorf("car 2 took missiles: %+v", c)
				}
			},
		},
		{
			name:   "a move takes the bonuses it passes before the tyre that ends it",
			pic:    []string{"..............", "..............", "...0WX........", "..............", ".............."},
			cmds:   [][]sdk.Command{{move(0, sdk.Fast)}},
			want:   []string{"..............", "..............", "..............", "..............", ".............."},
			scores: []int{10, 0, 0, 0},
		},
		{
			name: "cars left without instruction move after the player's list",
			pic:  []string{"..............", "..............", "...01.........", "..............", ".............."},
			cmds: [][]sdk.Command{{move(1, sdk.Fast)}},
			want: []string{"..............", "..............", "....0.1.......", "..............", ".............."},
		},
		{
			name: "invalid instructions are ignored and counted",
			pic:  []string{"..............", "..............", "...0..2.......", "..............", ".............."},
			setup: func(s *State) {
				s.Cars[1].Missiles = 5 // car 1 is dead (not drawn)
			},
			cmds: [][]sdk.Command{{
				move(2, sdk.Up),                // another player's car
				{Car: 9, Code: 1},              // no such car
				{Car: 0, Code: 200},            // not an instruction: dropped as given
				move(0, sdk.Up),                // the first for car 0: applied
				shoot(0),                       // a second one for car 0
				move(1, sdk.Default),           // a dead car
				{Car: -1, Code: sdk.CodeShoot}, // no such car
			}},
			want: []string{"..............", "....0.........", ".......2......", "..............", ".............."},
			bad:  []int{6, 0, 0, 0},
			check: func(t *testing.T, s *State) {
				if !slices.Equal(s.Executed, []sdk.Command{move(0, sdk.Up)}) {
					t.Errorf("executed %v", s.Executed)
				}
			},
		},
		{
			name: "a move out of the next window is invalid: the car moves Default",
			pic:  []string{"0.............", "..............", ".........2....", "..............", "4............."},
			cmds: [][]sdk.Command{{move(0, sdk.Up)}, {move(2, sdk.Fast)}, {move(4, sdk.Slow)}},
			want: []string{".0............", "..............", "..........2...", "..............", ".4............"},
			bad:  []int{1, 1, 1, 0},
		},
		{
			name:   "an instruction for a car killed earlier in the round is skipped",
			pic:    []string{"..............", "..............", ".c.0..........", "..............", ".............."},
			cmds:   [][]sdk.Command{{move(0, sdk.Down)}},
			want:   []string{"..............", "..............", "..............", "..............", ".............."},
			scores: []int{0, 30, 0, 0},
			check: func(t *testing.T, s *State) {
				if len(s.Executed) != 0 {
					t.Errorf("executed %v", s.Executed)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fromPicture(t, testConfig(5, 14, 10), tc.pic, 10)
			if tc.setup != nil {
				tc.setup(s)
			}
			for p, cmds := range tc.cmds {
				if cmds == nil {
					cmds = none
				}
				bad := s.Register(p, cmds)
				want := 0
				if tc.bad != nil {
					want = tc.bad[p]
				}
				if bad != want {
					t.Errorf("player %d: %d invalid, want %d", p, bad, want)
				}
			}
			s.Step()
			if got := picture(s); !slices.Equal(got, tc.want) {
				t.Errorf("after the round:\n%s\nwant:\n%s", join(got), join(tc.want))
			}
			want := tc.scores
			if want == nil {
				want = []int{0, 0, 0, 0}
			}
			if !slices.Equal(s.Scores, want) {
				t.Errorf("scores %v, want %v", s.Scores, want)
			}
			if tc.check != nil {
				tc.check(t, s)
			}
			checkInvariants(t, s)
		})
	}
}

func join(rows []string) string {
	out := ""
	for _, r := range rows {
		out += "  " + r + "\n"
	}
	return out
}

// Each direction passes exactly the statement's cells, in the order of
// the original's dir2all.
func TestDirectionPaths(t *testing.T) {
	want := map[sdk.Dir][]sdk.Dir{
		sdk.Up:       {{I: 0, J: 1}, {I: -1, J: 0}, {I: -1, J: 1}},
		sdk.Default:  {{I: 0, J: 1}},
		sdk.Down:     {{I: 0, J: 1}, {I: 1, J: 0}, {I: 1, J: 1}},
		sdk.SlowUp:   {{I: -1, J: 0}},
		sdk.Slow:     nil,
		sdk.SlowDown: {{I: 1, J: 0}},
		sdk.FastUp:   {{I: 0, J: 1}, {I: -1, J: 0}, {I: -1, J: 1}, {I: 0, J: 2}, {I: -1, J: 2}},
		sdk.Fast:     {{I: 0, J: 1}, {I: 0, J: 2}},
		sdk.FastDown: {{I: 0, J: 1}, {I: 1, J: 0}, {I: 1, J: 1}, {I: 0, J: 2}, {I: 1, J: 2}},
	}
	for _, d := range sdk.Dirs {
		path := sdk.Passes(d)
		if !slices.Equal(path, want[d]) {
			t.Errorf("%v passes %v, want %v", d, path, want[d])
		}
		if len(path) > 0 && path[len(path)-1] != d {
			t.Errorf("%v does not end on its target", d)
		}
		// In play: waters on every cell around; the car takes those its
		// path passes, and only those.
		s := fromPicture(t, testConfig(5, 14, 10), []string{
			"..............", "...WWW........", "...0WW........", "...WWW........", ".............."}, 10)
		s.Register(0, []sdk.Command{move(0, d)})
		s.Step()
		if s.Scores[0] != 10*len(path) {
			t.Errorf("%v: scored %d, want %d", d, s.Scores[0], 10*len(path))
		}
		for _, step := range path {
			if c := s.Cells[s.index(Pos{I: 2 + step.I, J: 3 + step.J})]; c.Type == WaterBonus {
				t.Errorf("%v: water left at %v", d, step)
			}
		}
		if c := s.Cars[0]; c.Pos != (Pos{I: 2 + d.I, J: 3 + d.J}) || !c.Alive {
			t.Errorf("%v: car at %v, alive %v", d, c.Pos, c.Alive)
		}
		// A tyre on the k-th cell ends the move there: the bonuses before it
		// are taken, those after are not.
		for k := range path {
			s := fromPicture(t, testConfig(5, 14, 10), []string{
				"..............", "...WWW........", "...0WW........", "...WWW........", ".............."}, 10)
			tyre := Pos{I: 2 + path[k].I, J: 3 + path[k].J}
			s.setContent(s.index(tyre), Tyre)
			s.Register(0, []sdk.Command{move(0, d)})
			s.Step()
			if s.Scores[0] != 10*k || s.Cars[0].Alive || s.Cars[0].Pos != tyre || s.Cells[s.index(tyre)].Type != Empty {
				t.Errorf("%v, tyre at step %d: score %d, car %+v", d, k, s.Scores[0], s.Cars[0])
			}
		}
	}
}

// Columns wrap: a car on the last column moves to column 0, a missile
// flies across the seam.
func TestUniverseWraps(t *testing.T) {
	s := fromPicture(t, testConfig(5, 14, 10), []string{
		"..............", "..............", ".............0", "W...........b.", ".............b"}, 10)
	s.Round = 13 // window of round 13: columns 13, 0..8; of round 14: 0..9
	s.Register(0, []sdk.Command{move(0, sdk.Fast)})
	s.Step()
	want := []string{"..............", "..............", ".0............", "..............", ".b............"}
	if got := picture(s); !slices.Equal(got, want) {
		t.Fatalf("after the round:\n%s\nwant:\n%s", join(got), join(want))
	}
	if !s.InWindow(Pos{I: 0, J: 13}, 13) || s.InWindow(Pos{I: 0, J: 9}, 13) || !s.InWindow(Pos{I: 0, J: -1}, 13) || s.InWindow(Pos{I: 5, J: 0}, 13) {
		t.Fatal("InWindow does not wrap")
	}
}

// A row full of missiles one cell apart waits for itself forever in the
// original; here they all fly at once.
func TestMissileRing(t *testing.T) {
	s := fromPicture(t, testConfig(5, 14, 10), []string{
		"..............", "..............", "a.a.a.a.a.a.a.", "..............", ".............."}, 10)
	s.Step()
	want := []string{"..............", "..............", "a.a.a.a.a.a.a.", "..............", ".............."}
	if got := picture(s); !slices.Equal(got, want) || len(s.Missiles) != 7 {
		t.Fatalf("after the round:\n%s\nwant:\n%s", join(got), join(want))
	}
	for _, m := range s.Missiles {
		if m.Pos.J%2 != 0 {
			t.Fatalf("missile %d at %v", m.ID, m.Pos)
		}
	}
}
