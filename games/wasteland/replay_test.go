package wasteland

import (
	"encoding/json"
	"slices"
	"testing"

	"arena.dev/games"
)

// replayState is the state a viewer rebuilds from a replay, following
// docs/replay.md.
type replayState struct {
	Board    [][]byte
	Cars     [][7]int
	Missiles [][4]int
}

func (r *replayState) apply(t *testing.T, raw json.RawMessage, cols int) {
	var ch struct {
		Cars  [][7]int
		Shot  [][4]int
		Gone  []int
		Cells [][3]any
		Booms [][2]int
	}
	if err := json.Unmarshal(raw, &ch); err != nil {
		t.Fatal(err)
	}
	for id := range r.Cars { // dead cars count down
		if c := &r.Cars[id]; c[5] == 0 {
			c[6] = max(0, c[6]-1)
		}
	}
	for _, c := range ch.Cars {
		r.Cars[c[0]] = c
	}
	var ms [][4]int
	for _, m := range r.Missiles {
		if !slices.Contains(ch.Gone, m[0]) {
			m[3] = (m[3] + 2) % cols
			ms = append(ms, m)
		}
	}
	r.Missiles = append(ms, ch.Shot...)
	slices.SortFunc(r.Missiles, func(a, b [4]int) int { return a[0] - b[0] })
	for _, c := range ch.Cells {
		r.Board[int(c[0].(float64))][int(c[1].(float64))] = c[2].(string)[0]
	}
}

// Applying the replay's changes as docs/replay.md says rebuilds the
// engine's state after every round.
func TestReplayRebuildsState(t *testing.T) {
	for seed := range uint64(6) {
		var board games.Board
		if seed%2 == 1 {
			board = defaultBoard(t)
		}
		gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), board, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		sessions := newSessions(t, m, seed, "Dummy", "Dummy", "Demo", "Dummy")
		raw, _ := json.Marshal(m.Initial())
		var in struct {
			Cols     int
			Board    []string
			Cars     [][7]int
			Missiles [][4]int
		}
		if err := json.Unmarshal(raw, &in); err != nil {
			t.Fatal(err)
		}
		r := replayState{Cars: in.Cars, Missiles: in.Missiles}
		for _, row := range in.Board {
			r.Board = append(r.Board, []byte(row))
		}
		for !m.Done() {
			for p, s := range sessions {
				reply, _ := s.Handle(m.View(p, make([]float64, 4)))
				m.Commands(p, reply)
			}
			m.Step()
			raw, _ := json.Marshal(m.Changes())
			r.apply(t, raw, in.Cols)
			s := m.s
			for i, row := range r.Board {
				for j, ch := range row {
					if ch != letter(s.content(i*in.Cols+j)) {
						t.Fatalf("seed %d round %d: cell (%d,%d) %c, engine %v", seed, s.Round, i, j, ch, s.Cells[i*in.Cols+j])
					}
				}
			}
			for id, c := range s.Cars {
				alive := 0
				if c.Alive {
					alive = 1
				}
				if r.Cars[id] != [7]int{id, c.Pos.I, c.Pos.J, c.Missiles, c.Gas, alive, c.Time} {
					t.Fatalf("seed %d round %d: car %d %v, engine %+v", seed, s.Round, id, r.Cars[id], c)
				}
			}
			var ms [][4]int
			for _, x := range s.Missiles {
				ms = append(ms, [4]int{x.ID, x.Car, x.Pos.I, x.Pos.J})
			}
			if !slices.Equal(ms, r.Missiles) {
				t.Fatalf("seed %d round %d: missiles %v, engine %v", seed, s.Round, r.Missiles, ms)
			}
		}
	}
}
