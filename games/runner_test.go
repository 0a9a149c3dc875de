package games_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/games/gametest/fake/sdk"
)

// scripted wraps a built-in bot and misbehaves from a given round on.
type scripted struct {
	games.Agent
	calls   int
	failAt  int // exchange number (0 = setup) from which to misbehave
	mode    string
	closed  atomic.Int32
	after   int // exchanges attempted after closing
	barrier *sync.WaitGroup
}

func (s *scripted) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	if s.closed.Load() > 0 {
		s.after++
	}
	if s.barrier != nil && s.calls == 1 {
		// All four must be inside Exchange at once: the runner is concurrent.
		s.barrier.Done()
		done := make(chan struct{})
		go func() { s.barrier.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			return nil, 0, errors.New("exchanges are not concurrent")
		}
	}
	s.calls++
	reply, cpu, err := s.Agent.Exchange(msg, limit)
	if s.calls-1 < s.failAt {
		return reply, 0, err
	}
	switch s.mode {
	case "error":
		return nil, 0, errors.New("bot crashed")
	case "oom":
		return nil, 0, &games.FreezeError{Kind: games.FreezeMemory, Detail: "asked for more than its 256 MiB"}
	case "timeout":
		// What a sandboxed bot says: measured against what was left.
		return nil, limit + time.Millisecond, &games.FreezeError{Kind: games.FreezeCPU, Detail: "used 76.37ms of CPU, budget 74.919498ms"}
	case "slow":
		return reply, limit + time.Nanosecond, nil
	case "garbage":
		return []byte{0xff}, 0, nil
	case "invalid":
		return sdk.AppendCommands(nil, []int{99, 1}), 0, nil // a step too long, and a second step
	}
	return reply, cpu, err
}

func (s *scripted) Close() error {
	s.closed.Add(1)
	return s.Agent.Close()
}

func newScripted(t *testing.T, bot, mode string, failAt int) *scripted {
	a, err := fake.Game{}.NewBot(bot)
	if err != nil {
		t.Fatal(err)
	}
	return &scripted{Agent: a, mode: mode, failAt: failAt}
}

func run(t *testing.T, agents []*scripted, rounds int) *games.Replay {
	t.Helper()
	var players []games.Player
	for i, a := range agents {
		players = append(players, games.Player{Name: string(rune('A' + i)), Agent: a})
	}
	r, err := games.Play(context.Background(), games.Config{
		Game: fake.Game{}, Seed: 1, Players: players,
		Settings: games.Settings{"nb_rounds": rounds},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestFreezing(t *testing.T) {
	cases := []struct {
		mode   string
		failAt int
		round  int
		kind   string
		words  string
	}{
		{"error", 0, -1, games.FreezeCrash, "crashed at setup: bot crashed"},
		{"error", 3, 2, games.FreezeCrash, "crashed in round 2: bot crashed"},
		{"slow", 5, 4, games.FreezeCPU, "out of CPU time in round 4: the 1 s budget is spent"},
		{"timeout", 5, 4, games.FreezeCPU, "out of CPU time in round 4: the 1 s budget is spent"},
		{"oom", 4, 3, games.FreezeMemory, "out of memory in round 3: asked for more than its 256 MiB"},
		{"garbage", 2, 1, games.FreezeProtocol, "broke the protocol in round 1: "},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			bad := newScripted(t, "Dummy", c.mode, c.failAt)
			agents := []*scripted{newScripted(t, "Demo", "", 0), bad, newScripted(t, "Dummy", "", 0), newScripted(t, "Null", "", 0)}
			r := run(t, agents, 10)
			if len(r.Rounds) != 10 || r.End.Rounds != 10 {
				t.Fatalf("match stopped after %d rounds", len(r.Rounds))
			}
			if len(r.End.Frozen) != 1 {
				t.Fatalf("frozen: %+v", r.End.Frozen)
			}
			f := r.End.Frozen[0]
			if f.Player != 1 || f.Round != c.round || f.Kind != c.kind || !strings.HasPrefix(f.Words(), c.words) {
				t.Fatalf("frozen %+v (%q), want player 1 round %d kind %s, words %q…", f, f.Words(), c.round, c.kind, c.words)
			}
			if bad.closed.Load() == 0 || bad.after != 0 {
				t.Fatalf("closed %d times, %d exchanges after closing", bad.closed.Load(), bad.after)
			}
			for _, round := range r.Rounds {
				if frozen := round.CPU[1] == -1; frozen != (round.Round >= c.round) {
					t.Fatalf("round %d: cpu status %v", round.Round, round.CPU[1])
				}
			}
			for i, a := range agents {
				if a.closed.Load() == 0 {
					t.Fatalf("agent %d not closed at the end", i)
				}
			}
		})
	}
}

func TestInvalidCommandsCounted(t *testing.T) {
	agents := []*scripted{newScripted(t, "Null", "invalid", 1), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0)}
	r := run(t, agents, 5)
	if got := r.End.Invalid; got[0] != 10 || got[1] != 0 || len(r.End.Frozen) != 0 {
		t.Fatalf("invalid %v frozen %v, want 10 for player 0", got, r.End.Frozen)
	}
}

