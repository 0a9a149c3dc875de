package apocalypse_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/apocalypse"
	"arena.dev/games/wire"
)

// buildBot compiles a single-file bot natively in a module laid out as the
// sandbox's: go.mod (module arena.dev), the SDK files, the bot.
func buildBot(t *testing.T, file string) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sdk, err := games.SDKFiles(apocalypse.ID)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(p string, b []byte) {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module arena.dev\n\ngo 1.26\n"))
	err = fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sdk, p)
		if err == nil {
			write(p, b)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	write("bot/main.go", src)
	bin := filepath.Join(dir, "bot.bin")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./bot")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process plays a native bot binary over its standard input and output.
type process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	buf    []byte
	cpu    time.Duration
}

func startProcess(bin string) (*process, error) {
	p := &process{cmd: exec.Command(bin)}
	p.cmd.Stderr = &p.stderr
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p.in, p.out = in, bufio.NewReader(out)
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	if hello, err := wire.Read(p.out, nil, 0); err != nil || string(hello) != wire.Hello {
		p.Close()
		return nil, fmt.Errorf("hello %q: %v", hello, err)
	}
	return p, nil
}

func (p *process) Exchange(msg []byte, _ time.Duration) ([]byte, time.Duration, error) {
	if err := wire.Write(p.in, msg); err != nil {
		return nil, 0, err
	}
	reply, err := wire.Read(p.out, p.buf, 0)
	p.buf = reply
	return append([]byte(nil), reply...), time.Millisecond, err
}

func (p *process) Close() error {
	if p.cmd.ProcessState != nil {
		return nil
	}
	p.in.Close()
	err := p.cmd.Wait()
	p.cpu = p.cmd.ProcessState.UserTime() + p.cmd.ProcessState.SystemTime()
	return err
}

type outcome struct {
	win    bool
	scores []int
	seat   int
	cpu    time.Duration
	err    error
}

// versusDummies plays bin in seat seed%4 against three Dummies.
func versusDummies(g apocalypse.Game, bin string, seed uint64) outcome {
	o := outcome{seat: int(seed % 4)}
	bot, err := startProcess(bin)
	if err != nil {
		o.err = err
		return o
	}
	players := make([]games.Player, 4)
	for p := range players {
		if p == o.seat {
			players[p] = games.Player{Name: "Strong", Agent: bot}
			continue
		}
		a, _ := g.NewBot("Dummy")
		players[p] = games.Player{Name: "Dummy", Agent: a}
	}
	r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players, CPUBudget: time.Hour})
	bot.Close()
	o.cpu = bot.cpu
	if err != nil {
		o.err = err
		return o
	}
	if len(r.End.Frozen) > 0 || r.End.Invalid[o.seat] != 0 {
		o.err = fmt.Errorf("frozen %v, invalid %v; log:\n%.2000s", r.End.Frozen, r.End.Invalid, bot.stderr.String())
		return o
	}
	o.scores = r.End.Scores
	o.win = len(r.End.Winners) == 1 && r.End.Winners[0] == o.seat
	return o
}

// testdata/strong.go outscores three Dummies in at least 85% of 40 seeds
// (the seat rotating), on each variant. STRONG_SRC=file measures another
// bot file the same way.
func TestStrongBeatsDummies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a bot and plays 80 matches")
	}
	file := "testdata/strong.go"
	if f := os.Getenv("STRONG_SRC"); f != "" {
		file = f
	}
	bin := buildBot(t, file)
	for _, g := range variants {
		if v := os.Getenv("STRONG_VARIANT"); v != "" && v != g.Info().ID {
			continue
		}
		seeds := 40
		if v, err := strconv.Atoi(os.Getenv("STRONG_SEEDS")); err == nil {
			seeds = v // to measure more precisely
		}
		results := make([]outcome, seeds)
		var wg sync.WaitGroup
		sem := make(chan struct{}, runtime.NumCPU())
		for i := range results {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				results[i] = versusDummies(g, bin, 1000+uint64(i))
			})
		}
		wg.Wait()
		wins, ratio := 0, 0.0
		var cpu, maxCPU time.Duration
		for i, o := range results {
			if o.err != nil {
				t.Fatalf("%s seed %d: %v", g.Info().ID, 1000+i, o.err)
			}
			if o.win {
				wins++
			} else {
				t.Logf("%s seed %d seat %d lost: %v", g.Info().ID, 1000+i, o.seat, o.scores)
			}
			cpu += o.cpu
			maxCPU = max(maxCPU, o.cpu)
			best := 1
			for p, sc := range o.scores {
				if p != o.seat {
					best = max(best, sc)
				}
			}
			ratio += float64(o.scores[o.seat]) / float64(best) / float64(seeds)
		}
		t.Logf("%s: won %d of %d against three Dummies (mean score over the best Dummy's %.2f); CPU per match mean %v, max %v",
			g.Info().ID, wins, seeds, ratio, (cpu / time.Duration(seeds)).Round(time.Millisecond), maxCPU.Round(time.Millisecond))
		if wins < seeds*85/100 {
			t.Errorf("%s: won %d of %d, want at least %d", g.Info().ID, wins, seeds, seeds*85/100)
		}
	}
}
