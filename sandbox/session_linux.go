//go:build !arena_portable

package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// A run child serves sessions: each is one guest instance (one bot in one
// match) with its own stdin, stdout and stderr pipes, which the parent
// passes over the control socket (fd 3) with the session's settings. The
// child answers each with the guest's childStatus on the same socket.
// Reusing a child skips its start-up (exec, runtime, loading the module).

// ctlFD is the run child's control socket; the guest cannot reach it: WASI
// gives it only its own 0, 1 and 2.
const ctlFD = 3

// controlPair makes the SOCK_SEQPACKET pair that carries sessions and
// statuses: one message per write, and EOF when the other side is gone.
func controlPair() (parent, child *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	// Our end goes through the runtime's poller (os.NewFile sees it is
	// non-blocking), so waiting for a status holds no thread; the child's
	// end blocks.
	if err := unix.SetNonblock(fds[0], true); err != nil {
		unix.Close(fds[0])
		unix.Close(fds[1])
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "sandbox-control"), os.NewFile(uintptr(fds[1]), "sandbox-control"), nil
}

// sendSession starts a session: its settings and the guest's stdin (read
// end), stdout and stderr (write ends).
func sendSession(ctl *os.File, s session, stdio [3]*os.File) error {
	msg, err := json.Marshal(s)
	if err != nil {
		return err
	}
	rights := unix.UnixRights(int(stdio[0].Fd()), int(stdio[1].Fd()), int(stdio[2].Fd()))
	// Not ctl.Fd(): that would make our end blocking.
	rc, err := ctl.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	werr := rc.Write(func(fd uintptr) bool {
		serr = unix.Sendmsg(int(fd), msg, rights, nil, 0)
		return serr != unix.EAGAIN
	})
	if werr != nil {
		return werr
	}
	return serr
}

// errNoMoreSessions is the parent closing the control socket: the child ends.
var errNoMoreSessions = errors.New("no more sessions")

// recvSession waits for the next session (in the child).
func recvSession(ctl int) (session, [3]*os.File, error) {
	var s session
	var stdio [3]*os.File
	buf := make([]byte, 4096)
	oob := make([]byte, unix.CmsgSpace(3*4))
	var n, oobn int
	var err error
	for {
		// The runtime's signals (preemption) interrupt a blocking call.
		n, oobn, _, _, err = unix.Recvmsg(ctl, buf, oob, unix.MSG_CMSG_CLOEXEC)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return s, stdio, err
	}
	if n == 0 && oobn == 0 {
		return s, stdio, errNoMoreSessions
	}
	msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		return s, stdio, fmt.Errorf("session without descriptors: %v", err)
	}
	fds, err := unix.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 3 {
		for _, fd := range fds {
			unix.Close(fd)
		}
		return s, stdio, fmt.Errorf("session with %d descriptors: %v", len(fds), err)
	}
	for i, name := range []string{"stdin", "stdout", "stderr"} {
		if i < 2 {
			// The parent's os.Pipe made both ends non-blocking; these ends
			// are ours alone now. Blocking, they stay out of the runtime's
			// poller, and the guest reads and writes them with one system
			// call each (see rawPipe).
			if err := unix.SetNonblock(fds[i], false); err != nil {
				for _, fd := range fds[i:] {
					unix.Close(fd)
				}
				closeFiles(stdio[:i])
				return s, [3]*os.File{}, err
			}
		}
		stdio[i] = os.NewFile(uintptr(fds[i]), name)
	}
	if err := json.Unmarshal(buf[:n], &s); err != nil {
		closeFiles(stdio[:])
		return s, stdio, err
	}
	return s, stdio, nil
}

// sendStatus reports how a session's guest ended (in the child).
func sendStatus(ctl int, st childStatus) error {
	msg, err := json.Marshal(st)
	if err != nil {
		return err
	}
	for {
		if err := unix.Sendmsg(ctl, msg, nil, nil, 0); err != unix.EINTR {
			return err
		}
	}
}
