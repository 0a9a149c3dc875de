package poquemon

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file is the original engine's format (boards/poquemon-default.cnf):
//
//	Poquemon v1
//	nb_players 4              the 21 parameters, one per line, in this order
//	nb_poquemon 1             (our setting nb_pokemon; either name is read)
//	...
//	cols 31
//	names ? ? ? ?             one name per player (ignored)
//	round 0
//	board
//	   0000000000111...       two lines of column digits
//	   0123456789012...
//	00 XXXXXXXXXXXX...        rows lines: the row number, then cols letters:
//	...                       X wall, M ghost wall, . empty, P point bag,
//	                          S stone, R scope, A attack, D defense
//	status 0 0 0 0            one number per player (ignored)
//	poquemon
//	id ply i j at def ab ped pts time alive
//	0 0 2 6 1 1 1 0 0 0 a     one line per Poquémon (ab: scope, ped: stones)
//	walls
//	i j time present          one line per ghost wall
//	bonus
//	type i j pts time present one line per bonus (P S R A D)
//
// Blank lines are allowed anywhere. Every error names its line.

// fileParams are the parameters of a board file, in order, by file name.
var fileParams = []string{
	"nb_players", "nb_poquemon", "nb_rounds", "nb_ghost_wall",
	"nb_point", "nb_stone", "nb_scope", "nb_attack", "nb_defense",
	"player_regen_time", "wall_change_time", "point_regen_time", "stone_regen_time",
	"scope_regen_time", "attack_regen_time", "defense_regen_time",
	"battle_reward", "max_scope", "max_stone", "rows", "cols",
}

// settingName maps a file's parameter name to the setting's.
func settingName(name string) string {
	if name == "nb_poquemon" {
		return "nb_pokemon"
	}
	return name
}

// kindOf maps board letters to bonus kinds.
var kindOf = map[byte]Kind{'P': Point, 'S': Stone, 'R': Scope, 'A': Attack, 'D': Defense}

// File is a parsed board file.
type File struct {
	settings games.Settings
	Board    *Board
}

// Settings implements games.Board.
func (f *File) Settings() games.Settings { return f.settings }

// lines reads a file line by line, skipping blank ones.
type lines struct {
	text []string
	n    int // number of the line last returned, from 1
}

// next returns the next non-blank line's fields, or nil at the end.
func (l *lines) next() []string {
	for l.n < len(l.text) {
		l.n++
		if f := strings.Fields(l.text[l.n-1]); len(f) > 0 {
			return f
		}
	}
	return nil
}

func (l *lines) errorf(format string, args ...any) error {
	return games.LineErrorf(l.n, format, args...)
}

// expect reads the next line and checks it is exactly words (ignoring
// case and spacing).
func (l *lines) expect(what string, words ...string) error {
	f := l.next()
	if f == nil {
		return fmt.Errorf("poquemon board: file ends before %s", what)
	}
	if len(f) != len(words) {
		return l.errorf("want %q", strings.Join(words, " "))
	}
	for i, w := range words {
		if !strings.EqualFold(f[i], w) {
			return l.errorf("want %q", strings.Join(words, " "))
		}
	}
	return nil
}

// record reads the next line as a table row of n fields.
func (l *lines) record(what string, n int) ([]string, error) {
	f := l.next()
	if f == nil {
		return nil, fmt.Errorf("poquemon board: file ends before %s", what)
	}
	if len(f) != n {
		return nil, l.errorf("%s: want %d fields, got %d", what, n, len(f))
	}
	return f, nil
}

// ints parses fields as integers.
func (l *lines) ints(what string, fields []string) ([]int, error) {
	v := make([]int, len(fields))
	for i, s := range fields {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, l.errorf("%s: %q is not an integer", what, s)
		}
		v[i] = n
	}
	return v, nil
}

// ParseFile reads a board file.
func ParseFile(data []byte) (*File, error) {
	text := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	l := &lines{text: text}
	if err := l.expect("the header", "Poquemon", "v1"); err != nil {
		return nil, err
	}
	s, err := readParams(l)
	if err != nil {
		return nil, err
	}
	f := &File{settings: s}
	p := parser{l: l, s: s}
	if err := p.header(); err != nil {
		return nil, err
	}
	if err := p.grid(); err != nil {
		return nil, err
	}
	if err := p.poquemon(); err != nil {
		return nil, err
	}
	if err := p.walls(); err != nil {
		return nil, err
	}
	if err := p.bonuses(); err != nil {
		return nil, err
	}
	if l.next() != nil {
		return nil, l.errorf("unexpected line after the bonus table")
	}
	f.Board = p.b
	return f, nil
}

