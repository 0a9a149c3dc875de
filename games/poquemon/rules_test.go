package poquemon

import (
	"slices"
	"testing"

	"arena.dev/games/poquemon/proto"
)

// A rule test sets up units and bonuses on the arena, registers commands
// per player, plays one round and checks the outcome.
type ruleTest struct {
	name    string
	per     int // Poquémon per player (default 1)
	setup   func(s *State)
	cmds    map[int][]proto.Command // by player
	invalid map[int]int             // expected invalid commands by player
	check   func(t *testing.T, s *State)
}

func (rt ruleTest) run(t *testing.T, seed uint64) *State {
	t.Helper()
	s := testState(t, arena, testConfig(max(1, rt.per)), seed)
	if rt.setup != nil {
		rt.setup(s)
	}
	for p := range s.Cfg.Players {
		if got := s.Register(p, rt.cmds[p]); got != rt.invalid[p] {
			t.Fatalf("player %d: %d invalid commands, want %d", p, got, rt.invalid[p])
		}
	}
	s.Step()
	return s
}

// wantStats checks a Poquémon's position and stats.
func wantStats(t *testing.T, s *State, id, i, j, attack, defense, scope, stones, points int) {
	t.Helper()
	q := s.Poq[id]
	got := [7]int{q.Cell / s.B.Cols, q.Cell % s.B.Cols, q.Attack, q.Defense, q.Scope, q.Stones, q.Points}
	want := [7]int{i, j, attack, defense, scope, stones, points}
	if got != want || !q.Alive {
		t.Fatalf("Poquémon %d: (i j at def scope stones points) = %v alive %v, want %v alive", id, got, q.Alive, want)
	}
}

func wantTaken(t *testing.T, s *State, k int, regen int) {
	t.Helper()
	x := s.Bonuses[k]
	if x.Present || s.BonusAt[x.Cell] == k || x.Time != regen-1 {
		t.Fatalf("bonus %d: present %v time %d, want taken with %d rounds to go", k, x.Present, x.Time, regen-1)
	}
}

func TestMoves(t *testing.T) {
	tests := []ruleTest{
		{
			name:  "onto empty floor",
			setup: func(s *State) { put(s, unit{id: 0, i: 2, j: 2}) },
			cmds:  map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 2, 3, 1, 1, 1, 0, 0) },
		},
		{
			name:  "into a wall: fails",
			setup: func(s *State) { put(s, unit{id: 0, i: 3, j: 4}) },
			cmds:  map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 3, 4, 1, 1, 1, 0, 0)
				if len(s.Executed) != 0 {
					t.Fatal("a failed move is listed as executed")
				}
			},
		},
		{
			name:  "into the border: fails",
			setup: func(s *State) { put(s, unit{id: 0, i: 1, j: 1}) },
			cmds:  map[int][]proto.Command{0: {move(0, proto.Top)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 1, 1, 1, 1, 1, 0, 0) },
		},
		{
			name:  "into a present ghost wall: fails",
			setup: func(s *State) { put(s, unit{id: 0, i: 5, j: 4}) },
			cmds:  map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 5, 4, 1, 1, 1, 0, 0) },
		},
		{
			name: "into a hidden ghost wall: moves",
			setup: func(s *State) {
				s.Ghosts[0].Present = false
				put(s, unit{id: 0, i: 5, j: 4})
			},
			cmds:  map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 5, 5, 1, 1, 1, 0, 0) },
		},
		{
			name: "into an opponent: fails",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 2})
				put(s, unit{id: 1, i: 2, j: 3})
			},
			cmds: map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 2, 2, 1, 1, 1, 0, 0)
				wantStats(t, s, 1, 2, 3, 1, 1, 1, 0, 0)
			},
		},
		{
			name: "into a team mate: fails",
			per:  2,
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 2})
				put(s, unit{id: 1, i: 2, j: 3})
			},
			cmds:  map[int][]proto.Command{0: {move(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 2, 2, 1, 1, 1, 0, 0) },
		},
		{
			name:    "none stays and is no command to count",
			setup:   func(s *State) { put(s, unit{id: 0, i: 2, j: 2}) },
			cmds:    map[int][]proto.Command{0: {move(0, proto.None), move(0, proto.Right)}},
			invalid: map[int]int{0: 1},
			check:   func(t *testing.T, s *State) { wantStats(t, s, 0, 2, 2, 1, 1, 1, 0, 0) },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, tt.run(t, 1)) })
	}
}

