package poquemon

import (
	"testing"

	"arena.dev/games/poquemon/bots"
	"arena.dev/games/poquemon/proto"
	"arena.dev/games/poquemon/sdk"
)

// botCommands feeds player 0's setup and round frames for s to a fresh bot
// and returns its commands.
func botCommands(t *testing.T, name string, s *State, seed uint64) []proto.Command {
	t.Helper()
	b, err := bots.Roster.New(name)
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(Game{}.Info().Defaults(), s)
	m.settings["rows"], m.settings["cols"] = s.B.Rows, s.B.Cols
	m.settings["nb_ghost_wall"] = len(s.B.Ghosts)
	m.settings["nb_point"], m.settings["nb_stone"], m.settings["nb_scope"] = len(s.Bonuses), 0, 0
	m.settings["nb_attack"], m.settings["nb_defense"] = 0, 0
	ses := sdk.NewSession(b)
	if _, err := ses.Handle(m.Setup(0, Game{}.Info().SeatSeed(seed, 0))); err != nil {
		t.Fatal(err)
	}
	reply, err := ses.Handle(m.View(0, make([]float64, 4)))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := proto.DecodeCommands(reply, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cmds
}

// Demo behaves as games/poquemon.md says: a random direction; attack there
// if an opponent it can kill is within scope before a wall, else move there.
func TestDemoBehaviour(t *testing.T) {
	cases := []struct {
		name   string
		setup  func(s *State)
		attack bool // attacks when it picks Right
	}{
		{"killable in scope", func(s *State) { put(s, unit{id: 1, i: 2, j: 4, defense: 2}) }, true},
		{"killable behind a weaker-looking one", func(s *State) {
			put(s, unit{id: 1, i: 2, j: 3, defense: 9})
			put(s, unit{id: 2, i: 2, j: 4, defense: 1})
		}, true},
		{"too strong", func(s *State) { put(s, unit{id: 1, i: 2, j: 4, defense: 3}) }, false},
		{"out of scope", func(s *State) { put(s, unit{id: 1, i: 2, j: 6, defense: 1}) }, false},
		{"behind a wall", func(s *State) {
			put(s, unit{id: 0, i: 3, j: 3, attack: 2, scope: 3})
			put(s, unit{id: 1, i: 3, j: 6, defense: 1})
		}, false},
	}
	for _, c := range cases {
		dirs := map[proto.Dir]bool{}
		for seed := range uint64(40) {
			s := testState(t, arena, testConfig(1), 1)
			put(s, unit{id: 0, i: 2, j: 2, attack: 2, scope: 3})
			c.setup(s)
			cmds := botCommands(t, "Demo", s, seed)
			if len(cmds) != 1 || cmds[0].ID != 0 || cmds[0].Dir > proto.Left+1 {
				t.Fatalf("%s: commands %+v", c.name, cmds)
			}
			d := cmds[0].Dir
			dirs[d] = true
			if want := c.attack && d == proto.Right; cmds[0].Attack != want {
				t.Fatalf("%s: %+v, want attack=%v", c.name, cmds[0], want)
			}
		}
		if len(dirs) != 4 {
			t.Fatalf("%s: directions %v, want all four", c.name, dirs)
		}
	}
	// Dead: nothing to do.
	s := testState(t, arena, testConfig(1), 1)
	if cmds := botCommands(t, "Demo", s, 1); len(cmds) != 0 {
		t.Fatalf("a dead Demo gave %+v", cmds)
	}
}

// Dummy goes for a bag near it, never onto a ghost wall about to appear,
// walks on when no bag is near, and never attacks.
func TestDummyChoices(t *testing.T) {
	s := testState(t, arena, testConfig(1), 1)
	put(s, unit{id: 0, i: 2, j: 2, attack: 2, scope: 3})
	put(s, unit{id: 1, i: 4, j: 2, defense: 1})
	for _, c := range botCommands(t, "Dummy", s, 1) {
		if c.Attack {
			t.Fatalf("attacked: %+v", c)
		}
	}
	s = testState(t, arena, testConfig(1), 1)
	put(s, unit{id: 0, i: 2, j: 2})
	addBonus(s, Point, 2, 6, 500)
	if cmds := botCommands(t, "Dummy", s, 1); len(cmds) != 1 || cmds[0].Attack || cmds[0].Dir != proto.Right {
		t.Fatalf("bag to the right: %+v", cmds)
	}
	// Round the wall at (3,5): from (4,5) to (2,5) is 4 steps, the first left or right.
	s = testState(t, arena, testConfig(1), 1)
	put(s, unit{id: 0, i: 4, j: 5})
	addBonus(s, Point, 2, 5, 100)
	if cmds := botCommands(t, "Dummy", s, 1); len(cmds) != 1 || cmds[0].Dir != proto.Left && cmds[0].Dir != proto.Right {
		t.Fatalf("bag behind a wall: %+v", cmds)
	}
	// The only way to the bag is over a ghost wall that appears this round.
	s = testState(t, arena, testConfig(1), 1)
	s.Ghosts[0].Present, s.Ghosts[0].Time = false, 1
	put(s, unit{id: 0, i: 5, j: 4})
	addBonus(s, Point, 5, 6, 500)
	for seed := range uint64(20) {
		if cmds := botCommands(t, "Dummy", s, seed); len(cmds) == 1 && cmds[0].Dir == proto.Right {
			t.Fatalf("stepped onto a ghost wall about to appear: %+v", cmds)
		}
	}
	// A bag too far away: the Dummy walks on, in every direction as seeds
	// go, and never into a wall.
	dirs := map[proto.Dir]bool{}
	for seed := range uint64(40) {
		s = testState(t, arena, testConfig(1), 1)
		put(s, unit{id: 0, i: 1, j: 1})
		addBonus(s, Point, 6, 10, 500)
		cmds := botCommands(t, "Dummy", s, seed)
		if len(cmds) != 1 || cmds[0].Dir != proto.Bottom && cmds[0].Dir != proto.Right {
			t.Fatalf("in the corner: %+v", cmds)
		}
		dirs[cmds[0].Dir] = true
	}
	if len(dirs) != 2 {
		t.Fatalf("from the corner: %v, want both ways out", dirs)
	}
}
