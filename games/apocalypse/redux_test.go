package apocalypse_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/games/apocalypse"
	"arena.dev/games/gametest"
)

// reduxDefault is Redux's own default board file.
func reduxDefault(t testing.TB) games.Board {
	t.Helper()
	data, err := os.ReadFile("../../../shared/boards/originals/apocalypse-redux-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	b, err := apocalypse.Game{Redux: true}.ParseBoard(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// playRedux plays Redux's built-in bots on board b.
func playRedux(t testing.TB, b games.Board, seed uint64, names ...string) *games.Replay {
	t.Helper()
	c := games.Config{Game: apocalypse.Game{Redux: true}, Seed: seed, Board: b}
	return gametest.PlayBuiltins(t, c, time.Millisecond, names...)
}

// heldAndNapalms counts the posts held at the end of a replay and the
// napalms that fell.
func heldAndNapalms(t testing.TB, r *games.Replay) (held, napalms int) {
	t.Helper()
	var in struct{ Posts [][4]int }
	if err := json.Unmarshal(r.Initial, &in); err != nil {
		t.Fatal(err)
	}
	owner := make([]int, len(in.Posts))
	for k, p := range in.Posts {
		owner[k] = p[3]
	}
	for _, round := range r.Rounds {
		var ch struct{ Posts [][2]int }
		var cmds struct{ Helicopters [][]int }
		if err := json.Unmarshal(round.Changes, &ch); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(round.Commands, &cmds); err != nil {
			t.Fatal(err)
		}
		for _, p := range ch.Posts {
			owner[p[0]] = p[1]
		}
		for _, h := range cmds.Helicopters {
			if h[1] == 5 && h[2] == 1 {
				napalms++
			}
		}
	}
	for _, o := range owner {
		if o >= 0 {
			held++
		}
	}
	return held, napalms
}

// Redux's engine, generator and Demo are the original's: four Demos on
// Redux's default board, seeds 1–100, end exactly as in the original
// engine (./Game -s seed Demo Demo Demo Demo < default.cnf, each player's
// generator drawing on from round to round rather than starting again, see
// the rules page): every seat's final points, posts held and napalms add up
// to the original's figures.
func TestReduxOriginalFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("100 matches")
	}
	b := reduxDefault(t)
	total, held, napalms := 0, 0, 0
	seats, firsts := make([]int, 4), make([]int, 4)
	for seed := uint64(1); seed <= 100; seed++ {
		r := playRedux(t, b, seed, "Demo", "Demo", "Demo", "Demo")
		for p, s := range r.End.Scores {
			total += s
			seats[p] += s
			if s == slices.Max(r.End.Scores) {
				firsts[p]++
			}
		}
		h, n := heldAndNapalms(t, r)
		held += h
		napalms += n
	}
	t.Logf("Demo×4, seeds 1-100: final points of all seats %.0f a match (seats %v), posts held %.2f, napalms %.2f, firsts %v",
		float64(total)/100, seats, float64(held)/100, float64(napalms)/100, firsts)
	// The original's: 2,716,786 points (27,168 a match), seats 694,994,
	// 631,908, 603,932 and 785,952, 1,212 posts held, 406 napalms, firsts
	// 26, 22, 16 and 37.
	if total != 2716786 || !slices.Equal(seats, []int{694994, 631908, 603932, 785952}) || held != 1212 || napalms != 406 ||
		!slices.Equal(firsts, []int{26, 22, 16, 37}) {
		t.Errorf("not the original's figures")
	}
}

// Redux's Dummy is as strong against three Demos on the default board as
// the Redux course's Dummy in the original engine, which wins all of seeds
// 1–100 with 31,721 points on average (median 33,006, least 19,003).
func TestReduxDummy(t *testing.T) {
	if testing.Short() {
		t.Skip("100 matches")
	}
	b := reduxDefault(t)
	wins, sum := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		r := playRedux(t, b, seed, "Dummy", "Demo", "Demo", "Demo")
		if slices.Equal(r.End.Winners, []int{0}) {
			wins++
		}
		sum += r.End.Scores[0]
	}
	t.Logf("Dummy vs three Demos, seeds 1-100: %d wins, %d points on average", wins, sum/100)
	if wins < 98 {
		t.Errorf("Dummy wins %d of 100 against three Demos; the original's wins them all", wins)
	}
}
