package sdk

import (
	"testing"

	"arena.dev/games/poquemon/proto"
	"arena.dev/games/wire"
)

// setupFrame is a valid setup frame for a 3×5 board (floor, ghost wall,
// floor in the middle row) with one bag.
func setupFrame() []byte {
	b := []byte{proto.Version, 1}
	b = wire.AppendUint(b, 42)
	params := [proto.NbParams]int{proto.NbPlayers: 2, proto.NbPokemon: 1, proto.NbRounds: 5, proto.NbGhostWall: 1, proto.NbPoint: 1,
		proto.Rows: 3, proto.Cols: 5, proto.MaxScope: 3}
	for _, v := range params {
		b = wire.AppendUint(b, v)
	}
	b = append(b, 1, 1, 1, 1, 1, 1, 0, 2, 0, 1, 1, 1, 1, 1, 1)
	b = wire.AppendUint(b, 7) // the ghost wall's cell
	return append(b, byte(Point))
}

func roundFrame() []byte {
	b := []byte{proto.Version, 0, 0, 1}   // round 0, statuses: frozen, 0%
	b = append(b, 1, 0, 1, 3)             // ghost wall 0: present, changes in 3 rounds
	b = append(b, 1, 0, 9)                // bag 0 at cell 8...
	b = wire.AppendUint(b, 200)           // ...of 200 points
	b = append(b, 2)                      // both Poquémon:
	b = append(b, 0, 1, 11, 3, 4, 2, 1)   // 0: alive at cell 11, attack 3, defense 4, scope 2, 1 stone,
	b = wire.AppendUint(b, 300)           // 300 points,
	b = append(b, 0)                      // time 0;
	b = append(b, 1, 1, 6, 2, 1, 1, 0, 0) // 1 (own): alive at cell 6, attack 2
	return append(b, 0, 0)                // time 0; no opponents in sight
}

func TestDecodeFrames(t *testing.T) {
	s := wire.NewAdapter[*Game](nop{}, codec)
	if err := s.Setup(setupFrame()); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(roundFrame()); err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	if g.Me() != 1 || g.Rows() != 3 || g.Status(0) != -1 || g.Status(1) != 0 {
		t.Fatalf("header: me %d rows %d status %v %v", g.Me(), g.Rows(), g.Status(0), g.Status(1))
	}
	if g.CellType(Pos{1, 2}) != Wall || g.GhostWall(Pos{1, 2}) != 3 || !g.GhostWallPresent(Pos{1, 2}) || g.GhostWall(Pos{1, 1}) != -1 {
		t.Fatal("ghost wall")
	}
	if g.CellType(Pos{1, 1}) != Empty || g.CellID(Pos{1, 1}) != 1 || g.CellType(Pos{0, 0}) != Wall || g.CellType(Pos{9, 9}) != Wall {
		t.Fatal("cells")
	}
	if g.CellType(Pos{1, 3}) != Point || g.PointsValue(Pos{1, 3}) != 200 || g.PointsValue(Pos{1, 1}) != -1 {
		t.Fatal("bag")
	}
	if me := g.Poquemon(1); !me.Alive || me.Pos != (Pos{1, 1}) || me.Attack != 2 || !me.Visible || g.Score() != 0 {
		t.Fatalf("own Poquémon %+v", me)
	}
	// An opponent out of sight is known in full; only its cell hides it.
	want := Poquemon{ID: 0, Player: 0, Pos: Pos{2, 1}, Attack: 3, Defense: 4, Scope: 2, Stones: 1, Alive: true, Points: 300}
	if o := g.Poquemon(0); o != want || g.CellID(Pos{2, 1}) != -1 || g.ScoreOf(0) != 300 {
		t.Fatalf("opponent out of sight %+v, its cell shows %d", o, g.CellID(Pos{2, 1}))
	}
	// Next round: the bag is taken, the opponent moves into sight.
	next := []byte{proto.Version, 1, 0, 1, 0, 1, 0, 0, 0} // no ghost change; bag 0 gone
	next = append(next, 2, 0, 1, 3, 3, 4, 2, 1)           // Poquémon 0 moves to cell 3...
	next = wire.AppendUint(next, 300)
	next = append(next, 0, 1, 1, 8, 2, 1, 1, 0) // ...and 1 (own) to cell 8...
	next = wire.AppendUint(next, 200)           // ...with 200 points
	next = append(next, 0)
	next = append(next, 1, 0) // opponent 0 in sight
	if err := s.Update(next); err != nil {
		t.Fatal(err)
	}
	if g.CellType(Pos{1, 3}) != Empty || g.Score() != 200 || g.CellID(Pos{0, 3}) != 0 || g.CellID(Pos{1, 3}) != 1 ||
		g.CellID(Pos{1, 1}) != -1 || g.CellID(Pos{2, 1}) != -1 {
		t.Fatalf("after a round: %v score %d", g.CellType(Pos{1, 3}), g.Score())
	}
	if o := g.Poquemon(0); !o.Visible || !o.Alive || o.Pos != (Pos{0, 3}) || o.Points != 300 {
		t.Fatalf("opponent in sight %+v", o)
	}
	// An own Poquémon among the opponents in sight is a broken frame.
	bad := []byte{proto.Version, 2, 0, 1, 0, 0, 0, 1, 1}
	if err := s.Update(bad); err == nil {
		t.Fatal("own Poquémon in sight accepted")
	}
}

// Garbage frames are errors, never panics.
func FuzzHandle(f *testing.F) {
	f.Add(setupFrame(), roundFrame())
	f.Add([]byte{1, 0, 0}, []byte{1, 0})
	f.Fuzz(func(t *testing.T, setup, round []byte) {
		s := NewSession(nop{})
		if _, err := s.Handle(setup); err != nil {
			return
		}
		s.Handle(round)
		s.Handle(round)
	})
}

type nop struct{}

func (nop) Play(g *Game) {
	for _, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		g.CellType(p.Pos.Move(Top))
		g.Move(id, Bottom)
	}
}

func TestPosMove(t *testing.T) {
	p := Pos{5, 5}
	want := map[Dir]Pos{Top: {4, 5}, Bottom: {6, 5}, Left: {5, 4}, Right: {5, 6}, None: {5, 5}, Dir(9): {5, 5}}
	for d, w := range want {
		if got := p.Move(d); got != w {
			t.Errorf("%v: %v, want %v", d, got, w)
		}
	}
}
