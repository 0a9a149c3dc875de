//go:build !arena_portable

package sandbox

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// kernelResource is the kernel's number of a resource.
func kernelResource(r resource) int {
	switch r {
	case limitAS:
		return unix.RLIMIT_AS
	case limitNOFILE:
		return unix.RLIMIT_NOFILE
	case limitFSIZE:
		return unix.RLIMIT_FSIZE
	case limitCORE:
		return unix.RLIMIT_CORE
	case limitCPU:
		return unix.RLIMIT_CPU
	}
	return -1
}

func applyRlimits(limits []rlimit) error {
	for _, l := range limits {
		if err := unix.Setrlimit(kernelResource(l.Res), &unix.Rlimit{Cur: l.Cur, Max: l.Cur}); err != nil {
			return err
		}
	}
	return noNewPrivs()
}

// noNewPrivs makes sure no set-uid binary or file capability can give the
// child more rights, on all its threads where the runtime allows it (not
// with cgo), else on the calling one, which Child keeps locked.
func noNewPrivs() error {
	_, _, errno := syscall.AllThreadsSyscall(syscall.SYS_PRCTL, unix.PR_SET_NO_NEW_PRIVS, 1, 0)
	if errno == 0 {
		return nil
	}
	return unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
}
