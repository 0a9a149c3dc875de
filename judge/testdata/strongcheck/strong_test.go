// Package strongcheck measures judge/testdata/strong.go, a bot that must
// clearly beat the Dummy: it compiles the file as the sandbox does (a
// temporary module holding the SDK files and the bot as its main package),
// but natively, and plays it over pipes against three Dummies.
//
// Run: go test ./judge/testdata/strongcheck/ -v
// (STRONG_SRC=file measures another bot file instead of ../strong.go;
// STRONG_SEED=n plays seeds n..n+39 instead of 1000..1039).
package strongcheck

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/wire"

	_ "arena.dev/games/all" // registers Ork Island
)

const (
	nbSeeds = 40
	minWins = 34 // 85% of nbSeeds
)

// build compiles strong.go to a native binary in a module laid out like the
// sandbox's: go.mod (module arena.dev), the SDK files, and the bot.
func build(t *testing.T) string {
	t.Helper()
	file := filepath.Join("..", "strong.go")
	if f := os.Getenv("STRONG_SRC"); f != "" {
		file = f // to measure another bot the same way
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sdk, err := games.SDKFiles("orkisland")
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
	bin := filepath.Join(dir, "strong")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./bot")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// pipeAgent plays a native bot binary over stdin/stdout (docs/protocol.md):
// the bot first writes the hello frame, then answers each frame with one.
type pipeAgent struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	buf    []byte
	closed bool
	cpu    time.Duration // user+system time of the process, once closed
}

func startAgent(bin string) (*pipeAgent, error) {
	a := &pipeAgent{cmd: exec.Command(bin)}
	a.cmd.Stderr = &a.stderr
	in, err := a.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := a.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	a.in, a.out = in, bufio.NewReader(out)
	if err := a.cmd.Start(); err != nil {
		return nil, err
	}
	hello, err := wire.Read(a.out, nil, 0)
	if err != nil || string(hello) != wire.Hello {
		a.Close()
		return nil, fmt.Errorf("hello %q: %v", hello, err)
	}
	return a, nil
}

func (a *pipeAgent) Exchange(msg []byte, _ time.Duration) ([]byte, time.Duration, error) {
	t0 := time.Now()
	if err := wire.Write(a.in, msg); err != nil {
		return nil, 0, err
	}
	reply, err := wire.Read(a.out, a.buf, 0)
	a.buf = reply
	return append([]byte(nil), reply...), time.Since(t0), err
}

func (a *pipeAgent) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	a.in.Close()
	err := a.cmd.Wait()
	if ps := a.cmd.ProcessState; ps != nil {
		a.cpu = ps.UserTime() + ps.SystemTime()
	}
	return err
}

type result struct {
	seed   uint64
	seat   int
	scores []int
	win    bool
	cpu    time.Duration
	err    error
}

func play(bin string, seed uint64) result {
	r := result{seed: seed, seat: int(seed % 4)}
	g, err := games.Get("orkisland")
	if err != nil {
		r.err = err
		return r
	}
	strong, err := startAgent(bin)
	if err != nil {
		r.err = err
		return r
	}
	players := make([]games.Player, 4)
	for p := range players {
		if p == r.seat {
			players[p] = games.Player{Name: "Strong", Agent: strong}
			continue
		}
		a, err := g.NewBot("Dummy")
		if err != nil {
			strong.Close()
			r.err = err
			return r
		}
		players[p] = games.Player{Name: "Dummy", Agent: a}
	}
	// The runner charges wall time; with matches in parallel that is not the
	// bot's CPU, so the budget is lifted here and the process CPU checked.
	rep, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players, CPUBudget: time.Minute})
	strong.Close()
	r.cpu = strong.cpu
	if err != nil {
		r.err = err
		return r
	}
	if len(rep.End.Frozen) != 0 || rep.End.Invalid[r.seat] != 0 {
		r.err = fmt.Errorf("frozen %v, invalid %v; log:\n%s", rep.End.Frozen, rep.End.Invalid, strong.stderr.String())
		return r
	}
	r.scores = rep.End.Scores
	r.win = true
	for p, s := range r.scores {
		if p != r.seat && s >= r.scores[r.seat] {
			r.win = false
		}
	}
	return r
}

// The strong bot outscores all three Dummies in at least 85% of 40 seeds,
// seat rotating, within a small CPU budget.
func TestStrongBeatsDummies(t *testing.T) {
	bin := build(t)
	firstSeed := uint64(1000)
	if v := os.Getenv("STRONG_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("STRONG_SEED: %v", err)
		}
		firstSeed = n
	}
	results := make([]result, nbSeeds)
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = play(bin, firstSeed+uint64(i))
		}()
	}
	wg.Wait()
	wins := 0
	minRatio := math.Inf(1) // the bot's score over the best Dummy's
	var maxCPU, totalCPU time.Duration
	for _, r := range results {
		if r.err != nil {
			t.Fatalf("seed %d: %v", r.seed, r.err)
		}
		if r.win {
			wins++
		}
		best := 1
		for p, sc := range r.scores {
			if p != r.seat {
				best = max(best, sc)
			}
		}
		minRatio = min(minRatio, float64(r.scores[r.seat])/float64(best))
		totalCPU += r.cpu
		maxCPU = max(maxCPU, r.cpu)
		t.Logf("seed %d seat %d win=%v scores %v cpu %v", r.seed, r.seat, r.win, r.scores, r.cpu.Round(time.Millisecond))
	}
	t.Logf("wins %d/%d, worst score ratio to the best Dummy %.2f; CPU per match: mean %v, max %v", wins, nbSeeds, minRatio,
		(totalCPU / nbSeeds).Round(time.Millisecond), maxCPU.Round(time.Millisecond))
	if wins < minWins {
		t.Errorf("strong bot won %d of %d matches, want at least %d", wins, nbSeeds, minWins)
	}
	if maxCPU > time.Second {
		t.Errorf("strong bot used up to %v of CPU in a match, want under 1s", maxCPU)
	}
}