func TestBonuses(t *testing.T) {
	cfg := testConfig(1)
	var k int
	bonus := func(kind Kind, value int, u unit) func(s *State) {
		return func(s *State) {
			put(s, u)
			k = addBonus(s, kind, u.i, u.j+1, value)
		}
	}
	right := map[int][]proto.Command{0: {move(0, proto.Right)}}
	tests := []ruleTest{
		{
			name:  "point bag adds its value",
			setup: bonus(Point, 300, unit{id: 0, i: 1, j: 1, points: 50}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 1, 1, 1, 0, 350)
				wantTaken(t, s, k, cfg.Regen[Point])
				if s.Scores()[0] != 350 {
					t.Fatalf("score %d", s.Scores()[0])
				}
			},
		},
		{
			name:  "attack +1",
			setup: bonus(Attack, 0, unit{id: 0, i: 1, j: 1, attack: 4}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 5, 1, 1, 0, 0)
				wantTaken(t, s, k, cfg.Regen[Attack])
			},
		},
		{
			name:  "defense +1",
			setup: bonus(Defense, 0, unit{id: 0, i: 1, j: 1, defense: 4}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 1, 5, 1, 0, 0)
				wantTaken(t, s, k, cfg.Regen[Defense])
			},
		},
		{
			name:  "scope +1",
			setup: bonus(Scope, 0, unit{id: 0, i: 1, j: 1, scope: 3}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 1, 1, 4, 0, 0)
				wantTaken(t, s, k, cfg.Regen[Scope])
			},
		},
		{
			name:  "scope capped at max_scope, bonus consumed",
			setup: bonus(Scope, 0, unit{id: 0, i: 1, j: 1, scope: cfg.MaxScope}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 1, 1, cfg.MaxScope, 0, 0)
				wantTaken(t, s, k, cfg.Regen[Scope])
			},
		},
		{
			name:  "stone: a stone, +1 scope, +2 attack, +2 defense",
			setup: bonus(Stone, 0, unit{id: 0, i: 1, j: 1, attack: 3, defense: 2, scope: 2}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 5, 4, 3, 1, 0)
				wantTaken(t, s, k, cfg.Regen[Stone])
			},
		},
		{
			name:  "stone at max_scope: scope stays, the rest applies",
			setup: bonus(Stone, 0, unit{id: 0, i: 1, j: 1, scope: cfg.MaxScope, stones: 1}),
			cmds:  right,
			check: func(t *testing.T, s *State) { wantStats(t, s, 0, 1, 2, 3, 3, cfg.MaxScope, 2, 0) },
		},
		{
			name:  "stone beyond max_stone: consumed without effect",
			setup: bonus(Stone, 0, unit{id: 0, i: 1, j: 1, stones: cfg.MaxStone}),
			cmds:  right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 2, 1, 1, 1, cfg.MaxStone, 0)
				wantTaken(t, s, k, cfg.Regen[Stone])
			},
		},
		{
			name: "a bonus under a failed move stays",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 1, j: 1})
				put(s, unit{id: 1, i: 1, j: 3})
				k = addBonus(s, Point, 1, 2, 200)
				s.At[cell(s, 1, 2)] = 1 // pretend 1 stands on it
				s.At[cell(s, 1, 3)] = -1
				s.Poq[1].Cell = cell(s, 1, 2)
			},
			cmds: right,
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 1, 1, 1, 1, 1, 0, 0)
				if !s.Bonuses[k].Present {
					t.Fatal("bonus taken without moving onto it")
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, tt.run(t, 1)) })
	}
}

