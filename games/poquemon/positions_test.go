package poquemon

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/poquemon/sdk"
)

// As in the original engine, poquemon(id) is every Poquémon's true record:
// real player files index their grids by every opponent's position, in
// sight or not, and crashed on Arena while an unseen opponent sat at
// (-1,-1). These tests play such players; the ones in visibility_test.go
// check what a frame carries.

// gridBot is testdata/cpp/AIGrid.cc in Go: it marks every opponent's
// position in a grid indexed by it (a position off the board panics, and
// the player is frozen) and checks that a living opponent's cell shows it
// only while it is in sight; then it walks like the C++ file.
type gridBot struct {
	visits [][]int
}

func (b *gridBot) Play(g *sdk.Game) {
	if b.visits == nil {
		b.visits = make([][]int, g.Rows())
		for i := range b.visits {
			b.visits[i] = make([]int, g.Cols())
		}
	}
	for id := range g.NbTotalPokemon() {
		o := g.Poquemon(id)
		if o.Player == g.Me() {
			continue
		}
		b.visits[o.Pos.I][o.Pos.J] += btoi(o.Alive) // a dead one is where it died
		if !o.Alive {
			continue
		}
		if c := g.CellID(o.Pos); c != -1 && c != id || (c == id) != o.Visible {
			panic(fmt.Sprintf("opponent %d at %v: its cell shows %d, visible %v", id, o.Pos, c, o.Visible))
		}
	}
	for _, id := range g.Ids(g.Me()) {
		p := g.Poquemon(id)
		if !p.Alive {
			continue
		}
		best, bestScore := sdk.None, -1<<30
		for _, d := range sdk.Dirs {
			n := p.Pos.Move(d)
			if g.CellType(n) == sdk.Wall || g.CellID(n) != -1 || g.GhostWall(n) == 1 {
				continue
			}
			s := -b.visits[n.I][n.J] + g.Random(0, 20)
			if g.CellType(n) != sdk.Empty {
				s += 100
			}
			if s > bestScore {
				best, bestScore = d, s
			}
		}
		g.Move(id, best)
	}
}

// gridSeats are the grid player's opponents, by seed.
func gridSeats(seed uint64) []string {
	return [][]string{{"Dummy", "Demo", "Dummy"}, {"Demo", "Demo", "Demo"}, {"Dummy", "Dummy", "Dummy"}}[seed%3]
}

// A C++ player and a Go player that index grids by each opponent's
// position every round play every seed of a range to the end, on
// generated boards and on the original's default board, in every seat,
// with one and with two Poquémon per player.
func TestOpponentPositionsIndexGrids(t *testing.T) {
	seeds := uint64(24)
	if testing.Short() {
		seeds = 6
	}
	data, err := os.ReadFile(shared + "/boards/poquemon-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	file, err := ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	bin := gametest.BuildCpp(t, ID, gametest.ReadSource(t, "testdata/cpp/AIGrid.cc"))
	for seed := uint64(1); seed <= seeds; seed++ {
		var board games.Board
		settings := games.Settings{}
		switch seed % 4 {
		case 1:
			board = file
		case 3:
			settings["nb_pokemon"] = 2
		}
		seat := int(seed % 4)
		for _, lang := range []string{"cpp", "go"} {
			var a games.Agent
			var proc *gametest.Process
			if lang == "cpp" {
				if proc, err = gametest.StartProcess(bin); err != nil {
					t.Fatal(err)
				}
				a = proc
			} else {
				a = &games.Native{H: sdk.NewSession(&gridBot{})}
			}
			others := gridSeats(seed)
			players := make([]games.Player, 4)
			for p := range players {
				if p == seat {
					players[p] = games.Player{Name: "grid", Agent: a}
					continue
				}
				name := others[len(others)-1]
				others = others[:len(others)-1]
				b, _ := Game{}.NewBot(name)
				players[p] = games.Player{Name: name, Agent: b}
			}
			r, err := games.Play(context.Background(), games.Config{Game: Game{}, Seed: seed, Board: board, Settings: settings, Players: players})
			a.Close()
			if err != nil {
				t.Fatal(err)
			}
			if len(r.End.Frozen) != 0 || len(r.Rounds) != 400 {
				log := ""
				if proc != nil {
					log = proc.Stderr()
				}
				t.Fatalf("%s, seed %d, seat %d: frozen %+v after %d rounds\n%.2000s", lang, seed, seat, r.End.Frozen, len(r.Rounds), log)
			}
		}
	}
}

// The same C++ player built to WebAssembly and sandboxed as on the server
// (`arena play`) plays to the end: an index off the grid there is an "out
// of bounds memory access" and freezes it.
func TestOpponentPositionsIndexGridsInWASM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the arena binary and a C++ bot to WebAssembly")
	}
	src := filepath.Join(t.TempDir(), "AIGrid.cc")
	if err := os.WriteFile(src, gametest.ReadSource(t, "testdata/cpp/AIGrid.cc"), 0o644); err != nil {
		t.Fatal(err)
	}
	for seed := 1; seed <= 4; seed++ {
		seats := []string{"Dummy", "Demo", "Dummy", "Demo"}
		seats[seed%4] = src
		args := append([]string{"play", ID}, seats...)
		out := gametest.Arena(t, append(args, "-s", strconv.Itoa(seed))...)
		if strings.Contains(out, "frozen") || strings.Contains(out, "built natively") || !strings.Contains(out, "winner") {
			t.Fatalf("seed %d:\n%s", seed, out)
		}
	}
}

