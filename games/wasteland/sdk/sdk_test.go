package sdk

import (
	"testing"

	"arena.dev/games/wasteland/proto"
	"arena.dev/games/wire"
)

func TestMoveAndShootEncode(t *testing.T) {
	g := &Game{}
	for i, d := range Dirs {
		g.Move(i, d)
	}
	g.Move(9, Dir{2, 2})
	g.Shoot(10)
	for i := range Dirs {
		if c := g.cmds[i]; c.Car != i || c.Code != byte(i) {
			t.Fatalf("Move(%d, %v) sent %+v", i, Dirs[i], c)
		}
		if st := proto.Steps[g.cmds[i].Code]; (Dir{st[0], st[1]}) != Dirs[i] {
			t.Fatalf("code %d is %v on the wire, not %v", i, st, Dirs[i])
		}
	}
	if g.cmds[9].Code != CodeBad || g.cmds[10].Code != CodeShoot {
		t.Fatalf("bad direction or shot sent as %+v", g.cmds[9:])
	}
}

func TestDirNames(t *testing.T) {
	want := []string{"UP", "DEFAULT", "DOWN", "SLOW_UP", "SLOW", "SLOW_DOWN", "FAST_UP", "FAST", "FAST_DOWN"}
	for i, d := range Dirs {
		if d.String() != want[i] || !d.Ok() {
			t.Errorf("Dirs[%d] = %v, want %s", i, d, want[i])
		}
	}
	if (Dir{0, 3}).Ok() || (Dir{-2, 1}).Ok() || Passes(Dir{0, -1}) != nil {
		t.Error("a tenth direction accepted")
	}
}

// setupFrame is a valid setup frame: 4 players of 2 cars on a 3×10
// universe with a window of 4.
func setupFrame(me int) []byte {
	b := []byte{frameVersion}
	b = wire.AppendUint(b, me)
	b = wire.AppendUint(b, 42)
	for _, v := range []int{4, 300, 3, 10, 4, 2, 30, 1, 1, 1, 5, 30, 10, 30, 60} {
		b = wire.AppendUint(b, v)
	}
	return b
}

func TestWindowAndCells(t *testing.T) {
	g, err := decodeSetup(setupFrame(1))
	if err != nil {
		t.Fatal(err)
	}
	// Round 8: columns 8, 9, 0, 1.
	for _, c := range []struct {
		p  Pos
		in bool
	}{{Pos{0, 8}, true}, {Pos{2, 9}, true}, {Pos{1, 0}, true}, {Pos{1, 11}, true}, {Pos{1, 2}, false}, {Pos{1, -3}, false}, {Pos{3, 9}, false}, {Pos{-1, 9}, false}} {
		if got := g.WithinWindow(c.p, 8); got != c.in {
			t.Errorf("WithinWindow(%v, 8) = %v", c.p, got)
		}
	}
	if g.Normalize(-1) != 9 || g.Normalize(23) != 3 || g.Begin(2) != 4 || g.End(2) != 6 || g.PlayerOf(5) != 2 || g.NumberCars() != 8 {
		t.Error("helpers")
	}
	defer func() {
		if recover() == nil {
			t.Error("Cell outside the rows did not panic")
		}
	}()
	g.Cell(Pos{3, 0})
}

// Garbage frames are errors, never panics; a bot playing on whatever was
// decoded never panics either.
func FuzzHandle(f *testing.F) {
	round := []byte{frameVersion, 0, 0, 0, 0, 0, 1, 1, 1, 1}
	round = wire.AppendUint(round, 1)
	round = wire.AppendUint(round, 5)
	round = append(round, byte(WaterBonus))
	round = wire.AppendUint(round, 1)
	round = append(round, 0, 1, 2, 5, 60, 1, 0)
	round = wire.AppendUint(round, 1)
	round = append(round, 0, 3, 0, 9)
	f.Add(setupFrame(0), round)
	f.Add(setupFrame(3), []byte{1})
	f.Fuzz(func(t *testing.T, setup, round []byte) {
		s := NewSession(walker{})
		if _, err := s.Handle(setup); err != nil {
			return
		}
		s.Handle(round)
		s.Handle(round)
	})
}

