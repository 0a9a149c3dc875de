package sandbox

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"arena.dev/games/wire"
)

// DefaultLogLimit is how much of a bot's debug log (its stderr) is kept
// per session unless RunOptions.LogLimit says otherwise.
const DefaultLogLimit = 64 << 10

// RunOptions configures Start. Zero values take the defaults.
type RunOptions struct {
	CacheDir     string        // wazero compilation cache (as given to Compile)
	Seed         uint64        // seeds the guest's random source
	MemoryLimit  int64         // guest linear memory; default 256 MiB
	LogLimit     int           // debug log kept; default DefaultLogLimit
	MaxReply     int           // largest reply frame; default 1 MiB
	WallGuard    time.Duration // wall clock per exchange; default 1 s + 2×cpuLimit
	StartCPU     time.Duration // CPU until the Hello frame (package initialisation); default 5 s
	StartTimeout time.Duration // wall clock until the Hello frame; default 10 s
	AddressSpace uint64        // RLIMIT_AS of the child; default MemoryLimit + 3 GiB (a child maps ~1.9 GB)
	CPUBackstop  time.Duration // RLIMIT_CPU of the child, if the parent fails; default 10 min
	KeepUser     bool          // do not switch a root child to nobody
}

func (o *RunOptions) defaults() {
	if o.MemoryLimit <= 0 {
		o.MemoryLimit = 256 << 20
	}
	if o.LogLimit <= 0 {
		o.LogLimit = DefaultLogLimit
	}
	if o.MaxReply <= 0 {
		o.MaxReply = 1 << 20
	}
	if o.StartCPU <= 0 {
		o.StartCPU = 5 * time.Second
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = 10 * time.Second
	}
	if o.AddressSpace == 0 {
		o.AddressSpace = uint64(o.MemoryLimit) + 3<<30
	}
	if o.CPUBackstop <= 0 {
		o.CPUBackstop = 10 * time.Minute
	}
}

// Bot is a running sandboxed bot: one session of a run child. Exchange must
// not be called concurrently with itself; Close may be called at any time
// from any goroutine.
type Bot struct {
	opts RunOptions
	p    *proc
	pool *Pool // where the child goes back on Close, or nil

	in, out pipeEnd         // the guest's stdin (we write) and stdout (we read)
	outConn syscall.RawConn // out's descriptor, for spin (nil without one)
	log     cappedBuffer
	logConn syscall.RawConn // the log pipe's, for markLog (nil without one)
	markBuf []byte          // markLog's, under mu
	logDone chan struct{}

	killed  atomic.Pointer[BotError] // why we killed the child, if we did
	closing atomic.Bool
	stopCtx func() bool

	mu     sync.Mutex // held by Exchange and Close
	err    error      // sticky: the bot is dead
	ended  bool       // the session's end is known (status or child gone)
	status childStatus
	mark   time.Duration // CPU clock when the player started being charged
	// starting: mark is not the guest's start yet, the child has not said
	// when that was (see startSession).
	starting bool
	look     time.Time // when to read the CPU clock again in this exchange (see deadline)
	hardEnd  time.Time // the wall clock past which even a running bot is stalled
	greeted  bool      // its Hello came
	rbuf     []byte    // reply bytes read ahead: rbuf[rpos:rend]
	rpos     int
	rend     int
	wbuf     []byte
}

// Start launches art in a new sandbox child and waits for its Hello frame.
// The player is charged from the guest's first instruction: the CPU of its
// start-up (its runtime's and its package initialisation) counts in its
// first exchange, and a start-up over StartCPU freezes it for time; loading
// the module is not charged. ctx bounds the whole life of the bot:
// cancelling it kills the child. Close kills the child too; see Pool to
// reuse children across matches.
//
// A bot that fails to start returns a *StartError with its debug log.
func Start(ctx context.Context, art Artifact, opts RunOptions) (*Bot, error) {
	opts.defaults()
	p, err := spawn(art, opts)
	if err != nil {
		return nil, err
	}
	return startSession(ctx, p, nil, opts)
}

// StartError is a bot that did not reach its Hello frame: why, and what it
// wrote on its stderr until then, which its player needs to see.
type StartError struct {
	Err *BotError
	Log []byte
}

