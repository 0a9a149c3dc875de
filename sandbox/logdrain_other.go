//go:build !unix

package sandbox

import (
	"io"
	"os"
	"syscall"
)

func logConnOf(*os.File) syscall.RawConn { return nil }

// copyLog reads the log pipe into the buffer until it ends.
func (b *Bot) copyLog(r *os.File, _ syscall.RawConn) { _, _ = io.Copy(&b.log, r) }

// markLog ends the current exchange's section of the log. Without a way
// to read the pipe dry here, the last bytes of an exchange may fall into
// the next section.
func (b *Bot) markLog() {
	b.log.mu.Lock()
	b.log.markLocked()
	b.log.mu.Unlock()
}
