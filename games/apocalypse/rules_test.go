package apocalypse

import (
	"slices"
	"testing"

	"arena.dev/games/apocalypse/sdk"
)

// Every jump outcome: the statement's failures (water, fire, a soldier of
// one's own, an enemy soldier) and where the parachuter goes; a landing
// captures the post below.
func TestJumps(t *testing.T) {
	cases := []struct {
		name    string
		setup   func(b *Board)
		enemyTo int  // player who must get the parachuter, -1 any other
		lands   bool // a soldier of player 0 appears at (6, 6)
	}{
		{"free grass", func(b *Board) {}, -1, true},
		{"free forest", func(b *Board) { b.set(6, 6, Forest) }, -1, true},
		{"on a post", func(b *Board) { b.post(6, 6, true) }, -1, true},
		{"water", func(b *Board) { b.set(6, 6, Water) }, -1, false},
		{"fire", func(b *Board) { b.Fire[6*b.Max+6] = 3 }, -1, false},
		{"own soldier", func(b *Board) { b.soldier(50, 0, 6, 6, 100) }, -1, false},
		{"enemy soldier", func(b *Board) { b.soldier(50, 2, 6, 6, 100) }, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(10) {
				b := blank(20)
				b.heli(1, 0, 6, 6, sdk.South, 5, 20)
				c.setup(b)
				s := start(t, b, testConfig(20), seed)
				before := s.paras()
				mustRegister(t, s, 0, jumpTo(6, 6))
				s.Step()
				h := s.Helis[s.heli(1)]
				if !slices.Equal(h.Para, []int{19}) {
					t.Fatalf("the oldest parachuter did not jump: %v", h.Para)
				}
				after := s.paras()
				id := s.soldierAt[s.at(6, 6)]
				if c.lands {
					u := s.soldier(int(id))
					if u == nil || u.Player != 0 || u.Life != s.Cfg.Life || u.ID < 101 {
						t.Fatalf("no fresh soldier of player 0 landed: %+v", u)
					}
					if slices.Equal(before, after) || after[0] != before[0]-1 || sum(after) != sum(before)-1 {
						t.Fatalf("parachuters %v → %v", before, after)
					}
					if len(s.Posts) > 0 && s.Posts[0].Owner != 0 {
						t.Fatal("the post was not captured")
					}
					continue
				}
				if sum(after) != sum(before) || after[0] != before[0]-1 {
					t.Fatalf("parachuters %v → %v: the failed one must go to another player", before, after)
				}
				got := -1
				for p := 1; p < 4; p++ {
					if after[p] == before[p]+1 {
						got = p
					}
				}
				if got < 0 || (c.enemyTo >= 0 && got != c.enemyTo) {
					t.Fatalf("parachuters %v → %v, want one more for %d", before, after, c.enemyTo)
				}
			}
		})
	}
}

func sum(v []int) int {
	t := 0
	for _, x := range v {
		t += x
	}
	return t
}

// Jumps the original's Player refuses are ignored and counted: off the
// board, below none of the player's helicopters, more than the helicopter
// holds, more than MAX_JUMP in a round.
func TestJumpLimits(t *testing.T) {
	b := blank(30)
	b.heli(1, 0, 6, 6, sdk.South, 20, 20, 20, 20, 20, 20)
	b.heli(2, 0, 20, 20, sdk.South, 20)
	b.heli(3, 1, 6, 20, sdk.South, 20)
	s := start(t, b, testConfig(30), 1)
	bad := s.Register(0, []sdk.Command{
		jumpTo(-1, 6),                  // off the board
		jumpTo(6, 20),                  // below player 1's helicopter
		jumpTo(12, 12),                 // below nobody
		jumpTo(20, 20), jumpTo(21, 21), // helicopter 2 holds one
		jumpTo(5, 5), jumpTo(5, 6), jumpTo(5, 7), jumpTo(5, 8), // the 4th jump of the round is refused
	})
	want := []string{"position outside the board", "not below any of your helicopters", "not below any of your helicopters",
		"not enough parachuters in that helicopter", "too many jump instructions in this round"}
	if !slices.Equal(bad, want) {
		t.Fatalf("refused %q, want %q", bad, want)
	}
	s.Step()
	if got := len(s.Helis[s.heli(1)].Para); got != 3 {
		t.Fatalf("helicopter 1 has %d parachuters left, want 3 (3 jumped)", got)
	}
	if got := len(s.Helis[s.heli(2)].Para); got != 0 {
		t.Fatalf("helicopter 2 has %d parachuters left, want 0", got)
	}
}