// walker reads every cell and car and moves its cars.
type walker struct{}

func (walker) Play(g *Game) {
	for i := range g.NumberRows() {
		for j := range g.NumberUniverseColumns() {
			g.Cell(Pos{i, j})
		}
	}
	for _, m := range g.Missiles() {
		g.Missile(m.ID)
	}
	for id := g.Begin(g.Me()); id < g.End(g.Me()); id++ {
		if c := g.Car(id); c.Alive && g.WithinWindow(c.Pos.Add(Fast), g.Round()+1) {
			g.Move(id, Fast)
		}
	}
	g.Random(0, 8)
}

func TestHandleRound(t *testing.T) {
	s := wire.NewAdapter[*Game](walker{}, codec)
	if err := s.Setup(setupFrame(0)); err != nil {
		t.Fatal(err)
	}
	round := []byte{frameVersion, 7, 10, 0, 0, 0, 1, 0, 1, 1}
	round = wire.AppendUint(round, 1)
	round = wire.AppendUint(round, 15)
	round = append(round, byte(GasBonus))
	round = wire.AppendUint(round, 1)
	round = append(round, 0, 2, 8, 5, 60, 1, 0) // car 0 at (2,8)
	round = wire.AppendUint(round, 1)
	round = append(round, 4, 3, 1, 9) // missile 4 of car 3 at (1,9)
	if err := s.Update(round); err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	if g.Round() != 7 || g.Score(0) != 10 || g.Status(1) != -1 || g.Status(0) != 0 {
		t.Fatalf("header: round %d, scores %v, status %v", g.Round(), g.scores, g.status)
	}
	if c := g.Cell(Pos{1, 5}); c.Type != GasBonus || c.Car != -1 {
		t.Fatalf("cell (1,5) %+v", c)
	}
	if c := g.Cell(Pos{2, -2}); c.Type != CarCell || c.Car != 0 {
		t.Fatalf("cell (2,8) %+v", c)
	}
	if c := g.Cell(Pos{1, 9}); c.Type != MissileCell || c.Missile != 4 {
		t.Fatalf("cell (1,9) %+v", c)
	}
	if m, ok := g.Missile(4); !ok || m.Car != 3 {
		t.Fatalf("missile 4: %+v", m)
	}
	// The next round: the car moved, the missile is gone.
	round = []byte{frameVersion, 8, 10, 0, 0, 0, 1, 0, 1, 1, 0}
	round = wire.AppendUint(round, 1)
	round = append(round, 0, 2, 9, 5, 59, 1, 0)
	round = wire.AppendUint(round, 0)
	if err := s.Update(round); err != nil {
		t.Fatal(err)
	}
	if g.Cell(Pos{2, 8}).Type != EmptyCell || g.Cell(Pos{2, 9}).Car != 0 || g.Cell(Pos{1, 9}).Type != EmptyCell || g.Cell(Pos{1, 5}).Type != GasBonus {
		t.Fatal("overlays not moved")
	}
	if len(g.Missiles()) != 0 {
		t.Fatal("missile still listed")
	}
}

// The cell contents travel as their values, the original's CType order
// (proto's layout comment, and the C++ SDK's CType).
func TestCellCodes(t *testing.T) {
	for want, c := range []CellType{EmptyCell, TyreCell, CarCell, MissileCell, WaterBonus, MissileBonus, GasBonus} {
		if int(c) != want {
			t.Errorf("%v has code %d, want %d", c, c, want)
		}
	}
	if len(Dirs) != len(proto.Steps) {
		t.Error("the SDK's directions are not the wire's")
	}
}
