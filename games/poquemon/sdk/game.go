package sdk

import (
	"math/rand/v2"

	"arena.dev/games/poquemon/proto"
)

// Game is the state a bot sees and the actions it gives. The host fills it
// before each call to Play with what the player may know, nothing more:
// all of it but the bonuses' regeneration timers, with CellID showing only
// the opponents in sight.
type Game struct {
	params [proto.NbParams]int
	me     int
	round  int

	wall    []bool // static walls, row-major
	ghostAt []int  // cell → ghost wall index or -1
	ghosts  []ghost
	bonusAt []int // cell → index of the bonus on it or -1
	bonuses []bonus
	poq     []Poquemon
	idAt    []int // cell → id of a Poquémon you see there or -1
	status  []float64

	rng  *rand.Rand
	cmds []Command
}

type ghost struct {
	pos     Pos
	present bool
	time    int
}

type bonus struct {
	kind  CellType
	cell  int // -1 while it is not on the board
	value int
}

// NbPlayers is the number of players.
func (g *Game) NbPlayers() int { return g.params[proto.NbPlayers] }

// NbPokemon is the number of Poquémon of each player.
func (g *Game) NbPokemon() int { return g.params[proto.NbPokemon] }

// NbTotalPokemon is the number of Poquémon of all players.
func (g *Game) NbTotalPokemon() int { return len(g.poq) }

// NbRounds is the number of rounds of the match.
func (g *Game) NbRounds() int { return g.params[proto.NbRounds] }

// NbGhostWall is the number of ghost walls on the board.
func (g *Game) NbGhostWall() int { return g.params[proto.NbGhostWall] }

// NbPoint is the number of point bonuses.
func (g *Game) NbPoint() int { return g.params[proto.NbPoint] }

// NbStone is the number of stone bonuses.
func (g *Game) NbStone() int { return g.params[proto.NbStone] }

// NbScope is the number of scope bonuses.
func (g *Game) NbScope() int { return g.params[proto.NbScope] }

// NbAttack is the number of attack bonuses.
func (g *Game) NbAttack() int { return g.params[proto.NbAttack] }

// NbDefense is the number of defense bonuses.
func (g *Game) NbDefense() int { return g.params[proto.NbDefense] }

// PlayerRegenTime is the number of rounds before a dead Poquémon appears again.
func (g *Game) PlayerRegenTime() int { return g.params[proto.PlayerRegen] }

// WallChangeTime is the number of rounds between two changes of a ghost wall.
func (g *Game) WallChangeTime() int { return g.params[proto.WallChange] }

// PointRegenTime is the number of rounds before a taken point bonus appears again.
func (g *Game) PointRegenTime() int { return g.params[proto.PointRegen] }

// StoneRegenTime is the number of rounds before a taken stone appears again.
func (g *Game) StoneRegenTime() int { return g.params[proto.StoneRegen] }

// ScopeRegenTime is the number of rounds before a taken scope bonus appears again.
func (g *Game) ScopeRegenTime() int { return g.params[proto.ScopeRegen] }

// AttackRegenTime is the number of rounds before a taken attack bonus appears again.
func (g *Game) AttackRegenTime() int { return g.params[proto.AttackRegen] }

// DefenseRegenTime is the number of rounds before a taken defense bonus appears again.
func (g *Game) DefenseRegenTime() int { return g.params[proto.DefenseRegen] }

// BattleReward is the percentage of the defender's points an attacker wins
// when it kills (rounded down).
func (g *Game) BattleReward() int { return g.params[proto.BattleReward] }

// MaxScope is the largest scope a Poquémon can reach.
func (g *Game) MaxScope() int { return g.params[proto.MaxScope] }

// MaxStone is the most stones a Poquémon can collect with effect.
func (g *Game) MaxStone() int { return g.params[proto.MaxStone] }

// Rows is the number of rows of the board.
func (g *Game) Rows() int { return g.params[proto.Rows] }

// Cols is the number of columns of the board.
func (g *Game) Cols() int { return g.params[proto.Cols] }

// Me is this bot's player number.
func (g *Game) Me() int { return g.me }

// Round is the round being played, from 0 to NbRounds()-1.
func (g *Game) Round() int { return g.round }

// Status is the fraction of its CPU budget player p has used, in [0, 1],
// or -1 if p is frozen (it gives no more actions).
func (g *Game) Status(p int) float64 { return g.status[p] }

