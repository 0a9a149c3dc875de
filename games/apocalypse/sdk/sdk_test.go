package sdk

import (
	"testing"
)

// Garbage frames are errors, never panics, even after a failed one.
func FuzzHandle(f *testing.F) {
	f.Add([]byte{1, 0, 0}, []byte{1, 0})
	f.Fuzz(func(t *testing.T, setup, round []byte) {
		s := NewSession(busy{})
		if _, err := s.Handle(setup); err != nil {
			return
		}
		s.Handle(round)
		s.Handle(round)
	})
}

// busy calls every query and command on whatever it was given.
type busy struct{}

func (busy) Play(g *Game) {
	for p := -1; p <= g.NumPlayers(); p++ {
		for _, id := range g.Soldiers(p) {
			d := g.Data(id)
			g.CommandSoldier(id, d.Pos.I+1, d.Pos.J)
		}
		for _, id := range g.Helicopters(p) {
			d := g.Data(id)
			g.CommandHelicopter(id, Forward2)
			g.CommandParachuter(d.Pos.I, d.Pos.J)
		}
		g.TotalScore(p)
		g.Status(p)
	}
	for _, p := range g.Posts() {
		g.PostOwner(p.Pos.I, p.Pos.J)
		g.PostValue(p.Pos.I, p.Pos.J)
	}
	for i := -1; i <= g.Max(); i += 7 {
		g.What(i, i)
		g.FireTime(i, i)
		g.WhichSoldier(i, i)
		g.WhichHelicopter(i, i)
	}
}

func TestCovers(t *testing.T) {
	c := Pos{10, 10}
	for _, p := range []Pos{{8, 8}, {12, 12}, {10, 10}, {8, 12}} {
		if !Covers(c, p) {
			t.Errorf("%v not covered", p)
		}
	}
	for _, p := range []Pos{{7, 10}, {10, 13}, {13, 13}} {
		if Covers(c, p) {
			t.Errorf("%v covered", p)
		}
	}
}
