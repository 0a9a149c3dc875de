package sandbox

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A bot's log is cut by exchange: what it printed while it played round k
// is in section k, whatever the chunks it reached the host in.
func TestLogByExchange(t *testing.T) {
	for _, bot := range logBots {
		t.Run(bot.name, func(t *testing.T) {
			t.Parallel()
			b, err := Start(context.Background(), compileTestBot(t, bot.name), runOptions())
			if err != nil {
				t.Fatal(err)
			}
			counts := []int{3, 0, 40, 2, 0, 0, 1}
			for _, n := range counts {
				reply, _, err := b.Exchange([]byte("ok "+strconv.Itoa(n)), 200*time.Millisecond)
				if err != nil || string(reply) != "ok" {
					t.Fatalf("%q %v", reply, err)
				}
			}
			b.Close()
			got := b.LogByExchange()
			if len(got) != len(counts)+1 {
				t.Fatalf("%d sections, want %d", len(got), len(counts)+1)
			}
			for k, n := range counts {
				if want := bot.lines(k, n); string(got[k]) != want {
					t.Errorf("exchange %d: %q, want %q", k, got[k], want)
				}
			}
			if len(got[len(counts)]) != 0 {
				t.Errorf("after the last reply: %q", got[len(counts)])
			}
		})
	}
}

// A log over its cap keeps its first bytes; the section in which the cap
// was reached ends with the note, and those after it are empty.
func TestLogSectionsCut(t *testing.T) {
	opts := runOptions()
	opts.LogLimit = 1000
	b, err := Start(context.Background(), compileTestBot(t, "chatty"), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"flood 600", "flood 600", "flood 600", "ok 2"} {
		if _, _, err := b.Exchange([]byte(f), 200*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	b.Close()
	got := b.LogByExchange()
	if len(got) != 5 || len(got[0]) != 600 || !strings.HasPrefix(string(got[1]), strings.Repeat("x", 400)+"\n[... log truncated: ") ||
		len(got[2]) != 0 || len(got[3]) != 0 {
		t.Fatalf("sections %q", got)
	}
	if !strings.Contains(string(b.Log()), "[... log truncated: ") {
		t.Fatal("the whole log lost its note")
	}
}
