package wasteland

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file is the original engine's (boards/wasteland-default.cnf),
// one record per line, tokens separated by blanks, blank lines anywhere:
//
//	mad_max_2020 v1
//	secgame ?                       (ignored)
//	seed ?                          (ignored)
//	nb_players 4                    (the 15 parameters, in this order)
//	...
//	names ? ? ? ?                   (ignored)
//	rnd 0                           (only 0: boards start a match)
//	   0000000000111...             (column labels: ignored)
//	   0123456789012...
//	00 ......X...W...               (per row: a label, ignored, then a
//	...                              letter per column: . empty X tyre
//	                                 W water G gas M missile bonus)
//	cars
//	cid row column nb_miss gas alive time
//	0 1 0 5 60 y 0                  (one line per car, in id order)
//	missiles
//	0                               (how many follow)
//	mid cid row column
//	players
//	pid score status
//	0 0 0                           (one line per player)
//
// Cars and missiles are listed, not drawn. A living car stands on an empty
// cell and has gas; no two things share a cell.
//
// The reader accepts what the original's (Board::Board and the Board::ok it
// ends with) accepts, with these exceptions: a parameter may have any value
// a match's settings may (params: the original's ranges, but nb_rnds,
// which the original reads only as 300, from 1 to 1000); each record keeps its line,
// as the original writes them, so that an error names the line at fault
// (blank lines are allowed anywhere, and whatever follows the players is
// ignored, as in the original); and we refuse what the original reads but
// aborts on while playing: a board at a round other than 0 (its rounds
// run past nb_rnds), a living car without gas (its gas goes negative), two
// missiles with one id, or with a negative one.

// File is a parsed board file.
type File struct {
	settings games.Settings
	Board    *Board
}

// Settings implements games.Board: the file's parameters.
func (f *File) Settings() games.Settings { return f.settings }

// fileParams are the file's parameter names, in the file's order, and the
// settings they are.
var fileParams = [...]struct{ file, setting string }{
	{"nb_players", "number_players"},
	{"nb_rnds", "number_rounds"},
	{"nb_rows", "number_rows"},
	{"nb_uni_cols", "number_universe_columns"},
	{"nb_win_cols", "number_window_columns"},
	{"nb_cars_x_player", "number_cars_per_player"},
	{"nb_rnds_regen", "number_rounds_to_regenerate"},
	{"nb_miss_bonuses", "number_missile_bonuses"},
	{"nb_gas_bonuses", "number_gas_bonuses"},
	{"nb_water_bonuses", "number_water_bonuses"},
	{"bonus_miss", "bonus_missiles"},
	{"bonus_gas", "bonus_gas"},
	{"water_pnts", "water_points"},
	{"kill_pnts", "kill_points"},
	{"init_gas", "initial_gas"},
}

// lines hands out the non-blank lines of a file as fields.
type lines struct {
	text []string
	at   int // index of the next line to read
	line int // number of the last line read, from 1
}

func (l *lines) next() ([]string, bool) {
	for l.at < len(l.text) {
		l.at++
		l.line = l.at
		if f := strings.Fields(l.text[l.at-1]); len(f) > 0 {
			return f, true
		}
	}
	l.line = len(l.text) + 1
	return nil, false
}

// expect reads the next line, which must have n fields, the first being
// word (if not empty).
func (l *lines) expect(what, word string, n int) ([]string, error) {
	f, ok := l.next()
	if !ok {
		return nil, games.LineErrorf(l.line, "the file ends where %s should be", what)
	}
	if word != "" && f[0] != word {
		return nil, games.LineErrorf(l.line, "want %s (a line starting with %q), got %q", what, word, f[0])
	}
	if len(f) != n {
		return nil, games.LineErrorf(l.line, "%s: want %d fields, got %d", what, n, len(f))
	}
	return f, nil
}

// ints parses fields as integers.
func (l *lines) ints(what string, fields []string) ([]int, error) {
	v := make([]int, len(fields))
	for i, s := range fields {
		n, err := strconv.ParseInt(s, 10, 32) // the original's int
		if err != nil {
			return nil, games.LineErrorf(l.line, "%s: %q is not an integer", what, s)
		}
		v[i] = int(n)
	}
	return v, nil
}

