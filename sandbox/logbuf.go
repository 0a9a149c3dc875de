package sandbox

import (
	"bytes"
	"strconv"
	"sync"
)

// cappedBuffer keeps the first max bytes written to it and discards the
// rest while still accepting it, so the writer never blocks or fails.
// Marks cut what it kept into sections, one per exchange of the bot
// (Bot.LogByExchange).
type cappedBuffer struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	dropped int64
	marks   []int // len(buf) at each mark
	cutAt   int   // the section in which bytes were first dropped
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writeLocked(p)
	return len(p), nil
}

func (c *cappedBuffer) writeLocked(p []byte) {
	keep := min(len(p), c.max-len(c.buf))
	c.buf = append(c.buf, p[:keep]...)
	if keep < len(p) && c.dropped == 0 {
		c.cutAt = len(c.marks)
	}
	c.dropped += int64(len(p) - keep)
}

// markLocked ends the current section.
func (c *cappedBuffer) markLocked() { c.marks = append(c.marks, len(c.buf)) }

// truncated is the note that ends a log cut at its cap.
func (c *cappedBuffer) truncated(out []byte) []byte {
	out = append(out, "\n[... log truncated: "...)
	out = strconv.AppendInt(out, c.dropped, 10)
	return append(out, " more bytes dropped]\n"...)
}

// Bytes returns a copy of what was kept, with a note when some was dropped.
func (c *cappedBuffer) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := bytes.Clone(c.buf)
	if c.dropped > 0 {
		out = c.truncated(out)
	}
	return out
}

// Sections returns what was kept cut at the marks (one more section than
// marks), the note that some was dropped ending the section in which the
// cap was reached.
func (c *cappedBuffer) Sections() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([][]byte, len(c.marks)+1)
	start := 0
	for k := range out {
		end := len(c.buf)
		if k < len(c.marks) {
			end = c.marks[k]
		}
		out[k] = bytes.Clone(c.buf[start:end])
		if c.dropped > 0 && k == c.cutAt {
			out[k] = c.truncated(out[k])
		}
		start = end
	}
	return out
}
