//go:build unix

package sandbox

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// The guest hands its log over before it writes its reply (guestlog.go):
// once the host has read a reply, all that the guest printed in that
// exchange is in the log pipe, or already read. markLog reads the pipe dry
// and ends the exchange's section there, holding the buffer's lock, which
// drainLog holds for each of its reads too: no byte can be between the
// pipe and the buffer while the mark is taken.

// logConnOf returns the raw connection of the log pipe, or nil when the
// pipe is not non-blocking: copyLog would then hold the buffer's lock
// while it waits.
func logConnOf(f *os.File) syscall.RawConn {
	conn, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	nonblocking := false
	conn.Control(func(fd uintptr) {
		fl, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		nonblocking = err == nil && fl&unix.O_NONBLOCK != 0
	})
	if !nonblocking {
		return nil
	}
	return conn
}

// copyLog reads the log pipe into the buffer until it ends.
func (b *Bot) copyLog(r *os.File, conn syscall.RawConn) {
	buf := make([]byte, 32<<10)
	done := false
	for !done {
		err := conn.Read(func(fd uintptr) bool {
			b.log.mu.Lock()
			defer b.log.mu.Unlock()
			n, err := readRetry(int(fd), buf)
			if err == unix.EAGAIN {
				return false // wait until there is something
			}
			if n <= 0 {
				done = true
			} else {
				b.log.writeLocked(buf[:n])
			}
			return true
		})
		if err != nil {
			return
		}
	}
}

// markLog ends the current exchange's section of the log (see above).
func (b *Bot) markLog() {
	drained := b.logConn != nil && b.logConn.Control(func(fd uintptr) {
		b.log.mu.Lock()
		defer b.log.mu.Unlock()
		if b.markBuf == nil {
			b.markBuf = make([]byte, 4<<10)
		}
		buf := b.markBuf
		for {
			n, _ := readRetry(int(fd), buf)
			if n <= 0 {
				break
			}
			b.log.writeLocked(buf[:n])
		}
		b.log.markLocked()
	}) == nil
	if !drained { // the pipe is closed: all of it was read
		b.log.mu.Lock()
		b.log.markLocked()
		b.log.mu.Unlock()
	}
}

func readRetry(fd int, p []byte) (int, error) {
	for {
		n, err := unix.Read(fd, p)
		if err != unix.EINTR {
			return n, err
		}
	}
}
