// Package sdk is the Poquémon bot SDK: the game's API as the statement
// describes it, in Go naming, and Run, which talks to the host.
//
// A bot implements Bot and calls Run from main:
//
//	type bot struct{}
//
//	func (b *bot) Play(g *sdk.Game) {
//		for _, id := range g.Ids(g.Me()) {
//			if g.Poquemon(id).Alive {
//				g.Move(id, sdk.Top)
//			}
//		}
//	}
//
//	func main() { sdk.Run(&bot{}) }
//
// The SDK knows what the original game lets a player know: the board, and
// every Poquémon in full, opponents included. Only CellID hides an
// opponent, while none of your Poquémon sees it (same row or column, no
// wall between). It uses the standard library only, so it compiles to
// WebAssembly as is.
package sdk

import "arena.dev/games/poquemon/proto"

// CellType is what a cell holds.
type CellType uint8

// Cell types, with the codes used on the wire. Bonus kinds are cell types
// too (Stone, Point, Scope, Attack, Defense).
const (
	Empty   CellType = CellType(proto.Empty)
	Wall    CellType = CellType(proto.Wall) // a wall, or a ghost wall that is present
	Stone   CellType = CellType(proto.Stone)
	Point   CellType = CellType(proto.Point)
	Scope   CellType = CellType(proto.Scope)
	Attack  CellType = CellType(proto.Attack)
	Defense CellType = CellType(proto.Defense)
)

func (t CellType) String() string { return proto.CellType(t).String() }

// IsBonus reports whether t is a kind of bonus.
func (t CellType) IsBonus() bool { return t >= Stone && t <= Defense }

// Dir is a direction to move or attack.
type Dir uint8

// Directions, with the codes used on the wire. Top is row−1, Bottom
// row+1, Left column−1, Right column+1. None stands still.
const (
	Top    Dir = Dir(proto.Top)
	Bottom Dir = Dir(proto.Bottom)
	Left   Dir = Dir(proto.Left)
	Right  Dir = Dir(proto.Right)
	None   Dir = Dir(proto.None)
)

// Dirs are the four directions, in the statement's order.
var Dirs = [4]Dir{Top, Bottom, Left, Right}

func (d Dir) String() string { return proto.Dir(d).String() }

// Pos is a cell's position: I is the row (0 at the top), J the column.
type Pos struct{ I, J int }

var steps = [5]Pos{Top: {-1, 0}, Bottom: {1, 0}, Left: {0, -1}, Right: {0, 1}, None: {0, 0}}

// Move returns the position one step away in direction d (p itself for
// None or an unknown direction).
func (p Pos) Move(d Dir) Pos {
	if d > None {
		return p
	}
	s := steps[d]
	return Pos{p.I + s.I, p.J + s.J}
}

// Poquemon is one Poquémon, yours or an opponent's, as it is at the start
// of the round: as in the original game, every field of every Poquémon is
// exact. When dead, Pos is where it died and Time the number of
// end-of-round regenerations before it reappears.
//
// Visible says whether CellID shows it: always for your own; for an
// opponent, while it is alive and one of your Poquémon (alive, or where it
// died) shares its row or column with no wall between.
type Poquemon struct {
	ID      int
	Player  int
	Pos     Pos
	Attack  int
	Defense int
	Scope   int
	Stones  int // stones collected, at most MaxStone()
	Alive   bool
	Points  int  // points this Poquémon earned (a player's score is the sum)
	Time    int  // when dead: regenerations left before it reappears
	Visible bool // CellID shows it
}
