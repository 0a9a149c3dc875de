package games_test

import (
	"slices"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/games/gametest/fake/bots"
	"arena.dev/games/gametest/fake/sdk"
)

// stepper steps n cells each round and counts its rounds.
type stepper struct{ n, rounds int }

func (s *stepper) Play(g *sdk.Game) {
	s.rounds++
	g.Step(s.n)
}

func TestRoster(t *testing.T) {
	var made []*stepper
	r := games.NewRoster("race", sdk.NewSession, []games.Builtin[sdk.Bot]{
		{Name: "Two", New: func() sdk.Bot { s := &stepper{n: 2}; made = append(made, s); return s }},
		{Name: "One", New: func() sdk.Bot { s := &stepper{n: 1}; made = append(made, s); return s }},
	})
	names := r.Names()
	if !slices.Equal(names, []string{"Two", "One"}) {
		t.Fatalf("Names() = %v, want the roster's order", names)
	}
	names[0] = "changed"
	if r.Names()[0] != "Two" {
		t.Fatal("Names() hands out the roster's own slice")
	}
	if _, err := r.New("Nobody"); err == nil || err.Error() != `race: no built-in bot "Nobody" (known: [Two One])` {
		t.Fatalf("New(Nobody): %v", err)
	}
	if _, err := r.Agent("Nobody"); err == nil {
		t.Fatal("Agent(Nobody) made an agent")
	}

	// An agent is a fresh bot behind the SDK's session: the real match's
	// frames reach its Play, and its step comes back as a commands frame.
	a, err := r.Agent("One")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := a.(*games.Native); !ok {
		t.Fatalf("Agent is a %T, want *games.Native", a)
	}
	m, err := fake.Game{}.NewMatch(fake.Game{}.Info().Defaults(), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Exchange(m.Setup(0, 7), 0); err != nil {
		t.Fatal(err)
	}
	reply, _, err := a.Exchange(m.View(0, []float64{0, 0, 0, 0}), 0)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := sdk.DecodeCommands(reply)
	if err != nil || !slices.Equal(steps, []int{1}) {
		t.Fatalf("commands %v, %v: want the One's step of 1", steps, err)
	}
	if len(made) != 1 || made[0].rounds != 1 {
		t.Fatalf("%d bots made, the first played %d rounds: want one fresh bot that played once", len(made), made[0].rounds)
	}
	if _, err := r.Agent("One"); err != nil || len(made) != 2 {
		t.Fatal("a second agent did not get a bot of its own")
	}
}

// A game's roster is what its Info lists and NewBot makes.
func TestRosterOfAGame(t *testing.T) {
	if got := (fake.Game{}).Info().Bots; !slices.Equal(got, bots.Roster.Names()) || !slices.Equal(got, []string{"Null", "Demo", "Dummy"}) {
		t.Fatalf("Info().Bots = %v", got)
	}
	if _, err := (fake.Game{}).NewBot("Nobody"); err == nil || err.Error() != `race: no built-in bot "Nobody" (known: [Null Demo Dummy])` {
		t.Fatalf("NewBot(Nobody): %v", err)
	}
}

func TestRosterRefusesTwoBotsOfOneName(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a roster with two bots called Null was made")
		}
	}()
	null := func() sdk.Bot { return bots.Null{} }
	games.NewRoster("race", sdk.NewSession, []games.Builtin[sdk.Bot]{{Name: "Null", New: null}, {Name: "Null", New: null}})
}
