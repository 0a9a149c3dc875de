package poquemon

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/poquemon/bots"
	"arena.dev/games/poquemon/proto"
	"arena.dev/games/poquemon/sdk"
	"arena.dev/games/wire"
)

// sees is the visibility rule written out plainly, independently of
// State.Sees, as the original's hide_opponents applies it: cell c shows an
// opponent to player p when one of p's Poquémon, alive or dead (where it
// died), is on c's row or column, not on c itself, and every cell strictly
// between them is neither a wall nor a present ghost wall.
func sees(s *State, p, target int) bool {
	cols := s.B.Cols
	ti, tj := target/cols, target%cols
	for _, q := range s.Poq {
		if q.Player != p || q.Cell == target {
			continue
		}
		qi, qj := q.Cell/cols, q.Cell%cols
		if qi != ti && qj != tj {
			continue
		}
		clear := true
		for i := min(qi, ti); i <= max(qi, ti); i++ {
			for j := min(qj, tj); j <= max(qj, tj); j++ {
				c := i*cols + j
				if c == q.Cell || c == target {
					continue
				}
				ghost := false
				for _, g := range s.Ghosts {
					ghost = ghost || g.Cell == c && g.Present
				}
				if s.B.Wall[c] || ghost {
					clear = false
				}
			}
		}
		if clear {
			return true
		}
	}
	return false
}

// decoded is a round frame read by hand from the documented layout, and
// the state accumulated from a player's frames.
type decoded struct {
	round   int
	status  []int
	ghosts  map[int][2]int // index → present, time
	bonuses map[int][2]int // index → cell+1, value
	poq     map[int][8]int // id → alive, cell, attack, defense, scope, stones, points, time
	seen    []int          // opponents in sight
}

func decodeRound(t *testing.T, frame []byte, players int, acc *decoded) {
	t.Helper()
	r := wire.NewReader(frame)
	r.Version(proto.Version)
	acc.round = r.Uint()
	acc.status = acc.status[:0]
	for range players {
		acc.status = append(acc.status, r.Uint())
	}
	for range r.Count() {
		k := r.Uint()
		present := r.Byte()
		acc.ghosts[k] = [2]int{int(present), r.Uint()}
	}
	for range r.Count() {
		k := r.Uint()
		acc.bonuses[k] = [2]int{r.Uint(), r.Uint()}
	}
	for range r.Count() {
		id := r.Uint()
		var o [8]int
		o[0] = int(r.Byte())
		for i := 1; i < 8; i++ {
			o[i] = r.Uint()
		}
		acc.poq[id] = o
	}
	acc.seen = acc.seen[:0]
	for range r.Count() {
		acc.seen = append(acc.seen, r.Uint())
	}
	if err := r.End(); err != nil {
		t.Fatalf("frame: %v", err)
	}
}

// checkFrame compares what player p was told with what the rules let it
// know, computed from the state independently of View.
func checkFrame(t *testing.T, s *State, p int, d *decoded) {
	t.Helper()
	where := fmt.Sprintf("round %d player %d", s.Round, p)
	if d.round != s.Round {
		t.Fatalf("%s: round %d", where, d.round)
	}
	// Opponents in sight: exactly the living ones a cell of p's shows.
	var want []int
	for id, q := range s.Poq {
		if q.Player != p && q.Alive && sees(s, p, q.Cell) {
			want = append(want, id)
		}
	}
	if fmt.Sprint(want) != fmt.Sprint(d.seen) {
		t.Fatalf("%s: opponents in sight sent %v, visible %v", where, d.seen, want)
	}
	// Every Poquémon, in full, as the original's poquemon(id).
	for id, q := range s.Poq {
		if o := d.poq[id]; o != [8]int{btoi(q.Alive), q.Cell, q.Attack, q.Defense, q.Scope, q.Stones, q.Points, q.Time} {
			t.Fatalf("%s: Poquémon %d known as %v, is %+v", where, id, o, q)
		}
	}
	// The public board, as accumulated from the diffs.
	for k, g := range s.Ghosts {
		if d.ghosts[k] != [2]int{btoi(g.Present), g.Time} {
			t.Fatalf("%s: ghost wall %d known as %v, is %+v", where, k, d.ghosts[k], g)
		}
	}
	for k, x := range s.Bonuses {
		w := [2]int{0, 0}
		if x.Present {
			w = [2]int{x.Cell + 1, x.Value}
		}
		if d.bonuses[k] != w {
			t.Fatalf("%s: bonus %d known as %v, is %+v", where, k, d.bonuses[k], x)
		}
	}
}

