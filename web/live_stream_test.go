package web

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// serveStream without a database: a subscription of its own (ready, not
// the hub's), a channel of numbers for changes.
func runTestStream(t *testing.T, l liveStream[int], feed func(sub *subscription, in chan<- int)) string {
	t.Helper()
	h := newHub(nil, slog.Default())
	in := make(chan int)
	l.sub, l.in = &subscription{ready: closedChan, gone: make(chan struct{})}, in
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		serveStream(h, rec, httptest.NewRequest("GET", "/events", nil), l)
	}()
	go feed(l.sub, in)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end")
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	return rec.Body.String()
}

// A stream says it listens, sends its start, then each change, with
// heartbeats while idle, until its part says it is over.
func TestServeStreamSendsUntilOver(t *testing.T) {
	defer func(d time.Duration) { eventsHeartbeat = d }(eventsHeartbeat)
	eventsHeartbeat = 20 * time.Millisecond
	body := runTestStream(t, liveStream[int]{
		start: func(w io.Writer) (bool, error) { _, err := io.WriteString(w, "event: start\n\n"); return false, err },
		send: func(w io.Writer, n int) (bool, error) {
			_, err := fmt.Fprintf(w, "event: n%d\n\n", n)
			return n == 3, err
		},
	}, func(_ *subscription, in chan<- int) {
		in <- 1
		time.Sleep(100 * time.Millisecond) // idle: heartbeats
		in <- 3
		select { // never taken: the stream is over
		case in <- 4:
		case <-time.After(time.Second):
		}
	})
	order := []string{": listening", "event: start", "event: n1", ": ping", "event: n3"}
	at := 0
	for _, want := range order {
		i := strings.Index(body[at:], want)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", want, body)
		}
		at += i
	}
	if strings.Contains(body, "n4") {
		t.Errorf("a change after the end was sent:\n%s", body)
	}
}

// The hub ending the subscription ends the stream; so does a part that
// fails at start, before any change.
func TestServeStreamEnds(t *testing.T) {
	body := runTestStream(t, liveStream[int]{
		send: func(w io.Writer, n int) (bool, error) {
			_, err := fmt.Fprintf(w, "event: n%d\n\n", n)
			return false, err
		},
	}, func(sub *subscription, in chan<- int) {
		in <- 1
		close(sub.gone)
	})
	if !strings.Contains(body, "event: n1") {
		t.Errorf("the change before the end was not sent:\n%s", body)
	}
	body = runTestStream(t, liveStream[int]{
		start: func(io.Writer) (bool, error) { return false, errors.New("no database") },
		send: func(w io.Writer, n int) (bool, error) {
			_, err := fmt.Fprintf(w, "event: n%d\n\n", n)
			return false, err
		},
	}, func(_ *subscription, in chan<- int) {
		select {
		case in <- 1:
		case <-time.After(time.Second):
		}
	})
	if strings.Contains(body, "event: n1") {
		t.Errorf("a change was sent after start failed:\n%s", body)
	}
}
