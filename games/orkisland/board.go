// Package orkisland is the engine of Ork Island (statement:
// seeds/ork-island.txt, notes: games/ork-island.md): board generation and
// files, the rules of a round, scoring, the frames sent to bots and the
// replay payloads, registered as game "orkisland".
package orkisland

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"arena.dev/games/orkisland/proto"
)

// Terrain codes are the protocol's, so the wire needs no translation.
type Terrain = proto.CellType

// Terrains.
const (
	Water  = proto.Water
	Grass  = proto.Grass
	Forest = proto.Forest
	Sand   = proto.Sand
	City   = proto.City
	Path   = proto.Path
)

// letters maps terrains to the board letters of files and replays.
const letters = "WGFSCP"

// Board is the static part of a match: terrain, cities and paths. Cells
// are numbered r*Cols+c.
type Board struct {
	Rows, Cols int
	Cells      []Terrain
	Cities     [][]int // cells of each city, row-major
	Paths      []PathInfo
	CityOf     []int // cell → city id or -1
	PathOf     []int // cell → path id or -1
	// Spawn are where orks start and come back: the leftmost and the
	// rightmost land cell of each row, unless city or path, increasing.
	Spawn []int
}

// PathInfo is a path: the cities it joins and its cells from A's side to B's.
type PathInfo struct {
	A, B  int
	Cells []int
}

// neighbours returns the 4-neighbours of cell c inside the board.
func (b *Board) neighbours(c int, buf *[4]int) []int {
	r, col := c/b.Cols, c%b.Cols
	n := buf[:0]
	if r+1 < b.Rows {
		n = append(n, c+b.Cols)
	}
	if col+1 < b.Cols {
		n = append(n, c+1)
	}
	if r > 0 {
		n = append(n, c-b.Cols)
	}
	if col > 0 {
		n = append(n, c-1)
	}
	return n
}

// String renders the terrain as letters, one row per line.
func (b *Board) String() string {
	var s strings.Builder
	for _, row := range b.Letters() {
		s.WriteString(row)
		s.WriteByte('\n')
	}
	return s.String()
}

// Letters returns one string of terrain letters per row.
func (b *Board) Letters() []string {
	rows := make([]string, b.Rows)
	line := make([]byte, b.Cols)
	for r := range rows {
		for c := range line {
			line[c] = letters[b.Cells[r*b.Cols+c]]
		}
		rows[r] = string(line)
	}
	return rows
}

// newBoard makes a board of terrain cells with its cities (cells of each)
// and paths, which must agree with the terrain: every city cell in one
// city, every path cell in one path.
func newBoard(rows, cols int, cells []Terrain, cities [][]int, paths []PathInfo) *Board {
	b := &Board{Rows: rows, Cols: cols, Cells: cells, Cities: cities, Paths: paths,
		CityOf: make([]int, len(cells)), PathOf: make([]int, len(cells))}
	for i := range cells {
		b.CityOf[i], b.PathOf[i] = -1, -1
	}
	for id, cs := range cities {
		for _, c := range cs {
			b.CityOf[c] = id
		}
	}
	for id, p := range paths {
		for _, c := range p.Cells {
			b.PathOf[c] = id
		}
	}
	for r := range rows {
		row := cells[r*cols : (r+1)*cols]
		first, last := -1, -1
		for c, t := range row {
			if t != Water {
				last = c
				if first < 0 {
					first = c
				}
			}
		}
		ends := []int{first, last}
		if first == last {
			ends = ends[:1] // one land cell, or none
		}
		for _, c := range ends {
			if c >= 0 && row[c] != City && row[c] != Path {
				b.Spawn = append(b.Spawn, r*cols+c)
			}
		}
	}
	return b
}

