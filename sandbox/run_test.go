package sandbox

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func TestExchange(t *testing.T) {
	b := startBot(t, "echo", runOptions())
	var total time.Duration
	for i := range 100 {
		msg := bytes.Repeat([]byte{byte('a' + i%26)}, i*1000)
		reply, cpu, err := b.Exchange(msg, time.Second)
		if err != nil || string(reply) != "echo:"+string(msg) {
			t.Fatalf("exchange %d: %v (reply of %d bytes)", i, err, len(reply))
		}
		// The kernel may not have added a still-running child's last
		// microseconds yet: they are charged to the next exchange.
		if cpu < 0 || cpu > 50*time.Millisecond {
			t.Errorf("exchange %d charged %v", i, cpu)
		}
		total += cpu
	}
	if total <= 0 {
		t.Errorf("100 exchanges charged %v", total)
	}
	t.Logf("100 exchanges up to 100 KB: %v of CPU", total)
	b.Close()
	if _, _, err := b.Exchange([]byte("x"), time.Second); ReasonOf(err) != ReasonClosed {
		t.Fatalf("after Close: %v", err)
	}
	if !processGone(b) {
		t.Fatal("child not reaped")
	}
	if err := b.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

func TestCPUAccounting(t *testing.T) {
	const budget = 200 * time.Millisecond
	b := startBot(t, "loop", runOptions())
	start := time.Now()
	_, cpu, err := b.Exchange([]byte("go"), budget)
	wall := time.Since(start)
	if ReasonOf(err) != ReasonTimeout {
		t.Fatalf("want timeout, got %v", err)
	}
	// Killed within a few milliseconds of CPU of the budget.
	// (50 ms of slack for a loaded machine, where the parent may wait for
	// a core before it sees the budget spent.)
	if cpu < budget || cpu > budget+50*time.Millisecond {
		t.Errorf("charged %v for a budget of %v", cpu, budget)
	}
	t.Logf("budget %v: charged %v, wall %v", budget, cpu, wall)
}

func TestCPUBetweenExchanges(t *testing.T) {
	b := startBot(t, "background", runOptions())
	if _, _, err := b.Exchange([]byte("go"), time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	_, cpu, err := b.Exchange([]byte("again"), 200*time.Millisecond)
	// Either the spinning goroutine ran while the host waited, and the
	// player pays for it now, or the guest was blocked reading and it never
	// ran: both are fair, free CPU is not.
	t.Logf("second exchange: cpu %v, %v", cpu, err)
	if err == nil && cpu > 200*time.Millisecond {
		t.Fatalf("charged %v but not frozen", cpu)
	}
}

func TestLog(t *testing.T) {
	b := startBot(t, "logger", runOptions())
	for _, r := range []string{"1", "2", "3"} {
		if reply, _, err := b.Exchange([]byte(r), time.Second); err != nil || string(reply) != "logged" {
			t.Fatalf("round %s: %q %v", r, reply, err)
		}
	}
	b.Close()
	want := "round 1\nto stderr\nround 2\nto stderr\nround 3\nto stderr\n"
	if got := string(b.Log()); got != want {
		t.Fatalf("log %q, want %q", got, want)
	}

	opts := runOptions()
	opts.LogLimit = 1000
	f := startBot(t, "stderrflood", opts)
	if reply, _, err := f.Exchange([]byte("x"), 5*time.Second); err != nil || string(reply) != "done" {
		t.Fatalf("flood: %q %v", reply, err)
	}
	f.Close()
	log := f.Log()
	if !bytes.HasPrefix(log, bytes.Repeat([]byte("y"), 1000)) || !bytes.Contains(log, []byte("log truncated: 104856600 more bytes dropped")) || len(log) > 1100 {
		t.Fatalf("flooded log of %d bytes ends %q", len(log), log[max(0, len(log)-80):])
	}
}

func TestSeed(t *testing.T) {
	replies := func(seed uint64) string {
		opts := runOptions()
		opts.Seed = seed
		b := startBot(t, "random", opts)
		defer b.Close()
		var all []string
		for range 3 {
			r, _, err := b.Exchange([]byte("x"), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, string(r))
		}
		return strings.Join(all, "\n")
	}
	a, b, c := replies(7), replies(7), replies(8)
	if a != b {
		t.Fatalf("same seed, different runs:\n%s\n--\n%s", a, b)
	}
	if a == c {
		t.Fatalf("different seeds, same run:\n%s", a)
	}
}

func TestCancelAndClose(t *testing.T) {
	art, _, err := compileBot(t, "loop")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b, err := Start(ctx, art, runOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, _, err = b.Exchange([]byte("go"), 10*time.Second)
	if ReasonOf(err) != ReasonClosed || time.Since(start) > 2*time.Second {
		t.Fatalf("cancelled after %v: %v", time.Since(start), err)
	}

	c, err := Start(context.Background(), art, runOptions())
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(100*time.Millisecond, func() { c.Close() })
	start = time.Now()
	_, _, err = c.Exchange([]byte("go"), 10*time.Second)
	if ReasonOf(err) != ReasonClosed || time.Since(start) > 2*time.Second {
		t.Fatalf("closed after %v: %v", time.Since(start), err)
	}
	if !processGone(c) {
		t.Fatal("child not reaped")
	}
}

func TestReplyLimit(t *testing.T) {
	opts := runOptions()
	opts.MaxReply = 100
	b := startBot(t, "echo", opts)
	if _, _, err := b.Exchange(bytes.Repeat([]byte("z"), 95), time.Second); err != nil {
		t.Fatalf("reply of 100 bytes: %v", err)
	}
	if _, _, err := b.Exchange(bytes.Repeat([]byte("z"), 96), time.Second); ReasonOf(err) != ReasonProtocol {
		t.Fatalf("reply of 101 bytes: %v", err)
	}
}

func TestWithoutNamespaces(t *testing.T) {
	if !Namespaces() {
		t.Skip("already without namespaces")
	}
	noNamespaces.Store(true)
	defer noNamespaces.Store(false)
	b := startBot(t, "echo", runOptions())
	if reply, _, err := b.Exchange([]byte("x"), time.Second); err != nil || string(reply) != "echo:x" {
		t.Fatalf("%q %v", reply, err)
	}
}

func TestStartBadArtifact(t *testing.T) {
	art, err := StoreArtifact(t.TempDir(), []byte("\x00asm but not really"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Start(context.Background(), art, runOptions())
	if ReasonOf(err) != ReasonCrash || !strings.Contains(err.Error(), "could not run the bot") {
		t.Fatalf("bad module: %v", err)
	}
	art.Path += ".missing"
	if _, err = Start(context.Background(), art, runOptions()); ReasonOf(err) != ReasonCrash {
		t.Fatalf("missing module: %v", err)
	}
}
