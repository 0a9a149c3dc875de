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
// It uses the standard library, games/wire and the game's protocol package
// (proto) only, so it compiles to WebAssembly as is.
package sdk

import "arena.dev/games/orkisland/proto"

// CellType is the terrain of a cell.
type CellType = proto.CellType

// Terrains, with the codes used on the wire.
const (
	Water  CellType = proto.Water
	Grass  CellType = proto.Grass
	Forest CellType = proto.Forest
	Sand   CellType = proto.Sand
	City   CellType = proto.City
	Path   CellType = proto.Path
)

// Dir is a direction an ork can be told to move.
type Dir = proto.Dir

// Directions, with the codes used on the wire. Bottom is south (row+1),
// Right east (column+1), Top north (row-1), Left west (column-1).
const (
	Bottom Dir = proto.Bottom
	Right  Dir = proto.Right
	Top    Dir = proto.Top
	Left   Dir = proto.Left
	None   Dir = proto.None
)

// Dirs are the four moving directions, in the statement's order.
var Dirs = [4]Dir{Bottom, Right, Top, Left}

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
