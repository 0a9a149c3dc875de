package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// proc is a run child: one jailed process that has loaded one module and
// runs it once per session (see session_linux.go).
type proc struct {
	key      string // its configuration, for reuse by a Pool
	cmd      *exec.Cmd
	clock    int32    // its process CPU clock
	ctl      *os.File // our end of the control socket
	statuses chan childStatus
	starts   chan time.Duration // the CPU clock when a session's guest started
	exited   chan struct{}      // closed once it is reaped
	hostLog  cappedBuffer       // the child's own stderr (not the guest's)

	sessions  int // sessions started, guarded by the owner
	idleSince time.Time
}

// runLimits are the rlimits of a run child.
func runLimits(opts RunOptions) []rlimit {
	limits := []rlimit{
		{unix.RLIMIT_NOFILE, 64},
		{unix.RLIMIT_FSIZE, 0}, // pipes are not files: this forbids writing any file
		{unix.RLIMIT_CORE, 0},
		{unix.RLIMIT_CPU, uint64(opts.CPUBackstop / time.Second)},
	}
	if !raceBuild {
		limits = append(limits, rlimit{unix.RLIMIT_AS, opts.AddressSpace})
	}
	return limits
}

func runConfigFor(art Artifact, opts RunOptions) runConfig {
	return runConfig{
		Wasm: absPath(art.Path), CacheDir: absPath(opts.CacheDir), MemoryLimit: opts.MemoryLimit,
		DropUser: !opts.KeepUser, Limits: runLimits(opts),
		EmptyRoot: Namespaces() && os.Getuid() == 0,
	}
}

// absPath makes p absolute: the child runs in "/".
func absPath(p string) string {
	if p == "" {
		return ""
	}
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// procKey identifies children that can serve each other's sessions.
func procKey(cfg runConfig) string {
	b, _ := json.Marshal(cfg)
	return string(b)
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
		ctl:      ours,
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

// alive reports whether the child has not been reaped yet.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill kills the child unless it is gone already.
func (p *proc) kill() {
	if p.alive() {
		killProcess(p.cmd.Process)
	}
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

// finalCPU is the CPU time of a reaped child (user + system).
func (p *proc) finalCPU() (time.Duration, bool) {
	if p.alive() || p.cmd.ProcessState == nil {
		return 0, false
	}
	ps := p.cmd.ProcessState
	return ps.UserTime() + ps.SystemTime(), true
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
