package wire

import (
	"bytes"
	"errors"
	"io"
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
