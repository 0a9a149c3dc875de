package wasteland

import (
	"strings"
	"testing"

	"arena.dev/games/wasteland/sdk"
)

// Rule tests draw small universes as pictures: '.' empty, 'X' tyre, 'W'
// water, 'G' gas, 'M' missile bonus, a digit a living car (its id), a
// lower-case letter a missile shot by car 'a'+id (ids in reading order).
// Cars not drawn are dead with the given time.

// testConfig is the statement's rules on a rows×cols universe with a
// window of win columns and no bonus top-up (bonus numbers 0).
func testConfig(rows, cols, win int) Config {
	return Config{Players: 4, Rounds: 300, Rows: rows, Cols: cols, Win: win, CarsPerPlayer: 2, RegenRounds: 30,
		BonusMissiles: 5, BonusGas: 30, WaterPoints: 10, KillPoints: 30, InitialGas: 60}
}

// fromPicture builds a state at round 0 (tests may change its Round);
// cars drawn have 5 missiles and 60 gas.
func fromPicture(t testing.TB, cfg Config, pic []string, deadTime int) *State {
	t.Helper()
	b := &Board{Rows: cfg.Rows, Cols: cfg.Cols, Win: cfg.Win, Cells: make([]CellType, cfg.Rows*cfg.Cols), Scores: make([]int, cfg.Players)}
	for id := range cfg.Players * cfg.CarsPerPlayer {
		b.Cars = append(b.Cars, Car{ID: id, Missiles: 5, Gas: 60, Time: deadTime})
	}
	s, err := NewState(cfg, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(pic) != cfg.Rows {
		t.Fatalf("picture has %d rows, want %d", len(pic), cfg.Rows)
	}
	for i, row := range pic {
		if len(row) != cfg.Cols {
			t.Fatalf("picture row %d has %d columns, want %d", i, len(row), cfg.Cols)
		}
		for j, ch := range []byte(row) {
			p := Pos{I: i, J: j}
			cell := &s.Cells[s.index(p)]
			switch {
			case ch >= '0' && ch <= '7':
				c := &s.Cars[ch-'0']
				c.Pos, c.Alive, c.Time = p, true, 0
				*cell = sdk.Cell{Type: CarCell, Car: c.ID, Missile: -1}
			case ch >= 'a' && ch <= 'h':
				m := Missile{ID: s.nextMissile, Car: int(ch - 'a'), Pos: p}
				s.nextMissile++
				s.Missiles = append(s.Missiles, m)
				*cell = sdk.Cell{Type: MissileCell, Car: -1, Missile: m.ID}
			default:
				t2, ok := cellOf(ch)
				if !ok {
					t.Fatalf("picture: unknown %q", ch)
				}
				s.setContent(s.index(p), t2)
			}
		}
	}
	return s
}

// picture draws s as fromPicture reads it.
func picture(s *State) []string {
	out := make([]string, s.Cfg.Rows)
	for i := range out {
		var row strings.Builder
		for j := range s.Cfg.Cols {
			c := s.Cells[i*s.Cfg.Cols+j]
			switch c.Type {
			case CarCell:
				row.WriteByte(byte('0' + c.Car))
			case MissileCell:
				row.WriteByte(byte('a' + s.missile(c.Missile).Car))
			default:
				row.WriteByte(letter(c.Type))
			}
		}
		out[i] = row.String()
	}
	return out
}

func move(car int, d sdk.Dir) sdk.Command {
	for i, x := range sdk.Dirs {
		if x == d {
			return sdk.Command{Car: car, Code: byte(i)}
		}
	}
	panic("not a direction")
}

func shoot(car int) sdk.Command { return sdk.Command{Car: car, Code: sdk.CodeShoot} }
