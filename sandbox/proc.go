package sandbox

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// proc is a run child: one jailed process that has loaded one module and
// runs it once per session (see session_linux.go), or once where
// descriptors cannot be passed to a running process (proc_portable.go).
type proc struct {
	key      string // its configuration, for reuse by a Pool
	cmd      *exec.Cmd
	statuses chan childStatus
	starts   chan time.Duration // the CPU clock when a session's guest started
	exited   chan struct{}      // closed once it is reaped
	hostLog  cappedBuffer       // the child's own stderr (not the guest's)

	sessions  int // sessions started, guarded by the owner
	idleSince time.Time

	procOS // how this OS's parent talks to it (proc_linux.go, proc_portable.go)
}

// runLimits are the rlimits of a run child.
func runLimits(opts RunOptions) []rlimit {
	limits := []rlimit{
		{limitNOFILE, 64},
		{limitFSIZE, 0}, // pipes are not files: this forbids writing any file
		{limitCORE, 0},
		{limitCPU, uint64(opts.CPUBackstop / time.Second)},
	}
	if !raceBuild {
		limits = append(limits, rlimit{limitAS, opts.AddressSpace})
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

// finalCPU is the CPU time of a reaped child (user + system).
func (p *proc) finalCPU() (time.Duration, bool) {
	if p.alive() || p.cmd.ProcessState == nil {
		return 0, false
	}
	ps := p.cmd.ProcessState
	return ps.UserTime() + ps.SystemTime(), true
}

// ErrNoProcessCPU is ProcessCPU where the OS does not show another
// process's CPU time to a program (macOS without cgo).
var ErrNoProcessCPU = errors.New("sandbox: another process's CPU time cannot be read here")

// session is what the parent sends to start a guest.
type session struct {
	Seed uint64 `json:"seed"`
}

func closeFiles(fs []*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}
