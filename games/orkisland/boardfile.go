package orkisland

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file, as the original engine's (e.g. boards/orkisland-default.cnf):
//
//	OrkIsland 1.0
//	nb_players   4          (any parameter, one per line: name value)
//	rows         70
//	...
//	GENERATOR1              (the board is generated from the match seed)
//
// Our extension for fixed boards ends instead with the word BOARD followed
// by `rows` lines of `cols` letters: W water, G grass, F forest, S sand,
// C city, P path. Cities must be rectangles and paths simple chains joining
// two cities. `columns` is accepted as another name for `cols`.

// File is a parsed board file.
type File struct {
	settings games.Settings
	Board    *Board // nil: generate from the seed
}

// Settings implements games.Board.
func (f *File) Settings() games.Settings { return f.settings }

// ParseFile reads a board file.
func ParseFile(data []byte) (*File, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	f := &File{settings: games.Settings{}}
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if s := strings.TrimSpace(sc.Text()); s != "" {
				return s, true
			}
		}
		return "", false
	}
	head, _ := next()
	if !strings.HasPrefix(head, "OrkIsland") {
		return nil, fmt.Errorf("orkisland board: line %d: want header \"OrkIsland 1.0\"", line)
	}
	for {
		s, ok := next()
		if !ok {
			return nil, fmt.Errorf("orkisland board: missing GENERATOR1 or BOARD")
		}
		switch s {
		case "GENERATOR1":
			return f, nil
		case "BOARD":
			return f, f.readBoard(next, &line)
		}
		fields := strings.Fields(s)
		if len(fields) != 2 {
			return nil, fmt.Errorf("orkisland board: line %d: want \"name value\"", line)
		}
		v, err := strconv.Atoi(fields[1])
		if err != nil {
			return nil, fmt.Errorf("orkisland board: line %d: %v", line, err)
		}
		name := fields[0]
		if name == "columns" {
			name = "cols"
		}
		f.settings[name] = v
	}
}

func (f *File) readBoard(next func() (string, bool), line *int) error {
	rows, cols := f.settings["rows"], f.settings["cols"]
	if rows <= 0 || cols <= 0 {
		return fmt.Errorf("orkisland board: BOARD needs rows and cols before it")
	}
	cells := make([]Terrain, 0, rows*cols)
	for r := range rows {
		s, ok := next()
		if !ok || len(s) != cols {
			return fmt.Errorf("orkisland board: line %d: row %d must have %d letters", *line, r, cols)
		}
		for _, ch := range []byte(s) {
			t := strings.IndexByte(letters, ch)
			if t < 0 {
				return fmt.Errorf("orkisland board: line %d: unknown letter %q", *line, ch)
			}
			cells = append(cells, Terrain(t))
		}
	}
	b, err := newBoard(rows, cols, cells)
	if err != nil {
		return fmt.Errorf("orkisland board: %w", err)
	}
	for c := range cells {
		r, col := c/cols, c%cols
		if cells[c] != Water && (r == 0 || col == 0 || r == rows-1 || col == cols-1) {
			return fmt.Errorf("orkisland board: the border must be water")
		}
	}
	f.Board = b
	return nil
}

// Format writes a fixed board file for b with settings s.
func Format(s games.Settings, b *Board) []byte {
	var w bytes.Buffer
	w.WriteString("OrkIsland 1.0\n")
	for _, p := range params {
		if p.Name == "rows" || p.Name == "cols" {
			continue
		}
		if v, ok := s[p.Name]; ok {
			fmt.Fprintf(&w, "%s %d\n", p.Name, v)
		}
	}
	fmt.Fprintf(&w, "rows %d\ncols %d\nBOARD\n", b.Rows, b.Cols)
	w.WriteString(b.String())
	return w.Bytes()
}
