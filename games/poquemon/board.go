// Package poquemon is the engine of Poquémon (statement: seeds/poquemon.txt,
// notes: games/poquemon.md): boards from files or generated, the rules of a
// round, what each player may see, the frames sent to bots and the replay
// payloads, registered as game "poquemon".
//
// As in the original engine, a player knows every Poquémon's record
// (position, stats, points), but a cell shows an opponent only while one of
// the player's Poquémon shares a row or column with it and no wall is
// between them. The frames a bot receives are built from its View alone
// (view.go), so the engine's secrets (the bonuses' regeneration timers,
// its random draws) cannot reach it.
package poquemon

import (
	"fmt"
	"strings"

	"arena.dev/games/poquemon/proto"
)

// Kind is a bonus kind: the protocol's cell types Stone, Point, Scope,
// Attack and Defense.
type Kind = proto.CellType

// Bonus kinds.
const (
	Stone   = proto.Stone
	Point   = proto.Point
	Scope   = proto.Scope
	Attack  = proto.Attack
	Defense = proto.Defense
)

// Dir is a direction (the protocol's codes).
type Dir = proto.Dir

// Poquemon is one unit. Cell is where it is, or where it died while dead.
type Poquemon struct {
	Player                 int
	Cell                   int
	Attack, Defense, Scope int
	Stones, Points         int
	Alive                  bool
	Time                   int // while dead: regeneration phases before it reappears
}

// Ghost is a ghost wall: present (a wall) or hidden, changing when Time,
// counted down at the end of every round, reaches 0.
type Ghost struct {
	Cell    int
	Present bool
	Time    int
}

// Bonus is a bonus: on the board at Cell when Present, else reappearing
// when Time, counted down at the end of every round, reaches 0.
type Bonus struct {
	Kind    Kind
	Cell    int
	Value   int // points of a bag (100..500), 0 for other kinds
	Present bool
	Time    int
}

// Board is a starting position: the static walls and the initial state of
// ghost walls, bonuses and Poquémon. Cells are numbered i*Cols+j.
type Board struct {
	Rows, Cols int
	Start      int    // the round it is at: bots count rounds from it
	Wall       []bool // static walls
	Ghosts     []Ghost
	Bonuses    []Bonus
	Poquemon   []Poquemon
	GhostAt    []int // cell → ghost wall index or -1
}

func (b *Board) pos(c int) string { return fmt.Sprintf("(%d,%d)", c/b.Cols, c%b.Cols) }

// step returns the cell one step from c in direction d; boards are
// surrounded by walls, so it never leaves the board from a floor cell.
func (b *Board) step(c int, d Dir) int {
	switch d {
	case proto.Top:
		return c - b.Cols
	case proto.Bottom:
		return c + b.Cols
	case proto.Left:
		return c - 1
	case proto.Right:
		return c + 1
	}
	return c
}

// indexGhosts fills GhostAt from Ghosts.
func (b *Board) indexGhosts() {
	b.GhostAt = make([]int, b.Rows*b.Cols)
	for i := range b.GhostAt {
		b.GhostAt[i] = -1
	}
	for k, g := range b.Ghosts {
		b.GhostAt[g.Cell] = k
	}
}

// letter is the board file's letter of bonus kind k.
var letter = map[Kind]byte{Point: 'P', Stone: 'S', Scope: 'R', Attack: 'A', Defense: 'D'}

// Letters returns one string per row as in board files and replays: X
// wall, M ghost-wall cell, . floor (bonuses and Poquémon are listed apart).
func (b *Board) Letters() []string {
	rows := make([]string, b.Rows)
	line := make([]byte, b.Cols)
	for i := range rows {
		for j := range line {
			c := i*b.Cols + j
			switch {
			case b.Wall[c]:
				line[j] = 'X'
			case b.GhostAt[c] >= 0:
				line[j] = 'M'
			default:
				line[j] = '.'
			}
		}
		rows[i] = string(line)
	}
	return rows
}

// String draws the board with its initial bonuses and Poquémon (digits:
// players), one row per line.
func (b *Board) String() string {
	rows := b.Letters()
	grid := make([][]byte, len(rows))
	for i, r := range rows {
		grid[i] = []byte(r)
	}
	for _, x := range b.Bonuses {
		if x.Present {
			grid[x.Cell/b.Cols][x.Cell%b.Cols] = letter[x.Kind]
		}
	}
	for _, p := range b.Poquemon {
		if p.Alive {
			grid[p.Cell/b.Cols][p.Cell%b.Cols] = byte('0' + p.Player%10)
		}
	}
	var s strings.Builder
	for _, r := range grid {
		s.Write(r)
		s.WriteByte('\n')
	}
	return s.String()
}
