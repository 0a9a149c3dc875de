//go:build !arena_portable

package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A CPU hog on a busy machine is frozen for its CPU budget, not for the
// wall clock: here it shares one core with three spinning threads, so its
// 300 ms of CPU take more than a second, past its 400 ms wall-clock guard.
func TestBusyMachineTimeout(t *testing.T) {
	b := startBot(t, "loop", func() RunOptions {
		o := runOptions()
		o.WallGuard = 400 * time.Millisecond
		return o
	}())
	one := new(unix.CPUSet)
	one.Set(0)
	// The bot's child: every thread on core 0.
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", b.p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		if err := unix.SchedSetaffinity(tid, one); err != nil {
			t.Skipf("cannot pin threads: %v", err)
		}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			_ = unix.SchedSetaffinity(0, one)
			for {
				select {
				case <-stop:
					return
				default:
				}
			}
		})
	}
	defer func() { close(stop); wg.Wait() }()
	time.Sleep(50 * time.Millisecond) // the spinners are on the core
	start := time.Now()
	_, cpu, err := b.Exchange([]byte("go"), 300*time.Millisecond)
	wall := time.Since(start)
	if ReasonOf(err) != ReasonTimeout {
		t.Fatalf("want timeout, got %v after %v (cpu %v)", err, wall, cpu)
	}
	t.Logf("%v after %v of wall clock", err, wall.Round(time.Millisecond))
}

// Compile-time includes of host files find nothing, and the messages say
// nothing of what the host holds.
func TestCppIncludesRevealNothing(t *testing.T) {
	needClang(t)
	host, _ := os.Hostname()
	for _, name := range []string{"shadow", "macro", "proc", "dotdot"} {
		_, log, err := compileCpp(t, name)
		if err == nil {
			t.Fatalf("%s compiled", name)
		}
		for _, secret := range []string{"root:", host, "ARENA_", "PATH="} {
			if secret != "" && strings.Contains(string(log), secret) {
				t.Errorf("%s: the log shows %q:\n%s", name, secret, log)
			}
		}
	}
	if !buildRootWanted() {
		t.Log("no build root here: the includes were refused by user nobody's permissions alone")
	}
}
