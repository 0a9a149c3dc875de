package sandbox

import (
	"errors"
	"io"
	"os"
	"sync"
	"time"
)

// pipeEnd is our end of a guest's stdin or stdout: an *os.File, whose reads
// and writes stop at a deadline, or where the OS's pipes have no deadlines
// (Windows' anonymous pipes) one of the adapters below.
type pipeEnd interface {
	io.ReadWriteCloser
	SetReadDeadline(time.Time) error
	SetWriteDeadline(time.Time) error
}

// forcePipeAdapters makes withDeadlines adapt every pipe (tests).
var forcePipeAdapters bool

// withDeadlines returns f itself when its reads and writes can stop at a
// deadline, else an adapter that gives it deadlines: a bot that neither
// reads nor answers must never block the host in a read or a write.
func withDeadlines(f *os.File, reads bool) pipeEnd {
	if !forcePipeAdapters && f.SetDeadline(time.Time{}) == nil {
		return f
	}
	if reads {
		return newSlowReader(f)
	}
	return newSlowWriter(f)
}

// errNotThisWay is a read of a write end or the other way round.
var errNotThisWay = errors.New("sandbox: wrong direction for this pipe end")

// slowReader reads f in a goroutine; Read waits for it until the deadline.
type slowReader struct {
	f        *os.File
	results  chan readResult // one read's bytes, then the goroutine reads on
	pending  []byte          // bytes received and not yet returned
	err      error           // the read that ended the goroutine
	deadline time.Time
	once     sync.Once
}

type readResult struct {
	b   []byte
	err error
}

func newSlowReader(f *os.File) *slowReader {
	r := &slowReader{f: f, results: make(chan readResult)}
	go func() {
		for {
			buf := make([]byte, 64<<10)
			n, err := f.Read(buf)
			r.results <- readResult{buf[:n], err}
			if err != nil {
				close(r.results)
				return
			}
		}
	}()
	return r
}

func (r *slowReader) Read(p []byte) (int, error) {
	if len(r.pending) == 0 && r.err == nil {
		timeout, stop := at(r.deadline)
		defer stop()
		select {
		case res, ok := <-r.results:
			if !ok {
				res.err = io.EOF
			}
			r.pending, r.err = res.b, res.err
		case <-timeout:
			return 0, os.ErrDeadlineExceeded
		}
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	if n == 0 && r.err != nil {
		return 0, r.err
	}
	return n, nil
}

func (r *slowReader) SetReadDeadline(t time.Time) error { r.deadline = t; return nil }
func (r *slowReader) SetWriteDeadline(time.Time) error  { return errNotThisWay }
func (r *slowReader) Write([]byte) (int, error)         { return 0, errNotThisWay }

// Close closes f; the goroutine ends with the child (its read sees EOF).
func (r *slowReader) Close() error {
	r.once.Do(func() { r.f.Close() })
	return nil
}

// slowWriter writes f in a goroutine, one buffer at a time: Write waits
// until the deadline for the goroutine to be free, hands it a copy of p
// and returns; an error of that write is returned by the next.
type slowWriter struct {
	f        *os.File
	work     chan []byte
	done     chan error // the write in flight ended
	busy     bool
	err      error
	deadline time.Time
	once     sync.Once
}

func newSlowWriter(f *os.File) *slowWriter {
	w := &slowWriter{f: f, work: make(chan []byte), done: make(chan error, 1)}
	go func() {
		for b := range w.work {
			_, err := f.Write(b)
			w.done <- err
		}
		f.Close()
	}()
	return w
}

func (w *slowWriter) Write(p []byte) (int, error) {
	if w.busy {
		timeout, stop := at(w.deadline)
		defer stop()
		select {
		case err := <-w.done:
			w.busy = false
			if err != nil && w.err == nil {
				w.err = err
			}
		case <-timeout:
			return 0, os.ErrDeadlineExceeded
		}
	}
	if w.err != nil {
		return 0, w.err
	}
	w.busy = true
	w.work <- append([]byte(nil), p...)
	return len(p), nil
}

func (w *slowWriter) SetWriteDeadline(t time.Time) error { w.deadline = t; return nil }
func (w *slowWriter) SetReadDeadline(time.Time) error    { return errNotThisWay }
func (w *slowWriter) Read([]byte) (int, error)           { return 0, errNotThisWay }

// Close ends the goroutine, which closes f once the write in flight is
// done (the guest sees EOF after everything it was sent).
func (w *slowWriter) Close() error {
	w.once.Do(func() { close(w.work) })
	return nil
}

// at returns a channel that receives at t (never for the zero time) and
// the function that stops its timer.
func at(t time.Time) (<-chan time.Time, func() bool) {
	if t.IsZero() {
		return nil, func() bool { return false }
	}
	tm := time.NewTimer(time.Until(t))
	return tm.C, tm.Stop
}
