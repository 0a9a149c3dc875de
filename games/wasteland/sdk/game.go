package sdk

import (
	"fmt"
	"sort"

	"arena.dev/games/wasteland/proto"
)

// Game is the state a bot sees and the commands it gives. The host fills
// it before each call to Play. Bots know everything: every cell, car and
// missile of the universe.
type Game struct {
	params [proto.NumParams]int
	me     int
	round  int

	cells    []Cell // row-major, NumberRows() × NumberUniverseColumns()
	cars     []Car
	missiles []Missile // increasing id
	scores   []int
	status   []float64

	terrain []CellType // cells without their cars and missiles
	overlay []int      // cells holding a car or a missile

	rng  Generator
	cmds []Command
}

// NumberPlayers is the number of players (4).
func (g *Game) NumberPlayers() int { return g.params[proto.Players] }

// NumberRounds is the number of rounds of the match (300).
func (g *Game) NumberRounds() int { return g.params[proto.Rounds] }

// NumberRows is the number of rows of the universe and of the window.
func (g *Game) NumberRows() int { return g.params[proto.Rows] }

// NumberUniverseColumns is the number of columns of the universe.
func (g *Game) NumberUniverseColumns() int { return g.params[proto.UniverseColumns] }

// NumberWindowColumns is the number of columns of the window.
func (g *Game) NumberWindowColumns() int { return g.params[proto.WindowColumns] }

// NumberCarsPerPlayer is the number of cars of each player (2).
func (g *Game) NumberCarsPerPlayer() int { return g.params[proto.CarsPerPlayer] }

// NumberCars is the total number of cars (8).
func (g *Game) NumberCars() int { return g.NumberPlayers() * g.NumberCarsPerPlayer() }

// NumberRoundsToRegenerate is the number of rounds a dead car waits
// before it can regenerate (30).
func (g *Game) NumberRoundsToRegenerate() int { return g.params[proto.RoundsToRegenerate] }

// NumberMissileBonuses is the number of missile bonuses in the game.
func (g *Game) NumberMissileBonuses() int { return g.params[proto.MissileBonuses] }

// NumberWaterBonuses is the number of water bonuses in the game.
func (g *Game) NumberWaterBonuses() int { return g.params[proto.WaterBonuses] }

// NumberGasBonuses is the number of gas bonuses in the game.
func (g *Game) NumberGasBonuses() int { return g.params[proto.GasBonuses] }

// BonusMissiles is the number of missiles a missile bonus gives (5).
func (g *Game) BonusMissiles() int { return g.params[proto.BonusMissiles] }

// BonusGas is the number of gas units a gas bonus gives (30).
func (g *Game) BonusGas() int { return g.params[proto.BonusGas] }

// WaterPoints is the number of points a water bonus gives (10).
func (g *Game) WaterPoints() int { return g.params[proto.WaterPoints] }

// KillPoints is the number of points for killing a car of another
// player (30).
func (g *Game) KillPoints() int { return g.params[proto.KillPoints] }

// InitialGas is the gas of a car when it regenerates (60).
func (g *Game) InitialGas() int { return g.params[proto.InitialGas] }

// Normalize returns column j of the universe in [0, NumberUniverseColumns()).
func (g *Game) Normalize(j int) int {
	u := g.NumberUniverseColumns()
	j %= u
	if j < 0 {
		j += u
	}
	return j
}

// WithinUniverse reports whether p is a position of the universe: its row
// is valid (every column is, as the universe wraps).
func (g *Game) WithinUniverse(p Pos) bool { return p.I >= 0 && p.I < g.NumberRows() }

// WithinWindow reports whether p is within the window of round r, whose
// columns are r, r+1, ..., r+NumberWindowColumns()-1 (modulo the universe).
func (g *Game) WithinWindow(p Pos, r int) bool {
	if !g.WithinUniverse(p) {
		return false
	}
	u, w := g.NumberUniverseColumns(), g.NumberWindowColumns()
	r %= u
	j := g.Normalize(p.J)
	if r+w <= u {
		return r <= j && j < r+w
	}
	return r <= j || j < r+w-u
}