// An opponent none of a player's Poquémon sees is known in full, yet its
// cell does not show it; in sight, it does. As in the original, a dead
// Poquémon sees from where it died, and no Poquémon sees its own cell.
func TestUnseenOpponentCellHidden(t *testing.T) {
	s := testState(t, arena, testConfig(1), 1)
	put(s, unit{id: 0, i: 3, j: 2})
	put(s, unit{id: 1, i: 3, j: 8, attack: 4, defense: 3, scope: 2, stones: 1, points: 700}) // behind the wall at (3,5)
	put(s, unit{id: 2, i: 6, j: 2, defense: 2})                                              // down the same column
	put(s, unit{id: 3, i: 5, j: 9})                                                          // in no line of 0's
	m := newMatch(Game{}.Info().Defaults(), s)
	m.settings["rows"], m.settings["cols"] = s.B.Rows, s.B.Cols
	m.settings["nb_ghost_wall"] = len(s.B.Ghosts)
	m.settings["nb_point"], m.settings["nb_stone"], m.settings["nb_scope"] = 0, 0, 0
	m.settings["nb_attack"], m.settings["nb_defense"] = 0, 0
	var g *sdk.Game
	ses := sdk.NewSession(botFunc(func(x *sdk.Game) { g = x }))
	if _, err := ses.Handle(m.Setup(0, 1)); err != nil {
		t.Fatal(err)
	}
	look := func(what string) {
		t.Helper()
		if _, err := ses.Handle(m.View(0, make([]float64, 4))); err != nil {
			t.Fatal(err)
		}
		var got []string
		for id := 1; id < 4; id++ {
			o := g.Poquemon(id)
			q := s.Poq[id]
			if o.Pos != (sdk.Pos{I: q.Cell / s.B.Cols, J: q.Cell % s.B.Cols}) || o.Attack != q.Attack || o.Defense != q.Defense ||
				o.Scope != q.Scope || o.Stones != q.Stones || o.Points != q.Points || o.Alive != q.Alive {
				t.Fatalf("%s: Poquémon %d is %+v, the engine's %+v", what, id, o, q)
			}
			if c := g.CellID(o.Pos); c == id {
				got = append(got, strconv.Itoa(id))
			} else if c != -1 {
				t.Fatalf("%s: Poquémon %d's cell shows %d", what, id, c)
			}
		}
		if strings.Join(got, " ") != what {
			t.Fatalf("cells show %q, want %q", strings.Join(got, " "), what)
		}
	}
	look("2")
	// Poquémon 1 comes round the wall into row 2... still out of line.
	put(s, unit{id: 1, i: 2, j: 8, attack: 4, defense: 3, scope: 2, stones: 1, points: 700})
	look("2")
	// ...then into column 2, with Poquémon 0 dead where it stood: it sees
	// from there, but not its own cell, where 3 now stands.
	s.At[s.Poq[0].Cell] = -1
	s.Poq[0].Alive, s.Poq[0].Time = false, 20
	put(s, unit{id: 1, i: 1, j: 2, attack: 4, defense: 3, scope: 2, stones: 1, points: 700})
	put(s, unit{id: 3, i: 3, j: 2})
	look("1 2")
	// A ghost wall that is up hides as a wall does.
	s.Poq[0].Cell = cell(s, 5, 7)
	put(s, unit{id: 1, i: 5, j: 8})
	put(s, unit{id: 3, i: 5, j: 3})
	look("1")
	put(s, unit{id: 1, i: 5, j: 1})
	look("")
	s.Ghosts[0].Present = false
	look("1 3")
}

// botFunc is a bot from a function.
type botFunc func(*sdk.Game)

func (f botFunc) Play(g *sdk.Game) { f(g) }
