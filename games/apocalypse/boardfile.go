package apocalypse

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arena.dev/games"
)

// A board file is the original engine's (boards/apocalypse-default.cnf):
//
//	ApocalypseNow2018 3.0
//	FIXED
//	land
//	   000000000011...        two lines of column labels (tens, units)
//	   012345678901...
//	00 XXXXXXXXXXXX...        MAX rows, each with its label: ':' forest,
//	01 X......:::::...        '.' grass, 'O' water, 'X' mountain (the border)
//	posts
//	player	i	j	value     then one line per post (player -1: nobody);
//	-1	10	22	100       the highest value is HIGH_VALUE, others LOW_VALUE
//	units
//	id	type	player	i	j	life	ori	napalm	parachuters
//	1	2	0	5	15	-1	0	30	0      type 2: helicopter, k parachuters and their rounds
//	9	1	0	25	15	100	-1	-1	0      type 1: soldier
//	-1
//	fire
//	rounds	i	j             then one line per burning cell
//	-1
//
// Blank lines may separate sections, never split them. The file fixes
// MAX, NUM_POSTS, NUM_HELICOPTERS (per player) and NUM_SOLDIERS (soldiers
// and parachuters per player).
//
// Redux's engine reads and writes a state of a match in its own format
// (boards/originals/apocalypse-redux-default.cnf), which its board files
// use too; teams there are numbered 1 to 4, -1 when nobody:
//
//	ApocalypseNow v2
//	names                     four names, ignored
//	? ? ? ?
//	round 0                   a board file starts at round 0
//	nou                       the id the next new soldier takes
//	89
//	terreny                   the land, as above
//	posts
//	equip	x	y	valor     the posts: team, row, column, value
//	-1	12	27	4000
//	score                     each team's points now (checked)
//	20	20	20	20
//	status                    each team's CPU used, ignored
//	0	0	0	0
//	agents
//	id	tipus	equip	x	y	vida	ori	napalm	paraca
//	1	2	1	5	15	-1	0	30	0      units, as above
//	-1
//	foc
//	torns	x	y                 burning cells, as above
//	-1
//
// Posts there have two values at most, which the file fixes too
// (HIGH_VALUE and LOW_VALUE): the original scores each post with the value
// its file gives it.

// File is a parsed board file.
type File struct {
	Board *Board
	// High and Low are the posts' values a Redux file fixes (0: the file
	// fixes none).
	High, Low int
}

// players is the number of players every board is for.
const players = 4

// maxID bounds the units' ids in a file (the original's run from 1 to 88).
const maxID = 100000

// Settings implements games.Board: what the file fixes.
func (f *File) Settings() games.Settings {
	b := f.Board
	total := len(b.Soldiers)
	for _, h := range b.Helicopters {
		total += len(h.Para)
	}
	s := games.Settings{"MAX": b.Max, "NUM_POSTS": len(b.Posts),
		"NUM_HELICOPTERS": len(b.Helicopters) / players, "NUM_SOLDIERS": total / players}
	if f.High > 0 {
		s["HIGH_VALUE"], s["LOW_VALUE"] = f.High, f.Low
	}
	return s
}

// fits reports whether settings cfg agree with the file.
func (f *File) fits(cfg Config) error {
	s := f.Settings()
	if cfg.Players != players || cfg.Max != s["MAX"] || cfg.Posts != s["NUM_POSTS"] ||
		cfg.Helicopters != s["NUM_HELICOPTERS"] || cfg.Soldiers != s["NUM_SOLDIERS"] ||
		(f.High > 0 && (cfg.HighValue != f.High || cfg.LowValue != f.Low)) {
		return fmt.Errorf("apocalypse: the board file fixes %v, the settings differ", s)
	}
	for _, u := range f.Board.Soldiers {
		if u.Life > cfg.Life {
			return fmt.Errorf("apocalypse: soldier %d has %d life points, more than LIFE=%d", u.ID, u.Life, cfg.Life)
		}
	}
	return nil
}

// parser reads a board file line by line; every error names its line.
type parser struct {
	sc   *bufio.Scanner
	line int
	end  int // the line of the last -1 read
	n    int // MAX
	b    *Board
	ids  map[int]bool

	redux  bool  // Redux's format: teams 1 to 4
	values []int // the posts' values, in order
	score  []int // Redux: the points the file gives each team
	scored int   // Redux: the line of the points
	round  int   // Redux: the round of the state
	next0  int   // Redux: the next id

	roundLine, nextLine int
}

