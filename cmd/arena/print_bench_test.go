package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/lang"
)

// BenchmarkPlayPrint plays Ork Island matches (default settings, seeds 1,
// 2, ...) between three built-in Demos and a bot that writes a line to its
// log for every cell it examines, every round (testdata/AIPrinter.cc with
// cout and endl, testdata/printer.go with fmt.Println: 4,900 lines a round,
// about 200 KB), as `arena play` plays it: built to WebAssembly and
// sandboxed, and built natively (C++ as the fallback without the
// WebAssembly toolchain builds it, Go with go build), its log shown as
// `arena play` shows it (to io.Discard here). It reports the CPU charged
// to the bot for its rounds, as the runner charges it, both ways, per
// match, and their ratio (x-native). The game's budget is 2 s a match.
func BenchmarkPlayPrint(b *testing.B) {
	b.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test"))
	b.Run("cpp", func(b *testing.B) {
		src, err := os.ReadFile("testdata/AIPrinter.cc")
		if err != nil {
			b.Fatal(err)
		}
		dir := b.TempDir()
		if cxx, log, err := lang.Cpp.Native(b.Context(), cppGame, src, dir); err != nil {
			b.Fatalf("%s: %v\n%s", cxx, err, log)
		}
		benchPlayPrint(b, "testdata/AIPrinter.cc", filepath.Join(dir, lang.NativeExe))
	})
	b.Run("go", func(b *testing.B) {
		bin := filepath.Join(b.TempDir(), "printer")
		if out, err := exec.Command("go", "build", "-o", bin, "testdata/printer.go").CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
		benchPlayPrint(b, "testdata/printer.go", bin)
	})
}

func benchPlayPrint(b *testing.B, file, bin string) {
	g, err := games.Get(cppGame)
	if err != nil {
		b.Fatal(err)
	}
	files := newLocalBots(io.Discard)
	defer files.close()
	if _, _, err := files.build(b.Context(), g, file); err != nil {
		b.Fatal(err)
	}
	var wasm, native time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		wasm += printerCPU(b, g, seed, func(log *seatLog) (games.Agent, error) {
			return files.start(b.Context(), g, file, g.Info().SeatSeed(seed, 0), log)
		})
		native += printerCPU(b, g, seed, func(log *seatLog) (games.Agent, error) {
			return startNative(b.Context(), bin, log)
		})
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
	b.ReportMetric(ms(wasm), "wasm-cpu-ms/match")
	b.ReportMetric(ms(native), "native-cpu-ms/match")
	b.ReportMetric(float64(wasm)/float64(native), "x-native")
}

// printerCPU plays a match with the printer in seat 0 and returns the CPU
// charged to it after its setup (a native bot's start is not charged, a
// sandboxed one's is, with its setup).
func printerCPU(b *testing.B, g games.Game, seed uint64, start func(*seatLog) (games.Agent, error)) time.Duration {
	a, err := start(newSeatLog(&sync.Mutex{}, io.Discard, "[0 Printer] "))
	if err != nil {
		b.Fatal(err)
	}
	counted := &chargedAgent{Agent: a}
	players := []games.Player{{Name: "Printer", Agent: counted}}
	for len(players) < g.Info().Players {
		demo, _ := g.NewBot("Demo")
		players = append(players, games.Player{Name: "Demo", Agent: demo})
	}
	// A budget that freezes no one: the CPU is what is measured.
	r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players, CPUBudget: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	if len(r.End.Frozen) > 0 {
		b.Fatalf("frozen: %+v", r.End.Frozen)
	}
	return counted.rounds
}

// chargedAgent sums the CPU an agent's exchanges report, the setup's aside.
type chargedAgent struct {
	games.Agent
	exchanges int
	rounds    time.Duration
}

func (c *chargedAgent) Exchange(msg []byte, cpuLimit time.Duration) ([]byte, time.Duration, error) {
	reply, cpu, err := c.Agent.Exchange(msg, cpuLimit)
	if c.exchanges++; c.exchanges > 1 {
		c.rounds += cpu
	}
	return reply, cpu, err
}
