//go:build !arena_portable

package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
)

// jailFlags gives a child its own network (none: not even loopback is up),
// mounts, PIDs (it cannot see or signal other processes), IPC and host name.
const jailFlags = syscall.CLONE_NEWNET | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
	syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS

// noNamespaces is set once the kernel has refused new namespaces (not root,
// a container without CAP_SYS_ADMIN); later children start without them.
// nsRefusal keeps the kernel's answer, for the jail's report.
var (
	noNamespaces atomic.Bool
	nsRefusal    atomic.Value // error
)

// Namespaces reports whether children get their own namespaces here.
func Namespaces() bool { return !noNamespaces.Load() }

// startJailed starts the command built by mk in new namespaces, falling back
// to a plain process group when they are not permitted. mk is called again
// for the fallback because an exec.Cmd starts only once, and after
// Namespaces turned false, so that it configures a child without them. In
// both cases the child is the leader of its process group and dies with its
// parent thread.
func startJailed(mk func() *exec.Cmd) (*exec.Cmd, error) {
	if !noNamespaces.Load() {
		cmd := mk()
		cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: jailFlags, Setpgid: true, Pdeathsig: syscall.SIGKILL}
		err := cmd.Start()
		if err == nil {
			return cmd, nil
		}
		if !errors.Is(err, syscall.EPERM) && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOSPC) {
			return nil, err
		}
		nsRefusal.Store(err)
		noNamespaces.Store(true)
	}
	cmd := mk()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd, cmd.Start()
}

// killGroup kills a child started by startJailed and everything it started.
// With a PID namespace the child is that namespace's init, so killing it
// (through a pidfd: never a recycled pid) kills them all; without one, its
// process group gets the signal too.
func killGroup(p *os.Process) {
	killProcess(p)
	if noNamespaces.Load() {
		_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	}
}

// killProcess kills a sandbox child. Process.Kill goes through a pidfd (or
// knows the process was reaped), so it never hits a recycled pid; the
// child is the init of its PID namespace (when there is one), so
// everything in it dies too.
func killProcess(p *os.Process) {
	_ = p.Kill()
}
