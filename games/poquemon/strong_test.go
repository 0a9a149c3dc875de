package poquemon_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/poquemon"
	"arena.dev/games/wire"
)

// testdata/strong.go is a single-file bot, written against the SDK alone as
// a student's would be, that must clearly beat the Dummy: it outscores
// three Dummies in at least 85% of 40 matches (seats rotating). This test
// compiles it as the sandbox does, but natively, and plays it over pipes.
//
//	go test ./games/poquemon -run Strong -v
//
// STRONG_SEED=n plays seeds n.. instead of 1000..; STRONG_N=k plays k seeds
// (and wants 85% of them won).
func TestStrongBeatsDummies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a bot and plays 40 matches")
	}
	nbSeeds, minWins := 40, 34
	if v := os.Getenv("STRONG_N"); v != "" { // to measure more seeds
		nbSeeds, _ = strconv.Atoi(v)
		minWins = (nbSeeds*85 + 99) / 100
	}
	bin := buildBot(t, "testdata/strong.go")
	first := uint64(1000)
	if v := os.Getenv("STRONG_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		first = n
	}
	results := make([]result, nbSeeds)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range results {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = playStrong(bin, first+uint64(i))
		})
	}
	wg.Wait()
	wins := 0
	var maxCPU time.Duration
	var mine, theirs float64 // mean scores
	kills, deaths := 0, 0
	for _, r := range results {
		for p, sc := range r.scores {
			if p == r.seat {
				mine += float64(sc) / float64(nbSeeds)
			} else {
				theirs += float64(sc) / float64(nbSeeds) / 3
			}
		}
		if r.err != nil {
			t.Fatalf("seed %d: %v", r.seed, r.err)
		}
		if r.win {
			wins++
		}
		maxCPU = max(maxCPU, r.cpu)
		kills += r.kills
		deaths += r.deaths
		t.Logf("seed %d seat %d win=%v scores %v deaths %d kills %d cpu %v", r.seed, r.seat, r.win, r.scores, r.deaths, r.kills, r.cpu.Round(time.Millisecond))
	}
	t.Logf("strong won %d of %d against three Dummies, mean score %.0f against %.0f, %d kills, %d deaths; CPU per match at most %v",
		wins, nbSeeds, mine, theirs, kills, deaths, maxCPU.Round(time.Millisecond))
	if wins < minWins {
		t.Errorf("strong bot won %d of %d, want at least %d", wins, nbSeeds, minWins)
	}
	if maxCPU > time.Second {
		t.Errorf("strong bot used up to %v of CPU in a match, want well under the budget", maxCPU)
	}
}

// buildBot compiles a single-file bot natively in a module laid out as the
// sandbox's: go.mod (module arena.dev), the SDK files, the bot.
func buildBot(t *testing.T, file string) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sdk, err := games.SDKFiles(poquemon.ID)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, sdk); err != nil {
		t.Fatal(err)
	}
	write := func(p string, b []byte) {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module arena.dev\n\ngo 1.26\n"))
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

// pipeAgent plays a native bot binary over stdin/stdout (docs/protocol.md).
type pipeAgent struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	buf    []byte
	closed bool
	cpu    time.Duration
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
	if hello, err := wire.Read(a.out, nil, 0); err != nil || string(hello) != wire.Hello {
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
	kills, deaths int
	seed          uint64
	seat          int
	scores        []int
	win           bool
	cpu           time.Duration
	err           error
}

func playStrong(bin string, seed uint64) result {
	r := result{seed: seed, seat: int(seed % 4)}
	g := poquemon.Game{}
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
		a, _ := g.NewBot("Dummy")
		players[p] = games.Player{Name: "Dummy", Agent: a}
	}
	// Wall time is not the bot's CPU with matches in parallel: the budget
	// is lifted and the process's CPU checked instead.
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
	for _, round := range rep.Rounds {
		var ch struct {
			Battle []int `json:"battle"`
			Died   []int `json:"died"`
		}
		json.Unmarshal(round.Changes, &ch)
		if len(ch.Battle) == 3 && ch.Battle[0] == r.seat && ch.Battle[2] == 1 {
			r.kills++
		}
		for _, d := range ch.Died {
			if d == r.seat {
				r.deaths++
			}
		}
	}
	r.win = true
	for p, s := range r.scores {
		if p != r.seat && s >= r.scores[r.seat] {
			r.win = false
		}
	}
	return r
}
