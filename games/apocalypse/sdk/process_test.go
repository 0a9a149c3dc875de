package sdk_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/apocalypse"
	"arena.dev/games/wire"
)

// process is a minimal host-side agent for a native bot binary: what the
// sandbox does, minus the sandbox.
type process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	buf    []byte
}

func start(t *testing.T, bin string) *process {
	p := &process{cmd: exec.Command(bin)}
	p.cmd.Stderr = &p.stderr
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
	hello, err := wire.Read(p.out, nil, 0)
	if err != nil || string(hello) != wire.Hello {
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

// A compiled bot plays a whole match over stdin/stdout through Run: what
// it prints lands in its debug log, with a warning for each command the
// host refuses (which the host counts too).
func TestRunOverPipes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "printer")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/printer").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	g := apocalypse.Game{Redux: true}
	bot := start(t, bin)
	players := []games.Player{{Name: "printer", Agent: bot}}
	for _, n := range []string{"Demo", "Dummy", "Null"} {
		a, _ := g.NewBot(n)
		players = append(players, games.Player{Name: n, Agent: a})
	}
	r, err := games.Play(context.Background(), games.Config{
		Game: g, Seed: 3, Players: players, Settings: games.Settings{"GAME_ROUNDS": 20},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.End.Frozen) != 0 || r.End.Invalid[0] != 20 {
		t.Fatalf("frozen %v invalid %v; log:\n%s", r.End.Frozen, r.End.Invalid, bot.stderr.String())
	}
	log := bot.stderr.String()
	if !strings.Contains(log, "round 0\n") || !strings.Contains(log, "round 19\n") ||
		!strings.Contains(log, "round 7: warning: CommandParachuter(-1, -1): position outside the board") {
		t.Fatalf("debug log %q", log)
	}
	if err := bot.cmd.ProcessState; err == nil || !err.Success() {
		t.Fatalf("bot did not exit cleanly: %v", bot.cmd.ProcessState)
	}
}
