package sdk

import (
	"math/rand/v2"

	"arena.dev/games/orkisland/proto"
)

// Game is the state a bot sees and the commands it gives. The host fills
// it before each call to Play.
type Game struct {
	params [proto.NbParams]int
	me     int
	round  int

	cells     []Cell // row-major
	cities    [][]Pos
	paths     []PathInfo
	cityOwner []int
	pathOwner []int
	units     []Unit
	scores    []int
	status    []float64

	rng  *rand.Rand
	cmds []Command
}

// NbPlayers is the number of players.
func (g *Game) NbPlayers() int { return g.params[proto.ParamNbPlayers] }

// Rows is the number of rows of the board.
func (g *Game) Rows() int { return g.params[proto.ParamRows] }

// Cols is the number of columns of the board.
func (g *Game) Cols() int { return g.params[proto.ParamCols] }

// NbRounds is the number of rounds of the match.
func (g *Game) NbRounds() int { return g.params[proto.ParamNbRounds] }

// InitialHealth is an ork's health at the start and when it regenerates.
func (g *Game) InitialHealth() int { return g.params[proto.ParamInitialHealth] }

// NbOrks is the number of orks each player controls initially.
func (g *Game) NbOrks() int { return g.params[proto.ParamNbOrks] }

// CostGrass is the health an ork loses moving onto grass.
func (g *Game) CostGrass() int { return g.params[proto.ParamCostGrass] }

// CostForest is the health an ork loses moving onto forest.
func (g *Game) CostForest() int { return g.params[proto.ParamCostForest] }

// CostSand is the health an ork loses moving onto sand.
func (g *Game) CostSand() int { return g.params[proto.ParamCostSand] }

// CostCity is the health an ork loses moving onto a city.
func (g *Game) CostCity() int { return g.params[proto.ParamCostCity] }

// CostPath is the health an ork loses moving onto a path.
func (g *Game) CostPath() int { return g.params[proto.ParamCostPath] }

// Cost is the health an ork loses moving onto terrain t (-1 for water).
func (g *Game) Cost(t CellType) int {
	switch t {
	case Grass:
		return g.CostGrass()
	case Forest:
		return g.CostForest()
	case Sand:
		return g.CostSand()
	case City:
		return g.CostCity()
	case Path:
		return g.CostPath()
	}
	return -1
}

// BonusPerCityCell is the points per cell of a conquered city.
func (g *Game) BonusPerCityCell() int { return g.params[proto.ParamBonusCity] }

// BonusPerPathCell is the points per cell of a conquered path.
func (g *Game) BonusPerPathCell() int { return g.params[proto.ParamBonusPath] }

// FactorConnectedComponent multiplies 2^k for a component of k cities.
func (g *Game) FactorConnectedComponent() int { return g.params[proto.ParamFactor] }

// Me is this bot's player number.
func (g *Game) Me() int { return g.me }

// Round is the round being played, from 0 to NbRounds()-1.
func (g *Game) Round() int { return g.round }

// Score is player p's total score so far.
func (g *Game) Score(p int) int { return g.scores[p] }

// Status is the fraction of its CPU budget player p has used, in [0, 1],
// or -1 if p is frozen (it gives no more commands).
func (g *Game) Status(p int) float64 { return g.status[p] }

// PosOk reports whether p is on the board.
func (g *Game) PosOk(p Pos) bool {
	return p.I >= 0 && p.I < g.Rows() && p.J >= 0 && p.J < g.Cols()
}

// Cell returns the cell at p, which must be on the board.
func (g *Game) Cell(p Pos) Cell { return g.cells[p.I*g.Cols()+p.J] }

// NbUnits is the number of orks of all players.
func (g *Game) NbUnits() int { return len(g.units) }

// Unit returns ork id.
func (g *Game) Unit(id int) Unit { return g.units[id] }

// Orks returns the ids of the orks player p controls, in increasing order.
func (g *Game) Orks(p int) []int {
	var ids []int
	for _, u := range g.units {
		if u.Player == p {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// NbCities is the number of cities.
func (g *Game) NbCities() int { return len(g.cities) }

// City returns the cells of city id. Do not modify them.
func (g *Game) City(id int) []Pos { return g.cities[id] }

// CityOwner is the player who conquered city id, or -1.
func (g *Game) CityOwner(id int) int { return g.cityOwner[id] }

// NbPaths is the number of paths.
func (g *Game) NbPaths() int { return len(g.paths) }

// Path returns path id. Do not modify its cells.
func (g *Game) Path(id int) PathInfo { return g.paths[id] }

// PathOwner is the player who conquered path id, or -1.
func (g *Game) PathOwner(id int) int { return g.pathOwner[id] }

// Move tells ork id to move one cell in direction d (None: stay). Only the
// first command to an ork in a round counts, even one with a direction that
// does not exist (it is ignored and counted as invalid); commands to orks of
// other players are ignored and counted as invalid. More than 1000 commands in
// one round break the rules: the player is frozen.
func (g *Game) Move(id int, d Dir) { g.cmds = append(g.cmds, Command{ID: id, Dir: d}) }

// Random returns a uniform integer in [lo, hi]. The generator is seeded by
// the match, so a match can be replayed exactly.
func (g *Game) Random(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }

// RandomPermutation returns a random permutation of 0..n-1.
func (g *Game) RandomPermutation(n int) []int { return g.rng.Perm(n) }
