package orkisland

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file, as the original engine reads it (its Settings::read_settings
// and Board::read_generator_and_grid), e.g. boards/orkisland-default.cnf:
//
//	OrkIsland 1.0
//	nb_players   4          (parameters, one per line: name value)
//	rows         70
//	...
//	GENERATOR1              (the board is generated from the match seed)
//
// or, for a fixed board, FIXED instead of GENERATOR1 followed by the board
// as the original prints it (its Info::read_grid): two lines of column
// labels, one line per row (a row label, then `cols` cells: W water, .
// grass, F forest, S sand, C city, P path), `cities N` and per city its
// size and the `row col` of each cell, `paths N` and per path its two
// cities, its size and the `row col` of each cell. Like the original we read
// it as words, so the line breaks there are free; the rest of a state the
// original prints after it (from `round` on) is ignored, as the original
// does. We also read our earlier format: BOARD followed by `rows` lines of
// `cols` letters (G for grass), cities and paths found from the letters.
//
// Parameters may come in any order, any may be left out (the defaults
// apply), `columns` is another name for `cols`; FIXED and BOARD need rows
// and cols. Every fault is a *games.LineError naming its line.

// File is a parsed board file.
type File struct {
	settings games.Settings
	Board    *Board // nil: generate from the seed
}

// Settings implements games.Board.
func (f *File) Settings() games.Settings { return f.settings }

const version = "OrkIsland 1.0"

// word is a word of a board file and the line (from 1) it is on.
type word struct {
	text string
	line int
}

// ParseFile reads a board file.
func ParseFile(data []byte) (*File, error) {
	lines := strings.Split(string(data), "\n")
	i := 0
	// next returns the next line that is not blank and its number (from 1),
	// or 0 at the end.
	next := func() ([]string, int) {
		for ; i < len(lines); i++ {
			if f := strings.Fields(lines[i]); len(f) > 0 {
				i++
				return f, i
			}
		}
		return nil, 0
	}
	end := len(lines) + 1
	if strings.HasSuffix(string(data), "\n") {
		end--
	}
	head, n := next()
	if n == 0 {
		return nil, games.LineErrorf(1, "the file is empty: want %q", version)
	}
	if strings.Join(head, " ") != version {
		return nil, games.LineErrorf(n, "want %q", version)
	}
	f := &File{settings: games.Settings{}}
	for {
		fields, n := next()
		switch {
		case n == 0:
			return nil, games.LineErrorf(end, "the file ends before GENERATOR1 or FIXED")
		case len(fields) == 1 && fields[0] == "GENERATOR1":
			if _, n := next(); n != 0 {
				return nil, games.LineErrorf(n, "nothing may follow GENERATOR1")
			}
			return f, nil
		case len(fields) == 1 && (fields[0] == "FIXED" || fields[0] == "BOARD"):
			rows, cols := f.settings["rows"], f.settings["cols"]
			if rows == 0 || cols == 0 {
				return nil, games.LineErrorf(n, "%s needs rows and cols set before it", fields[0])
			}
			var words []word
			for k := i; k < len(lines); k++ {
				for _, w := range strings.Fields(lines[k]) {
					words = append(words, word{w, k + 1})
				}
			}
			var err error
			if fields[0] == "FIXED" {
				f.Board, err = readFixed(rows, cols, words, end)
			} else {
				f.Board, err = readLetters(rows, cols, words, end)
			}
			if err != nil {
				return nil, err
			}
			return f, nil
		}
		if err := f.setting(fields, n); err != nil {
			return nil, err
		}
	}
}

// setting reads a "name value" line.
func (f *File) setting(fields []string, line int) error {
	if len(fields) != 2 {
		return games.LineErrorf(line, "want a setting (name value), GENERATOR1 or FIXED")
	}
	name := fields[0]
	if name == "columns" {
		name = "cols"
	}
	var p *games.Param
	for k := range params {
		if params[k].Name == name {
			p = &params[k]
		}
	}
	if p == nil {
		return games.LineErrorf(line, "unknown setting %q", fields[0])
	}
	if _, dup := f.settings[name]; dup {
		return games.LineErrorf(line, "%s is set twice", name)
	}
	v, err := strconv.Atoi(fields[1])
	if err != nil {
		return games.LineErrorf(line, "%s: %q is not a whole number", name, fields[1])
	}
	if v < p.Min || v > p.Max {
		return games.LineErrorf(line, "%s=%d out of range [%d, %d]", name, v, p.Min, p.Max)
	}
	f.settings[name] = v
	return nil
}

// reader reads a section's words in order; its first fault sticks.
type reader struct {
	w   []word
	k   int
	end int // the line after the file's last
	err error
}

func (r *reader) line() int {
	if r.k < len(r.w) {
		return r.w[r.k].line
	}
	return r.end
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = games.LineErrorf(r.line(), format, args...)
	}
}