func (e *StartError) Error() string { return e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// StartLog returns the debug log carried by a failed start in err's chain,
// or nil.
func StartLog(err error) []byte {
	var se *StartError
	if errors.As(err, &se) {
		return se.Log
	}
	return nil
}

// startSession starts a guest in p and waits for its Hello.
func startSession(ctx context.Context, p *proc, pool *Pool, opts RunOptions) (*Bot, error) {
	// A start the previous session did not collect is stale.
	select {
	case <-p.starts:
	default:
	}
	// Until the child says when the guest started, the start-up is
	// measured from here (which includes loading the module).
	mark, cerr := p.cpu()
	p.sessions++
	stdio, err := p.openSession(session{Seed: opts.Seed})
	if stdio[0] == nil {
		p.kill()
		return nil, err
	}
	b := &Bot{
		opts: opts, p: p, pool: pool,
		in: withDeadlines(stdio[0], false), out: withDeadlines(stdio[1], true),
		log:      cappedBuffer{max: opts.LogLimit},
		logDone:  make(chan struct{}),
		rbuf:     make([]byte, 64<<10),
		mark:     mark,
		starting: true,
	}
	if f, ok := b.out.(*os.File); ok {
		b.outConn, _ = f.SyscallConn() // never fails for a pipe
	}
	holdCPUPoll() // released by Close
	if stdio[2] != nil {
		b.logConn = logConnOf(stdio[2])
	}
	go b.drainLog(stdio[2])
	b.stopCtx = context.AfterFunc(ctx, func() { b.kill(botErr(ReasonClosed, "cancelled: %v", context.Cause(ctx))) })
	if err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		err = b.die()
	}
	// b is not shared yet (the context's kill is safe): no locking.
	var hello []byte
	if err == nil {
		now := time.Now()
		b.hardEnd = now.Add(4 * opts.StartTimeout)
		hello, err = b.readFrame(opts.StartCPU, now.Add(opts.StartTimeout))
	}
	if err == nil && string(hello) != wire.Hello {
		err = b.kill(botErr(ReasonProtocol, "expected the %q frame first, got %d bytes", wire.Hello, len(hello)))
	}
	if err == nil {
		err = b.started()
	}
	if err != nil {
		b.err = err
		b.Close()
		var be *BotError
		if errors.As(err, &be) {
			return nil, &StartError{Err: be, Log: b.Log()}
		}
		return nil, err
	}
	return b, nil
}

// started takes the guest's start from the child once the Hello has come
// (the child reported it before the guest's first instruction, so it is on
// its way) and checks the start-up's CPU against StartCPU.
func (b *Bot) started() error {
	if b.starting {
		select {
		case t := <-b.p.starts:
			b.mark, b.starting = t, false
		case <-b.p.exited:
			return b.die()
		case <-time.After(time.Second):
			// Not seen: charge from the session's start, loading included.
		}
	}
	now, err := b.p.cpu()
	if err != nil {
		return b.die()
	}
	if used := now - b.mark; used > b.opts.StartCPU {
		return b.kill(b.overBudget(used, b.opts.StartCPU))
	}
	b.greeted = true
	return nil
}

// Exchange sends msg and returns the bot's reply and the CPU time it used
// since the end of the previous exchange (or since the guest started: the
// first exchange pays for the start-up). When that time
// exceeds cpuLimit, or the bot crashes, exits, breaks the protocol or runs
// out of memory, it returns a *BotError and the bot is dead for good.
func (b *Bot) Exchange(msg []byte, cpuLimit time.Duration) (reply []byte, cpu time.Duration, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err != nil {
		return nil, 0, b.err
	}
	if len(msg) > wire.MaxFrame {
		return nil, 0, fmt.Errorf("sandbox: message of %d bytes: %w", len(msg), wire.ErrTooLarge)
	}
	if cpuLimit <= 0 {
		cpuLimit = time.Nanosecond // no budget left: any work is too much
	}
	wall := b.opts.WallGuard
	if wall <= 0 {
		wall = time.Second + 2*cpuLimit
	}
	start := time.Now()
	end := start.Add(wall)
	b.look, b.hardEnd = time.Time{}, start.Add(4*wall)
	b.wbuf = binary.LittleEndian.AppendUint32(b.wbuf[:0], uint32(len(msg)))
	b.wbuf = append(b.wbuf, msg...)
	exchanging.Add(1)
	if err = b.writeAll(b.wbuf, cpuLimit, end); err == nil {
		reply, err = b.readFrame(cpuLimit, end)
	}
	exchanging.Add(-1)
	now, cerr := b.p.cpu()
	if cerr != nil {
		if err == nil {
			err = b.die()
		}
		if t, ok := b.p.finalCPU(); ok {
			now = t
		} else {
			now = b.mark
		}
	}
	if b.ended && b.status.CPU > 0 {
		// The guest's end, as the child saw it: not its cleaning up.
		now = min(now, time.Duration(b.status.CPU))
	}
	cpu = max(now-b.mark, 0)
	if err == nil && cpu > cpuLimit {
		err = b.kill(b.overBudget(cpu, cpuLimit))
	}
	if err != nil {
		b.err = err
		return nil, cpu, err
	}
	b.mark = now
	b.markLog()
	return append([]byte(nil), reply...), cpu, nil
}

