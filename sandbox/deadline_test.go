package sandbox

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
	"time"
)

// The adapters give pipes without deadlines (Windows') deadlines: a read
// or a write that cannot go on returns os.ErrDeadlineExceeded at the
// deadline instead of blocking the host, and nothing sent or received is
// lost or repeated.
func TestPipeAdapters(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	in, out := newSlowWriter(w), newSlowReader(r)
	buf := make([]byte, 8)

	out.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	start := time.Now()
	if n, err := out.Read(buf); n != 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("an empty pipe: %d, %v; want the deadline", n, err)
	}
	if d := time.Since(start); d < 15*time.Millisecond || d > time.Second {
		t.Fatalf("the read gave up after %v, want 20 ms", d)
	}

	// A write larger than the pipe holds returns at once; the reader gets
	// every byte, in order, in reads of any size.
	big := bytes.Repeat([]byte("0123456789abcdef"), 64<<10) // 1 MiB
	if n, err := in.Write(big); n != len(big) || err != nil {
		t.Fatalf("write: %d, %v", n, err)
	}
	// The pipe is full and the goroutine still writes: another write
	// waits, and gives up at its deadline.
	in.SetWriteDeadline(time.Now().Add(20 * time.Millisecond))
	if n, err := in.Write([]byte("more")); n != 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a write behind a full pipe: %d, %v; want the deadline", n, err)
	}
	in.SetWriteDeadline(time.Time{})
	out.SetReadDeadline(time.Time{})
	got := make([]byte, 0, len(big))
	for len(got) < len(big) {
		n, err := out.Read(buf)
		if err != nil {
			t.Fatalf("after %d bytes: %v", len(got), err)
		}
		got = append(got, buf[:n]...)
	}
	if !bytes.Equal(got, big) {
		t.Fatal("the bytes read are not the bytes written")
	}
	if n, err := in.Write([]byte("end")); n != 3 || err != nil {
		t.Fatalf("the write after: %d, %v", n, err)
	}
	in.Close()
	in.Close() // twice is harmless
	rest, err := io.ReadAll(out)
	if string(rest) != "end" || err != nil {
		t.Fatalf("after the writer closed: %q, %v; want the last bytes, then EOF", rest, err)
	}

	// A write to a pipe whose reader is gone fails, on the next write.
	r2, w2, _ := os.Pipe()
	r2.Close()
	in2 := newSlowWriter(w2)
	defer in2.Close()
	in2.Write([]byte("lost"))
	in2.SetWriteDeadline(time.Now().Add(time.Second))
	if _, err := in2.Write([]byte("x")); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("writing to a closed pipe: %v, want its error", err)
	}
	if _, err := out.Write(nil); err != errNotThisWay {
		t.Fatalf("writing a read end: %v", err)
	}
}

// Bots behind the adapters, as on Windows: answers come, a bot that loops
// is frozen for time and one that never answers for stalling, and Close
// ends them all.
func TestBotsBehindPipeAdapters(t *testing.T) {
	forcePipeAdapters = true
	defer func() { forcePipeAdapters = false }()

	echo := startBot(t, "echo", runOptions())
	if _, ok := echo.out.(*slowReader); !ok {
		t.Fatalf("the bot's output is a %T, want the adapter", echo.out)
	}
	for _, msg := range []string{"a", string(bytes.Repeat([]byte("x"), 300<<10))} {
		reply, _, err := echo.Exchange([]byte(msg), time.Second)
		if err != nil || len(reply) == 0 {
			t.Fatalf("echo: %d bytes, %v", len(reply), err)
		}
	}
	loop := startBot(t, "loop", runOptions())
	if _, cpu, err := loop.Exchange([]byte("x"), 100*time.Millisecond); ReasonOf(err) != ReasonTimeout || cpu < 100*time.Millisecond {
		t.Fatalf("loop: %v after %v of CPU, want frozen for time", err, cpu)
	}
	opts := runOptions()
	opts.WallGuard = 200 * time.Millisecond
	silent := startBot(t, "silent", opts)
	if _, _, err := silent.Exchange([]byte("x"), time.Second); ReasonOf(err) != ReasonStalled {
		t.Fatalf("silent: %v, want stalled", err)
	}
	for _, b := range []*Bot{echo, loop, silent} {
		b.Close()
		if !processGone(b) {
			t.Errorf("child %d left after Close", b.p.cmd.Process.Pid)
		}
	}
}
