package poquemon

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file is the original engine's format (boards/poquemon-default.cnf):
//
//	Poquemon v1
//	nb_players 4              the 21 parameters, one per line, in this order
//	nb_poquemon 1             (our setting nb_pokemon)
//	...
//	cols 31
//	names ? ? ? ?             one name per player (ignored)
//	round 0                   the round the board is at
//	board
//	   0000000000111...       two lines of column labels (ignored)
//	   0123456789012...
//	00 XXXXXXXXXXXX...        rows lines: the row number, then cols letters:
//	...                       X wall, M ghost wall, . empty, P point bag,
//	                          S stone, R scope, A attack, D defense
//	status 0 0 0 0            one number per player (ignored)
//	poquemon
//	id ply i j at def ab ped pts time alive   (any 11 words)
//	0 0 2 6 1 1 1 0 0 0 a     one line per Poquémon (ab: scope, ped: stones)
//	walls
//	i j time present          (any 4 words)
//	...                       one line per ghost wall
//	bonus
//	type i j pts time present (any 6 words)
//	...                       one line per bonus (P S R A D)
//
// The reader accepts what the original's (Board::Board and the Board::ok it
// ends with) accepts, numbers as 32-bit integers as it reads them, with
// these exceptions:
//   - a match has 4 players;
//   - a parameter may have any value a match's settings may (params,
//     validate): where the original reads more, ours are limits on a
//     match's size; an odd nb_rounds or a max_stone of 0, which the
//     original refuses, are read as a match would take them;
//   - each record keeps its line, as the original writes them, so that an
//     error names the line at fault (blank lines are allowed anywhere, and
//     whatever follows the bonus table is ignored, as in the original);
//   - we refuse states the original reads but cannot play through: a bonus
//     letter with no present bonus of its kind listed at its cell, a
//     present bonus on another kind's letter, or two on one cell (the
//     original aborts when a Poquémon steps there), a present bonus on a
//     wall (nobody could ever take it), a present bag of less than 100
//     points (the original checks that only when present is written 1,
//     and prints a present bag as 1), a cell listed twice as a ghost wall
//     (the original aborts once the two disagree), a negative ghost wall
//     timer (the wall would never change and bots would be told it is
//     none), and a Poquémon whose player (ply) is not id / nb_poquemon
//     (the original reads ply, but lets player p command Poquémon p
//     whatever ply says, and scores it for ply).
//
// As in the original, a ghost wall may be listed at any inner cell: its
// letter then no longer counts (a listed wall, or bonus, cell becomes a
// ghost-wall cell), and an M that is not listed is plain floor. A living
// Poquémon may stand on a bonus, which it takes only once it has left and
// come back.

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

