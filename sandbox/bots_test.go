package sandbox

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// A test bot declares its expected outcome on its first line:
//
//	// want: refused bot.go:LINE:COL   Compile refuses it, naming the line
//	// want: compile-error [TEXT]      the build fails (TEXT in the log)
//	// want: start REASON              Start fails with REASON
//	// want: frozen REASON[|REASON]    the first exchange freezes it
//	// want: reply REGEXP              the first exchange answers REGEXP
//
// An optional last field cpu=DURATION sets the exchange's CPU budget; a
// case that ends in [linux] needs the Linux walls (the build's root, its
// rlimits) and is skipped without them (portable.go).
type want struct {
	kind, arg string
	cpu       time.Duration
	linux     bool // only behind the Linux walls (a build's root and rlimits)
}

func readWant(t *testing.T, path string) want {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// want: ")
	if !ok {
		t.Fatalf("%s: first line must be // want: ...", path)
	}
	w := want{cpu: testCPU}
	rest, w.linux = strings.CutSuffix(rest, " [linux]")
	if i := strings.LastIndex(rest, " cpu="); i >= 0 {
		if w.cpu, err = time.ParseDuration(rest[i+5:]); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rest = rest[:i]
	}
	w.kind, w.arg, _ = strings.Cut(rest, " ")
	return w
}

// The exchange budget of the hostile bots: short, so the suite is fast.
const testCPU = 300 * time.Millisecond

// survivor is a well-behaved bot shared by the hostile cases: after each
// one, it must still answer normally.
var survivor struct {
	sync.Mutex
	bot *Bot
}

func checkSurvivor(t *testing.T) {
	t.Helper()
	survivor.Lock()
	defer survivor.Unlock()
	reply, _, err := survivor.bot.Exchange([]byte("still there?"), time.Second)
	if err != nil || string(reply) != "echo:still there?" {
		t.Fatalf("the well-behaved bot after this one: %q, %v", reply, err)
	}
	if _, err := os.Stat(escapeFile); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s exists on the host: %v", escapeFile, err)
	}
}

func TestBots(t *testing.T) {
	os.Remove(escapeFile)
	survivor.bot = startBot(t, "echo", runOptions())
	goroutines := runtime.NumGoroutine()

	paths, _ := filepath.Glob("testdata/bots/*.go")
	if len(paths) < 30 {
		t.Fatalf("only %d test bots", len(paths))
	}
	t.Run("bot", func(t *testing.T) {
		for _, path := range paths {
			name := strings.TrimSuffix(filepath.Base(path), ".go")
			w := readWant(t, path)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				runCase(t, func() (Artifact, []byte, error) { return compileBot(t, name) }, w)
				checkSurvivor(t)
			})
		}
	})
	// Every child is reaped and every goroutine of theirs has ended.
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left, %d before:\n%s", n, goroutines, buf[:runtime.Stack(buf, true)])
	}
}

// runCase compiles a test bot and checks it does what it declares.
func runCase(t *testing.T, compile func() (Artifact, []byte, error), w want) {
	if w.linux && !linuxWalls {
		t.Skip("needs the Linux walls")
	}
	art, log, err := compile()
	var ce *CompileError
	switch w.kind {
	case "refused", "compile-error":
		if !errors.As(err, &ce) {
			t.Fatalf("want a compile error, got %v (artifact %+v)", err, art)
		}
		if !strings.Contains(ce.Log, w.arg) || !strings.Contains(string(log), w.arg) {
			t.Fatalf("want %q in the message, got:\n%s", w.arg, ce.Log)
		}
		if w.kind == "refused" && !strings.Contains(ce.Log, "not allowed") {
			t.Fatalf("want a refusal, got:\n%s", ce.Log)
		}
		if strings.Contains(ce.Log, testDir) || strings.Contains(ce.Log, os.TempDir()+"/arena-build") ||
			strings.Contains(ce.Log, "arena.dev/bot") || strings.Contains(ce.Log, "/usr/") {
			t.Fatalf("host paths leak into the message:\n%s", ce.Log)
		}
		return
	}
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	opts := runOptions()
	opts.WallGuard = 2*w.cpu + time.Second
	opts.StartTimeout = 3 * time.Second
	// Only the start cases test the start budget: the others start as any
	// bot does, and a Go runtime's start can pass 300 ms of CPU on a
	// loaded machine (CI saw 303 ms).
	opts.StartCPU = max(w.cpu, 2*time.Second)
	if w.kind == "start" {
		opts.StartCPU = w.cpu
	}
	b, err := Start(context.Background(), art, opts)
	if w.kind == "start" {
		if got := ReasonOf(err); got != Reason(w.arg) {
			t.Fatalf("Start: want %s, got %v", w.arg, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer func() {
		b.Close()
		if !processGone(b) {
			t.Errorf("child %d still exists after Close", b.p.cmd.Process.Pid)
		}
	}()
	reply, cpu, err := b.Exchange([]byte("ping"), w.cpu)
	switch w.kind {
	case "reply":
		if err != nil {
			t.Fatalf("Exchange: %v\nlog: %s", err, lastBytes(b, 2000))
		}
		if !regexp.MustCompile(w.arg).Match(reply) {
			t.Fatalf("reply %q does not match %s", reply, w.arg)
		}
	case "frozen":
		got := ReasonOf(err)
		if got == "" || !strings.Contains("|"+w.arg+"|", "|"+string(got)+"|") {
			t.Fatalf("want frozen %s, got reply %q, err %v\nlog: %s", w.arg, reply, err, lastBytes(b, 2000))
		}
		if got == ReasonTimeout && cpu < w.cpu {
			t.Errorf("frozen for time after %v of CPU, budget %v", cpu, w.cpu)
		}
		if _, _, again := b.Exchange([]byte("ping"), w.cpu); again != err {
			t.Errorf("a frozen bot answered %v the second time", again)
		}
		t.Logf("%v (cpu %v)", err, cpu.Round(time.Millisecond))
	default:
		t.Fatalf("unknown want %q", w.kind)
	}
}

// processGone reports whether a closed bot's child has been reaped.
func processGone(b *Bot) bool {
	select {
	case <-b.p.exited:
	default:
		return false
	}
	_, err := os.Stat(filepath.Join("/proc", strconv.Itoa(b.p.cmd.Process.Pid)))
	return errors.Is(err, os.ErrNotExist)
}

func poolStart(t *testing.T, pl *Pool, name string, seed uint64) *Bot {
	t.Helper()
	art, _, err := compileBot(t, name)
	if err != nil {
		t.Fatal(err)
	}
	opts := runOptions()
	opts.Seed = seed
	b, err := pl.Start(context.Background(), art, opts)
	if err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	return b
}

func exchange3(t *testing.T, b *Bot) string {
	t.Helper()
	var all string
	for range 3 {
		r, _, err := b.Exchange([]byte("x"), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		all += string(r) + "\n"
	}
	return all
}
