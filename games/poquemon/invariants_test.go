package poquemon

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
)

// checkInvariants verifies what must hold between rounds.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	cfg := s.Cfg
	if len(s.Poq) != cfg.Players*cfg.PerPlayer {
		t.Fatalf("%d Poquémon, want %d", len(s.Poq), cfg.Players*cfg.PerPlayer)
	}
	for id, q := range s.Poq {
		switch {
		case q.Player != id/cfg.PerPlayer:
			t.Fatalf("round %d: Poquémon %d of player %d", s.Round, id, q.Player)
		case q.Attack < 1 || q.Defense < 1 || q.Scope < 1 || q.Scope > cfg.MaxScope || q.Stones < 0 || q.Stones > cfg.MaxStone || q.Points < 0:
			t.Fatalf("round %d: Poquémon %d has stats %+v", s.Round, id, q)
		case q.Alive && (q.Time != 0 || s.At[q.Cell] != id || s.blocked(q.Cell) || s.BonusAt[q.Cell] >= 0):
			t.Fatalf("round %d: living Poquémon %d %+v at %s", s.Round, id, q, s.B.pos(q.Cell))
		case !q.Alive && (q.Time < 0 || q.Time > cfg.PlayerRegen):
			t.Fatalf("round %d: dead Poquémon %d with time %d", s.Round, id, q.Time)
		}
	}
	for c, id := range s.At {
		if id >= 0 && (!s.Poq[id].Alive || s.Poq[id].Cell != c) {
			t.Fatalf("round %d: stale cell index at %s", s.Round, s.B.pos(c))
		}
	}
	for k, x := range s.Bonuses {
		if x.Present {
			if s.BonusAt[x.Cell] != k || s.blocked(x.Cell) || s.B.GhostAt[x.Cell] >= 0 {
				t.Fatalf("round %d: bonus %d %+v", s.Round, k, x)
			}
			if (x.Kind == Point) != (x.Value > 0) || x.Value%100 != 0 || x.Value > 500 || x.Time != 0 {
				t.Fatalf("round %d: bonus %d %+v", s.Round, k, x)
			}
		} else if x.Time < 0 || x.Time > cfg.Regen[x.Kind] || x.Value != 0 {
			t.Fatalf("round %d: missing bonus %d %+v", s.Round, k, x)
		}
	}
	for c, k := range s.BonusAt {
		if k >= 0 && (!s.Bonuses[k].Present || s.Bonuses[k].Cell != c) {
			t.Fatalf("round %d: stale bonus index at %s", s.Round, s.B.pos(c))
		}
	}
	for k, g := range s.Ghosts {
		if g.Time < 1 || g.Time > cfg.WallChange || s.B.GhostAt[g.Cell] != k || g.Present && s.At[g.Cell] >= 0 {
			t.Fatalf("round %d: ghost wall %d %+v", s.Round, k, g)
		}
	}
}

// Random commands, valid or not, on generated boards and on the default
// board: the invariants hold after every round and scores never decrease.
func TestInvariantsRandomPlay(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 6
	}
	def, err := ParseFile(defaultFile(t))
	if err != nil {
		t.Fatal(err)
	}
	kills, regens, takes := 0, 0, 0
	for seed := range uint64(seeds) {
		set := Game{}.Info().Defaults()
		set["nb_pokemon"] = 1 + int(seed%3)
		var b *Board
		if seed%4 == 0 {
			set["nb_pokemon"] = 1
			b = def.Board
		} else if b, err = Generate(set, games.NewSecretRNG(seed, streamBoard)); err != nil {
			t.Fatal(err)
		}
		s, err := NewState(ConfigOf(set), b, games.NewSecretRNG(seed, streamPlay))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, s)
		orders := games.NewRNG(seed, 99)
		prev := make([]int, 4)
		var cmds []proto.Command
		for range s.Cfg.Rounds {
			for p := range 4 {
				cmds = cmds[:0]
				for range orders.Intn(2 * s.Cfg.PerPlayer) {
					cmds = append(cmds, proto.Command{ID: orders.Range(-1, len(s.Poq)), Attack: orders.Intn(4) == 0, Dir: proto.Dir(orders.Intn(6))})
				}
				s.Register(p, cmds)
			}
			present := 0
			for _, x := range s.Bonuses {
				present += btoi(x.Present)
			}
			s.Step()
			checkInvariants(t, s)
			for p, sc := range s.Scores() {
				if sc < prev[p] {
					t.Fatalf("seed %d: score of %d went down", seed, p)
				}
				prev[p] = sc
			}
			kills += len(s.Died)
			regens += len(s.Reborn)
			for _, x := range s.Bonuses {
				present -= btoi(x.Present)
			}
			takes += max(0, present)
		}
	}
	// Per seed at least a third of a death and of a regeneration, and 5/3 bonuses taken.
	if kills < seeds/3 || regens < seeds/3 || takes < seeds*5/3 {
		t.Fatalf("random play too tame to prove much: %d deaths, %d regenerations, %d bonuses taken", kills, regens, takes)
	}
}