// Why commands were ignored reaches the replay for the owners' logs, and
// each round's ignored commands.
func TestRefusalsForTheOwner(t *testing.T) {
	agents := []*scripted{newScripted(t, "Null", "invalid", 1), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0)}
	r := run(t, agents, 3)
	want := []string{
		"round 0: a step of 99 is longer than max_step 3", "round 0: only the first step of a round counts",
		"round 1: a step of 99 is longer than max_step 3", "round 1: only the first step of a round counts",
		"round 2: a step of 99 is longer than max_step 3", "round 2: only the first step of a round counts",
	}
	if len(r.Refused) != 4 || !slices.Equal(r.Refused[0], want) || len(r.Refused[1]) != 0 {
		t.Fatalf("refused %q", r.Refused)
	}
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	// Each round also carries them for every seat (issue 37: the viewer
	// shows them), and only in the rounds that had some.
	for _, rd := range r.Rounds {
		want := []games.Ignored{{Player: 0, Unit: -1, Why: "a step of 99 is longer than max_step 3"},
			{Player: 0, Unit: -1, Why: "only the first step of a round counts"}}
		if !slices.Equal(rd.Ignored, want) {
			t.Fatalf("round %d ignored %v, want %v", rd.Round, rd.Ignored, want)
		}
	}
	if !strings.Contains(string(js), `"ignored":[[0,-1,"a step of 99 is longer than max_step 3"],[0,-1,"only the first step of a round counts"]]`) {
		t.Fatalf("the replay's rounds do not carry the ignored commands: %s", js)
	}
}

// A round without ignored commands writes no "ignored" key.
func TestNoIgnoredKeyWhenNoneIgnored(t *testing.T) {
	r := run(t, []*scripted{newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0), newScripted(t, "Null", "", 0)}, 3)
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(js), `"ignored"`) {
		t.Fatalf("quiet rounds write an ignored key: %s", js)
	}
}

func TestExchangesAreConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(4)
	var agents []*scripted
	for range 4 {
		a := newScripted(t, "Demo", "", 0)
		a.barrier = &wg
		agents = append(agents, a)
	}
	r := run(t, agents, 3)
	if len(r.End.Frozen) != 0 {
		t.Fatalf("frozen: %+v", r.End.Frozen)
	}
}

// closeBarrier is an agent whose Close waits until every agent of the
// match is closing, or notes that it waited in vain: closing a sandboxed
// bot takes milliseconds, so the runner closes them all at once.
type closeBarrier struct {
	games.Agent
	wg     *sync.WaitGroup
	serial *atomic.Bool
}

func (c closeBarrier) Close() error {
	c.wg.Done()
	done := make(chan struct{})
	go func() { c.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		c.serial.Store(true)
	}
	return c.Agent.Close()
}

