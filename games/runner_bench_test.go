package games_test

import (
	"context"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
)

// sandboxLike hides a built-in bot's InProcess, so the runner calls it on
// a goroutine of its own each round, as it does a sandboxed bot.
type sandboxLike struct{ games.Agent }

// BenchmarkPlay measures the runner itself: the fake game's rounds cost
// next to nothing, so what is left is exchanging frames, charging CPU and
// building the replay. One op is a 1000-round match of four Demo bots.
func BenchmarkPlay(b *testing.B) {
	for _, c := range []struct {
		name string
		wrap func(games.Agent) games.Agent
	}{
		{"builtin", func(a games.Agent) games.Agent { return a }},
		{"goroutines", func(a games.Agent) games.Agent { return sandboxLike{a} }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				players := make([]games.Player, 4)
				for i := range players {
					a, err := fake.Game{}.NewBot("Demo")
					if err != nil {
						b.Fatal(err)
					}
					players[i] = games.Player{Name: "Demo", Agent: c.wrap(a)}
				}
				r, err := games.Play(context.Background(), games.Config{
					Game: fake.Game{}, Seed: 1, Players: players,
					Settings: games.Settings{"nb_rounds": 1000, "track": 100000},
				})
				if err != nil {
					b.Fatal(err)
				}
				if len(r.Rounds) != 1000 || len(r.End.Frozen) != 0 {
					b.Fatalf("%d rounds, frozen %v", len(r.Rounds), r.End.Frozen)
				}
			}
		})
	}
}