// Two jumps onto one cell: the first lands, the second fails and goes to
// another player. (Helicopters' squares never overlap, so jumps of
// different players never meet.)
func TestTwoJumpsOntoOneCell(t *testing.T) {
	b := blank(20)
	b.heli(1, 0, 6, 6, sdk.South, 20, 20)
	s := start(t, b, testConfig(20), 1)
	mustRegister(t, s, 0, jumpTo(6, 7), jumpTo(6, 7))
	s.Step()
	if u := s.soldier(int(s.soldierAt[s.at(6, 7)])); u == nil || u.Player != 0 {
		t.Fatal("the first jump did not land")
	}
	if p := s.paras(); p[0] != 0 || sum(p) != 1 {
		t.Fatalf("parachuters %v, want one for another player", p)
	}
}

// Unused parachuters age by one a round; at 0 they go to a random other
// player, fresh.
func TestParachutersExpire(t *testing.T) {
	b := blank(20)
	b.heli(1, 0, 6, 6, sdk.South, 1, 2, 20)
	s := start(t, b, testConfig(20), 3)
	s.Step()
	if h := s.Helis[s.heli(1)]; !slices.Equal(h.Para, []int{1, 19}) {
		t.Fatalf("after a round: %v, want [1 19]", h.Para)
	}
	p := s.paras()
	if p[0] != 2 || sum(p) != 3 {
		t.Fatalf("parachuters %v: the expired one must go to another player", p)
	}
	for _, h := range s.Helis {
		if h.Player != 0 && len(h.Para) == 1 && h.Para[0] != 20 {
			t.Fatalf("the expired parachuter arrives with %v rounds, want 20", h.Para)
		}
	}
}

func TestHelicopterTurns(t *testing.T) {
	for _, c := range []struct {
		in       sdk.Instruction
		from, to int
	}{
		{sdk.CounterClockwise, sdk.South, sdk.East}, {sdk.CounterClockwise, sdk.West, sdk.South},
		{sdk.Clockwise, sdk.South, sdk.West}, {sdk.Clockwise, sdk.East, sdk.South},
	} {
		b := blank(20)
		b.heli(1, 0, 9, 9, c.from)
		s := start(t, b, testConfig(20), 1)
		mustRegister(t, s, 0, order(1, c.in))
		s.Step()
		if got := s.Helis[s.heli(1)].Ori; got != c.to {
			t.Errorf("%v from %d: %d, want %d", c.in, c.from, got, c.to)
		}
	}
}

