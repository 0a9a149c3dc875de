// Package sdk is the Ork Island bot SDK: the game's API as the statement
// describes it, in Go naming, and Run, which talks to the host.
//
// A bot implements Bot and calls Run from main:
//
//	type bot struct{}
//
//	func (b *bot) Play(g *sdk.Game) {
//		for _, id := range g.Orks(g.Me()) {
//			g.Move(id, sdk.Bottom)
//		}
//	}
//
//	func main() { sdk.Run(&bot{}) }
//
// It uses the standard library only, so it compiles to WebAssembly as is.
package sdk

// CellType is the terrain of a cell.
type CellType uint8

// Terrains, with the codes used on the wire.
const (
	Water CellType = iota
	Grass
	Forest
	Sand
	City
	Path
)

func (t CellType) String() string {
	switch t {
	case Water:
		return "WATER"
	case Grass:
		return "GRASS"
	case Forest:
		return "FOREST"
	case Sand:
		return "SAND"
	case City:
		return "CITY"
	case Path:
		return "PATH"
	}
	return "?"
}

// Dir is a direction an ork can be told to move.
type Dir uint8

// Directions, with the codes used on the wire. Bottom is south (row+1),
// Right east (column+1), Top north (row-1), Left west (column-1).
const (
	Bottom Dir = iota
	Right
	Top
	Left
	None
)

// Dirs are the four moving directions, in the statement's order.
var Dirs = [4]Dir{Bottom, Right, Top, Left}

func (d Dir) String() string {
	switch d {
	case Bottom:
		return "Bottom"
	case Right:
		return "Right"
	case Top:
		return "Top"
	case Left:
		return "Left"
	case None:
		return "None"
	}
	return "?"
}

// Pos is a cell's position: I is the row (0 at the top), J the column.
type Pos struct{ I, J int }

var steps = [5]Pos{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {0, 0}}

// Move returns the position one step away in direction d.
func (p Pos) Move(d Dir) Pos {
	if d > None {
		return p
	}
	s := steps[d]
	return Pos{p.I + s.I, p.J + s.J}
}

// Cell is what a cell holds. Unit, CityID and PathID are -1 when absent.
type Cell struct {
	Type   CellType
	Unit   int // id of the ork on the cell
	CityID int
	PathID int
}

// Unit is an ork.
type Unit struct {
	ID     int
	Player int
	Health int
	Pos    Pos
}

// PathInfo is a path: the two cities it joins and its cells in order.
type PathInfo struct {
	Cities [2]int
	Cells  []Pos
}
