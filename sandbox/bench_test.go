package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// BenchmarkExchange is the per-round overhead of one bot: a 100-byte frame
// to the echo bot and its reply (target ≤ 30 µs).
func BenchmarkExchange(b *testing.B) {
	bot := startBot(b, "echo", runOptions())
	msg := make([]byte, 100)
	var cpu time.Duration
	for b.Loop() {
		_, c, err := bot.Exchange(msg, time.Second)
		if err != nil {
			b.Fatal(err)
		}
		cpu += c
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "bot-cpu-ns/op")
}

// BenchmarkRound4 is one round with four bots exchanged in parallel, as a
// match does; ns/bot is the overhead per bot per round.
func BenchmarkRound4(b *testing.B) {
	var bots [4]*Bot
	for i := range bots {
		bots[i] = startBot(b, "echo", runOptions())
	}
	msg := make([]byte, 100)
	var wg sync.WaitGroup
	for b.Loop() {
		for _, bot := range bots {
			wg.Go(func() {
				if _, _, err := bot.Exchange(msg, time.Second); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4), "ns/bot")
}

// BenchmarkHeavy compares CPU-bound bot code in the sandbox with the same
// program native (target ≤ 1.6×), for each kernel of testdata/bots/heavy.go:
// bfs (grid searches, what grid-game bots do), arith (a tight integer loop,
// the best case), sort and maps. Each op is tens of milliseconds of work
// both ways, measured in CPU time (each process's clock) so that a busy
// machine does not skew the ratio, reported as x-native.
func BenchmarkHeavy(b *testing.B) {
	bot := startBot(b, "heavy", runOptions())
	nat := startNative(b, "heavy")
	for _, k := range []struct {
		name string
		n    int
	}{{"bfs", 20}, {"arith", 100}, {"sort", 20}, {"maps", 20}} {
		b.Run(k.name, func(b *testing.B) {
			frame := []byte(k.name + " " + strconv.Itoa(k.n))
			var native, wasm time.Duration
			for b.Loop() {
				_, c, err := nat.exchange(frame)
				if err != nil {
					b.Fatal(err)
				}
				native += c
				if _, c, err = bot.Exchange(frame, 10*time.Second); err != nil {
					b.Fatal(err)
				}
				wasm += c
			}
			b.ReportMetric(float64(native.Nanoseconds())/float64(b.N), "native-cpu-ns/op")
			b.ReportMetric(float64(wasm.Nanoseconds())/float64(b.N), "wasm-cpu-ns/op")
			b.ReportMetric(float64(wasm)/float64(native), "x-native")
		})
	}
}

// BenchmarkStart4 starts four cached bots in parallel up to their Hello
// frames, as a match does (target ≤ 150 ms), then closes them: with and
// without new namespaces (their creation has a cost in the kernel), and
// from a Pool of warm children.
func BenchmarkStart4(b *testing.B) {
	art, _, err := compileBot(b, "echo")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("jailed", func(b *testing.B) {
		if !Namespaces() {
			b.Skip("no namespaces here")
		}
		start4(b, art, nil)
	})
	b.Run("plain", func(b *testing.B) {
		was := noNamespaces.Swap(true)
		defer noNamespaces.Store(was)
		start4(b, art, nil)
	})
	b.Run("pooled", func(b *testing.B) {
		pl := &Pool{MaxSessions: 1 << 30}
		defer pl.Close()
		start4(b, art, pl)
	})
}

func start4(b *testing.B, art Artifact, pl *Pool) {
	for b.Loop() {
		var wg sync.WaitGroup
		var bots [4]*Bot
		for i := range bots {
			wg.Go(func() {
				start := Start
				if pl != nil {
					start = pl.Start
				}
				bot, err := start(context.Background(), art, runOptions())
				if err != nil {
					b.Error(err)
					return
				}
				bots[i] = bot
			})
		}
		wg.Wait()
		b.StopTimer()
		for _, bot := range bots {
			if bot != nil {
				bot.Close()
			}
		}
		b.StartTimer()
	}
}

// BenchmarkCompile measures Compile of the echo bot: cold (empty Go build
// cache and wazero cache), warm with a new bot (changed code: go build of
// one package, then wazero compiles the new module), and warm with the same
// source again.
func BenchmarkCompile(b *testing.B) {
	src, err := os.ReadFile("testdata/bots/echo.go")
	if err != nil {
		b.Fatal(err)
	}
	sdk := testSDK(b)
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			dir := b.TempDir()
			opts := CompileOptions{
				GoCache:     filepath.Join(dir, "gocache"),
				ArtifactDir: filepath.Join(dir, "artifacts"),
				CacheDir:    filepath.Join(dir, "wazero"),
				WorkDir:     dir,
			}
			b.StartTimer()
			if _, _, err := Compile(context.Background(), Go, src, sdk, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("warm-new", func(b *testing.B) {
		opts := compileOptions()
		tmp := b.TempDir() // every iteration makes a new module: keep them out of testDir
		opts.ArtifactDir, opts.CacheDir = filepath.Join(tmp, "artifacts"), filepath.Join(tmp, "wazero")
		i := time.Now().UnixNano()
		for b.Loop() {
			i++
			changed := fmt.Appendf(src, "\nvar version = %d\n\nfunc init() { println(version) }\n", i)
			if _, _, err := Compile(context.Background(), Go, changed, sdk, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("warm-same", func(b *testing.B) {
		opts := compileOptions()
		for b.Loop() {
			if _, _, err := Compile(context.Background(), Go, src, sdk, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}
