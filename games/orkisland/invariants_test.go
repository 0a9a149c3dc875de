package orkisland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/orkisland/sdk"
)

// checkInvariants verifies what must hold between rounds.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	if len(s.Orks) != s.Cfg.Players*s.Cfg.Orks {
		t.Fatalf("%d orks, want %d", len(s.Orks), s.Cfg.Players*s.Cfg.Orks)
	}
	seen := map[int]int{}
	for id, o := range s.Orks {
		if o.Cell < 0 || o.Cell >= len(s.B.Cells) {
			t.Fatalf("round %d: ork %d off the board", s.Round, id)
		}
		if s.B.Cells[o.Cell] == Water {
			t.Fatalf("round %d: ork %d on water at %s", s.Round, id, s.B.pos(o.Cell))
		}
		if other, dup := seen[o.Cell]; dup {
			t.Fatalf("round %d: orks %d and %d share %s", s.Round, other, id, s.B.pos(o.Cell))
		}
		seen[o.Cell] = id
		if s.At[o.Cell] != id {
			t.Fatalf("round %d: cell index disagrees for ork %d", s.Round, id)
		}
		if o.Health < 0 || o.Health > s.Cfg.Health {
			t.Fatalf("round %d: ork %d health %d", s.Round, id, o.Health)
		}
		if o.Player < 0 || o.Player >= s.Cfg.Players {
			t.Fatalf("round %d: ork %d player %d", s.Round, id, o.Player)
		}
	}
	for c, id := range s.At {
		if id >= 0 && s.Orks[id].Cell != c {
			t.Fatalf("round %d: stale cell index at %s", s.Round, s.B.pos(c))
		}
	}
}

// Random commands, valid or not, on generated boards: the invariants hold
// after every round and scores never decrease.
func TestInvariantsRandomPlay(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 5
	}
	info := Game{}.Info()
	cfg := ConfigOf(info.Defaults())
	for seed := range uint64(seeds) {
		b, err := Generate(70, 70, 15, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewState(cfg, b, games.NewRNG(seed, streamPlay))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, s)
		orders := games.NewRNG(seed, 99)
		prev := make([]int, cfg.Players)
		var cmds []sdk.Command
		for range cfg.Rounds {
			for p := range cfg.Players {
				cmds = cmds[:0]
				for range orders.Intn(25) {
					// Mostly own orks, some foreign, a few nonsense.
					cmds = append(cmds, sdk.Command{ID: orders.Range(-1, 60), Dir: sdk.Dir(orders.Intn(6))})
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
		}
	}
}
