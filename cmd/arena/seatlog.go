package main

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"time"

	"arena.dev/games"
	"arena.dev/sandbox"
)

// maxSeatLog is how much of a bot's debug output `arena play` shows per
// match: the server's cap on the log it keeps.
const maxSeatLog = sandbox.DefaultLogLimit

// seatLog shows one bot's debug output (its stderr) while it plays, each
// line prefixed with its seat and name as the original games' output
// prefixes a player's cerr, up to maxSeatLog bytes a match. The seats of a
// run share one lock, so lines never interleave.
type seatLog struct {
	mu      *sync.Mutex
	w       io.Writer
	prefix  string
	partial []byte // the last line, until it ends
	n       int    // bytes taken
	cut     bool   // over the cap: said so, the rest dropped
}

func newSeatLog(mu *sync.Mutex, w io.Writer, prefix string) *seatLog {
	return &seatLog{mu: mu, w: w, prefix: prefix}
}

// Write takes output as it comes and shows its complete lines.
func (l *seatLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cut {
		return len(p), nil
	}
	keep := p[:min(len(p), maxSeatLog-l.n)]
	l.n += len(keep)
	l.partial = append(l.partial, keep...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		fmt.Fprintf(l.w, "%s%s\n", l.prefix, l.partial[:i])
		l.partial = l.partial[i+1:]
	}
	if len(keep) < len(p) {
		l.flushLocked()
		fmt.Fprintf(l.w, "%s[debug output cut at %d KB, as on the server]\n", l.prefix, maxSeatLog>>10)
		l.cut = true
	}
	return len(p), nil
}

// Flush shows a last line that did not end.
func (l *seatLog) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
}

func (l *seatLog) flushLocked() {
	if len(l.partial) > 0 {
		fmt.Fprintf(l.w, "%s%s\n", l.prefix, l.partial)
		l.partial = l.partial[:0]
	}
}

// loggedBot is a sandboxed bot whose debug log is shown as it grows: after
// each exchange, and at the end.
type loggedBot struct {
	*sandbox.Bot
	log  *seatLog
	seen int
}

// logged wraps a sandboxed bot so that its log goes to log; with no log,
// the bot itself.
func logged(b *sandbox.Bot, log *seatLog) games.Agent {
	if log == nil {
		return b
	}
	return &loggedBot{Bot: b, log: log}
}

// Exchange implements games.Agent.
func (b *loggedBot) Exchange(msg []byte, cpuLimit time.Duration) ([]byte, time.Duration, error) {
	reply, cpu, err := b.Bot.Exchange(msg, cpuLimit)
	b.pump()
	return reply, cpu, err
}

// Close implements games.Agent.
func (b *loggedBot) Close() error {
	err := b.Bot.Close()
	b.pump()
	b.log.Flush()
	return err
}

// pump shows what the bot wrote since the last look. The sandbox keeps the
// first maxSeatLog bytes (then adds a note, which is not shown: the seat's
// log says it was cut).
func (b *loggedBot) pump() {
	l := b.Bot.Log()
	if len(l) > maxSeatLog {
		l = l[:maxSeatLog+1] // one more byte: the seat's log notices the cap
	}
	if len(l) > b.seen {
		b.log.Write(l[b.seen:])
		b.seen = len(l)
	}
}
