package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync/atomic"
	"time"

	"arena.dev/games"
	"arena.dev/games/wire"
	"arena.dev/sandbox"
)

// A bot in a language with a native build (lang.Language.Native: C++) on
// a machine without its WebAssembly toolchain is built with the machine's
// own compiler and played as a child process over the same protocol: no
// sandbox (it is the student's own code on their own machine), its CPU
// time read from the kernel and charged as in the sandbox (on macOS, which
// shows no program another process's CPU time, the wall clock of its turns
// instead), its stderr shown as it comes.

// nativeBot is a natively built bot: a child process spoken to over its
// standard input and output.
type nativeBot struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	outFile *os.File
	log     *seatLog
	buf     []byte
	cpu     time.Duration // the process's CPU time at the last look
	wall    bool          // no CPU clock of another process here: turns are charged their wall time
	err     error         // sticky: the bot is dead
	exited  chan struct{} // closed once the process is waited for
}

// nativeStart is how long a native bot may take to say hello.
const nativeStart = 10 * time.Second

// startNative starts the binary bin and waits for its hello frame; the
// start-up is not charged. Its stderr goes to log (nil: discarded).
func startNative(ctx context.Context, bin string, log *seatLog) (*nativeBot, error) {
	b := &nativeBot{cmd: exec.CommandContext(ctx, bin), log: log, exited: make(chan struct{})}
	if log != nil {
		b.cmd.Stderr = log
	}
	// Pipes of our own, not StdinPipe and StdoutPipe: Wait, in its own
	// goroutine, must not close them under a read.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	b.cmd.Stdin, b.cmd.Stdout = inR, outW
	err = b.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	b.in, b.out, b.outFile = inW, bufio.NewReader(outR), outR
	go func() { b.cmd.Wait(); close(b.exited) }()
	hello, err := b.read(0, nativeStart, time.Now())
	if err != nil || string(hello) != wire.Hello {
		b.Close()
		return nil, fmt.Errorf("no hello (got %q): %v", hello, err)
	}
	b.cpu, err = sandbox.ProcessCPU(b.cmd.Process.Pid)
	b.wall = errors.Is(err, sandbox.ErrNoProcessCPU)
	return b, nil
}

// read reads a frame. A watchdog kills the bot when it uses more than
// cpuLimit of CPU from the last look (when cpuLimit > 0), as the sandbox
// does, or when no frame comes within guard of wall time.
func (b *nativeBot) read(cpuLimit, guard time.Duration, begin time.Time) ([]byte, error) {
	var why atomic.Pointer[error]
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		deadline := time.Now().Add(guard)
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				var err error
				if used, cerr := b.used(begin); cerr == nil && cpuLimit > 0 && used > cpuLimit {
					err = &games.FreezeError{Kind: games.FreezeCPU, Detail: fmt.Sprintf("used %v of CPU, budget %v", used.Round(time.Microsecond), cpuLimit)}
				} else if now.After(deadline) {
					err = &games.FreezeError{Kind: games.FreezeStalled, Detail: fmt.Sprintf("no answer within %v", guard.Round(time.Millisecond))}
				}
				if err != nil {
					why.Store(&err)
					b.cmd.Process.Kill()
					return
				}
			}
		}
	}()
	frame, err := wire.Read(b.out, b.buf, 16<<20)
	close(done)
	b.buf = frame
	if err != nil {
		if killed := why.Load(); killed != nil {
			return nil, *killed
		}
		return nil, b.died()
	}
	return frame, nil
}

// used is the CPU time the bot used since the last look at its clock
// (b.cpu), or where there is no such clock, the wall time since begin, the
// start of its turn (between turns it waits for its input).
func (b *nativeBot) used(begin time.Time) (time.Duration, error) {
	if b.wall {
		return time.Since(begin), nil
	}
	now, err := sandbox.ProcessCPU(b.cmd.Process.Pid)
	return now - b.cpu, err
}

// died says why the process stopped answering.
func (b *nativeBot) died() error {
	select {
	case <-b.exited:
	case <-time.After(2 * time.Second):
		b.cmd.Process.Kill()
		<-b.exited
		return &games.FreezeError{Kind: games.FreezeProtocol, Detail: "closed its output"}
	}
	st := b.cmd.ProcessState
	if ws, ok := st.Sys().(interface{ Signaled() bool }); ok && ws.Signaled() {
		return &games.FreezeError{Kind: games.FreezeCrash, Detail: fmt.Sprintf("%v, see its log", st)}
	}
	return &games.FreezeError{Kind: games.FreezeExit, Detail: fmt.Sprintf("exited with code %d, see its log", st.ExitCode())}
}

// Exchange implements games.Agent: it charges the process's CPU time,
// kills a bot over its remaining CPU budget, and one that takes more than
// 1 s + twice that budget of wall time, as the sandbox does.
func (b *nativeBot) Exchange(msg []byte, cpuLimit time.Duration) ([]byte, time.Duration, error) {
	if b.err != nil {
		return nil, 0, b.err
	}
	begin := time.Now()
	if err := wire.Write(b.in, msg); err != nil {
		b.err = b.died()
		return nil, 0, b.err
	}
	reply, err := b.read(max(cpuLimit, time.Nanosecond), time.Second+2*max(cpuLimit, 0), begin)
	cpu, cerr := b.used(begin)
	if cerr != nil {
		cpu = 0
	}
	b.cpu += cpu
	if err != nil {
		b.err = err
		return nil, cpu, err
	}
	return slices.Clone(reply), cpu, nil
}

// Close implements games.Agent: the end of input, then a moment to exit.
func (b *nativeBot) Close() error {
	b.in.Close()
	select {
	case <-b.exited:
	case <-time.After(500 * time.Millisecond):
		b.cmd.Process.Kill()
		<-b.exited
	}
	b.outFile.Close()
	if b.err == nil {
		b.err = &games.FreezeError{Kind: games.FreezeClosed, Detail: "closed by the host"}
	}
	if b.log != nil {
		b.log.Flush()
	}
	return nil
}

var _ games.Agent = (*nativeBot)(nil)

// noWasmToolchain says whether a build failed for want of a working
// WebAssembly toolchain on this machine (clang++ for wasm32-wasi, its
// sysroot): any failure that is not the player's code's.
func noWasmToolchain(err error) bool {
	var ce *sandbox.CompileError
	return err != nil && !errors.As(err, &ce)
}