// CarOk reports whether c is a car identifier.
func (g *Game) CarOk(c int) bool { return c >= 0 && c < len(g.cars) }

// PlayerOk reports whether p is a player identifier.
func (g *Game) PlayerOk(p int) bool { return p >= 0 && p < len(g.scores) }

// PlayerOf is the player who commands car c.
func (g *Game) PlayerOf(c int) int { return c / g.NumberCarsPerPlayer() }

// Begin is the identifier of player p's first car.
func (g *Game) Begin(p int) int { return p * g.NumberCarsPerPlayer() }

// End is one more than the identifier of player p's last car:
// for id := g.Begin(p); id < g.End(p); id++ { ... }.
func (g *Game) End(p int) int { return (p + 1) * g.NumberCarsPerPlayer() }

// Me is this bot's player number.
func (g *Game) Me() int { return g.me }

// Round is the round being played, from 0 to NumberRounds()-1. The window
// of this round is where the cars are now; moves must end in the window
// of round Round()+1.
func (g *Game) Round() int { return g.round }

// Cell returns the cell at p; the column wraps. p must be WithinUniverse.
func (g *Game) Cell(p Pos) Cell {
	if !g.WithinUniverse(p) {
		panic(fmt.Sprintf("sdk: Cell%v: row outside the universe", p))
	}
	return g.cells[p.I*g.NumberUniverseColumns()+g.Normalize(p.J)]
}

// Car returns car c, which must be CarOk.
func (g *Game) Car(c int) Car {
	if !g.CarOk(c) {
		panic(fmt.Sprintf("sdk: Car(%d): no such car", c))
	}
	return g.cars[c]
}

// Missiles returns the missiles in flight, by increasing id. Do not modify
// the slice.
func (g *Game) Missiles() []Missile { return g.missiles }

// Missile returns the missile with identifier id, if it is in flight.
func (g *Game) Missile(id int) (Missile, bool) {
	i := sort.Search(len(g.missiles), func(i int) bool { return g.missiles[i].ID >= id })
	if i < len(g.missiles) && g.missiles[i].ID == id {
		return g.missiles[i], true
	}
	return Missile{}, false
}

// Score is player p's score so far.
func (g *Game) Score(p int) int { return g.scores[p] }

// Status is the fraction of its CPU budget player p has used, in [0, 1],
// or -1 if p is frozen (its cars move by default from then on).
func (g *Game) Status(p int) float64 { return g.status[p] }

// Randomize returns a random number in [0, 2^31 - 3].
//
// The generator is the original's, seeded by the match: player p of a
// match with seed s starts from s+p and, before each round, reseeds from
// its own next number, so a match replays exactly.
func (g *Game) Randomize() int { return g.rng.Next() }

// Random returns a random number in [l, u].
func (g *Game) Random(l, u int) int { return g.rng.Range(l, u) }

// Move tells car c to move in direction d. Moving into a tyre, a car or
// a missile destroys the car. An instruction is ignored (and counted as
// invalid) when c is not one of your cars, d is not one of the nine
// directions, c already had an instruction this round, c is dead, or its
// target is not within the window of the next round; the car then moves
// Default. More than 1000 instructions in one round break the rules: the
// player is frozen.
func (g *Game) Move(c int, d Dir) {
	code := byte(CodeBad)
	if i := d.index(); i >= 0 {
		code = byte(i)
	}
	g.cmds = append(g.cmds, Command{Car: c, Code: code})
}

// Shoot tells car c to shoot a missile, which flies two columns at once,
// then to move Default. It is ignored (and counted as invalid) as Move is,
// and when c has no missiles.
func (g *Game) Shoot(c int) { g.cmds = append(g.cmds, Command{Car: c, Code: CodeShoot}) }
