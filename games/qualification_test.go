package games

import (
	"slices"
	"testing"
)

func TestQualificationBoard(t *testing.T) {
	for _, c := range []struct {
		boards    int
		generated bool
		want      []int
	}{
		{0, false, []int{-1, -1, -1, -1}},
		{0, true, []int{-1, -1, -1, -1}},
		{1, false, []int{0, 0, 0, 0}},
		{3, false, []int{0, 1, 2, 0}},
		{1, true, []int{0, -1, 0, -1}},
		{2, true, []int{0, 1, -1, 0}},
	} {
		var got []int
		for i := range 4 {
			got = append(got, QualificationBoard(i, c.boards, c.generated))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%d boards, generated %v: %v, want %v", c.boards, c.generated, got, c.want)
		}
	}
}

func TestPlace(t *testing.T) {
	for _, c := range []struct {
		scores      []int
		seat, place int
		tied, first bool
	}{
		{[]int{50, 20, 10, 5}, 0, 1, false, true},
		{[]int{50, 50, 10, 5}, 1, 1, true, false},
		{[]int{5, 20, 10, 50}, 0, 4, false, false},
		{[]int{10, 20, 10, 5}, 2, 2, true, false},
	} {
		place, tied := Place(c.scores, c.seat)
		if place != c.place || tied != c.tied || AloneFirst(c.scores, c.seat) != c.first {
			t.Errorf("%v seat %d: place %d tied %v alone first %v", c.scores, c.seat, place, tied, AloneFirst(c.scores, c.seat))
		}
	}
}

func TestPlayCommand(t *testing.T) {
	got := PlayCommand("apocalypse", []string{"Dummy", "bot.cc", "Dummy", "Dummy"}, 2, "my board.cnf", Settings{"b": 2, "a": 1})
	want := "arena play apocalypse Dummy bot.cc Dummy Dummy -s 2 --board 'my board.cnf' --set a=1 --set b=2"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := PlayCommand("orkisland", []string{"it's.go"}, 1, "", nil); got != `arena play orkisland 'it'\''s.go' -s 1` {
		t.Errorf("quoting: %s", got)
	}
}

func TestQualifyCommand(t *testing.T) {
	if got, want := QualifyCommand("poquemon", "main.go", 4, []string{"default.cnf"}, nil),
		"arena play poquemon main.go --qualify --board default.cnf"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, want := QualifyCommand("orkisland", "AI x.cc", 6, nil, Settings{"nb_rounds": 50}),
		"arena play orkisland 'AI x.cc' --qualify -n 6 --set nb_rounds=50"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