func TestAttacks(t *testing.T) {
	cfg := testConfig(1)
	tests := []ruleTest{
		{
			name: "kill: defense at most attack; 15% of the defender's points rounded down",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 1, attack: 3, scope: 4, points: 10})
				put(s, unit{id: 1, i: 2, j: 5, defense: 3, points: 333})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 2, 1, 2, 1, 4, 0, 10+49)
				d := s.Poq[1]
				if d.Alive || d.Time != cfg.PlayerRegen-1 || d.Defense != 3 || d.Points != 333 || s.At[cell(s, 2, 5)] != -1 {
					t.Fatalf("defender %+v, want dead keeping its stats and points", d)
				}
				if s.Battle == nil || *s.Battle != (Battle{0, 1, true}) || len(s.Died) != 1 {
					t.Fatalf("battle %+v died %v", s.Battle, s.Died)
				}
			},
		},
		{
			name: "weaken: defense above attack loses 1, attacker loses 1",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 1, attack: 3, scope: 2})
				put(s, unit{id: 1, i: 2, j: 3, defense: 5, points: 100})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 2, 1, 2, 1, 2, 0, 0)
				wantStats(t, s, 1, 2, 3, 1, 4, 1, 0, 100)
			},
		},
		{
			name: "attack and defense never drop below 1",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 1, attack: 1})
				put(s, unit{id: 1, i: 2, j: 2, defense: 2})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 2, 1, 1, 1, 1, 0, 0)
				wantStats(t, s, 1, 2, 2, 1, 1, 1, 0, 0)
			},
		},
		{
			name: "out of scope: void, no one changes",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 1, attack: 5, scope: 3})
				put(s, unit{id: 1, i: 2, j: 5})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				wantStats(t, s, 0, 2, 1, 5, 1, 3, 0, 0)
				wantStats(t, s, 1, 2, 5, 1, 1, 1, 0, 0)
				if s.Battle != nil || len(s.Executed) != 0 {
					t.Fatal("a void attack was executed")
				}
			},
		},
		{
			name: "a wall in between blocks",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 3, j: 2, attack: 5, scope: 8})
				put(s, unit{id: 1, i: 3, j: 8})
			},
			cmds:  map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 1, 3, 8, 1, 1, 1, 0, 0) },
		},
		{
			name: "a present ghost wall blocks",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 5, j: 2, attack: 5, scope: 8})
				put(s, unit{id: 1, i: 5, j: 8})
			},
			cmds:  map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) { wantStats(t, s, 1, 5, 8, 1, 1, 1, 0, 0) },
		},
		{
			name: "a hidden ghost wall does not",
			setup: func(s *State) {
				s.Ghosts[0].Present = false
				put(s, unit{id: 0, i: 5, j: 2, attack: 5, scope: 8})
				put(s, unit{id: 1, i: 5, j: 8})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				if s.Poq[1].Alive {
					t.Fatal("not killed through a hidden ghost wall")
				}
			},
		},
		{
			name: "the closest opponent gets it",
			setup: func(s *State) {
				put(s, unit{id: 0, i: 1, j: 10, attack: 5, scope: 8})
				put(s, unit{id: 1, i: 1, j: 4})
				put(s, unit{id: 2, i: 1, j: 6})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Left)}},
			check: func(t *testing.T, s *State) {
				if !s.Poq[1].Alive || s.Poq[2].Alive {
					t.Fatalf("alive: 1 %v, 2 %v; want only 2 killed", s.Poq[1].Alive, s.Poq[2].Alive)
				}
			},
		},
		{
			name: "team mates are neither hit nor in the way",
			per:  2,
			setup: func(s *State) {
				put(s, unit{id: 0, i: 1, j: 1, attack: 5, scope: 8})
				put(s, unit{id: 1, i: 1, j: 2})
				put(s, unit{id: 2, i: 1, j: 4})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}},
			check: func(t *testing.T, s *State) {
				if !s.Poq[1].Alive || s.Poq[2].Alive {
					t.Fatal("want the team mate spared and the opponent behind it killed")
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, tt.run(t, 1)) })
	}
}

// Two players attack two different targets: exactly one battle happens,
// and which one depends on the random order (both do over seeds).
func TestOneAttackPerRound(t *testing.T) {
	winners := map[int]int{}
	for seed := range uint64(40) {
		s := ruleTest{
			setup: func(s *State) {
				put(s, unit{id: 0, i: 1, j: 1, attack: 3})
				put(s, unit{id: 1, i: 1, j: 2, defense: 9})
				put(s, unit{id: 2, i: 6, j: 1, attack: 3})
				put(s, unit{id: 3, i: 6, j: 2, defense: 9})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}, 2: {attack(2, proto.Right)}},
		}.run(t, seed)
		if s.Battle == nil {
			t.Fatalf("seed %d: no battle", seed)
		}
		a := s.Battle.Attacker
		other := 2 - a
		if s.Poq[a].Attack != 2 || s.Poq[a+1].Defense != 8 || s.Poq[other].Attack != 3 || s.Poq[other+1].Defense != 9 {
			t.Fatalf("seed %d: more than one battle: %+v", seed, s.Poq)
		}
		winners[a]++
	}
	if len(winners) != 2 {
		t.Fatalf("the attacker is not random: %v", winners)
	}
}

