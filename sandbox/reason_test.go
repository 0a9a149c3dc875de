package sandbox

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestReasons: each reason a bot is frozen for comes from what the host
// saw (the memory it refused, the exit code, the trap, the pipe, the CPU
// clock), never from what the bot printed; one row per way to get it.
func TestReasons(t *testing.T) {
	cases := []struct {
		bot    string // testdata/bots/NAME.go, or cpp/NAME for testdata/cpp/NAME.cc
		start  bool   // frozen at start, not in its first exchange
		reason Reason
		detail string
	}{
		{"alloc", false, ReasonMemory, "out of memory: asked for more than its 256 MiB"},
		{"allocslow", false, ReasonMemory, "out of memory"},
		{"cpp/oom", false, ReasonMemory, "out of memory"},
		// A banner is not a refused grow: a Go module's exit code 2 is a
		// crash, a C++ one's an exit.
		{"fakeoom", false, ReasonCrash, "panic or fatal error (exit code 2)"},
		{"cpp/fakeoom", false, ReasonExit, "exited with code 2"},
		{"panic", false, ReasonCrash, "panic or fatal error (exit code 2)"},
		{"exit", false, ReasonExit, "exited with code 3"},
		{"cpp/exit3", false, ReasonExit, "exited with code 3"},
		{"cpp/abort", false, ReasonCrash, "aborted (wasm error: unreachable"},
		{"cpp/assert", false, ReasonCrash, "aborted"},
		{"cpp/stack", false, ReasonCrash, "stack overflow"},
		{"cpp/divzero", false, ReasonCrash, "integer divide by zero"},
		{"cpp/wild", false, ReasonCrash, "out of bounds memory access"},
		// Closing stdout closes the pipe the host reads.
		{"closeout", false, ReasonProtocol, "closed its output"},
		{"cpp/closeout", false, ReasonProtocol, "closed its output"},
		{"garbage", false, ReasonProtocol, "frame of"},
		{"silent", false, ReasonStalled, "blocked"},
		{"cpp/silent", false, ReasonStalled, "blocked"},
		{"loop", false, ReasonTimeout, "of CPU, budget 300ms"},
		{"cpp/loop", false, ReasonTimeout, "of CPU, budget 300ms"},
		// Start-up is charged: a package initialiser or a static
		// constructor that spins is frozen for time.
		{"initloop", true, ReasonTimeout, "before its first frame, budget 300ms"},
		{"cpp/initloop", true, ReasonTimeout, "before its first frame, budget 300ms"},
		{"badhello", true, ReasonProtocol, "expected the"},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.bot, "/", "_"), func(t *testing.T) {
			t.Parallel()
			art := compileTestBot(t, c.bot)
			opts := runOptions()
			opts.StartCPU = testCPU
			opts.StartTimeout = 3 * time.Second
			opts.WallGuard = 2 * time.Second
			if c.reason == ReasonMemory {
				opts.WallGuard = 10 * time.Second
			}
			b, err := Start(context.Background(), art, opts)
			if !c.start {
				if err != nil {
					t.Fatalf("Start: %v", err)
				}
				defer b.Close()
				budget := testCPU
				if c.reason == ReasonMemory {
					budget = 5 * time.Second // filling 256 MiB takes time
				}
				_, _, err = b.Exchange([]byte("ping"), budget)
			}
			var be *BotError
			if !errors.As(err, &be) || be.Reason != c.reason || !strings.Contains(be.Detail, c.detail) {
				t.Fatalf("want %s (%q), got %v", c.reason, c.detail, err)
			}
			t.Logf("%v", err)
		})
	}
}

// compileTestBot compiles a Go test bot NAME or a C++ one cpp/NAME.
func compileTestBot(t *testing.T, name string) Artifact {
	t.Helper()
	var art Artifact
	var log []byte
	var err error
	if cpp, ok := strings.CutPrefix(name, "cpp/"); ok {
		art, log, err = compileCpp(t, cpp)
	} else {
		art, log, err = compileBot(t, name)
	}
	if err != nil {
		t.Fatalf("compile %s: %v\n%s", name, err, log)
	}
	return art
}

// A C++ bot's cout, printf, puts, write(1) and cerr all go to its debug
// log, in order, and none into the protocol.
func TestCppPrint(t *testing.T) {
	art := compileTestBot(t, "cpp/print")
	b, err := Start(context.Background(), art, runOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"one", "two"} {
		if r, _, err := b.Exchange([]byte(m), time.Second); err != nil || string(r) != "printed" {
			t.Fatalf("%s: %q %v\nlog:\n%s", m, r, err, b.Log())
		}
	}
	b.Close()
	log := string(b.Log())
	at := 0
	for _, m := range []string{"one", "two"} {
		for _, want := range []string{"cout " + m, "printf " + m, "puts", "cerr", "stderr", "write1", "fwrite", "unflushed"} {
			i := strings.Index(log[at:], want)
			if i < 0 {
				t.Fatalf("%q missing from the log after byte %d:\n%s", want, at, log)
			}
			at += i + len(want)
		}
	}
}

// A module whose initial memory exceeds the limit does not start.
func TestStartMemory(t *testing.T) {
	art := compileTestBot(t, "cpp/echo")
	opts := runOptions()
	opts.MemoryLimit = 4 << 20 // its stack alone is 8 MiB
	_, err := Start(context.Background(), art, opts)
	if ReasonOf(err) != ReasonMemory || !strings.Contains(err.Error(), "needs 8 MiB of memory at start") {
		t.Fatalf("want memory at start, got %v", err)
	}
}

// A bot that fails to start keeps what it wrote: its player sees why.
func TestStartLog(t *testing.T) {
	art := compileTestBot(t, "cpp/initloop")
	opts := runOptions()
	opts.StartCPU = 100 * time.Millisecond
	_, err := Start(context.Background(), art, opts)
	if ReasonOf(err) != ReasonTimeout {
		t.Fatalf("want timeout, got %v", err)
	}
	art = compileTestBot(t, "badhello")
	_, err = Start(context.Background(), art, runOptions())
	log := StartLog(err)
	if ReasonOf(err) != ReasonProtocol || !strings.Contains(string(log), "saying something else") {
		t.Fatalf("want the log of a bad start, got %v and %q", err, log)
	}
}
