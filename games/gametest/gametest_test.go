package gametest_test

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/gametest/fake"
)

// The suite passes on the framework's fake game and its variant.
func TestFakeGameConforms(t *testing.T) {
	for _, g := range []fake.Game{{}, {Sprint: true}} {
		t.Run(g.Info().ID, func(t *testing.T) {
			gametest.Run(t, g, gametest.Board("fake/testdata/board.txt"),
				gametest.StrongBot("fake/testdata/strong.go"), gametest.NotInBinary())
		})
	}
}

// broken wraps the fake game with one fault, to show the suite catches it.
type broken struct {
	fake.Game
	fault string
}

func (b broken) ParseBoard(data []byte) (games.Board, error) {
	board, err := b.Game.ParseBoard(data)
	if b.fault == "line" && err != nil {
		return nil, errors.New("bad board") // no line named
	}
	return board, err
}

func (b broken) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	m, err := b.Game.NewMatch(s, board, seed)
	return brokenMatch{m, b.fault}, err
}

func (b broken) NewBot(name string) (games.Agent, error) {
	if b.fault == "weak" && name == "Dummy" {
		name = "Null"
	}
	return b.Game.NewBot(name)
}

type brokenMatch struct {
	games.Match
	fault string
}

func (m brokenMatch) Commands(p int, frame []byte) (int, error) {
	if m.fault == "panic" && len(frame) > 3 {
		_ = frame[len(frame)*2] // reads past the end on a long frame
	}
	return m.Match.Commands(p, frame)
}

func (m brokenMatch) Initial() any {
	if m.fault == "clock" {
		return time.Now().UnixNano() // not determined by the seed
	}
	return m.Match.Initial()
}

// TestBrokenGame runs the suite on a broken game when GAMETEST_FAULT says
// which fault; TestSuiteCatchesFaults runs it in a child process.
func TestBrokenGame(t *testing.T) {
	fault := os.Getenv("GAMETEST_FAULT")
	if fault == "" {
		t.Skip("run by TestSuiteCatchesFaults")
	}
	gametest.Run(t, broken{fake.Game{}, fault}, gametest.Board("fake/testdata/board.txt"),
		gametest.StrongBot("fake/testdata/strong.go"), gametest.NotInBinary())
}

func TestSuiteCatchesFaults(t *testing.T) {
	for fault, check := range map[string]string{
		"line":  "Board",
		"weak":  "DummyBeatsDemos",
		"panic": "FuzzCommands",
		"clock": "SameSeedSameGame",
	} {
		t.Run(fault, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenGame$", "-test.v")
			cmd.Env = append(os.Environ(), "GAMETEST_FAULT="+fault)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a game with fault %q:\n%s", fault, out)
			}
			if !strings.Contains(string(out), "--- FAIL: TestBrokenGame/"+check) {
				t.Fatalf("fault %q: %s did not fail:\n%s", fault, check, out)
			}
		})
	}
}
