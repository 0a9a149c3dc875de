//go:build !arena_portable

package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// procOS is a Linux run child's control socket and CPU clock.
type procOS struct {
	clock int32    // its process CPU clock
	ctl   *os.File // our end of the control socket
}

// spawn starts a run child for art; it loads the module while the caller
// goes on.
func spawn(art Artifact, opts RunOptions) (*proc, error) {
	if _, err := childEnv("run", runConfigFor(art, opts)); err != nil {
		return nil, err
	}
	ours, theirs, err := controlPair()
	if err != nil {
		return nil, err
	}
	p := &proc{
		procOS:   procOS{ctl: ours},
		statuses: make(chan childStatus, 1),
		starts:   make(chan time.Duration, 1),
		exited:   make(chan struct{}),
		hostLog:  cappedBuffer{max: 4 << 10},
	}
	if _, err := childCmd(); err != nil {
		return nil, err
	}
	cmd, err := startJailed(func() *exec.Cmd {
		// Configured here: the fallback without namespaces (called after
		// Namespaces turned false) must not ask for an empty root, which
		// would mount over the host's /tmp.
		cfg := runConfigFor(art, opts)
		env, _ := childEnv("run", cfg)
		// The guest waits for the host in a read(2) that keeps the child's
		// P (see rawPipe), so once it has waited 10 ms sysmon would send
		// the thread a preemption signal (SIGURG) at every tick, each one
		// restarting the read and charged to the player. Nothing in a run
		// child needs asynchronous preemption: its one goroutine runs the
		// guest, whose machine code the signal cannot preempt anyway.
		env = append(env, "GODEBUG=asyncpreemptoff=1")
		p.key = procKey(cfg)
		cmd, _ := childCmd()
		cmd.Env, cmd.Dir = env, "/"
		cmd.Stderr = &p.hostLog
		cmd.ExtraFiles = []*os.File{theirs}
		return cmd
	})
	theirs.Close()
	if err != nil {
		ours.Close()
		return nil, fmt.Errorf("sandbox: start bot: %w", err)
	}
	p.cmd, p.clock = cmd, cpuClock(cmd.Process.Pid)
	go p.reap()
	return p, nil
}

// reap collects the statuses the child reports, then the child itself.
func (p *proc) reap() {
	defer close(p.exited)
	buf := make([]byte, 64<<10)
	for {
		n, err := p.ctl.Read(buf)
		if err != nil || n == 0 {
			break
		}
		var st childStatus
		if json.Unmarshal(buf[:n], &st) != nil {
			continue
		}
		if st.Kind == "start" {
			select {
			case p.starts <- time.Duration(st.CPU):
			default:
			}
			continue
		}
		select {
		case p.statuses <- st:
		default: // one status per session: extras are noise
		}
	}
	// The control socket ends when the child does (or when we kill it).
	_ = p.cmd.Wait()
	p.ctl.Close()
}

// cpu reads the child's CPU clock: all its threads, in nanoseconds.
func (p *proc) cpu() (time.Duration, error) { return readClock(p.clock) }

// ProcessCPU reads a live process's CPU clock (all its threads) as the
// sandbox reads its children's: `arena play` charges a natively built bot
// with it.
func ProcessCPU(pid int) (time.Duration, error) { return readClock(cpuClock(pid)) }

func readClock(clock int32) (time.Duration, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(clock, &ts); err != nil {
		return 0, err
	}
	return time.Duration(ts.Nano()), nil
}

// runnable reports whether a thread of the child is running or waiting for
// a core (state R in /proc), as opposed to blocked: a bot that computes on
// a busy machine, not one that stalls.
func (p *proc) runnable() bool {
	dir := fmt.Sprintf("/proc/%d/task", p.cmd.Process.Pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ...: comm may hold spaces and parentheses.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'R' {
			return true
		}
	}
	return false
}

// cpuClock is the clock id of a process's CPU-time clock (the kernel's
// MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)).
func cpuClock(pid int) int32 {
	return int32(^uint32(pid)<<3 | 2)
}

// openSession starts a session in the child: it sends the settings and the
// guest's ends of three new pipes, and returns ours: the guest's stdin
// (we write), stdout and stderr (we read). When the pipes cannot be made
// it returns none; when the child cannot be told, ours and the error.
func (p *proc) openSession(s session) ([3]*os.File, error) {
	var pipes [3][2]*os.File // stdin, stdout, stderr: {read, write}
	for i := range pipes {
		var err error
		if pipes[i][0], pipes[i][1], err = os.Pipe(); err != nil {
			for _, pp := range pipes {
				closeFiles(pp[:])
			}
			return [3]*os.File{}, err
		}
	}
	err := sendSession(p.ctl, s, [3]*os.File{pipes[0][0], pipes[1][1], pipes[2][1]})
	// The child has its ends (or is gone); ours must go so that EOF means
	// the session is over.
	closeFiles([]*os.File{pipes[0][0], pipes[1][1], pipes[2][1]})
	return [3]*os.File{pipes[0][1], pipes[1][0], pipes[2][0]}, err
}

// reusable: a child here serves sessions until it is retired.
func (p *proc) reusable() bool { return true }

// killedBySignal is why a child killed by a signal died, or nil.
func killedBySignal(ps *os.ProcessState) *BotError {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return nil
	}
	if ws.Signal() == syscall.SIGXCPU {
		return botErr(ReasonTimeout, "CPU backstop reached")
	}
	return botErr(ReasonCrash, "sandbox killed by %v", ws.Signal())
}

// accessTime is when a file was last read.
func accessTime(info fs.FileInfo) (time.Time, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, false
	}
	return time.Unix(st.Atim.Unix()), true
}