// base is how the file numbers the first team: 0, or 1 in Redux's format.
func (p *parser) base() int {
	if p.redux {
		return 1
	}
	return 0
}

// next returns the next non-blank line's fields, or nil at the end.
func (p *parser) next() []string {
	for p.sc.Scan() {
		p.line++
		if f := strings.Fields(p.sc.Text()); len(f) > 0 {
			return f
		}
	}
	p.line++ // the errors of a truncated file name the line after the last
	return nil
}

func (p *parser) errorf(format string, args ...any) error {
	return games.LineErrorf(p.line, "apocalypse board: "+format, args...)
}

// expect reads a line that must be exactly words.
func (p *parser) expect(words ...string) error {
	f := p.next()
	if strings.Join(f, " ") != strings.Join(words, " ") {
		if f == nil {
			return p.errorf("file ends, want %q", strings.Join(words, " "))
		}
		return p.errorf("want %q", strings.Join(words, " "))
	}
	return nil
}

// ints parses fields as integers.
func (p *parser) ints(f []string) ([]int, error) {
	v := make([]int, len(f))
	for k, s := range f {
		x, err := strconv.Atoi(s)
		if err != nil {
			return nil, p.errorf("%q is not an integer", s)
		}
		v[k] = x
	}
	return v, nil
}

// ParseFile reads a board file (see above) and checks it as the original
// does: a mountain border, posts on forest or grass, soldiers on forest or
// grass one per cell (on a post only as its owner), helicopters' squares
// on the board, off mountains and apart, fire off mountains; in Redux's
// format also the round (0), the next id and each team's points.
func ParseFile(data []byte) (*File, error) {
	f, p, err := parse(data)
	if err == nil && p.round != 0 {
		p.line = p.roundLine
		return nil, p.errorf("round %d: a board file starts at round 0", p.round)
	}
	return f, err
}

// parse reads a board file, or in Redux's format the state of any round
// (as the original's match output prints it).
func parse(data []byte) (*File, *parser, error) {
	p := &parser{sc: bufio.NewScanner(bytes.NewReader(data)), ids: map[int]bool{}}
	p.sc.Buffer(nil, 1<<20)
	head := p.next()
	steps := []func() error{p.expectFixed, p.land, p.posts, p.units, p.fire, p.finish}
	switch {
	case len(head) == 2 && head[0] == "ApocalypseNow" && head[1] == "v2":
		p.redux = true
		steps = []func() error{p.header, p.land, p.posts, p.points, p.units, p.fire, p.finish, p.checkPoints}
	case len(head) == 2 && strings.HasPrefix(head[0], "ApocalypseNow") && head[1] == "3.0":
	default:
		return nil, p, p.errorf(`want the header "ApocalypseNow2018 3.0" (Apocalypse Now 2018) or "ApocalypseNow v2" (Redux)`)
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, p, err
		}
	}
	f := &File{Board: p.b}
	if p.redux {
		f.High, f.Low = slices.Max(p.values), slices.Min(p.values)
	}
	return f, p, nil
}

// header reads Redux's lines before the land: names, round and next id.
func (p *parser) header() error {
	if err := p.expect("names"); err != nil {
		return err
	}
	if f := p.next(); len(f) != players {
		return p.errorf("want %d names", players)
	}
	f := p.next()
	if len(f) != 2 || f[0] != "round" {
		return p.errorf(`want "round" and its number`)
	}
	v, err := p.ints(f[1:])
	if err != nil {
		return err
	}
	if v[0] < 0 {
		return p.errorf("round %d, want 0 or more", v[0])
	}
	p.round, p.roundLine = v[0], p.line
	if err := p.expect("nou"); err != nil {
		return err
	}
	f = p.next()
	if len(f) != 1 {
		return p.errorf("want the next id")
	}
	if v, err = p.ints(f); err != nil {
		return err
	}
	if v[0] <= 0 || v[0] > maxID+1 {
		return p.errorf("next id %d, want 1 to %d", v[0], maxID+1)
	}
	p.next0, p.nextLine = v[0], p.line
	return p.expect("terreny")
}

// points reads Redux's points and CPU status after the posts.
func (p *parser) points() error {
	f := p.next()
	if len(f) != players {
		return p.errorf("want %d teams' points", players)
	}
	v, err := p.ints(f)
	if err != nil {
		return err
	}
	p.score, p.scored = v, p.line
	if err := p.expect("status"); err != nil {
		return err
	}
	if f = p.next(); len(f) != players {
		return p.errorf("want %d teams' CPU status", players)
	}
	for _, x := range f {
		if _, err := strconv.ParseFloat(x, 64); err != nil {
			return p.errorf("%q is not a number", x)
		}
	}
	if err := p.expect("agents"); err != nil {
		return err
	}
	return p.expect("id", "tipus", "equip", "x", "y", "vida", "ori", "napalm", "paraca")
}