// A void attack (no target) does not use up the round's attack.
func TestVoidAttackDoesNotCount(t *testing.T) {
	for seed := range uint64(20) {
		s := ruleTest{
			setup: func(s *State) {
				put(s, unit{id: 0, i: 1, j: 1, attack: 3})
				put(s, unit{id: 1, i: 1, j: 2})
				put(s, unit{id: 2, i: 6, j: 1, attack: 3})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}, 2: {attack(2, proto.Right)}},
		}.run(t, seed)
		if s.Battle == nil || s.Battle.Attacker != 0 || s.Poq[1].Alive {
			t.Fatalf("seed %d: battle %+v", seed, s.Battle)
		}
	}
}

// The statement's example: an attack on a Poquémon that moved out of reach
// earlier in the round fails; a Poquémon killed earlier does not act.
func TestOrderWithinARound(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(40) {
		s := ruleTest{
			setup: func(s *State) {
				put(s, unit{id: 0, i: 2, j: 1, attack: 3, scope: 4})
				put(s, unit{id: 1, i: 2, j: 3})
			},
			cmds: map[int][]proto.Command{0: {attack(0, proto.Right)}, 1: {move(1, proto.Bottom)}},
		}.run(t, seed)
		switch q := s.Poq[1]; {
		case q.Alive && q.Cell == cell(s, 3, 3) && s.Battle == nil && s.Poq[0].Attack == 3:
			seen["moved away first"] = true
		case !q.Alive && q.Cell == cell(s, 2, 3) && s.Battle != nil:
			seen["killed before moving"] = true
		default:
			t.Fatalf("seed %d: impossible outcome %+v battle %+v", seed, q, s.Battle)
		}
	}
	if len(seen) != 2 {
		t.Fatalf("only %v over 40 seeds", seen)
	}
}

func TestInvalidCommands(t *testing.T) {
	tt := ruleTest{
		per: 2,
		setup: func(s *State) {
			put(s, unit{id: 0, i: 1, j: 1})
			put(s, unit{id: 2, i: 4, j: 4})
		},
		cmds: map[int][]proto.Command{0: {
			move(0, proto.Right),            // valid
			move(0, proto.Bottom),           // second action for 0
			attack(0, proto.Left),           // third
			move(1, proto.Right),            // 1 is dead
			move(2, proto.Right),            // player 1's
			move(8, proto.Right),            // no such Poquémon
			move(-1, proto.Right),           // no such Poquémon
			{ID: 0, Dir: proto.Dir(9)},      // unknown direction
			{ID: 0, Attack: true, Dir: 255}, // unknown action kind (decoded so)
		}},
		invalid: map[int]int{0: 8},
		check: func(t *testing.T, s *State) {
			wantStats(t, s, 0, 1, 2, 1, 1, 1, 0, 0)
			wantStats(t, s, 2, 4, 4, 1, 1, 1, 0, 0)
		},
	}
	tt.check(t, tt.run(t, 1))
}

func TestGhostWalls(t *testing.T) {
	t.Run("count down, change, start again", func(t *testing.T) {
		s := testState(t, arena, testConfig(1), 1)
		s.Ghosts[0].Time = 3
		for round, want := range []bool{true, true, true, false} { // time 3: changes at the end of round 2
			if s.Ghosts[0].Present != want {
				t.Fatalf("before round %d: present %v", round, s.Ghosts[0].Present)
			}
			s.Step()
		}
		if s.Ghosts[0].Time != s.Cfg.WallChange-1 {
			t.Fatalf("time %d after changing, want %d", s.Ghosts[0].Time, s.Cfg.WallChange-1)
		}
	})
	t.Run("appearing on a Poquémon kills it", func(t *testing.T) {
		s := testState(t, arena, testConfig(1), 1)
		s.Ghosts[0].Present, s.Ghosts[0].Time = false, 1
		put(s, unit{id: 0, i: 5, j: 5, attack: 4, points: 70})
		s.Step()
		q := s.Poq[0]
		// Regeneration, after the walls, has already counted one round.
		if q.Alive || q.Time != s.Cfg.PlayerRegen-1 || q.Attack != 4 || q.Points != 70 || !s.Ghosts[0].Present || s.At[cell(s, 5, 5)] != -1 {
			t.Fatalf("after the wall appeared: %+v, wall %+v", q, s.Ghosts[0])
		}
		if len(s.Died) != 1 || s.Died[0] != 0 {
			t.Fatalf("died %v", s.Died)
		}
	})
	t.Run("disappearing harms no one", func(t *testing.T) {
		s := testState(t, arena, testConfig(1), 1)
		s.Ghosts[0].Time = 1
		put(s, unit{id: 0, i: 5, j: 4})
		s.Step()
		if !s.Poq[0].Alive || s.Ghosts[0].Present {
			t.Fatal("wrong")
		}
	})
}

