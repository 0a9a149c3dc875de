package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arena.dev/games"
)

// BenchmarkMatch plays, for every registered game, a full match at the
// default settings with Demo bots in every seat, native (the replay built
// and gzipped, its size reported) and sandboxed (the Demo compiled to
// WebAssembly from its SDK-only source, each bot in its own child process),
// cold (new processes) and warm (processes reused from the pool, as workers
// do). One sandboxed Demo against built-in ones is a qualification's shape.
//
// Target: the sandboxed match within 2× the native one plus the start of the
// bots. Each sandboxed run reports its start and play (with the close) in
// ms, the native match it is compared with (measured in the same run), and
// x-target: its time over 2× native + start, so ≤ 1 meets the target.
func BenchmarkMatch(b *testing.B) {
	for _, id := range games.IDs() {
		b.Run(id, func(b *testing.B) { benchmarkMatch(b, id) })
	}
}

func benchmarkMatch(b *testing.B, id string) {
	g, err := games.Get(id)
	if err != nil {
		b.Fatal(err)
	}
	src, err := games.BotProgram(id, "Demo")
	if err != nil {
		b.Fatal(err)
	}
	demo := filepath.Join(b.TempDir(), "demo.go")
	if err := os.WriteFile(demo, src, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test"))

	seats := func(first, rest string) []string {
		s := []string{first}
		for len(s) < g.Info().Players {
			s = append(s, rest)
		}
		return s
	}
	native := playOptions{game: g, bots: seats("Demo", "Demo")}
	// timed plays matches on seeds 1, 2, ... and returns the mean time to
	// start the bots and to play.
	timed := func(b *testing.B, o playOptions, n int) (start, play time.Duration) {
		for i := range n {
			seed := uint64(i + 1)
			t0 := time.Now()
			agents, err := o.startAgents(b.Context(), seed)
			if err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			r, err := o.play(b.Context(), seed, agents)
			if err != nil {
				b.Fatal(err)
			}
			start, play = start+t1.Sub(t0), play+time.Since(t1)
			if len(r.End.Frozen) > 0 {
				b.Fatalf("a Demo was frozen: %+v", r.End.Frozen)
			}
		}
		return start / time.Duration(n), play / time.Duration(n)
	}
	sandboxed := func(b *testing.B, bots []string, warm bool) {
		files := newLocalBots(io.Discard)
		defer files.close()
		if !warm {
			files.pool.Close() // a closed pool keeps nothing: every match starts new processes
		}
		if _, _, err := files.build(b.Context(), g, demo); err != nil {
			b.Fatal(err)
		}
		o := playOptions{game: g, bots: bots, files: files}
		if warm {
			timed(b, o, 1) // fill the pool
		}
		_, nativePlay := timed(b, native, 20)
		b.ResetTimer()
		var start, play time.Duration
		n := 0
		for b.Loop() {
			s, p := timed(b, o, 1)
			start, play, n = start+s, play+p, n+1
		}
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(n) }
		b.ReportMetric(ms(start), "start-ms")
		b.ReportMetric(ms(play), "play-ms")
		b.ReportMetric(ms(nativePlay*time.Duration(n)), "native-ms")
		b.ReportMetric(float64(start+play)/float64(start+2*nativePlay*time.Duration(n)), "x-target")
	}

	b.Run("native", func(b *testing.B) {
		size := 0
		for i := 0; b.Loop(); i++ {
			r, err := native.match(b.Context(), uint64(i+1))
			if err != nil {
				b.Fatal(err)
			}
			z, err := r.Gzip()
			if err != nil {
				b.Fatal(err)
			}
			size += len(z)
		}
		b.ReportMetric(float64(size)/1e3/float64(b.N), "replay-kB")
	})
	all := seats(demo, demo)
	b.Run("sandboxed-cold", func(b *testing.B) { sandboxed(b, all, false) })
	b.Run("sandboxed-warm", func(b *testing.B) { sandboxed(b, all, true) })
	one := seats(demo, "Demo")
	b.Run("one-sandboxed-cold", func(b *testing.B) { sandboxed(b, one, false) })
	b.Run("one-sandboxed-warm", func(b *testing.B) { sandboxed(b, one, true) })
}
