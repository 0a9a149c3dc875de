package apocalypse

import (
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/bots"
	"arena.dev/games/apocalypse/sdk"
	"arena.dev/games/gametest"
)

// mirror is a bot that checks, every round, that what the SDK decoded is
// exactly the engine's state, then plays like another bot.
type mirror struct {
	t    *testing.T
	s    *State
	cpu  []float64
	next sdk.Bot
}

func (m *mirror) Play(g *sdk.Game) {
	s, t := m.s, m.t
	n := s.N
	if g.Round() != s.Round || g.Max() != n || g.NumSoldiers() != s.Cfg.Soldiers || g.HighValue() != s.Cfg.HighValue {
		t.Fatalf("round %d: header mismatch", s.Round)
	}
	for c := range s.Land {
		i, j := c/n, c%n
		if g.What(i, j) != s.Land[c] || g.FireTime(i, j) != s.Fire[c] || g.WhichSoldier(i, j) != int(s.soldierAt[c]) {
			t.Fatalf("round %d: cell (%d, %d): sdk %v %d %d", s.Round, i, j, g.What(i, j), g.FireTime(i, j), g.WhichSoldier(i, j))
		}
		heli := 0
		for _, h := range s.Helis {
			if h.Cell == c {
				heli = h.ID
			}
		}
		if g.WhichHelicopter(i, j) != heli {
			t.Fatalf("round %d: helicopter at (%d, %d)", s.Round, i, j)
		}
		owner, value := -2, -2
		if k := s.postAt[c]; k >= 0 {
			owner, value = s.Posts[k].Owner, s.value(s.Posts[k])
		}
		if g.PostOwner(i, j) != owner || g.PostValue(i, j) != value {
			t.Fatalf("round %d: post at (%d, %d)", s.Round, i, j)
		}
	}
	for p := range s.Cfg.Players {
		var ids []int
		for _, u := range s.Soldiers {
			if u.Player == p {
				ids = append(ids, u.ID)
				d := g.Data(u.ID)
				if d.Type != sdk.Soldier || d.Player != p || d.Pos != (sdk.Pos{I: u.Cell / n, J: u.Cell % n}) || d.Life != u.Life ||
					d.Orientation != -1 || d.Napalm != -1 || len(d.Parachuters) != 0 {
					t.Fatalf("round %d: soldier %d: sdk %+v engine %+v", s.Round, u.ID, d, u)
				}
			}
		}
		if !slices.Equal(g.Soldiers(p), ids) {
			t.Fatalf("round %d: soldiers of %d: sdk %v engine %v", s.Round, p, g.Soldiers(p), ids)
		}
		ids = ids[:0]
		for _, h := range s.Helis {
			if h.Player == p {
				ids = append(ids, h.ID)
				d := g.Data(h.ID)
				if d.Type != sdk.Helicopter || d.Pos != (sdk.Pos{I: h.Cell / n, J: h.Cell % n}) || d.Life != -1 ||
					d.Orientation != h.Ori || d.Napalm != h.Napalm || !slices.Equal(d.Parachuters, h.Para) {
					t.Fatalf("round %d: helicopter %d: sdk %+v engine %+v", s.Round, h.ID, d, h)
				}
			}
		}
		if !slices.Equal(g.Helicopters(p), ids) {
			t.Fatalf("round %d: helicopters of %d", s.Round, p)
		}
		if g.TotalScore(p) != s.Scores[p] {
			t.Fatalf("round %d: score of %d: sdk %d engine %d", s.Round, p, g.TotalScore(p), s.Scores[p])
		}
		if d := g.Status(p) - m.cpu[p]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("round %d: status of %d: sdk %v want %v", s.Round, p, g.Status(p), m.cpu[p])
		}
	}
	if d := g.Data(0); d.ID != -1 || d.Player != -1 || d.Type != -1 {
		t.Fatal("Data(0) is a unit")
	}
	m.next.Play(g)
}

