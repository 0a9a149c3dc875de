//go:build !arena_portable

package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"runtime/debug"
	"syscall"

	"golang.org/x/sys/unix"
)

func runChild(raw string) int {
	fail := func(msg string) int {
		_ = sendStatus(ctlFD, childStatus{Kind: "host", Msg: msg})
		return 121
	}
	// Before the first session, a failure also takes that session (or the
	// parent's end) before it goes: a socket closed with unread data
	// resets its peer, whose next read would then lose the status.
	failEarly := func(msg string) int {
		code := fail(msg)
		if _, stdio, err := recvSession(ctlFD); err == nil {
			closeFiles(stdio[:])
		}
		return code
	}
	var c runConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return failEarly("bad config: " + err.Error())
	}
	// The guest runs on one thread. A second P would only add idle
	// spinning and GC helpers, and their CPU is charged to the player.
	runtime.GOMAXPROCS(1)
	ctx := context.Background()
	g, err := loadGuest(ctx, c)
	if err != nil {
		return failEarly(err.Error())
	}
	g.report = func(st childStatus) error { return sendStatus(ctlFD, st) }
	// Everything is loaded: lock down before the first guest instruction.
	if err := lockDown(c); err != nil {
		return failEarly("lock down: " + err.Error())
	}
	for {
		s, stdio, err := recvSession(ctlFD)
		if errors.Is(err, errNoMoreSessions) {
			return 0
		}
		if err != nil {
			return fail("session: " + err.Error())
		}
		st := g.run(ctx, s, stdio)
		closeFiles(stdio[:]) // the parent sees EOF on the guest's pipes
		if err := sendStatus(ctlFD, st); err != nil {
			return 121
		}
		// Give the guest's memory back before idling in a pool.
		debug.FreeOSMemory()
	}
}

// cpuNow reads this process's CPU clock, the one the parent reads from
// outside.
func cpuNow() int64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts)
	return ts.Nano()
}

// close is the guest's fd_close of its stdin, stdout or stderr. wazero
// alone would only forget the descriptor and keep our pipe open, so a bot
// that closed its output would look blocked to the host. Here the
// descriptor is replaced by an end of a pipe whose other end is closed:
// our end of the guest's pipe closes now (the host sees EOF or a broken
// pipe), and the guest's later reads see EOF and its writes fail, without
// ever reaching a file that reuses the number.
func (s *guestStdio) close(fd int) {
	if s.closed[fd] {
		return
	}
	s.closed[fd] = true
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return
	}
	end := p[1] // writes to it fail: its reader is closed
	if fd == 0 {
		end = p[0] // reads from it see EOF: its writer is closed
	}
	_ = unix.Dup3(end, int(s.files[fd].Fd()), unix.O_CLOEXEC)
	unix.Close(p[0])
	unix.Close(p[1])
}

// lockDown applies the rlimits and, as root, becomes nobody: a guest that
// escaped wazero would still be an unprivileged process without files it
// can open, network or visible processes.
func lockDown(c runConfig) error {
	if c.EmptyRoot {
		// A third wall, not a required one: where the kernel lets us have
		// namespaces but not mounts (some container setups), go on.
		_ = emptyRoot()
	}
	if err := applyRlimits(c.Limits); err != nil {
		return err
	}
	if !c.DropUser || os.Getuid() != 0 {
		return nil
	}
	return becomeNobody()
}

// becomeNobody drops a root child to user and group nobody, without
// supplementary groups (and so without any capability).
func becomeNobody() error {
	if err := syscall.Setgroups(nil); err != nil {
		return err
	}
	if err := syscall.Setresgid(nobody, nobody, nobody); err != nil {
		return err
	}
	if err := syscall.Setresuid(nobody, nobody, nobody); err != nil {
		return err
	}
	// Changing credentials cleared the parent-death signal; set it again.
	return unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0, 0, 0)
}

// emptyRoot makes the child's root an empty, read-only tmpfs, in its own
// mount namespace (the host's mounts are untouched): once the module is
// loaded the child needs no file, and an escaped guest would find none.
func emptyRoot() error {
	if err := unix.Mount("", "/", "", unix.MS_PRIVATE|unix.MS_REC, ""); err != nil {
		return err
	}
	const dir = "/tmp"
	flags := uintptr(unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC | unix.MS_RDONLY)
	if err := unix.Mount("arena-empty", dir, "tmpfs", flags, "size=4k,mode=0555"); err != nil {
		return err
	}
	if err := unix.Chdir(dir); err != nil {
		return err
	}
	if err := unix.Chroot("."); err != nil {
		return err
	}
	return unix.Chdir("/")
}