func readParams(l *lines) (games.Settings, error) {
	ranges := map[string]games.Param{}
	for _, p := range params {
		ranges[p.Name] = p
	}
	s := games.Settings{}
	for _, name := range fileParams {
		f := l.next()
		if f == nil {
			return nil, fmt.Errorf("poquemon board: file ends before %s", name)
		}
		if len(f) != 2 || settingName(f[0]) != settingName(name) {
			return nil, l.errorf("want %q", name+" VALUE")
		}
		v, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, l.errorf("%s: %q is not an integer", name, f[1])
		}
		r := ranges[settingName(name)]
		if v < r.Min || v > r.Max {
			return nil, l.errorf("%s %d out of range [%d, %d]", name, v, r.Min, r.Max)
		}
		s[settingName(name)] = v
	}
	if err := validate(s); err != nil {
		return nil, l.errorf("%v", err)
	}
	return s, nil
}

// parser reads the parts of a board file after its parameters.
type parser struct {
	l      *lines
	s      games.Settings
	b      *Board
	letter []byte // the map's letter per cell
	lineOf []int  // the map's line per row
}

func (p *parser) header() error {
	l := p.l
	f := l.next()
	if f == nil || f[0] != "names" || len(f) != 1+p.s["nb_players"] {
		if f == nil {
			return errors.New("poquemon board: file ends before names")
		}
		return l.errorf("want \"names\" and %d names", p.s["nb_players"])
	}
	if err := l.expect("round 0", "round", "0"); err != nil {
		return err
	}
	return l.expect("the board", "board")
}

func (p *parser) grid() error {
	l, rows, cols := p.l, p.s["rows"], p.s["cols"]
	for range 2 {
		f := l.next()
		if f == nil {
			return errors.New("poquemon board: file ends before the column numbers")
		}
		if len(f) != 1 || len(f[0]) != cols || strings.Trim(f[0], "0123456789") != "" {
			return l.errorf("want a line of %d column digits", cols)
		}
	}
	p.b = &Board{Rows: rows, Cols: cols, Wall: make([]bool, rows*cols)}
	p.letter = make([]byte, 0, rows*cols)
	for i := range rows {
		f := l.next()
		if f == nil {
			return fmt.Errorf("poquemon board: file ends before row %d", i)
		}
		if n, err := strconv.Atoi(f[0]); len(f) != 2 || err != nil || n != i {
			return l.errorf("want row %d: its number and %d letters", i, cols)
		}
		row := strings.ToUpper(f[1])
		if len(row) != cols {
			return l.errorf("row %d has %d letters, want %d", i, len(row), cols)
		}
		for j := range cols {
			ch := row[j]
			if !strings.ContainsRune("X.MPSRAD", rune(ch)) {
				return l.errorf("row %d: unknown letter %q", i, ch)
			}
			if (i == 0 || j == 0 || i == rows-1 || j == cols-1) && ch != 'X' {
				return l.errorf("row %d: the border must be walls (X)", i)
			}
			p.b.Wall[i*cols+j] = ch == 'X'
			p.letter = append(p.letter, ch)
		}
		p.lineOf = append(p.lineOf, l.n)
	}
	f := l.next()
	if f == nil {
		return errors.New("poquemon board: file ends before status")
	}
	if f[0] != "status" || len(f) != 1+p.s["nb_players"] {
		return l.errorf("want \"status\" and %d numbers", p.s["nb_players"])
	}
	for _, x := range f[1:] {
		if _, err := strconv.ParseFloat(x, 64); err != nil {
			return l.errorf("status: %q is not a number", x)
		}
	}
	return nil
}

// cell checks that (i, j) is on the board and returns its number.
func (p *parser) cell(what string, i, j int) (int, error) {
	if i < 0 || j < 0 || i >= p.b.Rows || j >= p.b.Cols {
		return 0, p.l.errorf("%s at (%d,%d) is off the board", what, i, j)
	}
	return i*p.b.Cols + j, nil
}

