package orkisland

import (
	"testing"

	"arena.dev/games/orkisland/bots"
	"arena.dev/games/orkisland/sdk"
)

// demoCommands feeds one round frame to a fresh Demo playing as player 1
// and returns its commands.
func demoCommands(t *testing.T, m *match, seed uint64, cpu []float64) []sdk.Command {
	t.Helper()
	b, _ := bots.Roster.New("Demo")
	s := sdk.NewSession(b)
	if _, err := s.Handle(m.Setup(1, Game{}.Info().SeatSeed(seed, 1))); err != nil {
		t.Fatal(err)
	}
	m.views[1] = view{}
	reply, err := s.Handle(m.View(1, cpu))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := sdk.DecodeCommands(reply, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cmds
}

// Demo behaves as games/ork-island.md says.
func TestDemoBehaviour(t *testing.T) {
	acted, actedHalf, tries := 0, 0, 0
	for seed := range uint64(40) {
		gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		cpu := []float64{0, 0, 0, 0}
		cmds := demoCommands(t, m, seed, cpu)
		tries++
		if len(cmds) > 0 {
			acted++
			// Every own ork once, the first direction (south first) that
			// stays on the board: south, since the border is water.
			seen := map[int]bool{}
			for _, c := range cmds {
				if m.s.Orks[c.ID].Player != 1 || seen[c.ID] || c.Dir != sdk.Bottom {
					t.Fatalf("seed %d: command %+v", seed, c)
				}
				seen[c.ID] = true
			}
			if len(seen) != m.s.Cfg.Orks {
				t.Fatalf("seed %d: %d orks commanded", seed, len(seen))
			}
		}
		// Idle when it has used 90% of its CPU.
		cpu[1] = 0.9
		if cmds := demoCommands(t, m, seed, cpu); len(cmds) != 0 {
			t.Fatalf("seed %d: acted at 90%% CPU", seed)
		}
		cpu[1] = 0
		// Idle when strictly ahead of everyone; a shared lead is not ahead.
		m.s.Scores = []int{5, 10, 5, 5}
		if cmds := demoCommands(t, m, seed, cpu); len(cmds) != 0 {
			t.Fatalf("seed %d: acted while ahead", seed)
		}
		// Still active in round nb_rounds/2, idle after it.
		m.s.Scores = []int{0, 0, 0, 0}
		m.s.Round = m.s.Cfg.Rounds / 2
		if len(demoCommands(t, m, seed, cpu)) > 0 {
			actedHalf++
		}
		m.s.Round++
		if cmds := demoCommands(t, m, seed, cpu); len(cmds) != 0 {
			t.Fatalf("seed %d: acted in round %d", seed, m.s.Round)
		}
	}
	// It acts with probability 3/4.
	if acted < tries/2 || acted == tries {
		t.Fatalf("acted in %d of %d rounds, want about 3/4", acted, tries)
	}
	if actedHalf < tries/2 {
		t.Fatalf("acted in round nb_rounds/2 for %d of %d seeds, want about 3/4", actedHalf, tries)
	}
}

func TestDemoActsOnSharedLead(t *testing.T) {
	acted := 0
	for seed := range uint64(20) {
		gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
		m := gm.(*match)
		m.s.Scores = []int{10, 10, 0, 0}
		if len(demoCommands(t, m, seed, make([]float64, 4))) > 0 {
			acted++
		}
	}
	if acted == 0 {
		t.Fatal("Demo never acts when tied for the lead")
	}
}