// Forward moves stop before mountains and other helicopters' squares.
func TestHelicopterBlocking(t *testing.T) {
	cases := []struct {
		name  string
		setup func(b *Board)
		in    sdk.Instruction
		wantJ int
	}{
		{"forward 1", func(b *Board) {}, sdk.Forward1, 9},
		{"forward 2", func(b *Board) {}, sdk.Forward2, 10},
		{"mountain two ahead", func(b *Board) { b.set(6, 12, Mountain) }, sdk.Forward2, 9},
		{"mountain ahead", func(b *Board) { b.set(10, 11, Mountain) }, sdk.Forward2, 8},
		{"mountain beside the path", func(b *Board) { b.set(11, 12, Mountain) }, sdk.Forward2, 10},
		{"water is fine", func(b *Board) { b.set(8, 12, Water) }, sdk.Forward2, 10},
		{"helicopter two ahead", func(b *Board) { b.heli(9, 1, 10, 14, sdk.North) }, sdk.Forward2, 9},
		{"helicopter ahead", func(b *Board) { b.heli(9, 1, 4, 13, sdk.North) }, sdk.Forward1, 8},
	}
	for _, c := range cases {
		b := blank(20)
		b.heli(1, 0, 8, 8, sdk.East)
		c.setup(b)
		s := start(t, b, testConfig(20), 1)
		mustRegister(t, s, 0, order(1, c.in))
		s.Step()
		if got := s.Helis[s.heli(1)].Cell; got != s.at(8, c.wantJ) {
			t.Errorf("%s: centre at column %d, want %d", c.name, got%s.N, c.wantJ)
		}
	}
	// The mountain border stops it with its square inside.
	b := blank(20)
	b.heli(1, 0, 8, 14, sdk.East)
	s := start(t, b, testConfig(20), 1)
	for range 2 {
		mustRegister(t, s, 0, order(1, sdk.Forward2))
		s.Step()
	}
	if got := s.Helis[s.heli(1)].Cell % 20; got != 16 {
		t.Errorf("at the border: column %d, want 16", got)
	}
}

// Napalm burns the 5×5 square by land (forest longer, mountains never),
// kills every soldier there (an enemy gives the thrower a parachuter, an
// own one gives one to another player) and resets the counter; it does
// nothing before the counter reaches 0.
func TestNapalm(t *testing.T) {
	b := blank(20)
	b.heli(1, 0, 9, 9, sdk.South)
	b.set(7, 7, Forest)
	b.set(8, 8, Water)
	b.set(11, 11, Mountain)
	b.set(12, 12, Forest) // outside the square
	b.soldier(20, 1, 9, 9, 100)
	b.soldier(21, 0, 10, 10, 100)
	b.soldier(22, 2, 12, 12, 100)
	cfg := testConfig(20)
	s := start(t, b, cfg, 5)
	s.Helis[s.heli(1)].Napalm = 1
	mustRegister(t, s, 0, order(1, sdk.Napalm))
	s.Step()
	if s.Fire[s.at(9, 9)] != 0 || len(s.Soldiers) != 3 || s.Helis[s.heli(1)].Napalm != 0 {
		t.Fatalf("napalm thrown with the counter at 1 (counter now %d)", s.Helis[s.heli(1)].Napalm)
	}
	mustRegister(t, s, 0, order(1, sdk.Napalm))
	s.Step()
	want := map[[2]int]int{{7, 7}: cfg.ForestBurns, {8, 8}: cfg.OtherBurns, {9, 9}: cfg.OtherBurns, {11, 11}: 0, {12, 12}: 0, {7, 11}: cfg.OtherBurns, {6, 9}: 0}
	for p, f := range want {
		if got := s.Fire[s.at(p[0], p[1])]; got != f {
			t.Errorf("fire at %v: %d, want %d", p, got, f)
		}
	}
	if len(s.Soldiers) != 1 || s.Soldiers[0].ID != 22 {
		t.Fatalf("soldiers left: %+v, want only 22", s.Soldiers)
	}
	if got := s.Helis[s.heli(1)].Napalm; got != cfg.RoundsNapalm {
		t.Fatalf("napalm counter %d, want %d", got, cfg.RoundsNapalm)
	}
	p := s.paras()
	if p[0] != 1 || sum(p) != 2 {
		t.Fatalf("parachuters %v: one for player 0 (its enemy died), one for another (its own died)", p)
	}
	// It counts down to 0, one per round.
	for r := cfg.RoundsNapalm - 1; r >= 0; r-- {
		s.Step()
		if got := s.Helis[s.heli(1)].Napalm; got != r {
			t.Fatalf("counter %d, want %d", got, r)
		}
	}
}