// Log returns the bot's debug log (its stderr), capped at LogLimit.
func (b *Bot) Log() []byte { return b.log.Bytes() }

// LogByExchange returns the debug log cut by exchange: section k is what
// the bot printed during its k-th exchange (the first's from its start),
// and the last one also what it printed after its last reply (a bot
// frozen mid-exchange). A match's first exchange is the setup, and the
// k-th one round k-1. Read it after Close, so that all has been read.
func (b *Bot) LogByExchange() [][]byte { return b.log.Sections() }

// Err returns why the bot is dead, or nil while it is alive.
func (b *Bot) Err() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// endGrace is how long a bot may take to exit once its stdin is closed at
// the end of a match, before its child is killed instead of reused.
const endGrace = 500 * time.Millisecond

// Close ends the bot: it closes its stdin (the end of the match), and kills
// its child unless a Pool can reuse it. It is safe to call more than once
// and concurrently with Exchange, which it interrupts.
func (b *Bot) Close() error {
	if !b.closing.CompareAndSwap(false, true) {
		// Another Close is at work: wait for it to finish.
		b.mu.Lock()
		b.mu.Unlock()
		return nil
	}
	defer releaseCPUPoll()
	if !b.mu.TryLock() {
		// An exchange is in progress: stop it the only way there is.
		b.kill(botErr(ReasonClosed, "closed by the host"))
		b.mu.Lock()
	}
	defer b.mu.Unlock()
	b.stopCtx()
	if b.err == nil {
		b.err = botErr(ReasonClosed, "closed by the host")
		if b.pool != nil {
			// The protocol's end: the guest reads EOF and exits, and its
			// child can serve another session.
			b.in.Close()
			b.awaitEnd(endGrace)
		}
	}
	reuse := b.pool != nil && b.ended && b.p.alive() && b.killed.Load() == nil
	if !reuse {
		b.p.kill()
		<-b.p.exited
	}
	<-b.logDone
	b.in.Close()
	b.out.Close()
	if reuse {
		b.pool.put(b.p)
	}
	return nil
}

// kill records why the host killed the child (the first reason wins) and
// kills it. It returns the recorded reason.
func (b *Bot) kill(why *BotError) error {
	b.killed.CompareAndSwap(nil, why)
	b.p.kill()
	return b.killed.Load()
}

func (b *Bot) drainLog(r *os.File) {
	defer close(b.logDone)
	defer r.Close()
	if b.logConn != nil {
		b.copyLog(r, b.logConn)
	} else {
		_, _ = io.Copy(&b.log, r)
	}
	// A guest killed in the middle of a round could not hand over what it
	// printed last (see guestlog.go): its log says where it stops.
	if why := b.killed.Load(); why != nil && (why.Reason == ReasonTimeout || why.Reason == ReasonStalled) {
		fmt.Fprintf(&b.log, "\n[arena] stopped here (%v): up to %d KB it printed last may be missing\n", why, logChunk>>10)
	}
}

// awaitEnd waits up to d for the end of the session: the guest's status
// from the child, or the child's end. It reports whether it came.
func (b *Bot) awaitEnd(d time.Duration) bool {
	if b.ended {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case st := <-b.p.statuses:
		b.ended, b.status = true, st
	case <-b.p.exited:
		// A status sent just before the child ended is still in the channel.
		select {
		case st := <-b.p.statuses:
			b.status = st
		default:
		}
		b.ended = true
	case <-t.C:
	}
	return b.ended
}

// die waits for a session whose output ended and tells why it did.
func (b *Bot) die() error {
	if !b.awaitEnd(2 * time.Second) {
		// It closed its output but lives on: that breaks the protocol.
		b.kill(botErr(ReasonProtocol, "closed its output"))
		b.awaitEnd(time.Minute)
	}
	if why := b.killed.Load(); why != nil {
		return why
	}
	var ps *os.ProcessState
	if !b.p.alive() {
		ps = b.p.cmd.ProcessState
	}
	e := classify(b.status, ps, b.opts.MemoryLimit)
	if b.status.Kind == "" || b.status.Kind == "host" {
		if line := lastLine(b.p.hostLog.Bytes()); line != "" {
			e.Detail += ": " + line
		}
	}
	return e
}
