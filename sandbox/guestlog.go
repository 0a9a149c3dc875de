package sandbox

import (
	"encoding/binary"
	"io"
)

// A bot's debug log is its stderr, which the parent reads from a pipe and
// caps (cappedBuffer). Each write on that pipe is a system call in the
// child and a wake-up of the parent, a few µs: a bot printing a line per
// cell it examines, a write or more per line, would pay many times what its
// printing costs natively. So what the guest prints reaches the pipe in
// chunks, at the end of each of its rounds, in the order it was written:
//
//   - A C++ bot's runtime keeps what the player prints (cout, cerr, printf,
//     write) in a buffer of the guest's own and hands it over in one write
//     before each frame it writes, or when the buffer is full (wire.hh).
//     After the guest ends, whatever the reason the child sees (an exit,
//     abort, a crash), the child takes what is left in that buffer.
//   - The child (guestLog) holds the guest's writes until the guest writes
//     its reply or waits for its input, until logChunk bytes wait, or until
//     it ends: a Go bot's fmt.Println is one write each.
//
// A guest the parent kills (frozen for CPU, or stalled) cannot hand over
// what waits: of the round it is frozen in, the log lacks at most the last
// 4 KiB in the guest's buffer and logChunk in the child, as a native
// program killed loses its stdio buffer. Everything from earlier rounds is
// there.

// cppLogSymbol is the C++ runtime's buffer (arena_debug_log in
// games/wire/cpp/arena/wire.hh, 4 KiB: a uint32 length, then the bytes),
// whose address the build exports as a global.
const cppLogSymbol = "arena_debug_log"

// maxGuestLog bounds what the child takes from that buffer, whatever the
// guest wrote into its length.
const maxGuestLog = 64 << 10

// logChunk is how much of the guest's log the child holds at most.
const logChunk = 4 << 10

// guestLog is the guest's stderr as the child passes it on.
type guestLog struct {
	w   io.Writer
	buf []byte
}

func (l *guestLog) Write(p []byte) (int, error) {
	if len(l.buf)+len(p) > logChunk {
		if err := l.flush(); err != nil {
			return 0, err
		}
	}
	if len(p) >= logChunk {
		return l.w.Write(p)
	}
	l.buf = append(l.buf, p...)
	return len(p), nil
}

// flush writes what waits.
func (l *guestLog) flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := l.w.Write(l.buf)
	l.buf = l.buf[:0]
	return err
}

// logFirst is the guest's stdin or stdout: before it reads its input or
// writes its reply (its round is over), its log goes.
type logFirst struct {
	rw  io.ReadWriter
	log *guestLog
}

func (f logFirst) Read(p []byte) (int, error) {
	f.log.flush()
	return f.rw.Read(p)
}

func (f logFirst) Write(p []byte) (int, error) {
	f.log.flush()
	return f.rw.Write(p)
}

// takeGuestLog writes what a C++ guest left in its log buffer at addr (see
// cppLogSymbol) to log, and empties the buffer. mem is its linear memory.
func takeGuestLog(mem []byte, addr uint32, log io.Writer) {
	at := uint64(addr)
	if at+4 > uint64(len(mem)) {
		return
	}
	n := uint64(min(binary.LittleEndian.Uint32(mem[at:]), maxGuestLog))
	if at+4+n > uint64(len(mem)) {
		return
	}
	log.Write(mem[at+4 : at+4+n])
	binary.LittleEndian.PutUint32(mem[at:], 0)
}
