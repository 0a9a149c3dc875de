//go:build linux && !arena_portable

package sandbox

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/orkisland"
	"arena.dev/games/wire"
)

// BenchmarkCompileCpp is a 500-line Ork Island player (testdata/cppbench,
// against the game's real C++ SDK) from source to a precompiled artifact,
// as a submission is: clang++ in its jail, then wazero compiling the new
// module (a fresh compilation cache each time). Target: under 3 s.
func BenchmarkCompileCpp(b *testing.B) {
	needClang(b)
	src, err := os.ReadFile("testdata/cppbench/AIBench.cc")
	if err != nil {
		b.Fatal(err)
	}
	sdk, err := games.CppSDKFiles("orkisland")
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	build := func(b *testing.B, pchDir string) {
		cpu0 := cpuUsed()
		for b.Loop() {
			b.StopTimer()
			tmp := b.TempDir()
			opts := compileOptions()
			opts.ArtifactDir, opts.CacheDir = filepath.Join(tmp, "artifacts"), filepath.Join(tmp, "wazero")
			if opts.PCHDir = pchDir; pchDir == "" {
				opts.PCHDir = filepath.Join(tmp, "pch")
			}
			b.StartTimer()
			art, log, err := Compile(context.Background(), Cpp, src, sdk, opts)
			if err != nil {
				b.Fatalf("%v\n%s", err, log)
			}
			size = art.Size
		}
		// CPU time too: on a busy machine it says what the wall clock does
		// on an idle one (the build is single-threaded).
		b.ReportMetric(float64((cpuUsed()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/build")
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/build")
		b.ReportMetric(float64(size), "wasm-bytes")
	}
	// The usual case: the game's precompiled SDK headers are in the cache.
	b.Run("warm-pch", func(b *testing.B) { build(b, compileOptions().PCHDir) })
	// The first build of a game on a machine makes them.
	b.Run("cold-pch", func(b *testing.B) { build(b, "") })
}

// cpuUsed is the CPU time of this process and its waited-for children.
func cpuUsed() time.Duration {
	var self, children syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	d := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return d(self.Utime) + d(self.Stime) + d(children.Utime) + d(children.Stime)
}

// compileCppBench compiles testdata/cppbench/NAME.cc against the tests'
// C++ SDK, once per run.
func compileCppBench(t testing.TB, name string) Artifact {
	t.Helper()
	needClang(t)
	art, log, err := compileOnce(t, "cppbench/"+name, func() (Artifact, []byte, error) {
		src, err := os.ReadFile(filepath.Join("testdata", "cppbench", name+".cc"))
		if err != nil {
			t.Fatal(err)
		}
		return Compile(context.Background(), Cpp, src, testCppSDK(t), compileOptions())
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	return art
}

// startNativeCpp builds testdata/cppbench/NAME.cc for this machine (the
// SDK laid out as in the sandbox) and starts it over the same frames.
func startNativeCpp(t testing.TB, name string) *native {
	t.Helper()
	needClang(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, testCppSDK(t)); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, name)
	src, _ := filepath.Abs(filepath.Join("testdata", "cppbench", name+".cc"))
	if out, err := exec.Command("clang++", "-O2", "-std=c++17", "-fno-exceptions", "-I", dir, "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("clang++ %s: %v\n%s", name, err, out)
	}
	cmd := exec.Command(bin)
	// Its debug log goes into a pipe that is read, as the sandbox's does.
	cmd.Stderr = io.Discard
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	n := &native{in: in, out: bufio.NewReader(out), p: proc{procOS: procOS{clock: cpuClock(cmd.Process.Pid)}}}
	if hello, err := wire.Read(n.out, nil, 0); err != nil || string(hello) != wire.Hello {
		t.Fatalf("native %s: hello %q, %v", name, hello, err)
	}
	return n
}

// The C++ kernels give the same answers in the sandbox, natively, and as
// the Go ones do.
func TestHeavyCppSame(t *testing.T) {
	b, err := Start(context.Background(), compileCppBench(t, "heavy"), runOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	n := startNativeCpp(t, "heavy")
	g := startBot(t, "heavy", runOptions())
	for _, frame := range []string{"bfs 0", "bfs 1", "bfs 3", "arith 2"} {
		reply, _, err := b.Exchange([]byte(frame), 5*time.Second)
		want, _, nerr := n.exchange([]byte(frame))
		goes, _, gerr := g.Exchange([]byte(frame), 5*time.Second)
		if err != nil || nerr != nil || gerr != nil || string(reply) != string(want) || string(reply) != string(goes) {
			t.Fatalf("%q: wasm %q (%v), native %q (%v), Go %q (%v)", frame, reply, err, want, nerr, goes, gerr)
		}
	}
}

// BenchmarkHeavyCpp is BenchmarkHeavy in C++: the same grid BFS (and the
// tight loop) in the sandbox and natively, in CPU time, reported as
// x-native (target ≤ 2.5×).
func BenchmarkHeavyCpp(b *testing.B) {
	bot, err := Start(context.Background(), compileCppBench(b, "heavy"), runOptions())
	if err != nil {
		b.Fatal(err)
	}
	defer bot.Close()
	nat := startNativeCpp(b, "heavy")
	benchAgainstNative(b, bot, nat, []benchKernel{{"bfs", 40}, {"arith", 200}})
}

// BenchmarkMatchCpp is a default 200-round Ork Island match between four
// C++ Demos (the game's AIDemo.cc, built as a submission is), each in its
// own sandbox child: cold (new children) and warm (from a Pool). It
// reports the start of the four bots and the play in ms, as the per-game
// BenchmarkMatch does, and the same match between four native Go Demos.
func BenchmarkMatchCpp(b *testing.B) {
	needClang(b)
	src, err := games.CppBotProgram("orkisland", "Demo")
	if err != nil {
		b.Fatal(err)
	}
	sdk, err := games.CppSDKFiles("orkisland")
	if err != nil {
		b.Fatal(err)
	}
	art, log, err := Compile(context.Background(), Cpp, src, sdk, compileOptions())
	if err != nil {
		b.Fatalf("%v\n%s", err, log)
	}
	g := orkisland.Game{}
	play := func(b *testing.B, seed uint64, agents []games.Agent) {
		players := make([]games.Player, len(agents))
		for i, a := range agents {
			players[i] = games.Player{Name: "Demo", Agent: a}
		}
		r, err := games.Play(context.Background(), games.Config{Game: g, Seed: seed, Players: players})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.End.Frozen) > 0 {
			b.Fatalf("a Demo was frozen: %+v", r.End.Frozen)
		}
	}
	sandboxed := func(b *testing.B, pl *Pool) {
		var start, total time.Duration
		seed := uint64(0)
		for b.Loop() {
			seed++
			t0 := time.Now()
			agents := make([]games.Agent, 4)
			var wg sync.WaitGroup
			for i := range agents {
				wg.Go(func() {
					opts := runOptions()
					opts.Seed = g.Info().SeatSeed(seed, i)
					var bot *Bot
					var err error
					if pl != nil {
						bot, err = pl.Start(context.Background(), art, opts)
					} else {
						bot, err = Start(context.Background(), art, opts)
					}
					if err != nil {
						b.Error(err)
						agents[i] = games.FailedAgent{Err: err}
						return
					}
					agents[i] = bot
				})
			}
			wg.Wait()
			start += time.Since(t0)
			play(b, seed, agents)
			total += time.Since(t0)
		}
		n := float64(b.N)
		b.ReportMetric(float64(start.Microseconds())/1000/n, "start-ms")
		b.ReportMetric(float64((total-start).Microseconds())/1000/n, "play-ms")
		b.ReportMetric(float64(total.Microseconds())/1000/n, "ms/match")
	}
	b.Run("cold", func(b *testing.B) { sandboxed(b, nil) })
	b.Run("warm", func(b *testing.B) {
		pl := &Pool{MaxSessions: 1 << 30}
		defer pl.Close()
		sandboxed(b, pl)
	})
	b.Run("native-go", func(b *testing.B) {
		seed := uint64(0)
		for b.Loop() {
			seed++
			agents := make([]games.Agent, 4)
			for i := range agents {
				if agents[i], err = g.NewBot("Demo"); err != nil {
					b.Fatal(err)
				}
			}
			play(b, seed, agents)
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/match")
	})
}
