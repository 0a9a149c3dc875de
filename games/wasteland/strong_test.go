package wasteland

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/wire"
)

// process is a host-side agent for a native bot binary: what the sandbox
// does, minus the sandbox.
type process struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	buf []byte
}

func start(t testing.TB, bin string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin)}
	in, err := p.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.in, p.out = in, bufio.NewReader(out)
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if hello, err := wire.Read(p.out, nil, 0); err != nil || string(hello) != wire.Hello {
		t.Fatalf("hello %q: %v", hello, err)
	}
	return p
}

func (p *process) Exchange(msg []byte, _ time.Duration) ([]byte, time.Duration, error) {
	t0 := time.Now()
	if err := wire.Write(p.in, msg); err != nil {
		return nil, 0, err
	}
	reply, err := wire.Read(p.out, p.buf, 0)
	p.buf = reply
	return append([]byte(nil), reply...), time.Since(t0), err
}

func (p *process) Close() error {
	p.in.Close()
	return p.cmd.Wait()
}

// buildStrong compiles testdata/strong.go natively.
func buildStrong(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "strong")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/strong.go").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// testdata/strong.go, the bot the platform's end-to-end tests submit,
// beats three Dummies in a clear majority of matches: at least 34 of 40
// (85%), its seat going round, on generated boards and on the default one.
func TestStrongBeatsDummies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a bot and plays 80 matches")
	}
	bin := buildStrong(t)
	f := defaultBoard(t)
	for _, board := range []games.Board{nil, f} {
		wins, total, dummies := 0, 0, 0
		for seed := range uint64(40) {
			seat := int(seed % 4)
			players := make([]games.Player, 4)
			for p := range players {
				if p == seat {
					players[p] = games.Player{Name: "Strong", Agent: start(t, bin)}
				} else {
					a, _ := Game{}.NewBot("Dummy")
					players[p] = games.Player{Name: "Dummy", Agent: a}
				}
			}
			r, err := games.Play(context.Background(), games.Config{Game: Game{}, Seed: seed + 1, Board: board, Players: players})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.End.Frozen) > 0 {
				t.Fatalf("seed %d: frozen %v", seed, r.End.Frozen)
			}
			if slices.Equal(r.End.Winners, []int{seat}) {
				wins++
			}
			for p, s := range r.End.Scores {
				if p == seat {
					total += s
				} else {
					dummies += s
				}
			}
		}
		t.Logf("board %v: Strong won %d of 40 against three Dummies; mean score %.0f, Dummies %.0f",
			board != nil, wins, float64(total)/40, float64(dummies)/120)
		if wins < 34 {
			t.Errorf("Strong won %d of 40, want at least 34", wins)
		}
	}
}
