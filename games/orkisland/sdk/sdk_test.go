package sdk

import (
	"testing"
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
