package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
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
