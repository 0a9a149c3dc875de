package sandbox

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// rlimit is one resource limit applied inside a child before it runs
// untrusted work; Cur is both the soft and the hard limit, so the child
// cannot raise it back.
type rlimit struct {
	Res int    `json:"r"`
	Cur uint64 `json:"v"`
}

func applyRlimits(limits []rlimit) error {
	for _, l := range limits {
		if err := unix.Setrlimit(l.Res, &unix.Rlimit{Cur: l.Cur, Max: l.Cur}); err != nil {
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
