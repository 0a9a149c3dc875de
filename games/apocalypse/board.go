// Package apocalypse is the engine of Apocalypse Now 2018 and its Redux
// variant (statements: seeds/apocalypse-now-2018.txt and
// seeds/apocalypse-now-redux.ca.txt, notes: games/apocalypse-now.md): board
// files and generation, the rules of a round, scoring, the frames sent to
// bots and the replay payloads, registered as games "apocalypse" and
// "apocalypse-redux".
package apocalypse

import (
	"arena.dev/games/apocalypse/sdk"
)

// Terrain codes are the SDK's (and the original's), so the wire needs no
// translation.
type Terrain = sdk.CellType

// Lands.
const (
	Forest   = sdk.Forest
	Grass    = sdk.Grass
	Water    = sdk.Water
	Mountain = sdk.Mountain
)

// letter is each land's letter in board files and replays, as the original
// writes them.
func letter(t Terrain) byte {
	switch t {
	case Forest:
		return ':'
	case Grass:
		return '.'
	case Water:
		return 'O'
	case Mountain:
		return 'X'
	}
	return '?'
}

// landOf is the land of a letter, or 0.
func landOf(b byte) Terrain {
	switch b {
	case ':':
		return Forest
	case '.':
		return Grass
	case 'O':
		return Water
	case 'X':
		return Mountain
	}
	return 0
}

// Board is a starting position: a file's or a generated one. Cells are
// numbered i*Max+j.
type Board struct {
	Max         int
	Land        []Terrain
	Fire        []int // rounds left burning, per cell
	Posts       []Post
	Soldiers    []Soldier
	Helicopters []Helicopter
	// Next is the id the next new soldier takes: one more than the largest
	// when 0 (Redux's files say it).
	Next int
}

// Post is a post: its cell, whether it is worth HIGH_VALUE (else
// LOW_VALUE) and its owner (-1 none).
type Post struct {
	Cell  int
	High  bool
	Owner int
}

// Soldier is a soldier on the board. Life 0 marks one killed during the
// round being played.
type Soldier struct {
	ID, Player, Cell, Life int
}

// Helicopter is a helicopter: the centre of its 5×5 square, where it heads
// (sdk.South, East, North or West), the rounds before it can throw napalm
// and its parachuters (rounds each can still wait, oldest first).
type Helicopter struct {
	ID, Player, Cell, Ori, Napalm int
	Para                          []int
}

// HeliSize is the side of a helicopter's square, and Half the distance
// from its centre to its edge: the rules fix both.
const (
	HeliSize = 5
	Half     = 2
)

// clone returns a deep copy, so a match never changes a parsed board.
func (b *Board) clone() *Board {
	c := *b
	c.Land = append([]Terrain(nil), b.Land...)
	c.Fire = append([]int(nil), b.Fire...)
	c.Posts = append([]Post(nil), b.Posts...)
	c.Soldiers = append([]Soldier(nil), b.Soldiers...)
	c.Helicopters = append([]Helicopter(nil), b.Helicopters...)
	for k := range c.Helicopters {
		c.Helicopters[k].Para = append([]int(nil), b.Helicopters[k].Para...)
	}
	return &c
}

// Letters returns one string of land letters per row.
func (b *Board) Letters() []string {
	rows := make([]string, b.Max)
	line := make([]byte, b.Max)
	for i := range rows {
		for j := range line {
			line[j] = letter(b.Land[i*b.Max+j])
		}
		rows[i] = string(line)
	}
	return rows
}
