package wasteland

import (
	"slices"
	"testing"

	"arena.dev/games"
)

// randomSettings draws settings a generated board may have: every
// parameter in its range, but the cars per player within the generator's
// room and the rounds to regenerate within twice the default, so that
// dead cars come back within a match.
func randomSettings(pick *games.RNG) games.Settings {
	info := Game{}.Info()
	s := info.Defaults()
	for _, p := range info.Params {
		s[p.Name] = pick.Range(p.Min, p.Max)
	}
	step := (s["number_rows"] + 1) / 4
	s["number_cars_per_player"] = pick.Range(1, min(step, s["number_rows"]-1-3*step))
	s["number_rounds_to_regenerate"] = pick.Range(1, 60)
	if err := info.Check(s); err != nil {
		panic(err)
	}
	return s
}

// Generated boards, for any settings in range: the bonus numbers are the
// parameters', tyres come in clusters of 16, the start is clear, and the
// file written for the board reads back the same.
func TestGenerateAnySettings(t *testing.T) {
	info := Game{}.Info()
	for seed := range uint64(300) {
		pick := games.NewRNG(seed, 7)
		s := info.Defaults()
		if seed > 0 {
			s = randomSettings(pick)
		}
		cfg := ConfigOf(s)
		b, err := Generate(cfg, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatalf("seed %d, %v: %v", seed, s, err)
		}
		var count [GasBonus + 1]int
		for i, c := range b.Cells {
			count[c]++
			if j := i % b.Cols; c != Empty && (j < firstCol || j > b.Cols-2) {
				t.Fatalf("seed %d: %v in column %d, at the start", seed, c, j)
			}
		}
		if count[WaterBonus] != cfg.WaterBonuses || count[GasBonus] != cfg.GasBonuses || count[MissileBonus] != cfg.MissileBonuses || count[Tyre]%16 != 0 {
			t.Fatalf("seed %d, %v: contents %v", seed, s, count)
		}
		s2 := (cfg.Rows + 1) / 4
		for id, c := range b.Cars {
			if c.Pos != (Pos{I: 1 + s2*(id/cfg.CarsPerPlayer) + id%cfg.CarsPerPlayer}) || !c.Alive || c.Gas != cfg.InitialGas || c.Missiles != 5 {
				t.Fatalf("seed %d: car %d: %+v", seed, id, c)
			}
		}
		f, err := ParseFile(Format(s, b))
		if err != nil {
			t.Fatalf("seed %d: its file: %v", seed, err)
		}
		if !sameBoard(f.Board, b) {
			t.Fatalf("seed %d: the file reads back differently", seed)
		}
		if _, err := NewState(cfg, b, seed); err != nil {
			t.Fatal(err)
		}
	}
}

// With the default settings, a generated board is laid out like the
// default one: 9 clusters of a missile bonus in a cross of water and gas,
// 144 tyres, rows 4 and 14 through the clusters' middles, row 9 free.
func TestGenerateLikeDefault(t *testing.T) {
	cfg := ConfigOf(Game{}.Info().Defaults())
	var prev []CellType
	for seed := range uint64(50) {
		b, err := Generate(cfg, games.NewRNG(seed, streamBoard))
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Generate(cfg, games.NewRNG(seed, streamBoard))
		if !sameBoard(b, again) {
			t.Fatal("same seed, different boards")
		}
		if slices.Equal(b.Cells, prev) {
			t.Fatal("different seeds, same board")
		}
		prev = b.Cells
		middles, tyres := 0, 0
		for i, c := range b.Cells {
			row := i / b.Cols
			switch {
			case c == Tyre:
				tyres++
			case c == MissileBonus && (row == 4 || row == 14):
				middles++
				for _, d := range cross[1:] {
					if n := b.Cells[i+d.I*b.Cols+d.J]; n != WaterBonus && n != GasBonus {
						t.Fatalf("seed %d: %v next to a middle", seed, n)
					}
				}
			}
			if row == 9 && c != Empty {
				t.Fatalf("seed %d: row 9 holds %v", seed, c)
			}
		}
		if middles != 9 || tyres != 144 {
			t.Fatalf("seed %d: %d middles, %d tyres", seed, middles, tyres)
		}
	}
}