// Soldier moves: onto free forest or grass only, never onto an own
// soldier; into fire the soldier dies; onto a post it captures it.
func TestSoldierMoves(t *testing.T) {
	cases := []struct {
		name  string
		setup func(b *Board)
		to    [2]int
		at    [2]int // where soldier 20 ends, or {-1, -1} dead
	}{
		{"grass", func(b *Board) {}, [2]int{6, 7}, [2]int{6, 7}},
		{"forest diagonal", func(b *Board) { b.set(7, 7, Forest) }, [2]int{7, 7}, [2]int{7, 7}},
		{"water", func(b *Board) { b.set(5, 5, Water) }, [2]int{5, 5}, [2]int{6, 6}},
		{"mountain", func(b *Board) { b.set(5, 6, Mountain) }, [2]int{5, 6}, [2]int{6, 6}},
		{"own soldier", func(b *Board) { b.soldier(21, 0, 7, 6, 100) }, [2]int{7, 6}, [2]int{6, 6}},
		{"stay", func(b *Board) {}, [2]int{6, 6}, [2]int{6, 6}},
		{"fire", func(b *Board) { b.Fire[6*20+7] = 2 }, [2]int{6, 7}, [2]int{-1, -1}},
	}
	for _, c := range cases {
		b := blank(20)
		b.soldier(20, 0, 6, 6, 100)
		b.post(6, 7, false)
		c.setup(b)
		s := start(t, b, testConfig(20), 1)
		before := s.paras()
		mustRegister(t, s, 0, stepTo(20, c.to[0], c.to[1]))
		s.Step()
		u := s.soldier(20)
		if c.at[0] < 0 {
			if u != nil {
				t.Errorf("%s: soldier alive at %d", c.name, u.Cell)
			}
			if after := s.paras(); sum(after) != sum(before)+1 || after[0] != 0 {
				t.Errorf("%s: parachuters %v, want one for another player", c.name, after)
			}
			continue
		}
		if u == nil || u.Cell != s.at(c.at[0], c.at[1]) {
			t.Errorf("%s: soldier %+v, want at %v", c.name, u, c.at)
		}
		if captured := s.Posts[0].Owner == 0; captured != (c.at == [2]int{6, 7}) {
			t.Errorf("%s: post owner %d", c.name, s.Posts[0].Owner)
		}
	}
}

// An attack hurts the defender by a random amount that depends on the
// defender's land: [20, 40] in a forest, [50, 100] on grass; the attacker
// stays; a kill gives the attacker's player a parachuter.
func TestFights(t *testing.T) {
	for _, land := range []Terrain{Forest, Grass} {
		lo, hi := 20, 40
		if land == Grass {
			lo, hi = 50, 100
		}
		seen := map[int]bool{}
		for seed := range uint64(300) {
			b := blank(20)
			b.set(6, 6, Grass+Forest-land) // the attacker's own land must not matter
			b.set(6, 7, land)
			b.soldier(20, 0, 6, 6, 100)
			b.soldier(21, 1, 6, 7, 1000)
			cfg := testConfig(20)
			cfg.Life = 1000
			s := start(t, b, cfg, seed)
			mustRegister(t, s, 0, stepTo(20, 6, 7))
			s.Step()
			d := 1000 - s.soldier(21).Life
			if d < lo || d > hi {
				t.Fatalf("%v: damage %d out of [%d, %d]", land, d, lo, hi)
			}
			seen[d] = true
			if s.soldier(20).Cell != s.at(6, 6) {
				t.Fatal("the attacker moved")
			}
		}
		if !seen[lo] || !seen[hi] || len(seen) < (hi-lo)/2 {
			t.Errorf("%v: damages seen %d, want the whole range [%d, %d]", land, len(seen), lo, hi)
		}
	}
	// A kill.
	b := blank(20)
	b.soldier(20, 0, 6, 6, 100)
	b.soldier(21, 1, 6, 7, 1)
	s := start(t, b, testConfig(20), 1)
	mustRegister(t, s, 0, stepTo(20, 6, 7))
	mustRegister(t, s, 1, stepTo(21, 6, 8)) // killed first or moves away first
	s.Step()
	if u := s.soldier(21); u != nil {
		if u.Cell != s.at(6, 8) {
			t.Fatal("soldier 21 neither died nor moved")
		}
		return
	}
	if p := s.paras(); p[0] != 1 || sum(p) != 1 {
		t.Fatalf("parachuters %v after a kill, want one for player 0", p)
	}
	if s.soldier(20).Cell != s.at(6, 6) || s.soldierAt[s.at(6, 7)] != 0 {
		t.Fatal("after a kill the attacker stays and the cell is free")
	}
}

