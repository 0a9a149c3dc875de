package apocalypse

import (
	"context"
	"slices"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
)

// Redux's C++ Dummy (cpp-redux/AIDummy.cc, in the Catalan API) plays
// exactly as its Go Dummy: the same seeds give the same match.
func TestCppReduxDummy(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles C++")
	}
	g := Game{Redux: true}
	src, err := games.CppBotProgram(g.Info().ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	bin := gametest.BuildCpp(t, g.Info().ID, src)
	for seed := uint64(1); seed <= 3; seed++ {
		got, _ := playCpp(t, g, seed, bin, "Demo", "Dummy", "Demo")
		var players []games.Player
		for _, name := range []string{"Dummy", "Demo", "Dummy", "Demo"} {
			a, err := g.NewBot(name)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, games.Player{Name: name, Agent: a})
		}
		want, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		for k := range want.Rounds {
			if !slices.Equal(got.Rounds[k].Scores, want.Rounds[k].Scores) || string(got.Rounds[k].Commands) != string(want.Rounds[k].Commands) {
				t.Fatalf("seed %d, round %d: the C++ Dummy plays another game than the Go Dummy", seed, k)
			}
		}
		if !slices.Equal(got.End.Scores, want.End.Scores) {
			t.Fatalf("seed %d: %v, want %v", seed, got.End.Scores, want.End.Scores)
		}
		t.Logf("seed %d: %v", seed, got.End.Scores)
	}
}
