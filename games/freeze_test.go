package games_test

import (
	"errors"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
)

func TestFreezeWords(t *testing.T) {
	cases := []struct {
		f    games.Frozen
		want string
	}{
		{games.Frozen{Round: 88, Kind: games.FreezeCPU, Reason: "the 2 s budget is spent"}, "out of CPU time in round 88: the 2 s budget is spent"},
		{games.Frozen{Round: 0, Kind: games.FreezeStack, Reason: "see the log"}, "stack overflow in round 0: see the log"},
		{games.Frozen{Round: -1, Kind: games.FreezeCrash, Reason: "panic"}, "crashed at setup: panic"},
		{games.Frozen{Round: -1, Kind: games.FreezeStart, Reason: "crashed: panic"}, "did not start: crashed: panic"},
		{games.Frozen{Round: 7, Kind: games.FreezeProtocol, Reason: "closed its\n output"}, "broke the protocol in round 7: closed its output"},
		// A match from before kinds were recorded.
		{games.Frozen{Round: 41, Reason: "exceeded its CPU budget"}, "frozen in round 41: exceeded its CPU budget"},
	}
	for _, c := range cases {
		if got := c.f.Words(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
	for _, k := range games.FreezeKinds() {
		if w := games.FreezeWords(k, 3, ""); w == "frozen in round 3" {
			t.Errorf("kind %s has no words", k)
		}
	}
}

// A bot that did not start is frozen at setup, of kind start, and says
// what went wrong in the words of that failure's kind.
func TestFailedAgentFreezesAtStart(t *testing.T) {
	g := fake.Game{}
	var players []games.Player
	for i, err := range []error{
		&games.FreezeError{Kind: games.FreezeCrash, Detail: "panic or fatal error (exit code 2), see the log"},
		errors.New("no such file"),
	} {
		players = append(players, games.Player{Name: "broken" + string(rune('0'+i)), Agent: games.FailedAgent{Err: err}})
	}
	for range 2 {
		a, _ := g.NewBot("Demo")
		players = append(players, games.Player{Name: "Demo", Agent: a})
	}
	r, err := games.Play(t.Context(), games.Config{Game: g, Seed: 1, Players: players, Settings: games.Settings{"nb_rounds": 3}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"did not start: crashed: panic or fatal error (exit code 2), see the log", "did not start: no such file"}
	if len(r.End.Frozen) != 2 {
		t.Fatalf("frozen %+v", r.End.Frozen)
	}
	for i, f := range r.End.Frozen {
		if f.Player != i || f.Round != -1 || f.Kind != games.FreezeStart || f.Words() != want[i] {
			t.Errorf("frozen %+v: %q, want %q", f, f.Words(), want[i])
		}
	}
}

// oldSDK is a bot that refuses the setup frame as an SDK of another
// protocol version does: it says so on its log and exits.
type oldSDK struct{ log string }

func (a oldSDK) Exchange([]byte, time.Duration) ([]byte, time.Duration, error) {
	return nil, 0, &games.FreezeError{Kind: games.FreezeExit, Detail: "exited with code 1"}
}
func (oldSDK) Close() error  { return nil }
func (a oldSDK) Log() []byte { return []byte(a.log) }

// A bot whose SDK refuses the setup frame's protocol version is frozen at
// setup with what to do about it (the real thing: cmd/arena's
// TestPlayOldSDK, judge's TestRebuildStaleVersion); any other exit at
// setup keeps the host's words.
func TestFreezeOlderSDK(t *testing.T) {
	g := fake.Game{}
	players := []games.Player{
		{Name: "old", Agent: oldSDK{log: "hello from init\nsdk: setup frame: version 1, want 0\n"}},
		{Name: "new", Agent: oldSDK{log: "sdk: setup frame: version 1, want 2"}},
		{Name: "other", Agent: oldSDK{log: "sdk: setup frame: version 1, want 0\nbye\n"}},
	}
	a, _ := g.NewBot("Demo")
	players = append(players, games.Player{Name: "Demo", Agent: a})
	r, err := games.Play(t.Context(), games.Config{Game: g, Seed: 1, Players: players, Settings: games.Settings{"nb_rounds": 3}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"broke the protocol at setup: built against an older SDK of Race (its protocol version 0, the game's 1): rebuild it, or download it again",
		"broke the protocol at setup: built against a newer SDK of Race (its protocol version 2, the game's 1): update arena",
		"quit at setup: exited with code 1",
	}
	if len(r.End.Frozen) != len(want) {
		t.Fatalf("frozen %+v", r.End.Frozen)
	}
	for i, f := range r.End.Frozen {
		if f.Player != i || f.Words() != want[i] {
			t.Errorf("player %d frozen %q, want %q", f.Player, f.Words(), want[i])
		}
	}
}