// The frames the engine encodes decode, in the SDK, to the engine's state,
// every round, on both variants and on the original's board.
func TestFramesMirrorState(t *testing.T) {
	f, err := ParseFile(readDefault(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g     Game
		board games.Board
	}{{Game{}, nil}, {Game{Redux: true}, nil}, {Game{}, f}} {
		for seed := range uint64(3) {
			settings, err := games.MergeSettings(c.g, c.board, nil)
			if err != nil {
				t.Fatal(err)
			}
			gm, err := c.g.NewMatch(settings, c.board, seed)
			if err != nil {
				t.Fatal(err)
			}
			m := gm.(*match)
			cpu := []float64{0, 0.25, 1, -1}
			var seats []gametest.Seat
			for p, name := range []string{"Dummy", "Demo", "Dummy", "Demo"} {
				next, _ := bots.Roster.New(name)
				s := sdk.NewSession(&mirror{t: t, s: m.s, cpu: cpu, next: next})
				seats = append(seats, gametest.Seat{SDK: s, Seed: Game{}.Info().SeatSeed(7, p)})
			}
			// A player that sees only some rounds still sees them right.
			seats[3].Skip = func(round int) bool { return round%3 != 0 }
			gametest.FeedFrames(t, m, seats, cpu, func() { checkInvariants(t, m.s) })
		}
	}
}

// The SDK refuses exactly the commands the host refuses, for the same
// reasons: random commands, valid or not, on random states.
func TestSDKChecksAgreeWithHost(t *testing.T) {
	for seed := range uint64(20) {
		gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
		m := gm.(*match)
		rng := games.NewRNG(seed, 77)
		var log strings.Builder
		bot := &randomBot{rng: rng}
		s := sdk.NewLoggingSession(bot, &log)
		s.Handle(m.Setup(1, 1))
		cpu := make([]float64, 4)
		for range 30 {
			log.Reset()
			reply, err := s.Handle(m.View(1, cpu))
			if err != nil {
				t.Fatal(err)
			}
			bad, err := m.Commands(1, reply)
			if err != nil {
				t.Fatal(err)
			}
			warned := strings.Count(log.String(), "warning")
			if warned != bad {
				t.Fatalf("seed %d round %d: the SDK warned %d times, the host refused %d\n%s\nhost: %v",
					seed, m.s.Round, warned, bad, log.String(), m.Refusals(1))
			}
			// The reasons agree too (while the host's log has room).
			if logged := m.Refusals(1); len(logged) < maxLog {
				for _, why := range logged[len(logged)-bad:] {
					if !strings.Contains(log.String(), why[strings.Index(why, ": ")+2:]) {
						t.Fatalf("host reason %q not in the SDK's log:\n%s", why, log.String())
					}
				}
			}
			m.Step()
		}
	}
}

// randomBot gives random commands, mostly plausible.
type randomBot struct{ rng *games.RNG }

func (b *randomBot) Play(g *sdk.Game) {
	me, r := g.Me(), b.rng
	units := append(g.Soldiers(me), g.Soldiers((me + 1) % 4)[:2]...)
	units = append(units, g.Helicopters(me)...)
	units = append(units, g.Helicopters(0)...)
	units = append(units, 0, 9999)
	for range 40 {
		id := units[r.Intn(len(units))]
		d := g.Data(id)
		switch r.Intn(3) {
		case 0:
			g.CommandSoldier(id, d.Pos.I+r.Range(-2, 2), d.Pos.J+r.Range(-1, 1))
		case 1:
			g.CommandHelicopter(id, sdk.Instruction(r.Range(0, 6)))
		default:
			hs := g.Helicopters(me)
			h := g.Data(hs[r.Intn(len(hs))])
			g.CommandParachuter(h.Pos.I+r.Range(-3, 3), h.Pos.J+r.Range(-3, 3))
		}
	}
}

// Bad command frames never panic: they are a protocol error or counted.
func FuzzCommands(f *testing.F) {
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{Kind: sdk.KindSoldier, ID: 9, I: 3, J: 4}, {Kind: sdk.KindHelicopter, ID: 1, Instr: 5}}))
	f.Add(sdk.AppendCommands(nil, []sdk.Command{{Kind: sdk.KindJump, I: -1 << 40, J: 7}, {Kind: sdk.KindHelicopter, ID: 1 << 40, Instr: 200}}))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Add([]byte{1, 9})
	f.Add([]byte{})
	gametest.FuzzCommandFrames(f, Game{}, func(t *testing.T, m games.Match) { checkInvariants(t, m.(*match).s) })
}

func TestCommandsProtocol(t *testing.T) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 1)
	many := make([]sdk.Command, sdk.MaxCommands+1)
	gametest.CheckCommandFrames(t, gm, []gametest.CommandFrame{
		{Name: "empty reply", Err: true},
		{Name: "no commands", Frame: sdk.AppendCommands(nil, nil)},
		{Name: "truncated", Frame: sdk.AppendCommands(nil, []sdk.Command{{ID: 3}})[:3], Err: true},
		{Name: "trailing bytes", Frame: append(sdk.AppendCommands(nil, nil), 7), Err: true},
		{Name: "unknown kind", Frame: []byte{1, 7, 1, 1}, Err: true},
		{Name: "too many", Frame: sdk.AppendCommands(nil, many), Err: true},
		{Name: "foreign and unknown", Frame: sdk.AppendCommands(nil, []sdk.Command{{ID: 30}, {ID: 1 << 40}, {Kind: sdk.KindHelicopter, ID: 1, Instr: 9}}), Invalid: 3},
	})
}

// The SDK decodes garbage setup and round frames into errors, never panics.
func FuzzSDKFrames(f *testing.F) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 1)
	m := gm.(*match)
	setup := m.Setup(0, 1)
	round := m.View(0, make([]float64, 4))
	f.Add(setup, round)
	f.Add(setup, round[:len(round)/2])
	f.Add([]byte{1, 0, 0}, []byte{1, 0})
	f.Fuzz(func(t *testing.T, setup, round []byte) {
		b, _ := bots.Roster.New("Dummy")
		s := sdk.NewSession(b)
		if _, err := s.Handle(setup); err != nil {
			return
		}
		s.Handle(round)
		s.Handle(round)
	})
}

// Bots are deterministic: two Demos fed the same frames give the same
// commands (their random generator is seeded by the setup frame).
func TestBotsDeterministicPerSeed(t *testing.T) {
	for _, name := range []string{"Demo", "Dummy"} {
		gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 5)
		m := gm.(*match)
		a, _ := bots.Roster.New(name)
		b, _ := bots.Roster.New(name)
		sa, sb := sdk.NewSession(a), sdk.NewSession(b)
		sa.Handle(m.Setup(1, 1))
		var vb view
		sb.Handle(appendSetup(nil, m.s, m.settings, 1, 1, &vb))
		cpu := make([]float64, 4)
		for range 30 {
			ra, _ := sa.Handle(m.View(1, cpu))
			rb, _ := sb.Handle(appendRound(nil, m.s, &vb, cpu, m.owners))
			if string(ra) != string(rb) {
				t.Fatalf("%s: same frames, different commands", name)
			}
			m.Commands(1, ra)
			m.Step()
		}
	}
}