// checkPoints checks Redux's points (each post's value and one per
// soldier, as the original counts them) and next id, once the whole file
// is read.
func (p *parser) checkPoints() error {
	pts := make([]int, players)
	for k, q := range p.b.Posts {
		if q.Owner >= 0 {
			pts[q.Owner] += p.values[k]
		}
	}
	for _, u := range p.b.Soldiers {
		pts[u.Player]++
	}
	for t := range players {
		if pts[t] != p.score[t] {
			p.line = p.scored
			return p.errorf("team %d has %d points, the file says %d", t+1, pts[t], p.score[t])
		}
	}
	for id := range p.ids {
		if id >= p.next0 {
			p.line = p.nextLine
			return p.errorf("next id %d, but unit %d exists", p.next0, id)
		}
	}
	p.b.Next = p.next0
	return nil
}

func (p *parser) expectFixed() error {
	if err := p.expect("FIXED"); err != nil {
		return err
	}
	return p.expect("land")
}

func (p *parser) land() error {
	tens := p.next()
	if len(tens) != 1 || len(tens[0]) < 20 || len(tens[0]) > 999 {
		return p.errorf("want the column labels (tens)")
	}
	n := len(tens[0])
	for j := range n {
		if tens[0][j] != byte('0'+j/10%10) {
			return p.errorf("column label %d is %q", j, tens[0][j])
		}
	}
	units := p.next()
	if len(units) != 1 || len(units[0]) != n {
		return p.errorf("want %d column labels (units)", n)
	}
	for j := range n {
		if units[0][j] != byte('0'+j%10) {
			return p.errorf("column label %d is %q", j, units[0][j])
		}
	}
	p.n = n
	p.b = &Board{Max: n, Land: make([]Terrain, n*n), Fire: make([]int, n*n)}
	for i := range n {
		f := p.next()
		if len(f) != 2 || len(f[1]) != n {
			return p.errorf("want row %d: its label and %d letters", i, n)
		}
		if label, err := strconv.Atoi(f[0]); err != nil || label != i {
			return p.errorf("row label %q, want %02d", f[0], i)
		}
		for j := range n {
			t := landOf(f[1][j])
			if t == 0 {
				return p.errorf("unknown land %q at column %d", f[1][j], j)
			}
			if (i == 0 || j == 0 || i == n-1 || j == n-1) && t != Mountain {
				return p.errorf("the border must be mountain ('X'), column %d is not", j)
			}
			p.b.Land[i*n+j] = t
		}
	}
	return nil
}

// cell checks that (i, j) is on the board and returns its number.
func (p *parser) cell(i, j int) (int, error) {
	if i < 0 || j < 0 || i >= p.n || j >= p.n {
		return 0, p.errorf("(%d, %d) is off the board", i, j)
	}
	return i*p.n + j, nil
}

func (p *parser) posts() error {
	if err := p.expect("posts"); err != nil {
		return err
	}
	head, end := []string{"player", "i", "j", "value"}, "units"
	if p.redux {
		head, end = []string{"equip", "x", "y", "valor"}, "score"
	}
	if err := p.expect(head...); err != nil {
		return err
	}
	for {
		f := p.next()
		if len(f) == 1 && f[0] == end {
			break
		}
		if len(f) != 4 {
			if f == nil {
				return p.errorf("file ends, want a post or %q", end)
			}
			return p.errorf("want a post %q or %q", strings.Join(head, " "), end)
		}
		v, err := p.ints(f)
		if err != nil {
			return err
		}
		owner := v[0]
		if p.redux && owner > 0 {
			owner--
		}
		c, err := p.cell(v[1], v[2])
		switch {
		case err != nil:
			return err
		case owner < -1 || owner >= players || (p.redux && v[0] == 0):
			return p.errorf("post owner %d, want -1 or %d to %d", v[0], p.base(), players-1+p.base())
		case p.b.Land[c] != Forest && p.b.Land[c] != Grass:
			return p.errorf("post at (%d, %d) not on forest or grass", v[1], v[2])
		case v[3] <= 0:
			return p.errorf("post value %d, want a positive value", v[3])
		case p.redux && !slices.Contains(p.values, v[3]) && twoValues(p.values):
			return p.errorf("post value %d: the posts have two values at most", v[3])
		}
		for _, q := range p.b.Posts {
			if q.Cell == c {
				return p.errorf("two posts at (%d, %d)", v[1], v[2])
			}
		}
		p.b.Posts = append(p.b.Posts, Post{Cell: c, Owner: owner})
		p.values = append(p.values, v[3])
	}
	if len(p.b.Posts) == 0 {
		return p.errorf("no posts before %q", end)
	}
	high := slices.Max(p.values)
	for k, v := range p.values {
		p.b.Posts[k].High = v == high
	}
	if p.redux {
		return nil
	}
	// "units" was read by the loop: its header comes next.
	return p.expect("id", "type", "player", "i", "j", "life", "ori", "napalm", "parachuters")
}