// Score is your score: the points of your Poquémon.
func (g *Game) Score() int { return g.ScoreOf(g.me) }

// ScoreOf is player p's score: the points of its Poquémon.
func (g *Game) ScoreOf(p int) int {
	s := 0
	for _, id := range g.Ids(p) {
		s += g.poq[id].Points
	}
	return s
}

// PosOk reports whether p is on the board.
func (g *Game) PosOk(p Pos) bool {
	return p.I >= 0 && p.I < g.Rows() && p.J >= 0 && p.J < g.Cols()
}

// Dest is the position one step from p in direction d.
func (g *Game) Dest(p Pos, d Dir) Pos { return p.Move(d) }

func (g *Game) index(p Pos) int { return p.I*g.Cols() + p.J }

// CellType is what the cell at p holds now: Wall for walls and present
// ghost walls, a bonus kind, or Empty (also off the board: Wall).
func (g *Game) CellType(p Pos) CellType {
	if !g.PosOk(p) {
		return Wall
	}
	c := g.index(p)
	if g.wall[c] {
		return Wall
	}
	if k := g.ghostAt[c]; k >= 0 && g.ghosts[k].present {
		return Wall
	}
	if b := g.bonusAt[c]; b >= 0 {
		return g.bonuses[b].kind
	}
	return Empty
}

// CellID is the id of the Poquémon at p, or -1 if there is none or it is
// an opponent none of your Poquémon sees (Poquemon(id).Pos still says
// where every Poquémon is).
func (g *Game) CellID(p Pos) int {
	if !g.PosOk(p) {
		return -1
	}
	return g.idAt[g.index(p)]
}

// PointsValue is the value of the point bonus at p (100, 200, 300, 400 or
// 500), or -1 if there is none.
func (g *Game) PointsValue(p Pos) int {
	if !g.PosOk(p) {
		return -1
	}
	if b := g.bonusAt[g.index(p)]; b >= 0 && g.bonuses[b].kind == Point {
		return g.bonuses[b].value
	}
	return -1
}

// GhostWall is the number of rounds before the ghost wall at p changes
// (appears or disappears at the end of round Round()+GhostWall(p)-1), or -1
// if p is not a ghost wall.
func (g *Game) GhostWall(p Pos) int {
	if !g.PosOk(p) {
		return -1
	}
	if k := g.ghostAt[g.index(p)]; k >= 0 {
		return g.ghosts[k].time
	}
	return -1
}

// GhostWallPresent reports whether p is a ghost wall that is present now.
func (g *Game) GhostWallPresent(p Pos) bool {
	if !g.PosOk(p) {
		return false
	}
	k := g.ghostAt[g.index(p)]
	return k >= 0 && g.ghosts[k].present
}

// Poquemon returns Poquémon id, yours or an opponent's (see the type).
func (g *Game) Poquemon(id int) Poquemon { return g.poq[id] }

// Ids returns the ids of player p's Poquémon: p*NbPokemon() and the next
// NbPokemon()-1.
func (g *Game) Ids(p int) []int {
	n := g.NbPokemon()
	ids := make([]int, n)
	for k := range ids {
		ids[k] = p*n + k
	}
	return ids
}

// Move tells your Poquémon id to move one cell in direction d. Only the
// first action given to a Poquémon in a round counts; actions for
// Poquémon of other players, or dead ones, are ignored and counted as
// invalid. More than 1000 actions in one round freeze the player.
func (g *Game) Move(id int, d Dir) { g.cmds = append(g.cmds, Command{ID: id, Dir: proto.Dir(d)}) }

// Attack tells your Poquémon id to attack in direction d: the closest
// opponent in that direction within its scope, with no wall between, is
// hit (see the rules). Only the first action given to a Poquémon counts.
func (g *Game) Attack(id int, d Dir) {
	g.cmds = append(g.cmds, Command{ID: id, Attack: true, Dir: proto.Dir(d)})
}

// Random returns a uniform integer in [lo, hi]. The generator is seeded by
// the match, so a match can be replayed exactly.
func (g *Game) Random(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }

// RandomPermutation returns a random permutation of 0..n-1.
func (g *Game) RandomPermutation(n int) []int { return g.rng.Perm(n) }
