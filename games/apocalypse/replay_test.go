package apocalypse

import (
	"encoding/json"
	"maps"
	"testing"

	"arena.dev/games/apocalypse/bots"
	"arena.dev/games/apocalypse/sdk"
	"arena.dev/games/wire"
)

// rebuilt is the state a viewer rebuilds from a replay, by the rules of
// docs/replay.md.
type rebuilt struct {
	n        int
	land     []byte
	fire     []int
	owners   []int
	soldiers map[int][4]int // player, i, j, life
	helis    map[int][6]int // player, i, j, orientation, napalm, parachuters
}

func rebuild(t *testing.T, raw json.RawMessage) *rebuilt {
	var in initial
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	r := &rebuilt{n: in.Max, fire: make([]int, in.Max*in.Max), soldiers: map[int][4]int{}, helis: map[int][6]int{}}
	for _, row := range in.Board {
		r.land = append(r.land, row...)
	}
	for _, f := range in.Fire {
		r.fire[f[0]*r.n+f[1]] = f[2]
	}
	for _, p := range in.Posts {
		r.owners = append(r.owners, p[3])
	}
	for _, u := range in.Soldiers {
		r.soldiers[u[0]] = [4]int{u[1], u[2], u[3], u[4]}
	}
	for _, h := range in.Helicopters {
		r.helis[h[0]] = [6]int{h[1], h[2], h[3], h[4], h[5], h[6]}
	}
	return r
}

// apply follows docs/replay.md: helicopters turn and fly as their
// commands say; napalm (a command with effect 1) burns the 5×5 below
// (forest FOREST_BURNS, other land OTHER_BURNS, not mountains), every
// other fire counts down and a forest whose fire goes out is grass, spread
// fires burn FOREST_BURNS; napalm counters count down or restart at
// ROUNDS_NAPALM; a soldier command with a positive code is a step; records
// give the rest.
func (r *rebuilt) apply(t *testing.T, cfg Config, changes, commands json.RawMessage) {
	var ch struct {
		Soldiers [][5]int
		Died     []int
		Paras    [][2]int `json:"parachuters"`
		Fire     [][2]int
		Posts    [][2]int
	}
	var cmd struct {
		Helis    [][]int `json:"helicopters"`
		Soldiers []int
	}
	if err := json.Unmarshal(changes, &ch); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(commands, &cmd); err != nil {
		t.Fatal(err)
	}
	n := r.n
	napalm := map[int]bool{}
	for _, c := range cmd.Helis {
		h := r.helis[c[0]]
		switch sdk.Instruction(c[1]) {
		case sdk.CounterClockwise:
			h[3] = (h[3] + 1) % 4
		case sdk.Clockwise:
			h[3] = (h[3] + 3) % 4
		case sdk.Napalm:
			napalm[c[0]] = c[2] == 1
		default:
			a := sdk.Ahead(h[3])
			h[1], h[2] = h[1]+c[2]*a.I, h[2]+c[2]*a.J
		}
		r.helis[c[0]] = h
	}
	burnt := map[int]bool{}
	for id, fell := range napalm {
		if !fell {
			continue
		}
		h := r.helis[id]
		for i := h[1] - 2; i <= h[1]+2; i++ {
			for j := h[2] - 2; j <= h[2]+2; j++ {
				c := i*n + j
				switch r.land[c] {
				case 'X':
					continue
				case ':':
					r.fire[c] = cfg.ForestBurns
				default:
					r.fire[c] = cfg.OtherBurns
				}
				burnt[c] = true
			}
		}
	}
	for c := range r.fire {
		if r.fire[c] > 0 && !burnt[c] {
			if r.fire[c]--; r.fire[c] == 0 && r.land[c] == ':' {
				r.land[c] = '.'
			}
		}
	}
	for _, f := range ch.Fire {
		r.fire[f[0]*n+f[1]] = cfg.ForestBurns
	}
	for _, p := range ch.Posts {
		r.owners[p[0]] = p[1]
	}
	for _, code := range cmd.Soldiers {
		if code > 0 {
			u := r.soldiers[code/10]
			d := sdk.SoldierDirs[code%10]
			r.soldiers[code/10] = [4]int{u[0], u[1] + d.I, u[2] + d.J, u[3]}
		}
	}
	for _, u := range ch.Soldiers {
		r.soldiers[u[0]] = [4]int{u[1], u[2], u[3], u[4]}
	}
	for _, id := range ch.Died {
		delete(r.soldiers, id)
	}
	for id, h := range r.helis {
		if napalm[id] {
			h[4] = cfg.RoundsNapalm
		} else {
			h[4] = max(0, h[4]-1)
		}
		r.helis[id] = h
	}
	for _, c := range ch.Paras {
		h := r.helis[c[0]]
		h[5] = c[1]
		r.helis[c[0]] = h
	}
}

// equal compares the rebuilt state with the engine's.
func (r *rebuilt) check(t *testing.T, s *State) {
	t.Helper()
	for c, l := range s.Land {
		if r.land[c] != letter(l) || r.fire[c] != s.Fire[c] {
			t.Fatalf("round %d: cell %d: rebuilt %c/%d, engine %c/%d", s.Round, c, r.land[c], r.fire[c], letter(l), s.Fire[c])
		}
	}
	for k, p := range s.Posts {
		if r.owners[k] != p.Owner {
			t.Fatalf("round %d: post %d", s.Round, k)
		}
	}
	want := map[int][4]int{}
	for _, u := range s.Soldiers {
		want[u.ID] = [4]int{u.Player, u.Cell / s.N, u.Cell % s.N, u.Life}
	}
	if !maps.Equal(want, r.soldiers) {
		t.Fatalf("round %d: soldiers differ", s.Round)
	}
	for _, h := range s.Helis {
		if got := r.helis[h.ID]; got != [6]int{h.Player, h.Cell / s.N, h.Cell % s.N, h.Ori, h.Napalm, len(h.Para)} {
			t.Fatalf("round %d: helicopter %d: rebuilt %v, engine %+v", s.Round, h.ID, got, h)
		}
	}
}

// The replay payloads and the rules docs/replay.md gives rebuild the
// engine's state after every round, on both variants.
func TestReplayRebuildsState(t *testing.T) {
	for _, g := range []Game{{}, {Redux: true}} {
		for seed := range uint64(4) {
			gm, err := g.NewMatch(g.Info().Defaults(), nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			m := gm.(*match)
			raw, err := json.Marshal(m.Initial())
			if err != nil {
				t.Fatal(err)
			}
			r := rebuild(t, raw)
			r.check(t, m.s)
			var sessions []*wire.Session
			for p := range 4 {
				b, _ := bots.Roster.New([]string{"Demo", "Dummy", "Demo", "Dummy"}[p])
				s := sdk.NewSession(b)
				s.Handle(m.Setup(p, Game{}.Info().SeatSeed(seed, p)))
				sessions = append(sessions, s)
			}
			cpu := make([]float64, 4)
			for !m.Done() {
				for p, s := range sessions {
					reply, _ := s.Handle(m.View(p, cpu))
					m.Commands(p, reply)
				}
				m.Step()
				changes, err := json.Marshal(m.Changes())
				if err != nil {
					t.Fatal(err)
				}
				commands, err := json.Marshal(m.Executed())
				if err != nil {
					t.Fatal(err)
				}
				r.apply(t, m.s.Cfg, changes, commands)
				r.check(t, m.s)
			}
		}
	}
}
