// Package wasteland is the engine of Wasteland, the cars game (statement:
// seeds/wasteland.txt, notes: games/wasteland.md): board files and
// generation, the rules of a round with the original's random generator,
// the frames sent to bots and the replay payloads, registered as game
// "wasteland".
package wasteland

import (
	"arena.dev/games/wasteland/sdk"
)

// Pos, Car, Missile and the cell contents are the SDK's, so the wire
// needs no translation.
type (
	Pos      = sdk.Pos
	Car      = sdk.Car
	Missile  = sdk.Missile
	CellType = sdk.CellType
)

// Cell contents.
const (
	Empty        = sdk.EmptyCell
	Tyre         = sdk.TyreCell
	CarCell      = sdk.CarCell
	MissileCell  = sdk.MissileCell
	WaterBonus   = sdk.WaterBonus
	MissileBonus = sdk.MissileBonus
	GasBonus     = sdk.GasBonus
)

// letters maps the contents a board file or a replay draws to their
// letters: '.' empty, 'X' tyre, 'W' water, 'M' missile bonus, 'G' gas.
func letter(t CellType) byte {
	switch t {
	case Tyre:
		return 'X'
	case WaterBonus:
		return 'W'
	case MissileBonus:
		return 'M'
	case GasBonus:
		return 'G'
	}
	return '.'
}

// Board is a starting position: the universe's fixed contents (tyres and
// bonuses, row-major, Cols columns), the cars, the missiles in flight and
// the scores. Car id c belongs to player c / (cars per player).
type Board struct {
	Rows, Cols, Win int
	Cells           []CellType // Empty, Tyre or a bonus
	Cars            []Car
	Missiles        []Missile // increasing id
	Scores          []int
}

// Letters returns one string of cell letters per row.
func (b *Board) Letters() []string {
	rows := make([]string, b.Rows)
	line := make([]byte, b.Cols)
	for i := range rows {
		for j := range line {
			line[j] = letter(b.Cells[i*b.Cols+j])
		}
		rows[i] = string(line)
	}
	return rows
}

// withinWindow reports whether p is within the window of round r of a
// universe of u columns and a window of w, with rows rows (the original's
// within_window): columns wrap.
func withinWindow(p Pos, r, rows, u, w int) bool {
	if p.I < 0 || p.I >= rows {
		return false
	}
	r %= u
	j := mod(p.J, u)
	if r+w <= u {
		return r <= j && j < r+w
	}
	return r <= j || j < r+w-u
}

func mod(j, u int) int {
	j %= u
	if j < 0 {
		j += u
	}
	return j
}