// randomBot gives random actions, valid or not, to exercise every rule.
type randomBot struct{}

func (randomBot) Play(g *sdk.Game) {
	for _, id := range g.Ids(g.Me()) {
		if g.Random(0, 1) == 0 {
			g.Attack(id, sdk.Dir(g.Random(0, 4)))
		} else {
			g.Move(id, sdk.Dir(g.Random(0, 4)))
		}
	}
}

// Every frame of many matches carries, for every player and round, exactly
// what the original lets that player know: the setup frame no dynamic
// state, each round frame the public board, every Poquémon in full and the
// opponents in sight, and nothing else.
func TestFramesCarryOnlyTheView(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	lineups := [][]string{{"Dummy", "Demo", "Dummy", "random"}, {"Dummy", "Dummy", "Dummy", "Dummy"}, {"random", "random", "Demo", "Null"}}
	visible, hidden, deadSees := 0, 0, 0
	for seed := range uint64(seeds) {
		s := Game{}.Info().Defaults()
		if seed%3 == 2 {
			s["nb_pokemon"] = 2
		}
		gm, err := Game{}.NewMatch(s, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		var sessions []*wire.Session
		accs := make([]*decoded, 4)
		for p, name := range lineups[seed%3] {
			var b sdk.Bot = randomBot{}
			if name != "random" {
				b, _ = bots.Roster.New(name)
			}
			ses := sdk.NewSession(b)
			if _, err := ses.Handle(m.Setup(p, Game{}.Info().SeatSeed(seed, p))); err != nil {
				t.Fatal(err)
			}
			sessions = append(sessions, ses)
			accs[p] = &decoded{ghosts: map[int][2]int{}, bonuses: map[int][2]int{}, poq: map[int][8]int{}}
		}
		cpu := []float64{0.1, 0.2, 0.3, -1}
		for !m.Done() {
			for p, ses := range sessions {
				frame := append([]byte(nil), m.View(p, cpu)...)
				decodeRound(t, frame, 4, accs[p])
				checkFrame(t, m.s, p, accs[p])
				allDead := true
				for _, q := range m.s.Poq {
					allDead = allDead && (q.Player != p || !q.Alive)
				}
				for id, q := range m.s.Poq {
					if q.Player != p && q.Alive {
						if slices.Contains(accs[p].seen, id) {
							visible++
							if allDead {
								deadSees++
							}
						} else {
							hidden++
						}
					}
				}
				reply, err := ses.Handle(frame)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := m.Commands(p, reply); err != nil {
					t.Fatal(err)
				}
			}
			m.Step()
		}
	}
	// Every case happens often, or the test proves little.
	if visible < 1000 || hidden < 1000 || deadSees < 20 {
		t.Fatalf("opponents in sight %d times (%d of a player whose Poquémon are all dead), out of sight %d times", visible, deadSees, hidden)
	}
}

// secrets changes, in a copy of s, all that no player may know: the
// regeneration timers of the bonuses that are off the board (and where
// and what they last were), and the engine's random draws to come.
func secrets(s *State, rng *games.RNG) *State {
	h := *s
	h.Bonuses = slices.Clone(s.Bonuses)
	for k := range h.Bonuses {
		if x := &h.Bonuses[k]; !x.Present {
			x.Time, x.Cell, x.Value = 1+rng.Intn(80), rng.Intn(len(h.At)), 100*rng.Intn(6)
		}
	}
	h.rng = games.NewRNG(uint64(rng.Intn(1<<30)), 1)
	return &h
}

// Two states that differ only in what no player may know give every
// player byte-identical frames, and a change to anything public shows.
// (Timing cannot tell them apart either: sandboxed bots get no real clock.)
func TestHiddenInformationDoesNotReachFrames(t *testing.T) {
	rng := games.NewRNG(42, 0)
	compared, differs := 0, 0
	for seed := range uint64(6) {
		gm, err := Game{}.NewMatch(Game{}.Info().Defaults(), nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		var sessions []*wire.Session
		for p := range 4 {
			ses := sdk.NewSession(&bots.Dummy{})
			ses.Handle(m.Setup(p, Game{}.Info().SeatSeed(seed, p)))
			sessions = append(sessions, ses)
		}
		cpu := []float64{0, 0.5, 1, -1}
		for !m.Done() {
			for p, ses := range sessions {
				before := m.sent[p] // what p was told so far, copied twice
				a, b := cloneSent(before), cloneSent(before)
				h := secrets(m.s, rng)
				var va, vb View
				m.s.ViewOf(p, &va)
				h.ViewOf(p, &vb)
				fa := appendRound(nil, &va, cpu, &a)
				fb := appendRound(nil, &vb, cpu, &b)
				if !bytes.Equal(fa, fb) {
					t.Fatalf("seed %d round %d player %d: frames differ when only secrets do:\n%v\n%v",
						seed, m.s.Round, p, fa, fb)
				}
				compared++
				// And the comparison can fail: an opponent's change shows,
				// in sight or not.
				o := (p + 1 + rng.Intn(3)) % 4
				vb.Poq[o].Attack++
				c := cloneSent(before)
				if bytes.Equal(appendRound(nil, &vb, cpu, &c), fa) {
					t.Fatal("a change to an opponent did not change the frame")
				}
				differs++
				reply, _ := ses.Handle(m.View(p, cpu))
				m.Commands(p, reply)
			}
			m.Step()
		}
	}
	if compared < 5000 || differs < 5000 {
		t.Fatalf("compared %d frames, %d changed", compared, differs)
	}
}

func cloneSent(s sent) sent {
	return sent{started: s.started, ghosts: slices.Clone(s.ghosts), bonuses: slices.Clone(s.bonuses), poq: slices.Clone(s.poq)}
}

// The setup frame carries settings and the static board only: boards that
// differ in where the opponents start, in ghost-wall states and in bonus
// positions give the same setup frame.
func TestSetupFrameIsStatic(t *testing.T) {
	s := Game{}.Info().Defaults()
	b, err := Generate(s, games.NewSecretRNG(3, streamBoard))
	if err != nil {
		t.Fatal(err)
	}
	other := *b
	other.Poquemon = slices.Clone(b.Poquemon)
	other.Ghosts = slices.Clone(b.Ghosts)
	other.Bonuses = slices.Clone(b.Bonuses)
	for id := 1; id < 4; id++ {
		other.Poquemon[id].Cell = b.Poquemon[0].Cell + id
		other.Poquemon[id].Attack = 7
	}
	for k := range other.Ghosts {
		other.Ghosts[k].Present = !other.Ghosts[k].Present
		other.Ghosts[k].Time = 1
	}
	for k := range other.Bonuses {
		other.Bonuses[k].Cell, other.Bonuses[k].Value = 0, 999
	}
	if !bytes.Equal(appendSetup(nil, b, s, 0, 77), appendSetup(nil, &other, s, 0, 77)) {
		t.Fatal("the setup frame depends on the dynamic state")
	}
}

// recorder passes frames to a bot and keeps them, with the bot's replies.
type recorder struct {
	games.Agent
	frames, replies [][]byte
}

func (r *recorder) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	r.frames = append(r.frames, slices.Clone(msg))
	reply, cpu, err := r.Agent.Exchange(msg, limit)
	r.replies = append(r.replies, slices.Clone(reply))
	return reply, cpu, err
}

// probeBot is the Go twin of testdata/cpp/probe.cc: it prints what the Go
// SDK lets a player read, in the probe's format, and draws and acts as the
// probe does. It counts how often an opponent it saw went out of sight.
type probeBot struct {
	out         strings.Builder
	seen        map[int]bool
	seenRounds  int
	lostOfSight int
}

func (b *probeBot) Play(g *sdk.Game) {
	w := &b.out
	fmt.Fprintf(w, "round %d me %d\nstatus", g.Round(), g.Me())
	for p := range g.NbPlayers() {
		fmt.Fprintf(w, " %.6f", g.Status(p))
	}
	fmt.Fprintln(w)
	for i := range g.Rows() {
		for j := range g.Cols() {
			p := sdk.Pos{I: i, J: j}
			fmt.Fprintf(w, "%d,%d,%d,%d ", g.CellType(p), g.CellID(p), g.PointsValue(p), g.GhostWall(p))
		}
		fmt.Fprintln(w)
	}
	for id := range g.NbTotalPokemon() {
		q := g.Poquemon(id)
		fmt.Fprintf(w, "%d: %d (%d,%d) %d %d %d %d %d %d %d\n", q.ID, q.Player, q.Pos.I, q.Pos.J, q.Attack, q.Defense,
			q.Scope, q.Stones, btoi(q.Alive), q.Points, q.Time)
		if q.Player != g.Me() {
			if q.Visible {
				b.seenRounds++
			} else if b.seen[id] {
				b.lostOfSight++
			}
			b.seen[id] = q.Visible
		}
	}
	fmt.Fprintf(w, "draw %d\n", g.Random(0, 2147483645)) // the probe's randomize()
	for _, id := range g.Ids(g.Me()) {
		a := g.Random(0, 2)
		d := g.Random(1, 4) // the original's Top..Right
		fmt.Fprintf(w, "action %d %d %d\n", id, a, d)
		switch a {
		case 0:
			g.Move(id, sdk.Dirs[d-1])
		case 1:
			g.Attack(id, sdk.Dirs[d-1])
		default:
			g.Move(id, sdk.None)
		}
	}
}

// The C++ SDK shows a player exactly what the Go SDK shows it from the same
// frames, nothing more (the Go SDK shows exactly the player's view:
// TestSDKStateIsTheView): the C++ probe prints every accessor's answer
// each round, its Go twin prints the Go SDK's from the frames the probe was
// sent, and the two logs, the random draws and the commands are the same,
// with one and with several Poquémon per player. Opponents go in and out
// of sight often enough for a stale position to show.
func TestCppSeesWhatGoSees(t *testing.T) {
	bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, "testdata/cpp/probe.cc"))
	cases := []struct {
		seed     uint64
		per      int
		seat     int
		opponent string
	}{{1, 1, 0, "Dummy"}, {2, 1, 2, "Demo"}, {3, 2, 1, "Dummy"}, {4, 3, 3, "Demo"}}
	seen, lost := 0, 0
	for _, c := range cases {
		proc, err := gametest.StartProcess(bin)
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{Agent: proc}
		players := make([]games.Player, 4)
		for p := range players {
			if p == c.seat {
				players[p] = games.Player{Name: "probe", Agent: rec}
				continue
			}
			a, _ := Game{}.NewBot(c.opponent)
			players[p] = games.Player{Name: c.opponent, Agent: a}
		}
		r, err := games.Play(context.Background(), games.Config{Game: Game{}, Seed: c.seed, Players: players,
			Settings: games.Settings{"nb_pokemon": c.per}})
		proc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.End.Frozen) != 0 {
			t.Fatalf("seed %d: frozen %v\n%.2000s", c.seed, r.End.Frozen, proc.Stderr())
		}
		twin := &probeBot{seen: map[int]bool{}}
		ses := sdk.NewSession(twin)
		for k, f := range rec.frames {
			reply, err := ses.Handle(f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(reply, rec.replies[k]) {
				t.Fatalf("seed %d frame %d: C++ replied %v, Go %v", c.seed, k, rec.replies[k], reply)
			}
		}
		if got, want := proc.Stderr(), twin.out.String(); got != want {
			gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Fatalf("seed %d: line %d: C++ %q, Go %q", c.seed, i+1, gl[i], wl[i])
				}
			}
			t.Fatalf("seed %d: C++ printed %d lines, Go %d", c.seed, len(gl), len(wl))
		}
		seen += twin.seenRounds
		lost += twin.lostOfSight
	}
	if seen < 200 || lost < 50 {
		t.Fatalf("opponents seen %d times, lost from sight %d times: too few to tell", seen, lost)
	}
	t.Logf("opponents seen %d times, lost from sight %d times", seen, lost)
}