// A soldier killed earlier in the round does not carry out its command.
func TestDeadSoldiersDoNotMove(t *testing.T) {
	for seed := range uint64(30) {
		b := blank(20)
		b.soldier(20, 0, 6, 6, 100)
		b.soldier(21, 1, 6, 7, 1)
		s := start(t, b, testConfig(20), seed)
		mustRegister(t, s, 0, stepTo(20, 6, 7))
		mustRegister(t, s, 1, stepTo(21, 6, 8))
		s.Step()
		dead := s.soldier(21) == nil
		executed := slices.ContainsFunc(s.Executed.Moves, func(m stepCmd) bool { return m.id == 21 })
		if dead == executed {
			t.Fatalf("seed %d: soldier 21 dead %v, its command executed %v", seed, dead, executed)
		}
	}
}

// Fire, as the original's propagate_fire: every fire counts down; a forest
// that stops burning is grass; fire spreads only from forest that burns at
// the start of the phase (its last round too), to forest without fire
// north, south, east or west of it, killing the soldier there. Burning
// grass and water spread nothing, whatever the statements say.
func TestFire(t *testing.T) {
	type cell struct {
		i, j int
		t    Terrain
		fire int
	}
	type want struct {
		i, j int
		t    Terrain
		fire int
	}
	cases := []struct {
		name  string
		cells []cell
		want  []want
	}{
		{"burning forest spreads north, south, east and west",
			[]cell{{5, 5, Forest, 4}, {4, 5, Forest, 0}, {6, 5, Forest, 0}, {5, 4, Forest, 0}, {5, 6, Forest, 0}},
			[]want{{5, 5, Forest, 3}, {4, 5, Forest, 10}, {6, 5, Forest, 10}, {5, 4, Forest, 10}, {5, 6, Forest, 10}}},
		{"never diagonally",
			[]cell{{5, 5, Forest, 4}, {4, 4, Forest, 0}, {6, 6, Forest, 0}, {4, 6, Forest, 0}, {6, 4, Forest, 0}},
			[]want{{4, 4, Forest, 0}, {6, 6, Forest, 0}, {4, 6, Forest, 0}, {6, 4, Forest, 0}}},
		{"burning grass spreads nothing",
			[]cell{{5, 5, Grass, 3}, {4, 5, Forest, 0}, {5, 6, Forest, 0}},
			[]want{{5, 5, Grass, 2}, {4, 5, Forest, 0}, {5, 6, Forest, 0}}},
		{"burning water spreads nothing",
			[]cell{{5, 5, Water, 3}, {4, 5, Forest, 0}, {5, 6, Forest, 0}},
			[]want{{5, 5, Water, 2}, {4, 5, Forest, 0}, {5, 6, Forest, 0}}},
		{"grass next to burning forest does not catch fire",
			[]cell{{5, 5, Forest, 4}, {5, 6, Grass, 0}, {5, 4, Water, 0}},
			[]want{{5, 6, Grass, 0}, {5, 4, Water, 0}}},
		{"a forest in its last round turns to grass and still spreads",
			[]cell{{5, 5, Forest, 1}, {5, 6, Forest, 0}},
			[]want{{5, 5, Grass, 0}, {5, 6, Forest, 10}}},
		{"a forest burning out next to one burning out: both grass, neither rekindles",
			[]cell{{5, 5, Forest, 1}, {5, 6, Forest, 1}},
			[]want{{5, 5, Grass, 0}, {5, 6, Grass, 0}}},
		{"a burning neighbour keeps its own count",
			[]cell{{5, 5, Forest, 9}, {5, 6, Forest, 3}},
			[]want{{5, 5, Forest, 8}, {5, 6, Forest, 2}}},
		{"forest between burning grass and burning forest catches fire",
			[]cell{{5, 4, Grass, 3}, {5, 5, Forest, 0}, {5, 6, Forest, 6}},
			[]want{{5, 4, Grass, 2}, {5, 5, Forest, 10}, {5, 6, Forest, 5}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := blank(20)
			for _, x := range c.cells {
				b.set(x.i, x.j, x.t)
				b.Fire[x.i*20+x.j] = x.fire
			}
			cfg := testConfig(20)
			cfg.ProbFire = 100
			s := start(t, b, cfg, 1)
			s.Step()
			for _, w := range c.want {
				if got := s.Land[s.at(w.i, w.j)]; got != w.t {
					t.Errorf("(%d, %d) is %v, want %v", w.i, w.j, got, w.t)
				}
				if got := s.Fire[s.at(w.i, w.j)]; got != w.fire {
					t.Errorf("(%d, %d) burns %d rounds, want %d", w.i, w.j, got, w.fire)
				}
			}
			for _, x := range s.Spread {
				if s.Land[x] != Forest || s.Fire[x] != cfg.ForestBurns {
					t.Errorf("spread to cell %d: %v burning %d", x, s.Land[x], s.Fire[x])
				}
			}
		})
	}

	// The soldier on a forest that catches fire dies, a parachuter for
	// another player; soldiers next to burning grass live.
	b := blank(20)
	b.set(5, 5, Forest)
	b.Fire[5*20+5] = 4
	b.set(5, 6, Forest)
	b.soldier(20, 2, 5, 6, 100)
	b.Fire[9*20+9] = 3 // grass
	b.set(9, 10, Forest)
	b.soldier(21, 1, 9, 10, 100)
	cfg := testConfig(20)
	cfg.ProbFire = 100
	s := start(t, b, cfg, 1)
	s.Step()
	if s.soldier(20) != nil || sum(s.paras()) != 1 || s.paras()[2] != 0 {
		t.Fatal("the soldier on the forest that caught fire did not die for another player")
	}
	if s.soldier(21) == nil {
		t.Fatal("a soldier on forest next to burning grass died")
	}

	// With PROB_FIRE 0 nothing spreads.
	b = blank(20)
	b.set(5, 5, Forest)
	b.set(5, 6, Forest)
	b.Fire[5*20+5] = 5
	cfg.ProbFire = 0
	s = start(t, b, cfg, 1)
	s.Step()
	if s.Fire[s.at(5, 6)] != 0 {
		t.Fatal("fire spread with PROB_FIRE 0")
	}
}

