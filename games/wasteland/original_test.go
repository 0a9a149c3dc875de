package wasteland

import (
	"encoding/json"
	"slices"
	"testing"
)

// The engine, its generator and the Demo and Dummy bots reproduce the
// original's measured figures (games/wasteland.md) on its default board,
// with the original's seeds (player p's generator from seed+p).
func TestOriginalFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("150 matches")
	}
	f := defaultBoard(t)
	// Dummy in seat 0 against three Demos, seeds 1-50: the notes measured
	// 50 wins of 50, median 315, mean 325, min 210, Demos about 38; per
	// match about 29 waters, 1.3 kills, 58 shots and 7 deaths. Ours: the
	// same, to the last point (58.1 shots, 7.2 deaths).
	var dummy []int
	wins, demos := 0, 0
	var shots, deaths int
	for seed := uint64(1); seed <= 50; seed++ {
		r := play(t, seed, f, nil, "Dummy", "Demo", "Demo", "Demo")
		alive := [2]bool{true, true}
		dummy = append(dummy, r.End.Scores[0])
		demos += r.End.Scores[1] + r.End.Scores[2] + r.End.Scores[3]
		if slices.Equal(r.End.Winners, []int{0}) {
			wins++
		}
		for _, round := range r.Rounds {
			var cmds [][2]int
			var ch struct{ Cars [][7]int }
			if err := json.Unmarshal(round.Commands, &cmds); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(round.Changes, &ch); err != nil {
				t.Fatal(err)
			}
			for _, c := range cmds {
				if c[0] < 2 && c[1] == 9 {
					shots++
				}
			}
			for _, c := range ch.Cars {
				if c[0] < 2 {
					if alive[c[0]] && c[5] == 0 {
						deaths++
					}
					alive[c[0]] = c[5] == 1
				}
			}
		}
	}
	slices.Sort(dummy)
	sum := 0
	for _, v := range dummy {
		sum += v
	}
	median := (dummy[24] + dummy[25]) / 2
	t.Logf("Dummy vs three Demos, seeds 1-50: %d wins, median %d, mean %.1f, min %d; Demos' mean %.1f; Dummy's shots %.1f, deaths %.1f per match",
		wins, median, float64(sum)/50, dummy[0], float64(demos)/150, float64(shots)/50, float64(deaths)/50)
	if wins != 50 || median != 315 || sum != 16240 || dummy[0] != 210 || demos != 5660 || shots != 2907 || deaths != 361 {
		t.Errorf("Dummy vs three Demos: %d wins, median %d, total %d (mean %.1f), min %d; Demos' total %d (mean %.1f); "+
			"Dummy's shots %d, deaths %d", wins, median, sum, float64(sum)/50, dummy[0], demos, float64(demos)/150, shots, deaths)
	}

	// Demo×4, seeds 1-100: the notes measured a mean of 11 and 57% zeros;
	// ours 11.07 and 57%.
	total, zeros := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		for _, s := range play(t, seed, f, nil, "Demo", "Demo", "Demo", "Demo").End.Scores {
			total += s
			if s == 0 {
				zeros++
			}
		}
	}
	t.Logf("Demo×4, seeds 1-100: mean %.2f, %d%% zeros", float64(total)/400, zeros/4)
	if total != 4430 || zeros != 228 {
		t.Errorf("Demo×4: total %d (mean %.2f), %d zeros of 400", total, float64(total)/400, zeros)
	}
}
