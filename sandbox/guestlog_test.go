package sandbox

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"
)

// logBot is a bot that prints a known log (testdata/cpp/chatty.cc,
// testdata/bots/chatty.go): lines(r, n) is what it prints in its round r
// given n, ending with half a line the next round ends.
type logBot struct {
	name  string // for compileTestBot
	lines func(r, n int) string
	// said is what it prints before it crashes, exits at once or spins:
	// the C++ one says so on cerr, which flushes stdout.
	said func(action string) string
}

var logBots = []logBot{
	{"cpp/chatty", func(r, n int) string {
		return chattyLines(r, n, "cout", "stderr", "cerr", "printf", "puts")
	}, func(action string) string { return action + "\n" }},
	{"chatty", func(r, n int) string { return chattyLines(r, n, "println", "stderr") }, func(string) string { return "" }},
}

func chattyLines(r, n int, via ...string) string {
	var b strings.Builder
	for k := range n {
		fmt.Fprintf(&b, "r %d line %d %s\n", r, k, via[k%len(via)])
	}
	fmt.Fprintf(&b, "partial %d ", r)
	return b.String()
}

// playLog starts bot, sends it frames and closes it; it returns its log
// and the last exchange's error.
func playLog(t *testing.T, bot logBot, opts RunOptions, frames ...string) (string, error) {
	t.Helper()
	b, err := Start(context.Background(), compileTestBot(t, bot.name), opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range frames {
		reply, _, err := b.Exchange([]byte(f), 200*time.Millisecond)
		if i == len(frames)-1 && err != nil {
			b.Close()
			return string(b.Log()), err
		}
		if err != nil || string(reply) != "ok" {
			t.Fatalf("%q: %q %v\nlog:\n%s", f, reply, err, b.Log())
		}
	}
	b.Close()
	return string(b.Log()), nil
}

// The log is what the bot printed, cout, cerr, printf, puts and stderr (Go:
// stdout and stderr) interleaved as it printed them, a line split across
// rounds whole, though it reaches the host once a round.
func TestLogOrder(t *testing.T) {
	for _, bot := range logBots {
		t.Run(bot.name, func(t *testing.T) {
			t.Parallel()
			log, _ := playLog(t, bot, runOptions(), "ok 7", "ok 12", "ok 0", "ok 3")
			want := bot.lines(0, 7) + bot.lines(1, 12) + bot.lines(2, 0) + bot.lines(3, 3)
			if log != want {
				t.Fatalf("log:\n%s\nwant:\n%s", log, want)
			}
		})
	}
}

// The log is capped as before: its first LogLimit bytes, and how many more
// were dropped.
func TestLogCap(t *testing.T) {
	for _, bot := range logBots {
		t.Run(bot.name, func(t *testing.T) {
			t.Parallel()
			opts := runOptions()
			opts.LogLimit = 1000
			log, _ := playLog(t, bot, opts, "flood 700", "flood 700", "flood 5000")
			want := strings.Repeat("x", 1000) + "\n[... log truncated: 5400 more bytes dropped]\n"
			if log != want {
				t.Fatalf("log %q, want %q", log, want)
			}
		})
	}
}

// A bot that crashes or exits in the middle of a round has in its log all
// it printed until then (C++: what stdout held too, when exit flushes it),
// and then why it crashed.
func TestLogEnds(t *testing.T) {
	cases := []struct {
		bot    logBot
		action string
		reason Reason
		tail   string // what follows its lines
	}{
		{logBots[0], "abort", ReasonCrash, "abort\n\n[arena] the bot crashed: "},
		{logBots[0], "wild", ReasonCrash, "wild\n\n[arena] the bot crashed: "},
		{logBots[0], "exit", ReasonExit, "unflushed"},
		{logBots[0], "_exit", ReasonExit, "_exit\nraw\n"},
		{logBots[1], "panic", ReasonCrash, "panic: boom\n"},
		{logBots[1], "exit", ReasonExit, ""},
	}
	for _, c := range cases {
		t.Run(c.bot.name+"/"+c.action, func(t *testing.T) {
			t.Parallel()
			log, err := playLog(t, c.bot, runOptions(), "ok 4", c.action+" 9")
			if ReasonOf(err) != c.reason {
				t.Fatalf("want %s, got %v", c.reason, err)
			}
			want := c.bot.lines(0, 4) + c.bot.lines(1, 9) + c.tail
			if c.tail == "" && log != want || !strings.HasPrefix(log, want) {
				t.Fatalf("log:\n%s\nwant:\n%s", log, want)
			}
		})
	}
}

// A bot frozen for CPU in the middle of a round was killed where it spun:
// its log has every earlier round and of this one, what it printed but
// the last chunk at most (logChunk: the C++ runtime's buffer, or the
// child's), and says where it stops.
func TestLogFrozen(t *testing.T) {
	for _, bot := range logBots {
		t.Run(bot.name, func(t *testing.T) {
			t.Parallel()
			log, err := playLog(t, bot, runOptions(), "ok 4", "spin 600")
			if ReasonOf(err) != ReasonTimeout {
				t.Fatalf("want %s, got %v", ReasonTimeout, err)
			}
			before, all := bot.lines(0, 4), bot.lines(0, 4)+bot.lines(1, 600)+bot.said("spin")
			log, note, ok := strings.Cut(log, "\n[arena] stopped here (bot timeout: ")
			if !ok || !strings.HasSuffix(note, "): up to 4 KB it printed last may be missing\n") {
				t.Errorf("the log does not say where it stops: %q", note)
			}
			if !strings.HasPrefix(all, log) || len(log) < len(all)-logChunk || len(log) < len(before) {
				t.Fatalf("%d bytes of log, of %d printed (%d before this round):\n%s", len(log), len(all), len(before), log)
			}
			t.Logf("%d bytes of the %d printed", len(log), len(all))
		})
	}
}

// What the child takes from a C++ guest's log buffer stays within the
// guest's memory and maxGuestLog, whatever the guest wrote there.
func TestLogTakeGuestLog(t *testing.T) {
	mem := make([]byte, 1<<17)
	put := func(at, n uint32) {
		binary.LittleEndian.PutUint32(mem[at:], n)
		for i := range min(n, uint32(len(mem))-at-4) {
			mem[at+4+i] = 'a' + byte(i%26)
		}
	}
	for _, c := range []struct {
		at, n uint32
		want  int // bytes taken
	}{
		{100, 5, 5},
		{100, 0, 0},
		{100, maxGuestLog + 10, maxGuestLog},
		{1<<17 - 10, 100, 0},  // past the end of memory
		{1<<17 - 2, 1, 0},     // its length past the end
		{0xfffffff0, 1, 0},    // its address past the end
		{1<<17 - 4 - 6, 6, 6}, // its last byte the memory's last
	} {
		if c.at+4 <= uint32(len(mem)) {
			put(c.at, c.n)
		}
		var log strings.Builder
		takeGuestLog(mem, c.at, &log)
		if log.Len() != c.want {
			t.Errorf("buffer at %d holding %d: took %d bytes, want %d", c.at, c.n, log.Len(), c.want)
		}
		if c.want > 0 && (log.String()[:1] != "a" || binary.LittleEndian.Uint32(mem[c.at:]) != 0) {
			t.Errorf("buffer at %d: took %.10q, left its length %d", c.at, log.String(), binary.LittleEndian.Uint32(mem[c.at:]))
		}
	}
}
