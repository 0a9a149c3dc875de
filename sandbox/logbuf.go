package sandbox

import (
	"bytes"
	"strconv"
	"sync"
)

// cappedBuffer keeps the first max bytes written to it and discards the
// rest while still accepting it, so the writer never blocks or fails.
type cappedBuffer struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	dropped int64
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := min(len(p), c.max-len(c.buf))
	c.buf = append(c.buf, p[:keep]...)
	c.dropped += int64(len(p) - keep)
	return len(p), nil
}

// Bytes returns a copy of what was kept, with a note when some was dropped.
func (c *cappedBuffer) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := bytes.Clone(c.buf)
	if c.dropped > 0 {
		out = append(out, "\n[... log truncated: "...)
		out = strconv.AppendInt(out, c.dropped, 10)
		out = append(out, " more bytes dropped]\n"...)
	}
	return out
}