// One draw per forest cell, however many burning forests surround it: a
// forest with four burning neighbours catches fire PROB_FIRE% of the time
// (about 34% if each neighbour drew).
func TestFireOneDrawPerCell(t *testing.T) {
	const seeds = 2000
	caught := 0
	for seed := range uint64(seeds) {
		b := blank(20)
		for _, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			b.set(8+d[0], 8+d[1], Forest)
			if d != [2]int{0, 0} {
				b.Fire[(8+d[0])*20+8+d[1]] = 5
			}
		}
		s := start(t, b, testConfig(20), seed)
		s.Step()
		if s.Fire[s.at(8, 8)] > 0 {
			caught++
		}
	}
	// 10% of 2000 is 200, standard deviation about 13.
	if caught < 140 || caught > 260 {
		t.Fatalf("a forest amid four fires caught fire %d times in %d, want about %d", caught, seeds, seeds/10)
	}
}

// With the default 10% and a fixed seed, the fire spreads to some of a
// forest, about one neighbour in ten each round.
func TestFireSpreadFixedSeed(t *testing.T) {
	b := blank(40)
	for c := range b.Land {
		if b.Land[c] == Grass {
			b.Land[c] = Forest
		}
	}
	b.Fire[20*40+20] = 10
	s := start(t, b, testConfig(40), 42)
	var counts []int
	for range 10 {
		s.Step()
		n := 0
		for _, f := range s.Fire {
			if f > 0 {
				n++
			}
		}
		counts = append(counts, n)
	}
	// The same seed gives the same fire.
	b2 := blank(40)
	for c := range b2.Land {
		if b2.Land[c] == Grass {
			b2.Land[c] = Forest
		}
	}
	b2.Fire[20*40+20] = 10
	s2 := start(t, b2, testConfig(40), 42)
	for range 10 {
		s2.Step()
	}
	if !slices.Equal(s.Fire, s2.Fire) {
		t.Fatal("same seed, different fire")
	}
	if counts[9] <= 1 || counts[9] > 200 {
		t.Fatalf("burning cells round by round: %v", counts)
	}
	// Spread happens only next to fire: every new fire touches an old one.
	t.Logf("burning cells round by round: %v", counts)
}