func (p *parser) poquemon() error {
	l, s := p.l, p.s
	if err := l.expect("the Poquémon table", "poquemon"); err != nil {
		return err
	}
	if err := l.expect("the Poquémon table's header", "id", "ply", "i", "j", "at", "def", "ab", "ped", "pts", "time", "alive"); err != nil {
		return err
	}
	per := s["nb_pokemon"]
	taken := map[int]bool{}
	for id := range s["nb_players"] * per {
		f, err := l.record("Poquémon "+strconv.Itoa(id), 11)
		if err != nil {
			return err
		}
		v, err := l.ints("Poquémon "+strconv.Itoa(id), f[:10])
		if err != nil {
			return err
		}
		q := Poquemon{Player: v[1], Attack: v[4], Defense: v[5], Scope: v[6], Stones: v[7], Points: v[8], Time: v[9]}
		switch {
		case v[0] != id:
			return l.errorf("Poquémon %d expected, got %d", id, v[0])
		case q.Player != id/per:
			return l.errorf("Poquémon %d belongs to player %d, got %d", id, id/per, q.Player)
		case q.Attack < 1 || q.Defense < 1:
			return l.errorf("Poquémon %d: attack and defense must be at least 1", id)
		case q.Scope < 1 || q.Scope > s["max_scope"]:
			return l.errorf("Poquémon %d: scope %d out of [1, max_scope]", id, q.Scope)
		case q.Stones < 0 || q.Stones > s["max_stone"]:
			return l.errorf("Poquémon %d: %d stones out of [0, max_stone]", id, q.Stones)
		case q.Points < 0:
			return l.errorf("Poquémon %d: negative points", id)
		case f[10] != "a" && f[10] != "d":
			return l.errorf("Poquémon %d: alive must be a or d", id)
		}
		q.Alive = f[10] == "a"
		if q.Alive && q.Time != 0 || !q.Alive && (q.Time < 1 || q.Time > s["player_regen_time"]) {
			return l.errorf("Poquémon %d: time must be 0 when alive, in [1, player_regen_time] when dead", id)
		}
		if q.Cell, err = p.cell("Poquémon "+strconv.Itoa(id), v[2], v[3]); err != nil {
			return err
		}
		if q.Alive {
			if ch := p.letter[q.Cell]; ch != '.' && ch != 'M' {
				return l.errorf("Poquémon %d stands on %q: want an empty cell", id, ch)
			}
			if taken[q.Cell] {
				return l.errorf("Poquémon %d: cell (%d,%d) already taken", id, v[2], v[3])
			}
			taken[q.Cell] = true
		}
		p.b.Poquemon = append(p.b.Poquemon, q)
	}
	return nil
}

func (p *parser) walls() error {
	l, s := p.l, p.s
	if err := l.expect("the walls table", "walls"); err != nil {
		return err
	}
	if err := l.expect("the walls table's header", "i", "j", "time", "present"); err != nil {
		return err
	}
	p.b.indexGhosts()
	for k := range s["nb_ghost_wall"] {
		what := "ghost wall " + strconv.Itoa(k)
		f, err := l.record(what, 4)
		if err != nil {
			return err
		}
		v, err := l.ints(what, f)
		if err != nil {
			return err
		}
		c, err := p.cell(what, v[0], v[1])
		if err != nil {
			return err
		}
		switch {
		case p.letter[c] != 'M':
			return l.errorf("%s at (%d,%d): the map has %q there, want M", what, v[0], v[1], p.letter[c])
		case p.b.GhostAt[c] >= 0:
			return l.errorf("%s at (%d,%d) is listed twice", what, v[0], v[1])
		case v[2] < 1 || v[2] > s["wall_change_time"]:
			return l.errorf("%s: time %d out of [1, wall_change_time]", what, v[2])
		case v[3] != 0 && v[3] != 1:
			return l.errorf("%s: present must be 0 or 1", what)
		}
		if v[3] == 1 {
			for id, q := range p.b.Poquemon {
				if q.Alive && q.Cell == c {
					return l.errorf("%s is present on Poquémon %d", what, id)
				}
			}
		}
		p.b.GhostAt[c] = k
		p.b.Ghosts = append(p.b.Ghosts, Ghost{Cell: c, Present: v[3] == 1, Time: v[2]})
	}
	for c, ch := range p.letter {
		if ch == 'M' && p.b.GhostAt[c] < 0 {
			return games.LineErrorf(p.lineOf[c/p.b.Cols], "ghost wall at (%d,%d) missing from the walls table", c/p.b.Cols, c%p.b.Cols)
		}
	}
	return nil
}

