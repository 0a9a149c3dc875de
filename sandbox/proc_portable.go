//go:build !linux || arena_portable

package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"time"
)

// Without Linux a running process cannot be handed descriptors, nor its
// CPU clock read from outside (macOS), so a run child serves one session:
// the guest's stdin, stdout and stderr are the child's own, and two pipes
// carry the rest, one line of JSON each: to the child the session's
// settings and looks at the CPU clock ("cpu"), from it the statuses and
// the clock's readings (kind "cpu"), which it reads itself.

// procOS is a run child's control pipes and, until its session starts, our
// ends of the guest's stdio.
type procOS struct {
	req   *os.File // requests to the child
	stat  *os.File // its statuses
	stdio [3]*os.File
	reads chan time.Duration // CPU clock readings

	clockMu sync.Mutex    // one look at the clock at a time
	lastCPU time.Duration // the clock at its last answer
	runCPU  time.Duration // the clock at runnable's last look
	runAt   time.Time
}

// spawn starts a run child for art; it loads the module while the caller
// goes on.
func spawn(art Artifact, opts RunOptions) (*proc, error) {
	cfg := runConfigFor(art, opts)
	p := &proc{
		key:      procKey(cfg),
		statuses: make(chan childStatus, 1),
		starts:   make(chan time.Duration, 1),
		exited:   make(chan struct{}),
		hostLog:  cappedBuffer{max: 4 << 10},
	}
	p.reads = make(chan time.Duration, 1)
	// The guest's stdin, stdout and stderr, then the requests and the
	// statuses: which end is ours, and the child's.
	var ours, theirs [5]*os.File
	closeAll := func() { closeFiles(ours[:]); closeFiles(theirs[:]) }
	for i, weRead := range []bool{false, true, true, false, true} {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, err
		}
		ours[i], theirs[i] = w, r
		if weRead {
			ours[i], theirs[i] = r, w
		}
	}
	copy(p.stdio[:], ours[:3])
	p.req, p.stat = ours[3], ours[4]
	cmd, err := childCmd()
	if err != nil {
		closeAll()
		return nil, err
	}
	cfg.CtlIn, cfg.CtlOut = passControl(cmd, theirs[3], theirs[4])
	if cmd.Env, err = childEnv("run", cfg); err != nil {
		closeAll()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = theirs[0], theirs[1], theirs[2]
	err = cmd.Start()
	closeFiles(theirs[:])
	if err != nil {
		closeFiles(ours[:])
		return nil, err
	}
	p.cmd = cmd
	go p.reap()
	return p, nil
}

// reap collects the statuses and clock readings the child reports, then
// the child itself.
func (p *proc) reap() {
	defer close(p.exited)
	sc := bufio.NewScanner(p.stat)
	sc.Buffer(make([]byte, 64<<10), 64<<10)
	for sc.Scan() {
		var st childStatus
		if json.Unmarshal(sc.Bytes(), &st) != nil {
			continue
		}
		switch st.Kind {
		case "cpu":
			select {
			case p.reads <- time.Duration(st.CPU):
			default:
			}
			continue
		case "start":
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
	_ = p.cmd.Wait()
	p.stat.Close()
	p.req.Close()
}

// readWait is how long a look at the child's clock waits for its answer.
// A child that does not answer in time (its answering thread starved on a
// busy machine) is taken at its last answer: never charged what it may not
// have used, and the clock, which only adds up, catches up at the next.
const readWait = 100 * time.Millisecond

// endCPU is the clock of a child that has ended: its total, as its end
// left it. A bot whose child ends after its reply (a child here serves one
// session) still has its reply read.
func (p *proc) endCPU() (time.Duration, error) {
	if t, ok := p.finalCPU(); ok {
		return t, nil
	}
	return 0, errors.New("sandbox: the child has ended")
}

// cpu asks the child for its CPU clock: all its threads.
func (p *proc) cpu() (time.Duration, error) {
	p.clockMu.Lock()
	defer p.clockMu.Unlock()
	if !p.alive() {
		return p.endCPU()
	}
	select {
	case <-p.reads: // an answer that came too late for an earlier look
	default:
	}
	if _, err := p.req.Write([]byte("cpu\n")); err != nil {
		<-p.exited // the child is ending: its pipe is closed
		return p.endCPU()
	}
	t := time.NewTimer(readWait)
	defer t.Stop()
	select {
	case v := <-p.reads:
		p.lastCPU = v
	case <-p.exited:
		return p.endCPU()
	case <-t.C:
	}
	return p.lastCPU, nil
}

// runnable reports whether the child computes rather than blocks: no
// thread states to read here, so whether its CPU clock moved by a tenth of
// the wall clock since a look at least runWindow ago (until then it is
// given the benefit of the doubt; Windows' clock moves in ticks of ~16 ms).
func (p *proc) runnable() bool {
	const runWindow = 50 * time.Millisecond
	now, err := p.cpu()
	if err != nil {
		return false
	}
	if p.runAt.IsZero() || time.Since(p.runAt) < runWindow {
		if p.runAt.IsZero() {
			p.runCPU, p.runAt = now, time.Now()
		}
		return true
	}
	// The clock moves a little while the child answers these looks.
	moved := now-p.runCPU > time.Since(p.runAt)/10
	p.runCPU, p.runAt = now, time.Now()
	return moved
}

// openSession starts the child's one session and returns our ends of the
// guest's stdin (we write), stdout and stderr (we read).
func (p *proc) openSession(s session) ([3]*os.File, error) {
	stdio := p.stdio
	if stdio[0] == nil {
		return stdio, errors.New("sandbox: a child here serves one session")
	}
	p.stdio = [3]*os.File{}
	msg, err := json.Marshal(s)
	if err == nil {
		_, err = p.req.Write(append(append([]byte("session "), msg...), '\n'))
	}
	return stdio, err
}

// reusable: a child here has served its one session.
func (p *proc) reusable() bool { return false }
