// Package sdk is the Apocalypse Now bot SDK (both the 2018 game and its
// Redux variant): the statement's API in Go naming, and Run, which talks to
// the host.
//
// A bot implements Bot and calls Run from main:
//
//	type bot struct{}
//
//	func (b *bot) Play(g *sdk.Game) {
//		for _, id := range g.Helicopters(g.Me()) {
//			g.CommandHelicopter(id, sdk.Forward2)
//		}
//	}
//
//	func main() { sdk.Run(&bot{}) }
//
// Positions are (i, j): i the row from north (0) to south, j the column
// from west (0) to east. Players are 0 to 3 (Redux's teams 1 to 4).
// It uses the standard library, games/wire and the game's proto package
// only, so it compiles to WebAssembly as is.
package sdk

import "arena.dev/games/apocalypse/proto"

// CellType is the land of a cell, with the original's codes.
type CellType = proto.CellType

// Lands. What returns NoCell off the board.
const (
	NoCell   CellType = proto.NoCell
	Forest   CellType = proto.Forest
	Grass    CellType = proto.Grass
	Water    CellType = proto.Water
	Mountain CellType = proto.Mountain
)

// UnitType is the kind of a unit.
type UnitType int

// Unit types, with the original's codes.
const (
	Soldier    UnitType = 1
	Helicopter UnitType = 2
)

// Instruction is an order to a helicopter, with the original's codes.
type Instruction = proto.Instruction

// Helicopter instructions. Turns always work; napalm only when the
// helicopter's napalm counter is 0; forward moves stop before mountains
// and other helicopters.
const (
	Forward1         Instruction = proto.Forward1         // one cell forward
	Forward2         Instruction = proto.Forward2         // two cells forward
	CounterClockwise Instruction = proto.CounterClockwise // turn 90° counter-clockwise
	Clockwise        Instruction = proto.Clockwise        // turn 90° clockwise
	Napalm           Instruction = proto.Napalm           // burn the 5×5 square below
)

// Orientations of a helicopter, as Data.Orientation gives them.
const (
	South = 0
	East  = 1
	North = 2
	West  = 3
)

// Pos is a cell: I the row (0 north), J the column (0 west).
type Pos struct{ I, J int }

// Data is what the state says about a unit; Data(id) returns it.
type Data struct {
	ID     int
	Type   UnitType
	Player int
	Pos    Pos // the soldier's cell, or the centre of the helicopter's 5×5 square
	Life   int // a soldier's life points; -1 for helicopters
	// Orientation is where a helicopter heads: South, East, North or
	// West; -1 for soldiers.
	Orientation int
	// Napalm is the number of rounds before a helicopter can throw napalm
	// again (0: it can now); -1 for soldiers.
	Napalm int
	// Parachuters holds, for each parachuter of a helicopter, the number
	// of rounds it can still jump, this one included (1: this is its last
	// round), sorted increasingly; the first ones jump first. Empty for
	// soldiers.
	Parachuters []int
}

// NUL is what Data returns for an id that is no unit: every field -1.
var NUL = Data{ID: -1, Type: -1, Player: -1, Pos: Pos{-1, -1}, Life: -1, Orientation: -1, Napalm: -1}

// Post is a post: its owner (-1 none yet), its cell and its value
// (HighValue or LowValue).
type Post struct {
	Player int
	Pos    Pos
	Value  int
}

// SoldierDirs are the eight steps a soldier can take, in the order of the
// original's Demo: south, south-east, east, north-east, north, north-west,
// west, south-west.
var SoldierDirs = [8]Pos{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// Ahead is one cell in orientation o (South, East, North or West).
func Ahead(o int) Pos {
	switch o {
	case South:
		return Pos{1, 0}
	case East:
		return Pos{0, 1}
	case North:
		return Pos{-1, 0}
	case West:
		return Pos{0, -1}
	}
	return Pos{}
}
