package apocalypse

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/sdk"
)

// shared is /work/shared seen from this package's directory: the sibling
// of the repository root.
const shared = "../../../shared"

// testConfig is the default 2018 rules on an n×n board.
func testConfig(n int) Config {
	cfg := ConfigOf(Game{}.Info().Defaults())
	cfg.Max = n
	return cfg
}

// blank is an n×n board of grass inside a mountain border, without units.
func blank(n int) *Board {
	b := &Board{Max: n, Land: make([]Terrain, n*n), Fire: make([]int, n*n)}
	for c := range b.Land {
		i, j := c/n, c%n
		if i == 0 || j == 0 || i == n-1 || j == n-1 {
			b.Land[c] = Mountain
		} else {
			b.Land[c] = Grass
		}
	}
	return b
}

func (b *Board) set(i, j int, t Terrain) { b.Land[i*b.Max+j] = t }

func (b *Board) soldier(id, p, i, j, life int) {
	b.Soldiers = append(b.Soldiers, Soldier{ID: id, Player: p, Cell: i*b.Max + j, Life: life})
}

func (b *Board) heli(id, p, i, j, ori int, para ...int) {
	b.Helicopters = append(b.Helicopters, Helicopter{ID: id, Player: p, Cell: i*b.Max + j, Ori: ori, Para: append([]int{}, para...)})
}

func (b *Board) post(i, j int, high bool) {
	b.Posts = append(b.Posts, Post{Cell: i*b.Max + j, High: high, Owner: -1})
}

// start makes a state on b (a 20×20 board or more) after giving every
// player without a helicopter one in a corner, with ids from 100.
func start(t testing.TB, b *Board, cfg Config, seed uint64) *State {
	t.Helper()
	n := b.Max
	corners := [4][2]int{{3, 3}, {3, n - 4}, {n - 4, n - 4}, {n - 4, 3}}
	for p := range cfg.Players {
		has := false
		for _, h := range b.Helicopters {
			has = has || h.Player == p
		}
		if !has {
			b.heli(100+p, p, corners[p][0], corners[p][1], sdk.South)
		}
	}
	s, err := NewState(cfg, b, games.NewRNG(seed, 9))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *State) at(i, j int) int { return i*s.N + j }

// paras is the number of parachuters of each player.
func (s *State) paras() []int {
	n := make([]int, s.Cfg.Players)
	for _, h := range s.Helis {
		n[h.Player] += len(h.Para)
	}
	return n
}

// mustRegister registers commands that must all be valid.
func mustRegister(t testing.TB, s *State, p int, cmds ...sdk.Command) {
	t.Helper()
	if bad := s.Register(p, cmds); len(bad) > 0 {
		t.Fatalf("player %d: rejected: %v", p, bad)
	}
}

func stepTo(id, i, j int) sdk.Command { return sdk.Command{Kind: sdk.KindSoldier, ID: id, I: i, J: j} }
func order(id int, in sdk.Instruction) sdk.Command {
	return sdk.Command{Kind: sdk.KindHelicopter, ID: id, Instr: in}
}
func jumpTo(i, j int) sdk.Command { return sdk.Command{Kind: sdk.KindJump, I: i, J: j} }