func TestAgentsCloseAtOnce(t *testing.T) {
	var wg sync.WaitGroup
	var serial atomic.Bool
	wg.Add(4)
	var players []games.Player
	for i := range 4 {
		a, err := fake.Game{}.NewBot("Demo")
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: string(rune('A' + i)), Agent: closeBarrier{a, &wg, &serial}})
	}
	_, err := games.Play(context.Background(), games.Config{
		Game: fake.Game{}, Seed: 1, Players: players, Settings: games.Settings{"nb_rounds": 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	if serial.Load() {
		t.Fatal("the agents were closed one after another")
	}
}

func TestNativePanicFreezes(t *testing.T) {
	a := &games.Native{H: panicky{}}
	if _, _, err := a.Exchange(nil, time.Second); err == nil || !strings.Contains(err.Error(), "crash: panic: boom") {
		t.Fatalf("err = %v", err)
	}
}

type panicky struct{}

func (panicky) Handle([]byte) ([]byte, error) { panic("boom") }

func TestPlayRejectsBadConfig(t *testing.T) {
	a := newScripted(t, "Null", "", 0)
	_, err := games.Play(context.Background(), games.Config{Game: fake.Game{}, Players: []games.Player{{Name: "x", Agent: a}}})
	if err == nil {
		t.Fatal("one player accepted")
	}
	var four []games.Player
	for range 4 {
		four = append(four, games.Player{Agent: newScripted(t, "Null", "", 0)})
	}
	_, err = games.Play(context.Background(), games.Config{Game: fake.Game{}, Players: four, Settings: games.Settings{"max_step": 0}})
	if err == nil || !strings.Contains(err.Error(), "max_step") {
		t.Fatalf("max_step=0 accepted: %v", err)
	}
	if a.closed.Load() == 0 {
		t.Fatal("agent not closed on a bad config")
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var four []games.Player
	for range 4 {
		four = append(four, games.Player{Agent: newScripted(t, "Null", "", 0)})
	}
	if _, err := games.Play(ctx, games.Config{Game: fake.Game{}, Players: four}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// inProcess is a built-in bot that notes the seat order of its calls and
// whether another agent's call was running at the same time.
type inProcess struct {
	games.Agent
	seat    int
	order   *[]int
	running *atomic.Int32
	overlap *atomic.Bool
}

func (a inProcess) InProcess() bool { return true }

func (a inProcess) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	if a.running.Add(1) > 1 {
		a.overlap.Store(true)
	}
	defer a.running.Add(-1)
	*a.order = append(*a.order, a.seat)
	return a.Agent.Exchange(msg, limit)
}

// Built-in bots are called one after the other in seat order: a goroutine
// each per round would cost more than the bots do.
func TestInProcessAgentsInSeatOrder(t *testing.T) {
	var order []int
	var running atomic.Int32
	var overlap atomic.Bool
	var players []games.Player
	for seat := range 4 {
		a, err := fake.Game{}.NewBot("Demo")
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: "Demo", Agent: inProcess{a, seat, &order, &running, &overlap}})
	}
	_, err := games.Play(context.Background(), games.Config{
		Game: fake.Game{}, Seed: 1, Players: players, Settings: games.Settings{"nb_rounds": 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	if overlap.Load() {
		t.Error("two built-in bots were called at the same time")
	}
	want := slices.Repeat([]int{0, 1, 2, 3}, 4) // setup and 3 rounds
	if !slices.Equal(order, want) {
		t.Errorf("calls by seat %v, want %v", order, want)
	}
}

// charged is a bot that is charged step of CPU an exchange and, from
// exchange failAt on, is stopped with err having used last.
type charged struct {
	games.Agent
	calls      int
	failAt     int
	step, last time.Duration
	err        error
}

func (c *charged) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	c.calls++
	reply, _, err := c.Agent.Exchange(msg, limit)
	if c.calls-1 >= c.failAt {
		return nil, c.last, c.err
	}
	return reply, c.step, err
}

// A frozen player's CPU is what it used up to its freeze, the exchange
// that froze it included, in the replay's end (its rounds say -1); one
// whose budget ran out used at least its budget, whatever its clock read.
func TestFrozenPlayersCPU(t *testing.T) {
	ms := time.Millisecond
	oom := &games.FreezeError{Kind: games.FreezeMemory, Detail: "asked for more than its 256 MiB"}
	cpu := &games.FreezeError{Kind: games.FreezeCPU, Detail: "used 1s of CPU"}
	for _, c := range []struct {
		name       string
		failAt     int
		step, last time.Duration
		err        error
		want       float64 // of the 1 s budget
	}{
		{"memory in round 3", 4, 10 * ms, 30 * ms, oom, 0.07},
		{"memory at setup", 0, 10 * ms, 25 * ms, oom, 0.025},
		{"CPU in round 0", 1, 10 * ms, 990*ms + 300*time.Microsecond, cpu, 1.0003},
		{"CPU, its clock short", 1, 10 * ms, 0, cpu, 1},
		{"CPU over without an error", 3, 10 * ms, 990 * ms, nil, 1.02},
	} {
		t.Run(c.name, func(t *testing.T) {
			bot, err := fake.Game{}.NewBot("Dummy")
			if err != nil {
				t.Fatal(err)
			}
			bad := &charged{Agent: bot, failAt: c.failAt, step: c.step, last: c.last, err: c.err}
			players := []games.Player{{Name: "A", Agent: bad}}
			for _, name := range []string{"Demo", "Dummy", "Null"} {
				a, _ := fake.Game{}.NewBot(name)
				players = append(players, games.Player{Name: name, Agent: a})
			}
			r, err := games.Play(context.Background(), games.Config{Game: fake.Game{}, Seed: 1, Players: players,
				Settings: games.Settings{"nb_rounds": 10}, CPUBudget: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.End.Frozen) != 1 || r.End.Frozen[0].Player != 0 {
				t.Fatalf("frozen %+v", r.End.Frozen)
			}
			if len(r.End.CPU) != 4 || r.End.CPU[0] != c.want {
				t.Errorf("end CPU %v, want %v for player 0", r.End.CPU, c.want)
			}
			if last := r.Rounds[len(r.Rounds)-1].CPU; last[0] != -1 || r.End.CPU[1] != last[1] {
				t.Errorf("last round's CPU %v, end's %v: want -1 for the frozen player, the same for the others", last, r.End.CPU)
			}
		})
	}
}
