// Package sdk is the Wasteland bot SDK: the game's API as the statement
// describes it, in Go naming, and Run, which talks to the host.
//
// A bot implements Bot and calls Run from main:
//
//	type bot struct{}
//
//	func (b *bot) Play(g *sdk.Game) {
//		for id := g.Begin(g.Me()); id < g.End(g.Me()); id++ {
//			c := g.Car(id)
//			if c.Alive && g.WithinWindow(c.Pos.Add(sdk.Fast), g.Round()+1) {
//				g.Move(id, sdk.Fast) // else it moves Default
//			}
//		}
//	}
//
//	func main() { sdk.Run(&bot{}) }
//
// Rows grow downwards; columns grow to the right and wrap around the
// universe, so any column is a valid column (Cell normalises it).
// It uses the standard library only, so it compiles to WebAssembly as is.
package sdk

import "fmt"

// CellType is what a cell holds.
type CellType uint8

// Cell contents, with the codes used on the wire (the original's order).
const (
	EmptyCell CellType = iota
	TyreCell
	CarCell
	MissileCell
	WaterBonus
	MissileBonus
	GasBonus
)

func (t CellType) String() string {
	switch t {
	case EmptyCell:
		return "EMPTY"
	case TyreCell:
		return "TYRE"
	case CarCell:
		return "CAR"
	case MissileCell:
		return "MISSILE"
	case WaterBonus:
		return "WATER_BONUS"
	case MissileBonus:
		return "MISSILE_BONUS"
	case GasBonus:
		return "GAS_BONUS"
	}
	return "?"
}

// IsBonus reports whether t is one of the three bonuses.
func (t CellType) IsBonus() bool { return t == WaterBonus || t == MissileBonus || t == GasBonus }

// Pos is a position: I is the row (0 at the top), J the column.
type Pos struct{ I, J int }

// Add returns the position one move in direction d away from p (its
// column is not normalised).
func (p Pos) Add(d Dir) Pos { return Pos{p.I + d.I, p.J + d.J} }

func (p Pos) String() string { return fmt.Sprintf("(%d,%d)", p.I, p.J) }

// Dir is a move: a row step (-1, 0 or 1) and a column step (0, 1 or 2).
type Dir struct{ I, J int }

// The nine directions a car may move in.
var (
	Up       = Dir{-1, 1}
	Default  = Dir{0, 1}
	Down     = Dir{1, 1}
	SlowUp   = Dir{-1, 0}
	Slow     = Dir{0, 0}
	SlowDown = Dir{1, 0}
	FastUp   = Dir{-1, 2}
	Fast     = Dir{0, 2}
	FastDown = Dir{1, 2}
)

// Dirs are the nine directions in the statement's order.
var Dirs = [9]Dir{Up, Default, Down, SlowUp, Slow, SlowDown, FastUp, Fast, FastDown}

// Ok reports whether d is one of the nine directions.
func (d Dir) Ok() bool { return d.I >= -1 && d.I <= 1 && d.J >= 0 && d.J <= 2 }

// index is d's position in Dirs, or -1.
func (d Dir) index() int {
	if !d.Ok() {
		return -1
	}
	group := [3]int{1, 0, 2}[d.J] // slow moves are the second group
	return 3*group + d.I + 1
}

func (d Dir) String() string {
	if i := d.index(); i >= 0 {
		return dirNames[i]
	}
	return fmt.Sprintf("Dir(%d,%d)", d.I, d.J)
}

var dirNames = [9]string{"UP", "DEFAULT", "DOWN", "SLOW_UP", "SLOW", "SLOW_DOWN", "FAST_UP", "FAST", "FAST_DOWN"}

// passes are the steps, relative to the start, of the cells a move in each
// direction passes through, in the order they are visited (the original's
// dir2all), indexed like Dirs.
var passes = [9][]Dir{
	{{0, 1}, {-1, 0}, {-1, 1}}, // UP
	{{0, 1}},                   // DEFAULT
	{{0, 1}, {1, 0}, {1, 1}},   // DOWN
	{{-1, 0}},                  // SLOW_UP
	nil,                        // SLOW
	{{1, 0}},                   // SLOW_DOWN
	{{0, 1}, {-1, 0}, {-1, 1}, {0, 2}, {-1, 2}}, // FAST_UP
	{{0, 1}, {0, 2}},                         // FAST
	{{0, 1}, {1, 0}, {1, 1}, {0, 2}, {1, 2}}, // FAST_DOWN
}

// Passes returns the cells (as steps from the start) that a car moving in
// direction d passes through, in order, the last being its target; none
// for Slow or a direction that is not Ok. Do not modify the result.
func Passes(d Dir) []Dir {
	if i := d.index(); i >= 0 {
		return passes[i]
	}
	return nil
}

// Cell is what a cell holds: Car is the car's id when Type is CarCell,
// Missile the missile's id when Type is MissileCell; otherwise -1.
type Cell struct {
	Type    CellType
	Car     int
	Missile int
}

// Car is one car. A dead car keeps the position where it died; Time is
// the number of rounds before it may regenerate.
type Car struct {
	ID       int
	Pos      Pos // column in [0, NumberUniverseColumns())
	Missiles int // missiles in stock
	Gas      int
	Alive    bool
	Time     int
}

// Missile is a missile in flight, shot by car Car.
type Missile struct {
	ID  int
	Car int
	Pos Pos // column in [0, NumberUniverseColumns())
}