// ParseFile reads a board file.
func ParseFile(data []byte) (*File, error) {
	l := &lines{text: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")}
	f := &File{settings: games.Settings{}}
	if h, err := l.expect(`the header "mad_max_2020 v1"`, "mad_max_2020", 2); err != nil {
		return nil, err
	} else if h[1] != "v1" {
		return nil, games.LineErrorf(l.line, "version %q, want v1", h[1])
	}
	for _, w := range []string{"secgame", "seed"} {
		if _, err := l.expect(w, w, 2); err != nil {
			return nil, err
		}
	}
	if err := f.readParams(l); err != nil {
		return nil, err
	}
	s := f.settings
	if _, err := l.expect("the names", "names", 1+s["number_players"]); err != nil {
		return nil, err
	}
	if r, err := l.expect("the round", "rnd", 2); err != nil {
		return nil, err
	} else if v, err := l.ints("the round", r[1:]); err != nil {
		return nil, err
	} else if v[0] != 0 {
		return nil, games.LineErrorf(l.line, "round %d: a board starts a match at round 0 (the original aborts before the end from any other)", v[0])
	}
	b := &Board{Rows: s["number_rows"], Cols: s["number_universe_columns"], Win: s["number_window_columns"]}
	if err := readMap(l, b, s); err != nil {
		return nil, err
	}
	if err := readCars(l, b, s); err != nil {
		return nil, err
	}
	if err := readMissiles(l, b); err != nil {
		return nil, err
	}
	if err := readPlayers(l, b, s["number_players"]); err != nil {
		return nil, err
	}
	f.Board = b
	return f, nil
}

func (f *File) readParams(l *lines) error {
	ranges := map[string]games.Param{}
	for _, p := range params {
		ranges[p.Name] = p
	}
	for _, fp := range fileParams {
		fields, err := l.expect("parameter "+fp.file, fp.file, 2)
		if err != nil {
			return err
		}
		v, err := l.ints(fp.file, fields[1:])
		if err != nil {
			return err
		}
		p := ranges[fp.setting]
		if v[0] < p.Min || v[0] > p.Max {
			return games.LineErrorf(l.line, "%s %d out of range [%d, %d]", fp.file, v[0], p.Min, p.Max)
		}
		f.settings[fp.setting] = v[0]
		if fp.setting == "number_window_columns" {
			if err := validate(f.settings); err != nil {
				return games.LineErrorf(l.line, "%v", err)
			}
		}
	}
	return nil
}

func readMap(l *lines, b *Board, s games.Settings) error {
	for range 2 { // the column labels: the original reads two words and ignores them
		if _, err := l.expect("the column labels", "", 1); err != nil {
			return err
		}
	}
	b.Cells = make([]CellType, 0, b.Rows*b.Cols)
	var count [GasBonus + 1]int
	limit := [GasBonus + 1]int{WaterBonus: s["number_water_bonuses"], MissileBonus: s["number_missile_bonuses"], GasBonus: s["number_gas_bonuses"]}
	for i := range b.Rows {
		what := fmt.Sprintf("row %d of the universe", i)
		f, ok := l.next()
		if !ok {
			return games.LineErrorf(l.line, "the file ends where %s should be", what)
		}
		// A label (any word: the original reads it and ignores it), then
		// the letters, which may be spaced out.
		row := strings.Join(f[1:], "")
		if len(row) != b.Cols {
			return games.LineErrorf(l.line, "%s: %d letters after the label %q, want %d", what, len(row), f[0], b.Cols)
		}
		for j, ch := range []byte(row) {
			t, ok := cellOf(ch)
			if !ok {
				return games.LineErrorf(l.line, "%s, column %d: unknown letter %q (want . X W G M)", what, j, ch)
			}
			if count[t]++; t.IsBonus() && count[t] > limit[t] {
				return games.LineErrorf(l.line, "%s: more %v than the parameters say (%d)", what, t, limit[t])
			}
			b.Cells = append(b.Cells, t)
		}
	}
	return nil
}

func cellOf(ch byte) (CellType, bool) {
	switch ch {
	case '.':
		return Empty, true
	case 'X':
		return Tyre, true
	case 'W':
		return WaterBonus, true
	case 'G':
		return GasBonus, true
	case 'M':
		return MissileBonus, true
	}
	return 0, false
}

// header reads a table's title line and its header line.
func header(l *lines, title string, columns ...string) error {
	if _, err := l.expect(fmt.Sprintf("%q", title), title, 1); err != nil {
		return err
	}
	f, err := l.expect(title+" header", columns[0], len(columns))
	if err != nil {
		return err
	}
	if strings.Join(f, " ") != strings.Join(columns, " ") {
		return games.LineErrorf(l.line, "%s header: want %q", title, strings.Join(columns, " "))
	}
	return nil
}

func readCars(l *lines, b *Board, s games.Settings) error {
	if err := header(l, "cars", "cid", "row", "column", "nb_miss", "gas", "alive", "time"); err != nil {
		return err
	}
	taken := map[int]int{} // cell → car
	for k := range s["number_players"] * s["number_cars_per_player"] {
		what := fmt.Sprintf("car %d", k)
		f, err := l.expect(what, "", 7)
		if err != nil {
			return err
		}
		alive := f[5]
		f[5] = "0"
		v, err := l.ints(what, f)
		if err != nil {
			return err
		}
		c := Car{ID: v[0], Pos: Pos{I: v[1], J: mod(v[2], max(1, b.Cols))}, Missiles: v[3], Gas: v[4], Alive: alive == "y", Time: v[6]}
		bad := ""
		switch {
		case c.ID != k:
			bad = fmt.Sprintf("id %d, want %d", c.ID, k)
		case c.Pos.I < 0 || c.Pos.I >= b.Rows:
			bad = fmt.Sprintf("row %d outside [0, %d)", c.Pos.I, b.Rows)
		case c.Missiles < 0 || c.Gas < 0 || c.Time < 0:
			bad = "negative missiles, gas or time"
		case alive != "y" && alive != "n":
			bad = fmt.Sprintf("alive %q, want y or n", alive)
		case b.Cells[c.Pos.I*b.Cols+c.Pos.J] == Tyre:
			bad = "on a tyre"
		case c.Alive && c.Time != 0:
			bad = "alive with a waiting time"
		case c.Alive && c.Gas == 0:
			bad = "alive without gas (the original aborts when its gas goes negative)"
		case c.Alive && b.Cells[c.Pos.I*b.Cols+c.Pos.J] != Empty:
			bad = "alive on a bonus"
		}
		if other, dup := taken[c.Pos.I*b.Cols+c.Pos.J]; c.Alive && dup && bad == "" {
			bad = fmt.Sprintf("on the cell of car %d", other)
		}
		if bad != "" {
			return games.LineErrorf(l.line, "%s: %s", what, bad)
		}
		if c.Alive {
			taken[c.Pos.I*b.Cols+c.Pos.J] = k
		}
		b.Cars = append(b.Cars, c)
	}
	return nil
}

func readMissiles(l *lines, b *Board) error {
	if _, err := l.expect(`"missiles"`, "missiles", 1); err != nil {
		return err
	}
	f, err := l.expect("the number of missiles", "", 1)
	if err != nil {
		return err
	}
	// A negative number is none, as the original's loop reads it; more
	// than the cells could not all stand on empty ones.
	n, err := strconv.Atoi(f[0])
	if err != nil || n > b.Rows*b.Cols {
		return games.LineErrorf(l.line, "number of missiles %q", f[0])
	}
	hdr, err := l.expect("missiles header", "mid", 4)
	if err != nil {
		return err
	}
	if strings.Join(hdr, " ") != "mid cid row column" {
		return games.LineErrorf(l.line, `missiles header: want "mid cid row column"`)
	}
	busy := map[int]bool{}
	for _, c := range b.Cars {
		if c.Alive {
			busy[c.Pos.I*b.Cols+c.Pos.J] = true
		}
	}
	for k := range n {
		what := fmt.Sprintf("missile %d of %d", k+1, n)
		f, err := l.expect(what, "", 4)
		if err != nil {
			return err
		}
		v, err := l.ints(what, f)
		if err != nil {
			return err
		}
		m := Missile{ID: v[0], Car: v[1], Pos: Pos{I: v[2], J: mod(v[3], b.Cols)}}
		bad := ""
		switch {
		case m.ID < 0 || m.ID > 1<<30:
			bad = fmt.Sprintf("id %d", m.ID)
		case m.Car < 0 || m.Car >= len(b.Cars):
			bad = fmt.Sprintf("no car %d", m.Car)
		case m.Pos.I < 0 || m.Pos.I >= b.Rows:
			bad = fmt.Sprintf("row %d outside [0, %d)", m.Pos.I, b.Rows)
		case b.Cells[m.Pos.I*b.Cols+m.Pos.J] != Empty || busy[m.Pos.I*b.Cols+m.Pos.J]:
			bad = "its cell is not empty"
		}
		for _, o := range b.Missiles {
			if o.ID == m.ID && bad == "" {
				bad = fmt.Sprintf("id %d twice", m.ID)
			}
		}
		if bad != "" {
			return games.LineErrorf(l.line, "%s: %s", what, bad)
		}
		busy[m.Pos.I*b.Cols+m.Pos.J] = true
		b.Missiles = append(b.Missiles, m)
	}
	slices.SortFunc(b.Missiles, func(a, b Missile) int { return a.ID - b.ID })
	return nil
}

func readPlayers(l *lines, b *Board, players int) error {
	if err := header(l, "players", "pid", "score", "status"); err != nil {
		return err
	}
	for k := range players {
		what := fmt.Sprintf("player %d", k)
		f, err := l.expect(what, "", 3)
		if err != nil {
			return err
		}
		v, err := l.ints(what, f[:2])
		if err != nil {
			return err
		}
		// The original reads a status as a double of at least -1, then
		// checks its integer part is -1, 0 or 1.
		st, err := strconv.ParseFloat(f[2], 64)
		switch {
		case v[0] != k:
			return games.LineErrorf(l.line, "%s: id %d", what, v[0])
		case v[1] < 0:
			return games.LineErrorf(l.line, "%s: negative score", what)
		case err != nil || !number.MatchString(f[2]) || st < -1 || st >= 2:
			return games.LineErrorf(l.line, "%s: status %q, want a number in [-1, 2)", what, f[2])
		}
		b.Scores = append(b.Scores, v[1])
	}
	return nil
}

// number is a decimal number as the original reads a double.
var number = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// Format writes board b with settings s as a board file.
func Format(s games.Settings, b *Board) []byte {
	var w bytes.Buffer
	w.WriteString("mad_max_2020\tv1\nsecgame\t?\nseed\t?\n")
	for _, fp := range fileParams {
		fmt.Fprintf(&w, "%s\t%d\n", fp.file, s[fp.setting])
	}
	w.WriteString("names" + strings.Repeat(" ?", s["number_players"]) + "\n\nrnd 0\n\n")
	for _, digit := range []func(j int) int{func(j int) int { return j / 10 % 10 }, func(j int) int { return j % 10 }} {
		w.WriteString("   ")
		for j := range b.Cols {
			w.WriteByte(byte('0' + digit(j)))
		}
		w.WriteByte('\n')
	}
	w.WriteByte('\n')
	for i, row := range b.Letters() {
		fmt.Fprintf(&w, "%02d %s\n", i, row)
	}
	w.WriteString("\ncars\ncid\trow\tcolumn\tnb_miss\tgas\talive\ttime\n")
	for _, c := range b.Cars {
		alive := 'n'
		if c.Alive {
			alive = 'y'
		}
		fmt.Fprintf(&w, "%d\t%d\t%d\t%d\t%d\t%c\t%d\n", c.ID, c.Pos.I, c.Pos.J, c.Missiles, c.Gas, alive, c.Time)
	}
	fmt.Fprintf(&w, "\nmissiles\n%d\nmid\tcid\trow\tcolumn\n", len(b.Missiles))
	for _, m := range b.Missiles {
		fmt.Fprintf(&w, "%d\t%d\t%d\t%d\n", m.ID, m.Car, m.Pos.I, m.Pos.J)
	}
	w.WriteString("\nplayers\npid\tscore\tstatus\n")
	for p := range s["number_players"] {
		score := 0
		if p < len(b.Scores) {
			score = b.Scores[p]
		}
		fmt.Fprintf(&w, "%d\t%d\t0\n", p, score)
	}
	return w.Bytes()
}