// next returns the next word, or "" (and a fault) at the end.
func (r *reader) next(what string) string {
	if r.err != nil {
		return ""
	}
	if r.k == len(r.w) {
		r.fail("the file ends where %s should be", what)
		return ""
	}
	return r.w[r.k].text
}

// take consumes the word next returned.
func (r *reader) take() { r.k++ }

// int reads a whole number in [lo, hi].
func (r *reader) int(what string, lo, hi int) int {
	s := r.next(what)
	if r.err != nil {
		return 0
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		r.fail("want %s, a whole number in [%d, %d], got %q", what, lo, hi, s)
		return 0
	}
	r.take()
	return v
}

// keyword reads the word kw.
func (r *reader) keyword(kw string) {
	if s := r.next(kw); r.err == nil {
		if s != kw {
			r.fail("want %q, got %q", kw, s)
			return
		}
		r.take()
	}
}

// label reads a row or column label: digits (their value is not checked,
// as in the original).
func (r *reader) label(what string) {
	s := r.next(what)
	if r.err != nil {
		return
	}
	if strings.Trim(s, "0123456789") != "" {
		r.fail("want %s (digits), got %q", what, s)
		return
	}
	r.take()
}

// row reads row i of the terrain into cells with the given letters.
func (r *reader) row(i, cols int, letters string, cells []Terrain) {
	s := r.next(fmt.Sprintf("row %d", i))
	if r.err != nil {
		return
	}
	if len(s) != cols {
		r.fail("row %d has %d cells, want %d", i, len(s), cols)
		return
	}
	for j := range cols {
		t := strings.IndexByte(letters, s[j])
		switch {
		case t < 0:
			r.fail("row %d, column %d: %q is no cell (want one of %s)", i, j, s[j], letters)
			return
		case t != int(Water) && (i == 0 || j == 0 || i == len(cells)/cols-1 || j == cols-1):
			r.fail("row %d, column %d: the border must be water", i, j)
			return
		}
		cells[i*cols+j] = Terrain(t)
	}
	r.take()
}

// The original's cell letters, in Terrain order.
const fixedLetters = "W.FSCP"

