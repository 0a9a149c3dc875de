package apocalypse

import (
	"bytes"
	"os"
	"testing"

	"arena.dev/games"
	"arena.dev/games/apocalypse/bots"
	"arena.dev/games/apocalypse/sdk"
)

// demoRound feeds one round frame of match m to a fresh Demo playing as
// player p and returns its commands.
func demoRound(t *testing.T, m *match, p int, seed uint64) []sdk.Command {
	t.Helper()
	b, _ := bots.Roster.New("Demo")
	s := sdk.NewSession(b)
	var v view
	if _, err := s.Handle(appendSetup(nil, m.s, m.settings, p, seed, &v)); err != nil {
		t.Fatal(err)
	}
	reply, err := s.Handle(appendRound(nil, m.s, &v, make([]float64, 4), nil))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := sdk.DecodeCommands(reply, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cmds
}

// Demo plays as games/apocalypse-now.md says (the original's AIDemo.cc).
func TestDemoBehaviour(t *testing.T) {
	turns, forwards, jumps := 0, 0, 0
	for seed := range uint64(60) {
		b := blank(30)
		b.heli(1, 0, 6, 6, sdk.South, 20)
		b.heli(2, 0, 20, 20, sdk.East)
		b.soldier(50, 0, 10, 10, 100)
		b.soldier(51, 1, 11, 11, 100) // south-east of 50: attacked
		b.soldier(52, 1, 9, 10, 100)  // north of 50: south-east comes first
		b.soldier(53, 0, 15, 15, 100) // nobody around: a random step
		s := start(t, b, testConfig(30), seed)
		s.Helis[s.heli(2)].Napalm = 0
		s.Helis[s.heli(1)].Napalm = 1
		settings := Game{}.Info().Defaults()
		settings["MAX"] = 30
		m := newMatch(settings, s, false)
		cmds := demoRound(t, m, 0, seed)
		got := map[int]sdk.Command{}
		for _, c := range cmds {
			switch c.Kind {
			case sdk.KindJump:
				jumps++
				if abs(c.I-6) > 2 || abs(c.J-6) > 2 {
					t.Fatalf("seed %d: jump to (%d, %d), not below helicopter 1", seed, c.I, c.J)
				}
			default:
				if _, dup := got[c.ID]; dup {
					t.Fatalf("seed %d: two commands for %d", seed, c.ID)
				}
				got[c.ID] = c
			}
		}
		if got[2].Instr != sdk.Napalm {
			t.Fatalf("seed %d: helicopter 2 can throw napalm, did %v", seed, got[2].Instr)
		}
		switch got[1].Instr {
		case sdk.CounterClockwise:
			turns++
		case sdk.Forward2:
			forwards++
		default:
			t.Fatalf("seed %d: helicopter 1 did %v", seed, got[1].Instr)
		}
		if c := got[50]; c.I != 11 || c.J != 11 {
			t.Fatalf("seed %d: soldier 50 went to (%d, %d), want the enemy south-east", seed, c.I, c.J)
		}
		if c := got[53]; abs(c.I-15) > 1 || abs(c.J-15) > 1 {
			t.Fatalf("seed %d: soldier 53 to (%d, %d)", seed, c.I, c.J)
		}
		if len(got) != 4 {
			t.Fatalf("seed %d: %d units commanded, want 4", seed, len(got))
		}
	}
	// A turn one time in five; a jump when the helicopter picked (one of
	// two) has parachuters: about half the rounds.
	if turns < 4 || turns > 24 || jumps < 15 || jumps > 45 {
		t.Fatalf("%d turns, %d forwards, %d jumps in 60 rounds", turns, forwards, jumps)
	}
}

// The built-in bots never give an invalid command.
func TestBotsGiveValidCommands(t *testing.T) {
	for _, g := range []Game{{}, {Redux: true}} {
		r := playNative(t, g, 4, "Demo", "Dummy", "Demo", "Dummy")
		for p, n := range r.End.Invalid {
			if n != 0 {
				t.Fatalf("%s: player %d gave %d invalid commands", g.Info().ID, p, n)
			}
		}
	}
}

func playNative(t *testing.T, g Game, seed uint64, names ...string) *games.Replay {
	t.Helper()
	var players []games.Player
	for _, n := range names {
		a, err := g.NewBot(n)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: n, Agent: a})
	}
	r, err := games.Play(t.Context(), games.Config{Game: g, Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Each variant's downloadable Dummy is built from the Dummy its
// qualification plays: Redux keeps its own (bots/redux).
func TestDummyProgramPerVariant(t *testing.T) {
	for _, c := range []struct {
		g    Game
		file string
	}{{Game{}, "bots/dummy.go"}, {Game{Redux: true}, "bots/redux/dummy.go"}} {
		src, err := games.BotProgram(c.g.Info().ID, "Dummy")
		if err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := bytes.Cut(file, []byte("\nimport "))
		if len(body) == 0 || !bytes.Contains(src, body) {
			t.Errorf("%s: the Dummy program is not %s", c.g.Info().ID, c.file)
		}
	}
}