func (p *parser) bonuses() error {
	l, s := p.l, p.s
	if err := l.expect("the bonus table", "bonus"); err != nil {
		return err
	}
	if err := l.expect("the bonus table's header", "type", "i", "j", "pts", "time", "present"); err != nil {
		return err
	}
	want := map[Kind]int{Point: s["nb_point"], Stone: s["nb_stone"], Scope: s["nb_scope"], Attack: s["nb_attack"], Defense: s["nb_defense"]}
	regen := map[Kind]string{Point: "point_regen_time", Stone: "stone_regen_time", Scope: "scope_regen_time",
		Attack: "attack_regen_time", Defense: "defense_regen_time"}
	total := 0
	for _, n := range want {
		total += n
	}
	at := map[int]bool{}
	for k := range total {
		what := "bonus " + strconv.Itoa(k)
		f, err := l.record(what, 6)
		if err != nil {
			return err
		}
		kind, ok := kindOf[f[0][0]]
		if len(f[0]) != 1 || !ok {
			return l.errorf("%s: type %q, want P, S, R, A or D", what, f[0])
		}
		v, err := l.ints(what, f[1:])
		if err != nil {
			return err
		}
		if want[kind]--; want[kind] < 0 {
			return l.errorf("%s: more %s bonuses than nb_%s", what, f[0], strings.ToLower(kind.String()))
		}
		c, err := p.cell(what, v[0], v[1])
		if err != nil {
			return err
		}
		x := Bonus{Kind: kind, Cell: c, Value: v[2], Present: v[4] == 1, Time: v[3]}
		switch {
		case v[4] != 0 && v[4] != 1:
			return l.errorf("%s: present must be 0 or 1", what)
		case kind != Point && x.Value != 0:
			return l.errorf("%s: only point bags have points", what)
		case kind == Point && x.Present && (x.Value < 100 || x.Value > 500 || x.Value%100 != 0):
			return l.errorf("%s: a bag holds 100, 200, 300, 400 or 500 points", what)
		case x.Present && x.Time != 0:
			return l.errorf("%s: time must be 0 when present", what)
		case !x.Present && (x.Time < 1 || x.Time > s[regen[kind]]):
			return l.errorf("%s: time must be in [1, %s] when absent", what, regen[kind])
		}
		if x.Present {
			if p.letter[c] != letter[kind] {
				return l.errorf("%s at (%d,%d): the map has %q there, want %c", what, v[0], v[1], p.letter[c], letter[kind])
			}
			if at[c] {
				return l.errorf("%s at (%d,%d): cell already has a bonus", what, v[0], v[1])
			}
			at[c] = true
		} else {
			x.Value = 0
		}
		p.b.Bonuses = append(p.b.Bonuses, x)
	}
	for c, ch := range p.letter {
		if _, isBonus := kindOf[ch]; isBonus && !at[c] {
			return games.LineErrorf(p.lineOf[c/p.b.Cols], "bonus %c at (%d,%d) missing from the bonus table", ch, c/p.b.Cols, c%p.b.Cols)
		}
	}
	return nil
}

// Format writes board b with settings s in the original file format.
func Format(s games.Settings, b *Board) []byte {
	var w bytes.Buffer
	w.WriteString("Poquemon v1\n\n")
	for _, name := range fileParams {
		fmt.Fprintf(&w, "%s %d\n", name, s[settingName(name)])
	}
	w.WriteString("\nnames")
	for range s["nb_players"] {
		w.WriteString(" ?")
	}
	w.WriteString("\n\nround 0\n\nboard\n\n")
	for _, div := range []int{10, 1} {
		w.WriteString("   ")
		for j := range b.Cols {
			w.WriteByte(byte('0' + j/div%10))
		}
		w.WriteByte('\n')
	}
	w.WriteByte('\n')
	grid := b.Letters()
	for _, x := range b.Bonuses {
		if x.Present {
			row := []byte(grid[x.Cell/b.Cols])
			row[x.Cell%b.Cols] = letter[x.Kind]
			grid[x.Cell/b.Cols] = string(row)
		}
	}
	for i, row := range grid {
		fmt.Fprintf(&w, "%02d %s\n", i, row)
	}
	w.WriteString("\nstatus")
	for range s["nb_players"] {
		w.WriteString(" 0")
	}
	w.WriteString("\n\npoquemon\nid ply i j at def ab ped pts time alive\n")
	for id, q := range b.Poquemon {
		alive := "d"
		if q.Alive {
			alive = "a"
		}
		fmt.Fprintf(&w, "%d %d %d %d %d %d %d %d %d %d %s\n", id, q.Player, q.Cell/b.Cols, q.Cell%b.Cols,
			q.Attack, q.Defense, q.Scope, q.Stones, q.Points, q.Time, alive)
	}
	w.WriteString("\nwalls\ni j time present\n")
	for _, g := range b.Ghosts {
		fmt.Fprintf(&w, "%d %d %d %d\n", g.Cell/b.Cols, g.Cell%b.Cols, g.Time, btoi(g.Present))
	}
	w.WriteString("\nbonus\ntype i j pts time present\n")
	for _, x := range b.Bonuses {
		fmt.Fprintf(&w, "%c %d %d %d %d %d\n", letter[x.Kind], x.Cell/b.Cols, x.Cell%b.Cols, x.Value, x.Time, btoi(x.Present))
	}
	return w.Bytes()
}

func btoi(v bool) int {
	if v {
		return 1
	}
	return 0
}
