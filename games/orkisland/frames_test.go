package orkisland

import (
	"testing"

	"arena.dev/games/gametest"
	"arena.dev/games/orkisland/bots"
	"arena.dev/games/orkisland/sdk"
)

// mirror is a bot that checks, every round, that what the SDK decoded is
// exactly the engine's state, then plays like Dummy.
type mirror struct {
	t    *testing.T
	s    *State
	cpu  []float64
	next sdk.Bot
}

func (m *mirror) Play(g *sdk.Game) {
	s, t := m.s, m.t
	if g.Round() != s.Round || g.Rows() != s.B.Rows || g.Cols() != s.B.Cols || g.NbOrks() != s.Cfg.Orks {
		t.Fatalf("round %d: header mismatch", s.Round)
	}
	for c, tr := range s.B.Cells {
		cell := g.Cell(sdk.Pos{I: c / s.B.Cols, J: c % s.B.Cols})
		if cell.Type != tr || cell.Unit != s.At[c] || cell.CityID != s.B.CityOf[c] || cell.PathID != s.B.PathOf[c] {
			t.Fatalf("round %d: cell %s: sdk %+v", s.Round, s.B.pos(c), cell)
		}
	}
	for id, o := range s.Orks {
		u := g.Unit(id)
		if u.Player != o.Player || u.Health != o.Health || u.Pos.I*s.B.Cols+u.Pos.J != o.Cell {
			t.Fatalf("round %d: ork %d: sdk %+v engine %+v", s.Round, id, u, o)
		}
	}
	for id := range s.B.Cities {
		if g.CityOwner(id) != s.CityOwner[id] || len(g.City(id)) != len(s.B.Cities[id]) {
			t.Fatalf("round %d: city %d differs", s.Round, id)
		}
	}
	for id, p := range s.B.Paths {
		sp := g.Path(id)
		if g.PathOwner(id) != s.PathOwner[id] || sp.Cities != [2]int{p.A, p.B} || len(sp.Cells) != len(p.Cells) {
			t.Fatalf("round %d: path %d differs", s.Round, id)
		}
	}
	for p := range s.Cfg.Players {
		if g.Score(p) != s.Scores[p] {
			t.Fatalf("round %d: score of %d: sdk %d engine %d", s.Round, p, g.Score(p), s.Scores[p])
		}
		if d := g.Status(p) - m.cpu[p]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("round %d: status of %d: sdk %v want %v", s.Round, p, g.Status(p), m.cpu[p])
		}
	}
	m.next.Play(g)
}

// The frames the engine encodes decode, in the SDK, to the engine's state.
func TestFramesMirrorState(t *testing.T) {
	for seed := range uint64(3) {
		gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		cpu := []float64{0, 0.25, 1, -1}
		var seats []gametest.Seat
		for p, name := range []string{"Dummy", "Demo", "Dummy", "Null"} {
			next, _ := bots.Roster.New(name)
			s := sdk.NewSession(&mirror{t: t, s: m.s, cpu: cpu, next: next})
			seats = append(seats, gametest.Seat{SDK: s, Seed: Game{}.Info().SeatSeed(7, p)})
		}
		gametest.FeedFrames(t, m, seats, cpu, func() { checkInvariants(t, m.s) })
	}
}

// Bad command frames never panic: they are a protocol error or counted.
func FuzzCommands(f *testing.F) {
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{ID: 0, Dir: sdk.Bottom}, {ID: 59, Dir: sdk.None}}))
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{ID: 1 << 40, Dir: 200}}))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Add([]byte{})
	gametest.FuzzCommandFrames(f, Game{}, nil)
}

func TestCommandsProtocol(t *testing.T) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 1)
	many := make([]sdk.Command, sdk.MaxCommands+1)
	gametest.CheckCommandFrames(t, gm, []gametest.CommandFrame{
		{Name: "empty reply", Err: true},
		{Name: "no commands", Frame: sdk.AppendCommands(nil, nil)},
		{Name: "truncated", Frame: sdk.AppendCommands(nil, []sdk.Command{{ID: 3}})[:2], Err: true},
		{Name: "trailing bytes", Frame: append(sdk.AppendCommands(nil, nil), 7), Err: true},
		{Name: "too many", Frame: sdk.AppendCommands(nil, many), Err: true},
		{Name: "foreign and unknown", Frame: sdk.AppendCommands(nil, []sdk.Command{{ID: 20}, {ID: 1 << 40}, {ID: 0, Dir: 7}}), Invalid: 3},
	})
}

func TestBotsDeterministicPerSeed(t *testing.T) {
	// The SDK's random generator is seeded by the setup frame: two Demo
	// sessions fed the same frames give the same commands.
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 5)
	m := gm.(*match)
	a, _ := bots.Roster.New("Demo")
	b, _ := bots.Roster.New("Demo")
	sa, sb := sdk.NewSession(a), sdk.NewSession(b)
	sa.Handle(m.Setup(1, 1))
	sb.Handle(m.Setup(1, 1))
	cpu := make([]float64, 4)
	for range 5 {
		ra, _ := sa.Handle(m.View(1, cpu))
		m.views[1] = view{}
		rb, _ := sb.Handle(m.View(1, cpu))
		if string(ra) != string(rb) {
			t.Fatal("same frames, different Demo commands")
		}
		m.Commands(1, ra)
		m.Step()
	}
}
