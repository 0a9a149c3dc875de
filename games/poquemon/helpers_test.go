package poquemon

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
)

// shared is /work/shared seen from this package's directory: the sibling
// of the repository root.
const shared = "../../../shared"

// arena is a small board for rule tests: X wall, M ghost wall (present
// unless a test says otherwise), . floor.
var arena = []string{
	"XXXXXXXXXXXX",
	"X..........X",
	"X..........X",
	"X....X.....X",
	"X..........X",
	"X....M.....X",
	"X..........X",
	"XXXXXXXXXXXX",
}

// testConfig is the default rules for 4 players with per Poquémon each.
func testConfig(per int) Config {
	c := ConfigOf(Game{}.Info().Defaults())
	c.PerPlayer = per
	return c
}

// testState returns a state on grid whose Poquémon are all dead with a long
// time to go, so that they stay out of the way; tests put the ones they
// need on the board with put.
func testState(t testing.TB, grid []string, cfg Config, seed uint64) *State {
	t.Helper()
	rows, cols := len(grid), len(grid[0])
	b := &Board{Rows: rows, Cols: cols, Wall: make([]bool, rows*cols)}
	for i, line := range grid {
		for j := range cols {
			c := i*cols + j
			switch line[j] {
			case 'X':
				b.Wall[c] = true
			case 'M':
				b.Ghosts = append(b.Ghosts, Ghost{Cell: c, Present: true, Time: cfg.WallChange})
			}
		}
	}
	b.indexGhosts()
	for id := range cfg.Players * cfg.PerPlayer {
		b.Poquemon = append(b.Poquemon, Poquemon{Player: id / cfg.PerPlayer, Cell: cols + 1,
			Attack: 1, Defense: 1, Scope: 1, Time: 1000})
	}
	s, err := NewState(cfg, b, games.NewRNG(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// unit is a Poquémon to put on the board; zero stats mean 1.
type unit struct {
	id, i, j                       int
	attack, defense, scope, stones int
	points                         int
}

func put(s *State, u unit) {
	c := u.i*s.B.Cols + u.j
	q := &s.Poq[u.id]
	if q.Alive {
		s.At[q.Cell] = -1
	}
	*q = Poquemon{Player: u.id / s.Cfg.PerPlayer, Cell: c, Alive: true,
		Attack: max(1, u.attack), Defense: max(1, u.defense), Scope: max(1, u.scope),
		Stones: u.stones, Points: u.points}
	s.At[c] = u.id
}

// addBonus puts a bonus of kind k at (i, j) and returns its index.
func addBonus(s *State, k Kind, i, j, value int) int {
	c := i*s.B.Cols + j
	s.Bonuses = append(s.Bonuses, Bonus{Kind: k, Cell: c, Value: value, Present: true})
	s.B.Bonuses = append(s.B.Bonuses, s.Bonuses[len(s.Bonuses)-1]) // for setup frames
	s.BonusAt[c] = len(s.Bonuses) - 1
	return len(s.Bonuses) - 1
}

func cell(s *State, i, j int) int { return i*s.B.Cols + j }

func move(id int, d proto.Dir) proto.Command   { return proto.Command{ID: id, Dir: d} }
func attack(id int, d proto.Dir) proto.Command { return proto.Command{ID: id, Attack: true, Dir: d} }
