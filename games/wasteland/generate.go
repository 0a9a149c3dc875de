package wasteland

import (
	"errors"
	"fmt"

	"arena.dev/games"
)

// Generated boards look like the original's default board: bonuses in
// clusters, each a cross of five (a missile bonus in the middle while
// there are missile bonuses for every cluster, water and gas around it),
// guarded by four small diamonds of four tyres each, three cells from
// the middle up, down, left and right: a cluster fills a 9×9 square.
//
// The distribution, for a seed and the settings' sizes and numbers:
//   - clusters: ceil(bonuses / 5), at most as many as fit; with 18 rows
//     or more they lie in two bands (middle rows 4 and rows-5, as on the
//     default board), else in one band whose middle row is uniform in
//     [4, rows-5]; each band's clusters are at least one column apart,
//     at uniformly random gaps (a random composition of the free
//     columns), in columns 5 to cols-2 so that the cars' start is clear;
//     with two bands, the first gets a uniform share of the clusters
//     between a quarter and three quarters;
//   - bonus kinds: missile bonuses go to the clusters' middles first, the
//     rest of the kinds are shuffled over the remaining cross cells;
//     bonuses that do not fit in crosses go to uniformly random empty
//     cells of those columns (5 to cols-2);
//   - cars: all in column 0, player p's cars in rows 1+s·p and 2+s·p
//     with s = (rows+1)/4 (rows 1, 2, 6, 7, 11, 12, 16, 17 on 19 rows),
//     with 5 missiles and the initial gas, as on the default board.
//
// With the default settings a generated board has the default board's
// 144 tyres and 45 bonuses in 9 clusters.

const (
	clusterSize    = 9 // a cluster's square side
	clusterBonuses = 5
	startMissiles  = 5 // a car's missiles at the start (the default board's)
	firstCol       = 5 // clusters keep columns cols-1 .. 4 free for the start
)

// diamonds are the centres of a cluster's four tyre diamonds and tyres
// the cells of a diamond, relative to their centres.
var (
	diamonds = [4]Pos{{I: -3}, {J: -3}, {J: 3}, {I: 3}}
	tyres    = [4]Pos{{I: -1}, {J: -1}, {J: 1}, {I: 1}}
	cross    = [5]Pos{{}, {I: -1}, {J: -1}, {J: 1}, {I: 1}} // the middle first
)

// Generate makes a board for cfg from rng.
func Generate(cfg Config, rng *games.RNG) (*Board, error) {
	rows, cols := cfg.Rows, cfg.Cols
	if rows < clusterSize || cols < firstCol+clusterSize+1 || cfg.Win >= cols {
		return nil, fmt.Errorf("wasteland: cannot generate a %d×%d board with a window of %d", rows, cols, cfg.Win)
	}
	b := &Board{Rows: rows, Cols: cols, Win: cfg.Win, Cells: make([]CellType, rows*cols), Scores: make([]int, cfg.Players)}
	if err := placeCars(b, cfg); err != nil {
		return nil, err
	}
	middles := clusterMiddles(b, cfg, rng)
	crosses, extra := bonusKinds(cfg, len(middles), rng)
	for k, m := range middles {
		for _, d := range diamonds {
			for _, t := range tyres {
				b.Cells[m.I*cols+m.J+(d.I+t.I)*cols+d.J+t.J] = Tyre
			}
		}
		for c, t := range crosses[k] {
			b.Cells[(m.I+cross[c].I)*cols+m.J+cross[c].J] = t
		}
	}
	return b, scatter(b, extra, rng)
}

func placeCars(b *Board, cfg Config) error {
	s := (b.Rows + 1) / 4
	for id := range cfg.Players * cfg.CarsPerPlayer {
		p, k := id/cfg.CarsPerPlayer, id%cfg.CarsPerPlayer
		row := 1 + s*p + k
		if k >= s || row >= b.Rows {
			return errors.New("wasteland: too many cars for the rows")
		}
		b.Cars = append(b.Cars, Car{ID: id, Pos: Pos{I: row}, Missiles: startMissiles, Gas: cfg.InitialGas, Alive: true})
	}
	return nil
}

// clusterMiddles chooses where clusters go (see the distribution above).
func clusterMiddles(b *Board, cfg Config, rng *games.RNG) []Pos {
	avail := b.Cols - 1 - firstCol // columns firstCol .. cols-2
	perBand := (avail + 1) / (clusterSize + 1)
	bands := []int{rng.Range(4, b.Rows-5)}
	if b.Rows >= 2*clusterSize {
		bands = []int{4, b.Rows - 5}
	}
	bonuses := cfg.MissileBonuses + cfg.WaterBonuses + cfg.GasBonuses
	n := min((bonuses+clusterBonuses-1)/clusterBonuses, perBand*len(bands))
	counts := []int{n}
	if len(bands) == 2 {
		top := rng.Range(max(n-perBand, n/4), min(perBand, n-n/4))
		counts = []int{top, n - top}
	}
	var middles []Pos
	for k, row := range bands {
		c := counts[k]
		if c == 0 {
			continue
		}
		free := avail - c*clusterSize - (c - 1)
		// A random composition of the free columns into c+1 gaps: c cut
		// points, sorted.
		cuts := make([]int, c)
		for i := range cuts {
			cuts[i] = rng.Range(0, free)
		}
		sortInts(cuts)
		col := firstCol
		for i, cut := range cuts {
			prev := 0
			if i > 0 {
				prev = cuts[i-1]
				col++ // the column between two clusters
			}
			col += cut - prev
			middles = append(middles, Pos{I: row, J: col + clusterSize/2})
			col += clusterSize
		}
	}
	return middles
}

// bonusKinds deals the bonuses to the clusters' crosses, middle first:
// a missile bonus to each middle while there are some, the other kinds
// shuffled over the rest; what is left over goes to extra.
func bonusKinds(cfg Config, clusters int, rng *games.RNG) (crosses [][]CellType, extra []CellType) {
	var rest []CellType
	for _, k := range []struct {
		t CellType
		n int
	}{{MissileBonus, cfg.MissileBonuses}, {WaterBonus, cfg.WaterBonuses}, {GasBonus, cfg.GasBonuses}} {
		for range k.n {
			rest = append(rest, k.t)
		}
	}
	middles := min(clusters, cfg.MissileBonuses)
	ms := rest[:middles]
	rest = rest[middles:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for c := range clusters {
		var kinds []CellType
		if c < len(ms) {
			kinds = append(kinds, ms[c])
		}
		n := min(clusterBonuses-len(kinds), len(rest))
		crosses = append(crosses, append(kinds, rest[:n]...))
		rest = rest[n:]
	}
	return crosses, rest
}

// scatter puts bonuses on random empty cells away from the start.
func scatter(b *Board, kinds []CellType, rng *games.RNG) error {
	if len(kinds) == 0 {
		return nil
	}
	var free []int
	for i, t := range b.Cells {
		if j := i % b.Cols; t == Empty && j >= firstCol && j <= b.Cols-2 {
			free = append(free, i)
		}
	}
	if len(free) < len(kinds) {
		return errors.New("wasteland: no room for the bonuses")
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for k, t := range kinds {
		b.Cells[free[k]] = t
	}
	return nil
}

func sortInts(v []int) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}
