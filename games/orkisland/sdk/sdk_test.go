package sdk

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"arena.dev/games/wire"
)

func TestCommandsRoundTrip(t *testing.T) {
	in := []Command{{0, Bottom}, {59, None}, {1 << 20, Left}, {7, Dir(200)}}
	out, err := DecodeCommands(AppendCommands(nil, in), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %v", out)
	}
	for i := range in {
		if in[i] != out[i] {
			t.Fatalf("got %v, want %v", out, in)
		}
	}
}

func FuzzDecodeCommands(f *testing.F) {
	f.Add(AppendCommands(nil, []Command{{3, Top}}))
	f.Add([]byte{0x80})
	f.Add([]byte{0xe9, 0x07})
	f.Fuzz(func(t *testing.T, frame []byte) {
		cmds, err := DecodeCommands(frame, nil)
		if err != nil {
			return
		}
		if len(cmds) > MaxCommands {
			t.Fatal("too many commands accepted")
		}
		again, err := DecodeCommands(AppendCommands(nil, cmds), nil)
		if err != nil || len(again) != len(cmds) {
			t.Fatalf("re-encoding fails: %v", err)
		}
	})
}

// Garbage frames are errors, never panics.
func FuzzHandle(f *testing.F) {
	f.Add([]byte{1, 0, 0}, []byte{1, 0})
	f.Fuzz(func(t *testing.T, setup, round []byte) {
		s := NewSession(nop{})
		if _, err := s.Handle(setup); err != nil {
			return
		}
		s.Handle(round)
	})
}

type nop struct{}

func (nop) Play(g *Game) {
	for _, id := range g.Orks(g.Me()) {
		g.Move(id, Bottom)
	}
}

func TestPosMove(t *testing.T) {
	p := Pos{5, 5}
	want := map[Dir]Pos{Bottom: {6, 5}, Right: {5, 6}, Top: {4, 5}, Left: {5, 4}, None: {5, 5}, Dir(9): {5, 5}}
	for d, w := range want {
		if got := p.Move(d); got != w {
			t.Errorf("%v: %v, want %v", d, got, w)
		}
	}
}

// serve speaks docs/protocol.md: hello first, one reply per frame, and it
// returns cleanly when the host closes its input.
func TestServeProtocol(t *testing.T) {
	var in bytes.Buffer
	wire.Write(&in, []byte{9}) // an unknown setup version
	var out bytes.Buffer
	err := serve(&in, &out, nop{})
	if err == nil {
		t.Fatal("bad setup accepted")
	}
	hello, rerr := wire.Read(&out, nil, 0)
	if rerr != nil || string(hello) != wire.Hello {
		t.Fatalf("first frame %q, %v", hello, rerr)
	}
	if err := serve(bytes.NewReader(nil), io.Discard, nop{}); err != nil {
		t.Fatalf("closed input: %v", err)
	}
	if err := serve(errReader{}, io.Discard, nop{}); err == nil {
		t.Fatal("read error ignored")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("broken pipe") }
