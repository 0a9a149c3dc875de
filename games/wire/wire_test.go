package wire

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	var b bytes.Buffer
	for _, msg := range []string{"", Hello, "hello world"} {
		if err := Write(&b, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"", Hello, "hello world"} {
		got, err := Read(&b, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
	if _, err := Read(&b, nil, 0); err != io.EOF {
		t.Fatalf("at end: got %v, want io.EOF", err)
	}
}

func TestLimitAndTruncation(t *testing.T) {
	var b bytes.Buffer
	Write(&b, make([]byte, 100))
	if _, err := Read(bytes.NewReader(b.Bytes()), nil, 10); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over limit: got %v", err)
	}
	if _, err := Read(bytes.NewReader(b.Bytes()[:50]), nil, 0); err != io.ErrUnexpectedEOF {
		t.Fatalf("truncated: got %v", err)
	}
}

// echo is a State that answers each round with the frame it got.
type echo struct{ last []byte }

func (e *echo) Setup(frame []byte) error {
	if len(frame) != 1 || frame[0] != 1 {
		return errors.New("unknown setup")
	}
	return nil
}
func (e *echo) Update(frame []byte) error { e.last = frame; return nil }
func (e *echo) Play(b []byte) []byte      { return append(b, e.last...) }

// Serve speaks docs/protocol.md: hello first, an empty reply to the setup,
// one reply per round, and it returns cleanly when the host closes its
// input.
func TestServeProtocol(t *testing.T) {
	var in bytes.Buffer
	for _, f := range []string{"\x01", "abc", "de"} {
		Write(&in, []byte(f))
	}
	var out bytes.Buffer
	if err := Serve(&in, &out, NewSession(&echo{})); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{Hello, "", "abc", "de"} {
		got, err := Read(&out, nil, 0)
		if err != nil || string(got) != want {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}

	in.Reset()
	Write(&in, []byte{9}) // an unknown setup
	if err := Serve(&in, io.Discard, NewSession(&echo{})); err == nil || !strings.Contains(err.Error(), "setup frame") {
		t.Fatalf("bad setup: %v", err)
	}
	if err := Serve(errReader{}, io.Discard, NewSession(&echo{})); err == nil {
		t.Fatal("read error ignored")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestReader(t *testing.T) {
	b := AppendUint(nil, 300)
	b = AppendInt(b, -5)
	b = AppendBool(b, true)
	b = append(b, 7)
	b = AppendUint(b, 2)
	r := NewReader(b)
	if r.Uint() != 300 || r.Int() != -5 || !r.Bool() || r.Byte() != 7 || r.Below(2, "x") != 0 || r.Err() == nil {
		t.Fatalf("decoded wrongly, err %v", r.Err())
	}
	if !strings.Contains(r.Err().Error(), "x 2 out of range") {
		t.Fatalf("error %v", r.Err())
	}
	// A forged count longer than what is left fails before any loop.
	if r := NewReader(AppendUint(nil, 1000)); r.Count() != 0 || r.Err() != ErrShort {
		t.Fatal("forged count accepted")
	}
	if r := NewReader([]byte{1, 2}); r.Byte() != 1 || r.End() == nil {
		t.Fatal("trailing byte accepted")
	}
	if r := NewReader(AppendUint(nil, MaxUint+1)); r.Uint() != 0 || r.Err() == nil {
		t.Fatal("overflowing value accepted")
	}
}

func TestAppendChanges(t *testing.T) {
	now := []int{5, -1, 7}
	seen := Unseen(3, -2)
	put := func(b []byte, v int) []byte { return AppendInt(b, v) }
	b := AppendChanges(nil, now, seen, put)
	r := NewReader(b)
	if n := r.Count(); n != 3 {
		t.Fatalf("first frame: %d changes", n)
	}
	now[1] = 4
	b = AppendChanges(nil, now, seen, put)
	r = NewReader(b)
	if r.Uint() != 1 || r.Uint() != 1 || r.Int() != 4 || r.End() != nil {
		t.Fatalf("second frame %v", b)
	}
	if AppendChanges(nil, now, seen, put)[0] != 0 {
		t.Fatal("unchanged values sent again")
	}
}
