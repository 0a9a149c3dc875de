package wasteland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/wasteland/bots"
	"arena.dev/games/wasteland/sdk"
	"arena.dev/games/wire"
)

func mergeDefaults(s games.Settings) games.Settings {
	d := Game{}.Info().Defaults()
	for k, v := range s {
		d[k] = v
	}
	return d
}

func newSessions(t testing.TB, m *match, seed uint64, names ...string) []*wire.Session {
	var out []*wire.Session
	for p, n := range names {
		b, err := bots.Roster.New(n)
		if err != nil {
			t.Fatal(err)
		}
		s := sdk.NewSession(b)
		if _, err := s.Handle(m.Setup(p, seed+uint64(p))); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}
