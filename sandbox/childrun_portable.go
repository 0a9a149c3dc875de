//go:build !linux || arena_portable

package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
)

// runChild serves the child's one session (see proc_portable.go): it loads
// the module while it waits for the session's settings, answers the
// parent's looks at its CPU clock from a second thread, runs the guest on
// its own stdin, stdout and stderr, and reports how it ended.
func runChild(raw string) int {
	var c runConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox: bad run config:", err)
		return 121
	}
	ctl := &childControl{in: os.NewFile(c.CtlIn, "control-in"), out: os.NewFile(c.CtlOut, "control-out")}
	fail := func(msg string) int {
		_ = ctl.send(childStatus{Kind: "host", Msg: msg})
		return 121
	}
	// One thread for the guest, one to answer the parent's looks at the
	// clock while the guest computes.
	runtime.GOMAXPROCS(2)
	sessions := make(chan session, 1)
	go ctl.serve(sessions)
	ctx := context.Background()
	g, err := loadGuest(ctx, c)
	if err != nil {
		return fail(err.Error())
	}
	g.report = ctl.send
	// No garbage collection while the guest runs, unless the host's heap
	// nears 256 MiB: stopping the world waits for the guest's thread, which
	// no signal stops in its machine code, and the world includes the
	// thread that answers the clock. A child serves one match, whose host
	// calls allocate little; the guest's memory is not the Go heap.
	runtime.GC()
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256 << 20)
	s := <-sessions
	stdio := [3]*os.File{os.Stdin, os.Stdout, os.Stderr}
	st := g.run(ctx, s, stdio)
	closeFiles(stdio[:]) // the parent sees EOF on the guest's pipes
	if err := ctl.send(st); err != nil {
		return 121
	}
	return 0
}

// childControl is the child's ends of its control pipes.
type childControl struct {
	in, out *os.File
	mu      sync.Mutex // one line at a time on out
	line    []byte
}

// send writes one status line.
func (c *childControl) send(st childStatus) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.out.Write(append(b, '\n'))
	return err
}

// serve answers "cpu" with the clock and passes on the session; when the
// parent is gone (the pipe ends) the child ends too.
func (c *childControl) serve(sessions chan<- session) {
	sc := bufio.NewScanner(c.in)
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.Equal(line, []byte("cpu")) {
			// No allocation here: a collection would wait for the guest,
			// which no signal can stop in its machine code.
			c.mu.Lock()
			c.line = append(strconv.AppendInt(append(c.line[:0], `{"kind":"cpu","cpu":`...), cpuNow(), 10), "}\n"...)
			_, err := c.out.Write(c.line)
			c.mu.Unlock()
			if err != nil {
				break
			}
			continue
		}
		if msg, ok := bytes.CutPrefix(line, []byte("session ")); ok {
			var s session
			if json.Unmarshal(msg, &s) == nil {
				select {
				case sessions <- s:
				default:
				}
			}
		}
	}
	os.Exit(0)
}

// rawPipe is the guest's stdin or stdout: the file itself, hidden from
// wazero (see writerOnly).
type rawPipe struct{ f *os.File }

func newRawPipe(f *os.File) rawPipe           { return rawPipe{f} }
func (r rawPipe) Read(p []byte) (int, error)  { return r.f.Read(p) }
func (r rawPipe) Write(p []byte) (int, error) { return r.f.Write(p) }

// close is the guest's fd_close of its stdin, stdout or stderr: the file
// closes (the parent sees EOF or a broken pipe) and the guest's later
// reads and writes fail.
func (s *guestStdio) close(fd int) {
	if !s.closed[fd] {
		s.closed[fd] = true
		s.files[fd].Close()
	}
}
