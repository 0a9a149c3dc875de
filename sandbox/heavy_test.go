//go:build linux && !arena_portable

package sandbox

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"arena.dev/games/wire"
)

// native is a test bot of testdata/bots compiled for this machine and run
// as a plain child process over the same frames: the WASM bot's very
// program, to compare the two on identical code.
type native struct {
	in  io.WriteCloser
	out *bufio.Reader
	p   proc // for its CPU clock
}

func startNative(t testing.TB, name string) *native {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join("testdata", "bots", name+".go")).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", name, err, out)
	}
	cmd := exec.Command(bin)
	// One thread runs Go code, as in the sandbox.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
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

// exchange sends frame and returns the reply and the CPU time the process
// used meanwhile.
func (n *native) exchange(frame []byte) ([]byte, time.Duration, error) {
	t0, _ := n.p.cpu()
	if err := wire.Write(n.in, frame); err != nil {
		return nil, 0, err
	}
	reply, err := wire.Read(n.out, nil, 0)
	t1, _ := n.p.cpu()
	return reply, t1 - t0, err
}

func TestHeavySame(t *testing.T) {
	b := startBot(t, "heavy", runOptions())
	n := startNative(t, "heavy")
	for _, frame := range []string{"0", "1", "3", "bfs 2", "arith 2", "sort 2", "maps 2", "nothing 1"} {
		reply, _, err := b.Exchange([]byte(frame), 5*time.Second)
		want, _, nerr := n.exchange([]byte(frame))
		if err != nil || nerr != nil || string(reply) != string(want) {
			t.Fatalf("%q: wasm %q (%v), native %q (%v)", frame, reply, err, want, nerr)
		}
	}
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
	benchAgainstNative(b, bot, nat, []benchKernel{{"bfs", 20}, {"arith", 100}, {"sort", 20}, {"maps", 20}})
}

// benchKernel is one kernel of a heavy bot and its size.
type benchKernel struct {
	name string
	n    int
}

// benchAgainstNative runs each kernel in the sandboxed bot and natively,
// and reports both CPU times and their ratio (x-native).
func benchAgainstNative(b *testing.B, bot *Bot, nat *native, kernels []benchKernel) {
	for _, k := range kernels {
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