// A Poquémon killed by a ghost wall is dead as long as one killed in
// battle: player_regen_time-1 rounds, as in the original, whose rounds
// change ghost walls before regenerating (the statement has them change
// last, which would keep a Poquémon killed by a wall out one round more).
func TestDeathLasts(t *testing.T) {
	tests := []struct {
		name string
		kill func(s *State) // sets up a round in which Poquémon 1 dies
	}{
		{"in battle", func(s *State) {
			put(s, unit{id: 0, i: 2, j: 1, attack: 3})
			put(s, unit{id: 1, i: 2, j: 2})
			s.Register(0, []proto.Command{attack(0, proto.Right)})
		}},
		{"by a ghost wall", func(s *State) {
			put(s, unit{id: 1, i: 5, j: 5})
			s.Ghosts[0].Present, s.Ghosts[0].Time = false, 1
		}},
	}
	for _, tt := range tests {
		for _, regen := range []int{1, 2, 40} {
			s := testState(t, arena, testConfig(1), 3)
			s.Cfg.PlayerRegen = regen
			tt.kill(s)
			s.Step()
			if !slices.Equal(s.Died, []int{1}) {
				t.Fatalf("%s: died %v", tt.name, s.Died)
			}
			// Dead for regen-1 whole rounds, back at the end of the
			// regen-th (the same round when regen is 1).
			for r := 1; r < regen; r++ {
				if s.Poq[1].Alive || s.Poq[1].Time != regen-r {
					t.Fatalf("%s, regen %d: after round %d: %+v", tt.name, regen, r, s.Poq[1])
				}
				s.Step()
			}
			if !s.Poq[1].Alive || !slices.Contains(s.Reborn, 1) {
				t.Fatalf("%s, regen %d: not back after %d rounds: %+v", tt.name, regen, regen, s.Poq[1])
			}
		}
	}
}

// Where things come back: a Poquémon on floor or on a ghost-wall cell
// whose wall is down (the statement says nothing; the original allows it),
// a bonus never on a ghost-wall cell.
func TestRegenerationOnGhostWalls(t *testing.T) {
	// The only cells to come back to are two ghost walls'.
	ghosts := []string{
		"XXXXXXXXX",
		"XMXXXXXMX",
		"XXXXXXXXX",
	}
	tests := []struct {
		name            string
		present         bool
		time            int
		poquemon, bonus bool // whether each comes back
	}{
		{"walls down", false, 10, true, false},
		{"walls up", true, 10, false, false},
		{"walls going down this round (walls change first)", true, 1, true, false},
		{"walls going up this round", false, 1, false, false},
	}
	for _, tt := range tests {
		for seed := range uint64(10) {
			s := testState(t, ghosts, testConfig(1), seed)
			for k := range s.Ghosts {
				s.Ghosts[k].Present, s.Ghosts[k].Time = tt.present, tt.time
			}
			s.Poq[1].Time = 1
			s.Bonuses = append(s.Bonuses, Bonus{Kind: Stone, Time: 1})
			s.Step()
			q := s.Poq[1]
			if q.Alive != tt.poquemon || q.Alive && s.B.GhostAt[q.Cell] < 0 {
				t.Fatalf("%s, seed %d: Poquémon %+v", tt.name, seed, q)
			}
			if x := s.Bonuses[len(s.Bonuses)-1]; x.Present != tt.bonus || x.Time != 0 {
				t.Fatalf("%s, seed %d: bonus %+v", tt.name, seed, x)
			}
		}
	}
}

