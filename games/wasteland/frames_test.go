package wasteland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/wasteland/bots"
	"arena.dev/games/wasteland/sdk"
)

// mirror is a bot that checks, every round, that what the SDK decoded is
// exactly the engine's state, then plays like another bot.
type mirror struct {
	t    *testing.T
	s    *State
	cpu  []float64
	me   int
	seed uint64
	next sdk.Bot
}

func (m *mirror) Play(g *sdk.Game) {
	s, t := m.s, m.t
	cfg := s.Cfg
	if g.Round() != s.Round || g.Me() != m.me || g.NumberRows() != cfg.Rows || g.NumberUniverseColumns() != cfg.Cols ||
		g.NumberWindowColumns() != cfg.Win || g.NumberCars() != len(s.Cars) || g.NumberRounds() != cfg.Rounds ||
		g.InitialGas() != cfg.InitialGas || g.KillPoints() != cfg.KillPoints || g.NumberWaterBonuses() != cfg.WaterBonuses {
		t.Fatalf("round %d: header mismatch", s.Round)
	}
	for i, c := range s.Cells {
		if got := g.Cell(Pos{I: i / cfg.Cols, J: i%cfg.Cols + cfg.Cols}); got != c { // columns wrap
			t.Fatalf("round %d: cell %d: sdk %+v, engine %+v", s.Round, i, got, c)
		}
	}
	for id, c := range s.Cars {
		if g.Car(id) != c {
			t.Fatalf("round %d: car %d: sdk %+v, engine %+v", s.Round, id, g.Car(id), c)
		}
	}
	if ms := g.Missiles(); len(ms) != len(s.Missiles) {
		t.Fatalf("round %d: %d missiles, engine %d", s.Round, len(ms), len(s.Missiles))
	}
	for k, m := range s.Missiles {
		if got, ok := g.Missile(m.ID); !ok || got != m || g.Missiles()[k] != m {
			t.Fatalf("round %d: missile %+v: sdk %+v", s.Round, m, got)
		}
	}
	if _, ok := g.Missile(s.nextMissile); ok {
		t.Fatalf("round %d: a missile not shot yet", s.Round)
	}
	for p := range cfg.Players {
		if g.Score(p) != s.Scores[p] {
			t.Fatalf("round %d: score of %d: sdk %d engine %d", s.Round, p, g.Score(p), s.Scores[p])
		}
		if d := g.Status(p) - m.cpu[p]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("round %d: status of %d: sdk %v want %v", s.Round, p, g.Status(p), m.cpu[p])
		}
	}
	// The generator: seeded seed+me, reseeded from itself before the round.
	if s.Round == 0 {
		var want sdk.Generator
		want.Seed(m.seed)
		want.Seed(uint64(want.Next()))
		if g2 := *g; g2.Randomize() != want.Next() {
			t.Fatalf("player %d: the SDK's generator is not the original's", m.me)
		}
	}
	m.next.Play(g)
}

// The frames the engine encodes decode, in the SDK, to the engine's state,
// every round, on the default board and on generated ones.
func TestFramesMirrorState(t *testing.T) {
	f := defaultBoard(t)
	for seed := range uint64(4) {
		var board games.Board
		if seed%2 == 0 {
			board = f
		}
		gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), board, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		cpu := []float64{0, 0.25, 1, -1}
		var seats []gametest.Seat
		for p, name := range []string{"Dummy", "Demo", "Dummy", "Null"} {
			next, _ := bots.Roster.New(name)
			mb := &mirror{t: t, s: m.s, cpu: cpu, me: p, seed: seed + uint64(p), next: next}
			seats = append(seats, gametest.Seat{SDK: sdk.NewSession(mb), Seed: seed + uint64(p)})
		}
		// A bot out of step gets everything when it comes back.
		seats[3].Skip = func(round int) bool { return round%5 != 0 }
		gametest.FeedFrames(t, m, seats, cpu, func() { checkInvariants(t, m.s) })
	}
}

// Bad command frames never panic: they are a protocol error or counted.
func FuzzCommands(f *testing.F) {
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{Car: 0, Code: 1}, {Car: 1, Code: sdk.CodeShoot}}))
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{Car: 1 << 40, Code: 200}}))
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
		{Name: "truncated", Frame: sdk.AppendCommands(nil, []sdk.Command{{Car: 3}})[:2], Err: true},
		{Name: "trailing bytes", Frame: append(sdk.AppendCommands(nil, nil), 7), Err: true},
		{Name: "too many", Frame: sdk.AppendCommands(nil, many), Err: true},
		{Name: "foreign, unknown and bad", Frame: sdk.AppendCommands(nil, []sdk.Command{{Car: 2}, {Car: 1 << 40}, {Car: 0, Code: 10}}), Invalid: 3},
		{Name: "valid", Frame: sdk.AppendCommands(nil, []sdk.Command{{Car: 0, Code: 1}, {Car: 1, Code: sdk.CodeShoot}})},
	})
}

// The SDK's generator is seeded by the setup frame: two Dummy sessions
// fed the same frames give the same commands.
func TestBotsDeterministicPerSeed(t *testing.T) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 5)
	m := gm.(*match)
	a, _ := bots.Roster.New("Dummy")
	b, _ := bots.Roster.New("Dummy")
	sa, sb := sdk.NewSession(a), sdk.NewSession(b)
	sa.Handle(m.Setup(1, 1))
	sb.Handle(m.Setup(1, 1))
	cpu := make([]float64, 4)
	for range 20 {
		frame := m.View(1, cpu)
		ra, _ := sa.Handle(frame)
		rb, _ := sb.Handle(frame)
		if string(ra) != string(rb) {
			t.Fatal("same frames, different Dummy commands")
		}
		m.Commands(1, ra)
		m.Step()
	}
}

// Bots up to date get the whole universe once, then only what changed: a
// quiet round's frame is a few hundred bytes.
func TestFramesCarryChanges(t *testing.T) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 1)
	m := gm.(*match)
	cpu := make([]float64, 4)
	for round := range 20 {
		for p := range 4 {
			n := len(m.View(p, cpu))
			if round == 0 && n < 97*19 || round > 0 && n > 300 {
				t.Fatalf("round %d: player %d's frame has %d bytes", round, p, n)
			}
		}
		m.Step()
	}
}