// twoValues reports whether values holds two different values.
func twoValues(values []int) bool {
	return len(values) > 0 && slices.Min(values) != slices.Max(values)
}

func (p *parser) units() error {
	for {
		f := p.next()
		if len(f) == 1 && f[0] == "-1" {
			p.end = p.line
			break
		}
		if len(f) < 9 {
			if f == nil {
				return p.errorf("file ends, want a unit or -1")
			}
			return p.errorf("want a unit \"id type player i j life ori napalm parachuters...\" or -1")
		}
		v, err := p.ints(f)
		if err != nil {
			return err
		}
		if p.redux {
			v[2]-- // teams 1 to 4
		}
		if err := p.unit(v); err != nil {
			return err
		}
	}
	per := make([]int, players)
	for _, h := range p.b.Helicopters {
		per[h.Player]++
	}
	total := len(p.b.Soldiers)
	for _, h := range p.b.Helicopters {
		total += len(h.Para)
	}
	for pl := range players {
		if per[pl] == 0 || per[pl] != per[0] {
			return p.errorf("every player needs the same number of helicopters (at least one): %v", per)
		}
	}
	if total == 0 || total%players != 0 {
		return p.errorf("%d soldiers and parachuters in all: want the same number for each of %d players", total, players)
	}
	return nil
}

// unit checks and adds one line of the units section.
func (p *parser) unit(v []int) error {
	id, typ, pl, life, ori, napalm, k := v[0], v[1], v[2], v[5], v[6], v[7], v[8]
	c, err := p.cell(v[3], v[4])
	switch {
	case err != nil:
		return err
	case id <= 0 || id > maxID || p.ids[id]:
		return p.errorf("unit id %d is not a new id from 1 to %d", id, maxID)
	case pl < 0 || pl >= players:
		return p.errorf("player %d, want %d to %d", pl+p.base(), p.base(), players-1+p.base())
	case k < 0 || len(v) != 9+k:
		return p.errorf("%d parachuters announced, %d listed", k, len(v)-9)
	}
	p.ids[id] = true
	i, j := v[3], v[4]
	switch typ {
	case 1:
		switch {
		case life <= 0 || ori != -1 || napalm != -1 || k != 0:
			return p.errorf("a soldier has life > 0, ori -1, napalm -1 and no parachuters")
		case p.b.Land[c] != Forest && p.b.Land[c] != Grass:
			return p.errorf("soldier %d at (%d, %d) not on forest or grass", id, i, j)
		}
		for _, u := range p.b.Soldiers {
			if u.Cell == c {
				return p.errorf("soldiers %d and %d share (%d, %d)", u.ID, id, i, j)
			}
		}
		for _, q := range p.b.Posts {
			if q.Cell == c && q.Owner != pl {
				return p.errorf("soldier %d stands on a post it does not own", id)
			}
		}
		p.b.Soldiers = append(p.b.Soldiers, Soldier{ID: id, Player: pl, Cell: c, Life: life})
	case 2:
		if life != -1 || ori < 0 || ori > 3 || napalm < 0 {
			return p.errorf("a helicopter has life -1, ori 0 to 3 and napalm >= 0")
		}
		if i < Half || j < Half || i >= p.n-Half || j >= p.n-Half {
			return p.errorf("helicopter %d's square leaves the board", id)
		}
		for a := i - Half; a <= i+Half; a++ {
			for b := j - Half; b <= j+Half; b++ {
				if p.b.Land[a*p.n+b] == Mountain {
					return p.errorf("helicopter %d's square covers a mountain at (%d, %d)", id, a, b)
				}
			}
		}
		for _, h := range p.b.Helicopters {
			if abs(h.Cell/p.n-i) < HeliSize && abs(h.Cell%p.n-j) < HeliSize {
				return p.errorf("helicopters %d and %d overlap", h.ID, id)
			}
		}
		para := v[9:]
		for x, r := range para {
			if r <= 0 || (x > 0 && r < para[x-1]) {
				return p.errorf("parachuters' rounds must be positive and increasing")
			}
		}
		p.b.Helicopters = append(p.b.Helicopters, Helicopter{ID: id, Player: pl, Cell: c, Ori: ori, Napalm: napalm,
			Para: append([]int{}, para...)})
	default:
		return p.errorf("unit type %d, want 1 (soldier) or 2 (helicopter)", typ)
	}
	return nil
}

