//go:build !arena_portable

package sandbox

import (
	"io"
	"os"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawPipe is the child's end of the guest's stdin or stdout: a blocking
// pipe read and written with raw system calls, on the thread that runs the
// guest.
//
// This is for the per-round latency. Given a non-blocking pipe, the guest's
// Go runtime reads stdin, gets EAGAIN, parks and waits in poll_oneoff,
// which wazero turns into ppoll, then reads again; and every blocking
// system call made through the runtime (syscall.Syscall) lets sysmon take
// the P away after 20 µs and hand it to another thread, which the return
// from the call must take back: several futex wake-ups between threads per
// round, sysmon polling every 20 µs, all charged to the player's CPU clock
// and each slow on an idle virtual CPU. Here the guest sees a blocking
// stdin (fd_fdstat_get reports no FDFLAG_NONBLOCK), so it blocks in one
// fd_read, which is one read(2) that keeps the P: the child has one P and
// nothing else to run while its guest waits for the host. A signal
// (SA_RESTART) only restarts the read; the child runs with
// GODEBUG=asyncpreemptoff=1 so that sysmon sends none (see spawn).
//
// The cost: sysmon, which no longer sleeps while the guest waits (the P is
// running), wakes every 10 ms (nanosleep, and a netpoll every 10 ms), which
// is charged to the player as well: a few ms of CPU per second the guest
// waits for the host, on this kind of VM.
type rawPipe struct {
	fd uintptr // of a blocking *os.File (see recvSession) that outlives the guest
}

func newRawPipe(f *os.File) rawPipe { return rawPipe{f.Fd()} }

func (r rawPipe) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, _, e := unix.RawSyscall(unix.SYS_READ, r.fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
		runtime.KeepAlive(p)
		switch {
		case e == unix.EINTR:
			continue
		case e != 0:
			return 0, e
		case n == 0:
			return 0, io.EOF
		}
		return int(n), nil
	}
}

func (r rawPipe) Write(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		n, _, e := unix.RawSyscall(unix.SYS_WRITE, r.fd, uintptr(unsafe.Pointer(&p[done])), uintptr(len(p)-done))
		runtime.KeepAlive(p)
		if e == unix.EINTR {
			continue
		}
		if e != 0 {
			return done, e
		}
		done += int(n)
	}
	return done, nil
}