// expect reads the next line and checks it is exactly words.
func (l *lines) expect(what string, words ...string) error {
	f := l.next()
	if f == nil {
		return fmt.Errorf("poquemon board: file ends before %s", what)
	}
	if strings.Join(f, " ") != strings.Join(words, " ") {
		return l.errorf("want %q", strings.Join(words, " "))
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

// ints parses fields as integers of the original's int (32 bits).
func (l *lines) ints(what string, fields []string) ([]int, error) {
	v := make([]int, len(fields))
	for i, s := range fields {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, l.errorf("%s: %q is not an integer", what, s)
		}
		v[i] = int(n)
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
	p := parser{l: l, s: s}
	for _, step := range []func() error{p.header, p.grid, p.poquemon, p.walls, p.bonuses} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return &File{settings: s, Board: p.b}, nil
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
		if len(f) != 2 || f[0] != name {
			return nil, l.errorf("want %q", name+" VALUE")
		}
		v, err := l.ints(name, f[1:])
		if err != nil {
			return nil, err
		}
		r := ranges[settingName(name)]
		switch {
		case name == "nb_players" && v[0] != 4:
			return nil, l.errorf("nb_players %d: a match here has 4 players", v[0])
		case v[0] < r.Min:
			return nil, l.errorf("%s %d: at least %d", name, v[0], r.Min)
		case v[0] > r.Max:
			return nil, l.errorf("%s %d out of range [%d, %d]", name, v[0], r.Min, r.Max)
		}
		s[settingName(name)] = v[0]
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
	letter []byte // the map's letter per cell, M only for listed ghost walls
	lineOf []int  // the map's line per row
	poqAt  []int  // line of each Poquémon
}

func (p *parser) header() error {
	l := p.l
	f := l.next()
	if f == nil {
		return errors.New("poquemon board: file ends before names")
	}
	if f[0] != "names" || len(f) != 1+p.s["nb_players"] {
		return l.errorf("want \"names\" and %d names", p.s["nb_players"])
	}
	f, err := l.record("the round", 2)
	if err != nil {
		return err
	}
	if f[0] != "round" {
		return l.errorf("want \"round\" and the board's round")
	}
	v, err := l.ints("round", f[1:])
	if err != nil {
		return err
	}
	if v[0] < 0 || v[0] > p.s["nb_rounds"] {
		return l.errorf("round %d out of [0, nb_rounds]", v[0])
	}
	p.b = &Board{Rows: p.s["rows"], Cols: p.s["cols"], Start: v[0]}
	return l.expect("the board", "board")
}

// rowLabel is a row's line: its number (read as the original reads an
// int), then its letters, which may be spaced out.
var rowLabel = regexp.MustCompile(`^\s*([+-]?[0-9]+)(.*)$`)

// number is a decimal number as the original reads a status.
var number = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

func (p *parser) grid() error {
	l, b := p.l, p.b
	rows, cols := b.Rows, b.Cols
	for range 2 {
		if _, err := l.record("the column labels", 1); err != nil {
			return err
		}
	}
	b.Wall = make([]bool, rows*cols)
	p.letter = make([]byte, 0, rows*cols)
	for i := range rows {
		if l.next() == nil {
			return fmt.Errorf("poquemon board: file ends before row %d", i)
		}
		m := rowLabel.FindStringSubmatch(l.text[l.n-1])
		if m == nil {
			return l.errorf("want row %d: its number and %d letters", i, cols)
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(m[1], "+")); err != nil || n != i {
			return l.errorf("want row %d: its number and %d letters", i, cols)
		}
		row := strings.ToUpper(strings.Join(strings.Fields(m[2]), ""))
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
			b.Wall[i*cols+j] = ch == 'X'
			if ch == 'M' { // a ghost wall only if the walls table lists it
				ch = '.'
			}
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
		if !number.MatchString(x) {
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

// poquemon reads the Poquémon table; where the living ones stand is
// checked once the ghost walls are known (walls).
func (p *parser) poquemon() error {
	l, s := p.l, p.s
	if err := l.expect("the Poquémon table", "poquemon"); err != nil {
		return err
	}
	if _, err := l.record("the Poquémon table's header", 11); err != nil {
		return err
	}
	per := s["nb_pokemon"]
	for id := range s["nb_players"] * per {
		what := "Poquémon " + strconv.Itoa(id)
		f, err := l.record(what, 11)
		if err != nil {
			return err
		}
		v, err := l.ints(what, f[:10])
		if err != nil {
			return err
		}
		q := Poquemon{Player: v[1], Attack: v[4], Defense: v[5], Scope: v[6], Stones: v[7], Points: v[8], Time: v[9]}
		if q.Cell, err = p.cell(what, v[2], v[3]); err != nil {
			return err
		}
		switch {
		case v[0] != id:
			return l.errorf("Poquémon %d expected, got %d", id, v[0])
		case q.Player != id/per:
			return l.errorf("Poquémon %d belongs to player %d, got %d", id, id/per, q.Player)
		case q.Attack < 1 || q.Defense < 1:
			return l.errorf("%s: attack and defense must be at least 1", what)
		case q.Scope < 1 || q.Scope > s["max_scope"]:
			return l.errorf("%s: scope %d out of [1, max_scope]", what, q.Scope)
		case q.Stones < 0 || q.Stones > s["max_stone"]:
			return l.errorf("%s: %d stones out of [0, max_stone]", what, q.Stones)
		case q.Points < 0:
			return l.errorf("%s: negative points", what)
		case f[10] != "a" && f[10] != "d":
			return l.errorf("%s: alive must be a or d", what)
		}
		q.Alive = f[10] == "a"
		if q.Alive && q.Time != 0 || !q.Alive && (q.Time < 1 || q.Time > s["player_regen_time"]) {
			return l.errorf("%s: time must be 0 when alive, in [1, player_regen_time] when dead", what)
		}
		p.b.Poquemon = append(p.b.Poquemon, q)
		p.poqAt = append(p.poqAt, l.n)
	}
	return nil
}

func (p *parser) walls() error {
	l, s, b := p.l, p.s, p.b
	if err := l.expect("the walls table", "walls"); err != nil {
		return err
	}
	if _, err := l.record("the walls table's header", 4); err != nil {
		return err
	}
	b.indexGhosts()
	on := map[int]int{} // cell → living Poquémon
	for id, q := range b.Poquemon {
		if q.Alive {
			on[q.Cell] = id
		}
	}
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
		present := v[3] != 0 // as the original reads it into a bool
		i, j := v[0], v[1]
		switch {
		case i == 0 || j == 0 || i == b.Rows-1 || j == b.Cols-1:
			return l.errorf("%s at (%d,%d) is on the border, which stays walls", what, i, j)
		case b.GhostAt[c] >= 0:
			return l.errorf("%s at (%d,%d) is listed twice", what, i, j)
		case v[2] == 0:
			return l.errorf("%s: time 0, want the rounds before it changes", what)
		case v[2] < 0:
			return l.errorf("%s: negative time %d: the wall would never change", what, v[2])
		case present && p.letter[c] != '.':
			return l.errorf("%s at (%d,%d) is present on %q, want an empty cell (. or M)", what, i, j, p.letter[c])
		}
		if id, ok := on[c]; ok && present {
			return l.errorf("%s is present on Poquémon %d", what, id)
		}
		b.GhostAt[c] = k
		b.Ghosts = append(b.Ghosts, Ghost{Cell: c, Present: present, Time: v[2]})
		b.Wall[c] = false
		p.letter[c] = 'M'
	}
	// Now that the walls are known: the living Poquémon stand on floor,
	// one per cell (a bonus may be under one).
	taken := map[int]int{}
	for id, q := range b.Poquemon {
		if !q.Alive {
			continue
		}
		if b.Wall[q.Cell] {
			return games.LineErrorf(p.poqAt[id], "Poquémon %d stands on a wall at %s", id, b.pos(q.Cell))
		}
		if other, dup := taken[q.Cell]; dup {
			return games.LineErrorf(p.poqAt[id], "Poquémon %d: cell %s already taken by Poquémon %d", id, b.pos(q.Cell), other)
		}
		taken[q.Cell] = id
	}
	return nil
}

func (p *parser) bonuses() error {
	l, s := p.l, p.s
	if err := l.expect("the bonus table", "bonus"); err != nil {
		return err
	}
	if _, err := l.record("the bonus table's header", 6); err != nil {
		return err
	}
	want := map[Kind]int{Point: s["nb_point"], Stone: s["nb_stone"], Scope: s["nb_scope"], Attack: s["nb_attack"], Defense: s["nb_defense"]}
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
		// present is read into a bool, as the original does.
		x := Bonus{Kind: kind, Cell: c, Value: v[2], Present: v[4] != 0, Time: v[3]}
		switch {
		case x.Value < 0:
			return l.errorf("%s: negative points", what)
		case kind != Point && x.Value != 0:
			return l.errorf("%s: only point bags have points", what)
		case kind == Point && (x.Value%100 != 0 || x.Present && x.Value < 100):
			return l.errorf("%s: a bag holds a multiple of 100 points, at least 100 when present", what)
		case x.Present && x.Time > 0:
			return l.errorf("%s: time %d, want 0 when present", what, x.Time)
		case !x.Present && x.Time == 0:
			return l.errorf("%s: time 0 when absent, want the rounds before it comes back", what)
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
	fmt.Fprintf(&w, "\n\nround %d\n\nboard\n\n", b.Start)
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