// readFixed reads what follows FIXED.
func readFixed(rows, cols int, w []word, end int) (*Board, error) {
	r := &reader{w: w, end: end}
	r.label("the column labels' first line")
	r.label("the column labels' second line")
	cells := make([]Terrain, rows*cols)
	rowLine := make([]int, rows)
	for i := range rows {
		r.label(fmt.Sprintf("the label of row %d", i))
		rowLine[i] = r.line()
		r.row(i, cols, fixedLetters, cells)
	}
	cityOf, pathOf := make([]int, len(cells)), make([]int, len(cells))
	for c := range cells {
		cityOf[c], pathOf[c] = -1, -1
	}
	// cell reads a "row col" of terrain t not yet in any group of owner.
	cell := func(t Terrain, what string, id int, owner []int) int {
		i := r.int("a row", 0, rows-1)
		line := r.line()
		j := r.int("a column", 0, cols-1)
		if r.err != nil {
			return 0
		}
		c := i*cols + j
		switch {
		case cells[c] != t:
			r.err = games.LineErrorf(line, "%s %d: (%d, %d) is not a %s cell", what, id, i, j, strings.ToLower(t.String()))
		case owner[c] >= 0:
			r.err = games.LineErrorf(line, "%s %d: (%d, %d) is already in %s %d", what, id, i, j, what, owner[c])
		}
		owner[c] = id
		return c
	}
	// Lists grow as they are read: a count is only a claim.
	r.keyword("cities")
	var cities [][]int
	for id := range r.int("the number of cities", 0, rows*cols) {
		var cs []int
		for range r.int(fmt.Sprintf("the size of city %d", id), 1, rows*cols) {
			if cs = append(cs, cell(City, "city", id, cityOf)); r.err != nil {
				break
			}
		}
		if cities = append(cities, cs); r.err != nil {
			break
		}
	}
	r.keyword("paths")
	var paths []PathInfo
	for id := range r.int("the number of paths", 0, rows*cols) {
		p := PathInfo{
			A: r.int(fmt.Sprintf("the first city of path %d", id), 0, len(cities)-1),
			B: r.int(fmt.Sprintf("the second city of path %d", id), 0, len(cities)-1),
		}
		for range r.int(fmt.Sprintf("the size of path %d", id), 1, rows*cols) {
			if p.Cells = append(p.Cells, cell(Path, "path", id, pathOf)); r.err != nil {
				break
			}
		}
		if paths = append(paths, p); r.err != nil {
			break
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.k < len(r.w) && r.w[r.k].text != "round" {
		r.fail("nothing but the rest of a state (from \"round\" on) may follow the paths, got %q", r.w[r.k].text)
		return nil, r.err
	}
	for c, t := range cells {
		if (t == City && cityOf[c] < 0) || (t == Path && pathOf[c] < 0) {
			return nil, games.LineErrorf(rowLine[c/cols], "(%d, %d) is a %s cell in no %s", c/cols, c%cols,
				strings.ToLower(t.String()), strings.ToLower(t.String()))
		}
	}
	return newBoard(rows, cols, cells, cities, paths), nil
}

// readLetters reads what follows BOARD: our earlier format.
func readLetters(rows, cols int, w []word, end int) (*Board, error) {
	r := &reader{w: w, end: end}
	cells := make([]Terrain, rows*cols)
	rowLine := make([]int, rows)
	for i := range rows {
		rowLine[i] = r.line()
		r.row(i, cols, letters, cells)
	}
	if r.err == nil && r.k < len(r.w) {
		r.fail("nothing may follow the %d rows, got %q", rows, r.w[r.k].text)
	}
	if r.err != nil {
		return nil, r.err
	}
	b, at, err := boardFromTerrain(rows, cols, cells)
	if err != nil {
		return nil, games.LineErrorf(rowLine[at/cols], "%v", err)
	}
	return b, nil
}

// Format writes a FIXED board file for b, as the original prints one: every
// parameter (s, else the default; rows and cols b's), then the board.
func Format(s games.Settings, b *Board) []byte {
	var w bytes.Buffer
	w.WriteString(version + "\n")
	for _, p := range params {
		v, ok := s[p.Name]
		switch {
		case p.Name == "rows":
			v = b.Rows
		case p.Name == "cols":
			v = b.Cols
		case !ok:
			v = p.Default
		}
		fmt.Fprintf(&w, "%-27s %d\n", p.Name, v)
	}
	w.WriteString("FIXED\n\n")
	for _, unit := range []int{10, 1} {
		w.WriteString("   ")
		for j := range b.Cols {
			if unit == 10 {
				fmt.Fprint(&w, j/10)
			} else {
				fmt.Fprint(&w, j%10)
			}
		}
		w.WriteByte('\n')
	}
	for i := range b.Rows {
		fmt.Fprintf(&w, "%d%d ", i/10, i%10)
		for _, t := range b.Cells[i*b.Cols : (i+1)*b.Cols] {
			w.WriteByte(fixedLetters[t])
		}
		w.WriteByte('\n')
	}
	fmt.Fprintf(&w, "\ncities %d\n", len(b.Cities))
	for _, cs := range b.Cities {
		fmt.Fprintf(&w, "\n%d\n", len(cs))
		for _, c := range cs {
			fmt.Fprintf(&w, "%d %d\n", c/b.Cols, c%b.Cols)
		}
	}
	fmt.Fprintf(&w, "\npaths %d\n", len(b.Paths))
	for _, p := range b.Paths {
		fmt.Fprintf(&w, "\n%d %d %d\n", p.A, p.B, len(p.Cells))
		for _, c := range p.Cells {
			fmt.Fprintf(&w, "%d %d\n", c/b.Cols, c%b.Cols)
		}
	}
	return w.Bytes()
}