// A timer acts when it reaches 0 and counts down only while positive, as
// in the original: an absent bonus a board file gave a negative time never
// comes back.
func TestNegativeTimerNeverEnds(t *testing.T) {
	s := testState(t, arena, testConfig(1), 1)
	s.Bonuses = append(s.Bonuses, Bonus{Kind: Point, Time: -3}, Bonus{Kind: Point, Time: 2})
	for range 100 {
		s.Step()
	}
	if x := s.Bonuses[0]; x.Present || x.Time != -3 {
		t.Fatalf("negative timer: %+v", x)
	}
	if !s.Bonuses[1].Present {
		t.Fatal("a positive timer never ended")
	}
}

// placeable checks the regeneration rule for cell c: a bonus never comes
// back on a ghost-wall cell, a Poquémon only on one whose wall is down.
func placeable(t *testing.T, s *State, c, except int) {
	t.Helper()
	if s.B.Wall[c] || except < 0 && s.B.GhostAt[c] >= 0 || s.blocked(c) {
		t.Fatalf("regenerated on a wall or ghost-wall cell %s", s.B.pos(c))
	}
	for id, q := range s.Poq {
		if id != except && q.Alive && abs(q.Cell/s.B.Cols-c/s.B.Cols) <= 2 && abs(q.Cell%s.B.Cols-c%s.B.Cols) <= 2 {
			t.Fatalf("regenerated at %s within 2 cells of Poquémon %d at %s", s.B.pos(c), id, s.B.pos(q.Cell))
		}
	}
}

func TestRegeneration(t *testing.T) {
	t.Run("a killed Poquémon is back at the end of round r+T-1, away from others", func(t *testing.T) {
		for seed := range uint64(30) {
			s := testState(t, arena, testConfig(1), seed)
			put(s, unit{id: 0, i: 2, j: 1, attack: 3})
			put(s, unit{id: 1, i: 2, j: 2})
			put(s, unit{id: 2, i: 6, j: 10})
			s.Register(0, []proto.Command{attack(0, proto.Right)})
			s.Step() // round 0: 1 dies
			for r := 1; r < s.Cfg.PlayerRegen-1; r++ {
				s.Step()
				if s.Poq[1].Alive {
					t.Fatalf("back in round %d", r)
				}
			}
			s.Step() // round T-1
			if !s.Poq[1].Alive || len(s.Reborn) != 1 {
				t.Fatalf("seed %d: not back after %d rounds", seed, s.Cfg.PlayerRegen)
			}
			placeable(t, s, s.Poq[1].Cell, 1)
			if s.Poq[1].Attack != 1 || s.Poq[1].Time != 0 {
				t.Fatalf("came back as %+v", s.Poq[1])
			}
		}
	})
	t.Run("bonuses come back away from Poquémon and ghost walls, bags at 100..500", func(t *testing.T) {
		values := map[int]bool{}
		for seed := range uint64(60) {
			s := testState(t, arena, testConfig(1), seed)
			put(s, unit{id: 0, i: 1, j: 1})
			put(s, unit{id: 1, i: 6, j: 10})
			k := addBonus(s, Point, 1, 2, 100)
			s.Register(0, []proto.Command{move(0, proto.Right)})
			s.Step()
			for range s.Cfg.Regen[Point] - 1 {
				if s.Bonuses[k].Present {
					t.Fatal("back too early")
				}
				s.Step()
			}
			x := s.Bonuses[k]
			if !x.Present || s.BonusAt[x.Cell] != k {
				t.Fatalf("seed %d: bag not back after %d rounds", seed, s.Cfg.Regen[Point])
			}
			placeable(t, s, x.Cell, -1)
			if x.Value%100 != 0 || x.Value < 100 || x.Value > 500 {
				t.Fatalf("bag of %d", x.Value)
			}
			values[x.Value] = true
		}
		if len(values) != 5 {
			t.Fatalf("bag values %v, want all of 100..500", values)
		}
	})
	t.Run("no room: wait and try again", func(t *testing.T) {
		tiny := []string{"XXXXX", "X...X", "X...X", "XXXXX"}
		s := testState(t, tiny, testConfig(1), 1)
		put(s, unit{id: 0, i: 1, j: 2})
		s.Poq[1].Time = 1
		s.Step()
		if s.Poq[1].Alive {
			t.Fatal("placed next to another Poquémon")
		}
		s.Poq[0].Alive = false
		s.Poq[0].Time = 1000
		s.At[cell(s, 1, 2)] = -1
		s.Step()
		if !s.Poq[1].Alive {
			t.Fatal("not placed once there was room")
		}
	})
}