func (p *parser) fire() error {
	title, head := "fire", []string{"rounds", "i", "j"}
	if p.redux {
		title, head = "foc", []string{"torns", "x", "y"}
	}
	if f := p.next(); len(f) != 1 || f[0] != title {
		if len(f) >= 9 {
			p.line = p.end // a unit after the -1: that -1 is the fault
			return p.errorf("units follow this -1")
		}
		if f == nil {
			return p.errorf("file ends, want %q", title)
		}
		return p.errorf("want %q", title)
	}
	if err := p.expect(head...); err != nil {
		return err
	}
	for {
		f := p.next()
		if len(f) == 1 && f[0] == "-1" {
			p.end = p.line
			return nil
		}
		if len(f) != 3 {
			if f == nil {
				return p.errorf("file ends, want a fire or -1")
			}
			return p.errorf("want a fire \"rounds i j\" or -1")
		}
		v, err := p.ints(f)
		if err != nil {
			return err
		}
		c, err := p.cell(v[1], v[2])
		switch {
		case err != nil:
			return err
		case v[0] <= 0:
			return p.errorf("fire must last at least one round")
		case p.b.Land[c] == Mountain:
			return p.errorf("fire on a mountain at (%d, %d)", v[1], v[2])
		case p.b.Fire[c] != 0:
			return p.errorf("two fires at (%d, %d)", v[1], v[2])
		}
		p.b.Fire[c] = v[0]
	}
}

func (p *parser) finish() error {
	if f := p.next(); f != nil {
		if len(f) == 3 {
			p.line = p.end // a fire after the -1: that -1 is the fault
			return p.errorf("fires follow this -1")
		}
		return p.errorf("unexpected text after the fire section")
	}
	return nil
}

// Format writes b as a board file, as the original prints its state.
func Format(b *Board, high, low int) []byte {
	var w bytes.Buffer
	n := b.Max
	w.WriteString("ApocalypseNow2018 3.0\n\nFIXED\n\nland\n")
	for _, unit := range []int{10, 1} {
		w.WriteString("   ")
		for j := range n {
			w.WriteByte(byte('0' + j/unit%10))
		}
		w.WriteByte('\n')
	}
	w.WriteByte('\n')
	for i, row := range b.Letters() {
		fmt.Fprintf(&w, "%02d %s\n", i, row)
	}
	w.WriteString("\nposts\nplayer\ti\tj\tvalue\t\n")
	for _, p := range b.Posts {
		v := low
		if p.High {
			v = high
		}
		fmt.Fprintf(&w, "%d\t%d\t%d\t%d\n", p.Owner, p.Cell/n, p.Cell%n, v)
	}
	w.WriteString("\nunits\nid\ttype\tplayer\ti\tj\tlife\tori\tnapalm\tparachuters\t\n")
	for _, h := range b.Helicopters {
		fmt.Fprintf(&w, "%d\t2\t%d\t%d\t%d\t-1\t%d\t%d\t%d", h.ID, h.Player, h.Cell/n, h.Cell%n, h.Ori, h.Napalm, len(h.Para))
		for _, r := range h.Para {
			fmt.Fprintf(&w, "\t%d", r)
		}
		w.WriteString("\t\n")
	}
	for _, u := range b.Soldiers {
		fmt.Fprintf(&w, "%d\t1\t%d\t%d\t%d\t%d\t-1\t-1\t0\t\n", u.ID, u.Player, u.Cell/n, u.Cell%n, u.Life)
	}
	w.WriteString("-1\n\nfire\nrounds\ti\tj\n")
	for c, f := range b.Fire {
		if f > 0 {
			fmt.Fprintf(&w, "%d\t%d\t%d\n", f, c/n, c%n)
		}
	}
	w.WriteString("-1\n")
	return w.Bytes()
}
