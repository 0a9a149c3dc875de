package sandbox

import (
	"strconv"
	"testing"
	"time"
)

// A copy of work in testdata/bots/heavy.go, to compare WASM with native;
// TestHeavySame checks that the copies agree.
// work runs n breadth-first searches on a 60×60 grid with walls, the bread
// and butter of grid-game bots, and mixes the distances into a checksum.
func work(n int) uint64 {
	const size = 60
	var wall [size * size]bool
	x := uint64(12345)
	for i := range wall {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		wall[i] = x%5 == 0
	}
	dist := make([]int32, size*size)
	queue := make([]int32, 0, size*size)
	var sum uint64
	for r := 0; r < n; r++ {
		for i := range dist {
			dist[i] = -1
		}
		src := int32((r * 7919) % (size * size))
		dist[src] = 0
		queue = append(queue[:0], src)
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			row, col := c/size, c%size
			for _, d := range [4][2]int32{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				nr, nc := row+d[0], col+d[1]
				if nr < 0 || nr >= size || nc < 0 || nc >= size {
					continue
				}
				nb := nr*size + nc
				if wall[nb] || dist[nb] >= 0 {
					continue
				}
				dist[nb] = dist[c] + 1
				queue = append(queue, nb)
			}
		}
		for i, d := range dist {
			sum = sum*31 + uint64(d) + uint64(i)
		}
	}
	return sum
}

func TestHeavySame(t *testing.T) {
	b := startBot(t, "heavy", runOptions())
	for _, n := range []int{0, 1, 3} {
		reply, _, err := b.Exchange([]byte(strconv.Itoa(n)), 5*time.Second)
		if err != nil || string(reply) != strconv.FormatUint(work(n), 10) {
			t.Fatalf("work(%d): wasm %q (%v), native %d", n, reply, err, work(n))
		}
	}
}
