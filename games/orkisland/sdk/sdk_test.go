package sdk

import (
	"testing"
)

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
