package sandbox

import (
	"encoding/binary"
	"errors"
	"os"
	"sync/atomic"
	"time"
)

// minSlice is the shortest wait between two looks at the CPU clock, so a
// nearly spent budget does not turn into a busy loop.
const minSlice = time.Millisecond

// deadline returns when to look at the CPU clock next while waiting for the
// child: when the remaining budget would be spent at full speed, or at the
// wall-clock end, whichever is first. It fails when the budget is spent or
// the bot is stalled.
//
// Stalled means blocked: when the wall clock runs out, a bot that has
// spent its budget (on a machine too busy to let the parent see it sooner)
// is frozen for time, and one that is running or waiting for a core is
// given more wall clock (up to 4× the guard), since its CPU budget will
// stop it; only a bot that is neither, or past that, is stalled.
func (b *Bot) deadline(cpuLimit time.Duration, end time.Time) (time.Time, error) {
	now := time.Now()
	if b.starting {
		select {
		case t := <-b.p.starts:
			b.mark, b.starting = t, false
		default:
		}
	}
	if !now.Before(end) {
		t, err := b.p.cpu()
		if err != nil {
			return now, b.die()
		}
		if used := t - b.mark; cpuLimit > 0 && used > cpuLimit {
			return now, b.kill(b.overBudget(used, cpuLimit))
		}
		if now.Before(b.hardEnd) && b.p.runnable() {
			return now.Add(10 * time.Millisecond), nil
		}
		return now, b.kill(botErr(ReasonStalled, "no answer within the wall-clock guard, blocked"))
	}
	if now.Before(b.look) {
		// Looked this exchange, and that look's deadline has not come:
		// spare a system call (reading another process's CPU clock is one).
		return b.look, nil
	}
	t, err := b.p.cpu()
	if err != nil {
		return now, b.die()
	}
	used := t - b.mark
	if used > cpuLimit {
		return now, b.kill(b.overBudget(used, cpuLimit))
	}
	b.look = end
	if d := now.Add(max(cpuLimit-used, minSlice)); d.Before(end) {
		b.look = d
	}
	return b.look, nil
}

// overBudget is the reason of a bot that used more CPU than its budget.
func (b *Bot) overBudget(used, budget time.Duration) *BotError {
	if !b.greeted {
		return botErr(ReasonTimeout, "used %v of CPU before its first frame, budget %v", used.Round(time.Microsecond), budget)
	}
	return botErr(ReasonTimeout, "used %v of CPU, budget %v", used.Round(time.Microsecond), budget)
}

// ioError turns a pipe error into the bot's death, or nil for a deadline
// that only means "look at the clocks again".
func (b *Bot) ioError(err error) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return nil
	}
	// EOF, EPIPE, a closed pipe: the child is gone or going.
	return b.die()
}

func (b *Bot) writeAll(p []byte, cpuLimit time.Duration, end time.Time) error {
	for len(p) > 0 {
		d, err := b.deadline(cpuLimit, end)
		if err != nil {
			return err
		}
		b.in.SetWriteDeadline(d)
		n, err := b.in.Write(p)
		p = p[n:]
		if err != nil {
			if err := b.ioError(err); err != nil {
				return err
			}
		}
	}
	return nil
}

// readFrame reads one frame of at most MaxReply bytes. The result aliases
// b.rbuf until the next read.
func (b *Bot) readFrame(cpuLimit time.Duration, end time.Time) ([]byte, error) {
	if err := b.fill(4, cpuLimit, end); err != nil {
		return nil, err
	}
	n := int(binary.LittleEndian.Uint32(b.rbuf[b.rpos:]))
	if n > b.opts.MaxReply {
		return nil, b.kill(botErr(ReasonProtocol, "frame of %d bytes, limit %d", n, b.opts.MaxReply))
	}
	if err := b.fill(4+n, cpuLimit, end); err != nil {
		return nil, err
	}
	frame := b.rbuf[b.rpos+4 : b.rpos+4+n]
	b.rpos += 4 + n
	return frame, nil
}

// fill reads until at least need bytes are buffered.
func (b *Bot) fill(need int, cpuLimit time.Duration, end time.Time) error {
	if b.rpos == b.rend {
		b.rpos, b.rend = 0, 0
	}
	if b.rpos+need > len(b.rbuf) {
		// Keep the pending bytes, at the start of a big enough buffer.
		buf := b.rbuf
		if need > len(buf) {
			buf = make([]byte, need)
		}
		b.rend = copy(buf, b.rbuf[b.rpos:b.rend])
		b.rpos, b.rbuf = 0, buf
	}
	if b.rend-b.rpos < need && cpuLimit > 0 {
		b.rend += b.spin(b.rbuf[b.rend:])
	}
	for b.rend-b.rpos < need {
		d, err := b.deadline(cpuLimit, end)
		if err != nil {
			return err
		}
		b.out.SetReadDeadline(d)
		n, err := b.out.Read(b.rbuf[b.rend:])
		b.rend += n
		if err != nil {
			if err := b.ioError(err); err != nil {
				return err
			}
		}
	}
	return nil
}

// exchanging counts this process's exchanges in progress.
var exchanging atomic.Int32