// boardFromTerrain builds a board from terrain alone (our BOARD files):
// cities are the 4-connected groups of city cells (each a rectangle),
// paths the groups of path cells (each a simple chain whose ends touch two
// distinct cities). A fault comes with the first cell of the group at fault.
func boardFromTerrain(rows, cols int, cells []Terrain) (*Board, int, error) {
	b := &Board{Rows: rows, Cols: cols, Cells: cells}
	b.CityOf = groups(b, City)
	b.PathOf = groups(b, Path)
	cities := collect(b.CityOf)
	for _, cs := range cities {
		if !rectangle(b, cs) {
			return nil, cs[0], fmt.Errorf("the city at %s is not a rectangle", b.pos(cs[0]))
		}
	}
	var paths []PathInfo
	for _, cs := range collect(b.PathOf) {
		p, err := chain(b, cs)
		if err != nil {
			return nil, cs[0], fmt.Errorf("the path at %s %w", b.pos(cs[0]), err)
		}
		paths = append(paths, p)
	}
	return newBoard(rows, cols, cells, cities, paths), 0, nil
}

func (b *Board) pos(c int) string { return fmt.Sprintf("(%d,%d)", c/b.Cols, c%b.Cols) }

// groups labels the 4-connected components of terrain t, in order of their
// first cell; other cells get -1.
func groups(b *Board, t Terrain) []int {
	id := make([]int, len(b.Cells))
	for i := range id {
		id[i] = -1
	}
	next := 0
	var stack []int
	var nb [4]int
	for c := range b.Cells {
		if b.Cells[c] != t || id[c] >= 0 {
			continue
		}
		id[c] = next
		stack = append(stack[:0], c)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range b.neighbours(x, &nb) {
				if b.Cells[n] == t && id[n] < 0 {
					id[n] = next
					stack = append(stack, n)
				}
			}
		}
		next++
	}
	return id
}

// collect lists the cells of each label, increasing.
func collect(label []int) [][]int {
	var out [][]int
	for c, l := range label {
		if l < 0 {
			continue
		}
		for len(out) <= l {
			out = append(out, nil)
		}
		out[l] = append(out[l], c)
	}
	return out
}

func rectangle(b *Board, cs []int) bool {
	r0, c0 := cs[0]/b.Cols, cs[0]%b.Cols
	r1, c1 := cs[len(cs)-1]/b.Cols, cs[len(cs)-1]%b.Cols
	return c1 >= c0 && (r1-r0+1)*(c1-c0+1) == len(cs)
}

// chain orders a path's cells from one end to the other and finds the
// cities at its ends.
func chain(b *Board, cs []int) (PathInfo, error) {
	var nb [4]int
	in := func(c int) bool { return b.PathOf[c] == b.PathOf[cs[0]] }
	var ends []int
	for _, c := range cs {
		k := 0
		for _, n := range b.neighbours(c, &nb) {
			if in(n) {
				k++
			}
		}
		switch {
		case k > 2:
			return PathInfo{}, errors.New("branches")
		case k <= 1:
			ends = append(ends, c)
		}
	}
	if len(cs) == 1 {
		ends = append(ends, cs[0])
	}
	if len(ends) != 2 {
		return PathInfo{}, errors.New("is not a simple chain")
	}
	order := []int{ends[0]}
	prev, cur := -1, ends[0]
	for cur != ends[1] {
		next := -1
		for _, n := range b.neighbours(cur, &nb) {
			if in(n) && n != prev {
				next = n
			}
		}
		prev, cur = cur, next
		order = append(order, cur)
	}
	if len(order) != len(cs) {
		return PathInfo{}, errors.New("is not a simple chain")
	}
	city := func(c int) []int {
		var ids []int
		for _, n := range b.neighbours(c, &nb) {
			if id := b.CityOf[n]; id >= 0 && !contains(ids, id) {
				ids = append(ids, id)
			}
		}
		sort.Ints(ids)
		return ids
	}
	a, z := city(order[0]), city(order[len(order)-1])
	for _, x := range a {
		for _, y := range z {
			if x != y {
				return PathInfo{A: x, B: y, Cells: order}, nil
			}
		}
	}
	return PathInfo{}, errors.New("does not join two distinct cities")
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