// The score of a round: each post's value for its owner, one point per
// soldier; counted from round 0 and added up.
func TestScoring(t *testing.T) {
	b := blank(20)
	b.post(5, 5, true)
	b.post(5, 9, false)
	b.post(9, 9, true)
	b.Posts[0].Owner = 1
	b.Posts[1].Owner = 1
	b.soldier(20, 1, 10, 10, 100)
	b.soldier(21, 2, 11, 11, 100)
	b.soldier(22, 2, 12, 12, 100)
	cfg := testConfig(20)
	s := start(t, b, cfg, 1)
	if want := []int{0, 151, 2, 0}; !slices.Equal(s.Scores, want) {
		t.Fatalf("scores before round 0: %v, want %v", s.Scores, want)
	}
	mustRegister(t, s, 2, stepTo(21, 10, 10)) // an attack: the post changes nothing
	mustRegister(t, s, 1, stepTo(20, 9, 9))   // captures the high post
	s.Step()
	want := []int{0, 151 + 251 - boolInt(s.soldier(20) == nil), 2 + 2, 0}
	if !slices.Equal(s.Scores, want) {
		t.Fatalf("scores after round 0: %v, want %v", s.Scores, want)
	}
	// Redux values.
	cfg.HighValue, cfg.LowValue = 4000, 1000
	b = blank(20)
	b.post(5, 5, true)
	b.post(5, 9, false)
	b.Posts[0].Owner, b.Posts[1].Owner = 3, 3
	s = start(t, b, cfg, 1)
	if s.Scores[3] != 5000 {
		t.Fatalf("Redux scores %v", s.Scores)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The reasons commands are refused, one per rule.
func TestRegisterReasons(t *testing.T) {
	b := blank(20)
	b.soldier(20, 0, 6, 6, 100)
	b.soldier(21, 1, 9, 9, 100)
	b.heli(1, 0, 12, 12, sdk.South)
	b.heli(2, 1, 4, 14, sdk.South)
	s := start(t, b, testConfig(20), 1)
	got := s.Register(0, []sdk.Command{
		stepTo(99, 6, 7), stepTo(21, 9, 10), stepTo(1, 6, 7), stepTo(20, 8, 6), stepTo(20, 6, 7), stepTo(20, 6, 5),
		order(99, sdk.Forward1), order(2, sdk.Forward1), order(20, sdk.Forward1), order(1, 0), order(1, 6),
		order(1, sdk.Napalm), order(1, sdk.Forward2),
	})
	want := []string{
		"identifier does not exist", "not your unit", "not a soldier", "not an adjacent cell", "more than one instruction in this round",
		"identifier does not exist", "not your unit", "not a helicopter", "unknown instruction", "unknown instruction",
		"more than one instruction in this round",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("reasons\n%q\nwant\n%q", got, want)
	}
}
